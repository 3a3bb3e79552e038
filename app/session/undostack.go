package session

// undoStack is what may be taken back (undo.go): the last actions of one
// seat's person in a row, newest last, at most maxUndo of them (each keeps
// a copy of the state). Anyone else's decision ends it. It runs on the
// host's loop, as everything the host owns does.
type undoStack struct {
	points []undoPoint
}

// keep adds p, one more action of its seat's: a stack of another seat's
// actions is dropped first, and the oldest goes past maxUndo.
func (s *undoStack) keep(p undoPoint) {
	if n := len(s.points); n > 0 && s.points[n-1].seat != p.seat {
		s.clear()
	}
	if len(s.points) == maxUndo {
		s.points = append(s.points[:0], s.points[1:]...)
	}
	s.points = append(s.points, p)
}

// clear drops everything: nothing may be taken back.
func (s *undoStack) clear() { s.points = s.points[:0] }

// top is the newest action that may be taken back, if any.
func (s *undoStack) top() (undoPoint, bool) {
	if len(s.points) == 0 {
		return undoPoint{}, false
	}
	return s.points[len(s.points)-1], true
}

// pop drops the newest action: it has been taken back.
func (s *undoStack) pop() { s.points = s.points[:len(s.points)-1] }
