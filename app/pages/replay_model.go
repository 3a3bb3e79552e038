package pages

import (
	"encoding/json"
	"slices"

	"longhall/rules"
)

// A replay is a game record watched move by move. The model here is pure
// Go, tested natively; replay_page.go draws it and replay_read.go checks a
// record that comes from outside.

// snapEvery is how many moves lie between two kept states: a jump goes
// back to the nearest one before it and applies at most snapEvery-1
// moves, whatever the length of the game.
const snapEvery = 32

// replayer is a record replayed once in full, showing the state after its
// first n moves. It keeps a copy of the state every snapEvery moves, made
// the first time it passes there.
type replayer struct {
	rec    rules.Record
	events [][]rules.Event // events[i]: what action i did, unfiltered
	snaps  []rules.State   // snaps[k]: the state after k*snapEvery actions; never changed
	ended  bool            // the record's game has a result
	n      int             // actions applied to cur
	cur    rules.State     // the state shown; never one of snaps
}

// newReplayer replays rec in full (rules.ReplayByAction: a
// *rules.ReplayError names the first action the rules refuse). It shows
// the end of the game.
func newReplayer(rec rules.Record) (*replayer, error) {
	s, events, err := rules.ReplayByAction(rec)
	if err != nil {
		return nil, err
	}
	start, err := rec.Start()
	if err != nil {
		return nil, err
	}
	return &replayer{rec: rec, events: events, snaps: []rules.State{start}, ended: s.Result() != nil, n: len(events), cur: s}, nil
}

// Len is the number of moves (actions) in the record.
func (r *replayer) Len() int { return len(r.rec.Actions) }

// Seek shows the state after the first n moves (clamped to the game): from
// the shown state when n lies ahead of it within reach, else from the
// last snapshot at or before n.
func (r *replayer) Seek(n int) error {
	n = max(0, min(n, r.Len()))
	if n == r.n {
		return nil
	}
	s, from := r.cur, r.n
	if n < r.n || n-r.n >= snapEvery {
		k := min(n/snapEvery, len(r.snaps)-1)
		s, from = r.snaps[k].Clone(), k*snapEvery
	}
	for i := from; i < n; i++ {
		m := r.rec.Actions[i]
		if _, err := s.Apply(m.Seat, m.Action); err != nil {
			// The full replay applied it: the rules are not
			// deterministic. Show the last sound state.
			r.cur, r.n = r.snaps[0].Clone(), 0
			return &rules.ReplayError{Index: i, Move: m, Err: err}
		}
		if i+1 == len(r.snaps)*snapEvery {
			r.snaps = append(r.snaps, s.Clone())
		}
	}
	r.cur, r.n = s, n
	return nil
}

// Viewer is the seat whose view choice shows at the current move:
// rules.Everyone (everything shown) only once the record's game has ended,
// whatever a caller asks.
func (r *replayer) Viewer(choice rules.Seat) rules.Seat {
	if choice == rules.Everyone && !r.ended {
		return rules.Spectator
	}
	return choice
}

// Log is the log of the moves so far as viewer may read it, one entry a
// move that said something, as the tables keep it.
func (r *replayer) Log(viewer rules.Seat) []rules.LogEntry {
	out := make([]rules.LogEntry, 0, r.n)
	for i, ev := range r.events[:r.n] {
		if len(ev) > 0 {
			out = append(out, rules.EntryFor(i+1, r.rec.Actions[i].Seat, ev, viewer))
		}
	}
	return out
}

// ViewJSON is viewer's view of the current state, as a board reads it.
func (r *replayer) ViewJSON(viewer rules.Seat) (json.RawMessage, error) {
	return json.Marshal(r.cur.View(viewer))
}

// seatChoices lists the views a device may choose, the spectator's first:
// while the record's game has not ended, only the seats in may (a local
// table's people, a room player's own seat; none for a file someone sent);
// once it has, every seat and everything shown (rules.Everyone: every
// hand at once).
func seatChoices(players int, ended bool, may []rules.Seat) []rules.Seat {
	out := []rules.Seat{rules.Spectator}
	for s := rules.Seat(0); int(s) < players; s++ {
		if ended || slices.Contains(may, s) {
			out = append(out, s)
		}
	}
	if ended && players > 0 {
		out = append(out, rules.Everyone)
	}
	return out
}

// firstChoice is the view a replay opens with: everything shown once the
// game has ended, else the first seat the device may see, else the
// spectator's.
func firstChoice(choices []rules.Seat) rules.Seat {
	last := choices[len(choices)-1]
	if last == rules.Everyone || len(choices) == 1 {
		return last
	}
	return choices[1]
}
