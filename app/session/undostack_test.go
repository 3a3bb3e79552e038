package session

import (
	"testing"

	"longhall/rules"
)

// What may be taken back, on its own (undoStack): one seat's moves in a
// row, the newest first, at most maxUndo; another seat's move ends them.
func TestTheUndoStackKeepsOneSeatsLastMoves(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats []rules.Seat // the moves kept, in order
		pops  int
		top   int // the version of the move on top then; 0 for none
		depth int
	}{
		{"nothing kept, nothing to take back", nil, 0, 0, 0},
		{"the newest move is taken back first", []rules.Seat{0, 0, 0}, 1, 2, 2},
		{"another seat's move ends the first seat's", []rules.Seat{0, 0, 1}, 0, 3, 1},
		{"at most maxUndo in a row", make([]rules.Seat, maxUndo+4), 0, maxUndo + 4, maxUndo},
		{"taken back down to the oldest kept", make([]rules.Seat, maxUndo+4), maxUndo - 1, 5, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s undoStack
			for i, seat := range c.seats {
				s.keep(undoPoint{seat: seat, version: i + 1})
			}
			for range c.pops {
				s.pop()
			}
			u, ok := s.top()
			if ok != (c.top > 0) || ok && u.version != c.top || len(s.points) != c.depth {
				t.Errorf("on top: version %d (%v) of %d kept, want version %d of %d", u.version, ok, len(s.points), c.top, c.depth)
			}
			s.clear()
			if _, ok := s.top(); ok {
				t.Error("cleared, something may still be taken back")
			}
		})
	}
}
