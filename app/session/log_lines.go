package session

import (
	"slices"
	"sort"

	"longhall/rules"
)

// A room's log is mostly the record's: each applied action's events, which
// a replay of the record gives again word for word. The host adds lines of
// its own that the record does not hold: who took back a move (an aside,
// an entry of its own between two actions: undo.go) and whose time to
// answer ran out (the first line of the entry of the action the game took
// for that seat: bots.go's expired). A Save keeps them (Save.Log), so that
// a host that reloads, or a device that takes the room over, shows every
// seat the log it showed before, in the same words.

// LogLine is one line of a room's log that a replay of the record does
// not give, with where it sits and its words for every seat.
type LogLine struct {
	// After is how many of the record's actions come before the line.
	After int `json:"after"`
	// Opens marks a line that opens the entry of action After+1 (the time
	// that ran out, before what the game played for the seat); any other
	// line is an entry of its own between actions After and After+1.
	Opens bool `json:"opens,omitempty"`
	// Event is the line: Text for every seat, Secret for the seats in
	// SecretTo only (a take-back names the card to its own seat). Its
	// Seat is whose line it is.
	Event rules.Event `json:"event"`
}

// ownLines is the save's part of a host: the log's own lines, kept
// apart from the record's events so that Save.Log can hold them. The
// host says when a line comes; ownLines knows where each sits, what a
// take-back leaves of them, and how a save's lines go back.
type ownLines struct {
	asides  []aside   // entries of their own between two actions, in the log's order
	openers []LogLine // lines that open an action's entry, in the log's order
}

// aside is an entry of its own between two actions: who took back a move.
type aside struct {
	after int // the record's actions before it
	seat  rules.Seat
	event rules.Event
}

// clear forgets every line: a new game.
func (o *ownLines) clear() { o.asides, o.openers = nil, nil }

// open makes e the first line of the entry of action after+1, whose
// events are events, and keeps it.
func (o *ownLines) open(after int, e rules.Event, events []rules.Event) []rules.Event {
	o.openers = append(o.openers, LogLine{After: after, Opens: true, Event: e})
	return append([]rules.Event{e}, events...)
}

// tookBack keeps e, a take-back's line, as an entry of its own after the
// record's first version actions, all that is left of it: the lines that
// sat after what was taken back now sit before it, and the lines that
// opened the entries of the actions taken back go with them.
func (o *ownLines) tookBack(version int, e rules.Event) {
	for i := range o.asides {
		o.asides[i].after = min(o.asides[i].after, version)
	}
	o.asides = append(o.asides, aside{after: version, seat: e.Seat, event: e})
	o.openers = slices.DeleteFunc(o.openers, func(l LogLine) bool { return l.After >= version })
}

// asidesAfter are the asides that sit after action from (every one for
// -1).
func (o *ownLines) asidesAfter(from int) []aside {
	a := o.asides
	for len(a) > 0 && a[0].after <= from {
		a = a[1:]
	}
	return a
}

// forSave is what Save.Log keeps: every line, in the order of the log,
// each a copy.
func (o *ownLines) forSave() []LogLine {
	if len(o.asides) == 0 && len(o.openers) == 0 {
		return nil
	}
	out := make([]LogLine, 0, len(o.asides)+len(o.openers))
	for _, a := range o.asides {
		out = append(out, LogLine{After: a.after, Event: a.event})
	}
	out = append(out, o.openers...)
	for i := range out {
		out[i].Event.SecretTo = slices.Clone(out[i].Event.SecretTo)
	}
	sortLines(out)
	return out
}

// sortLines orders lines as the log shows them: by the actions before
// them, an aside before the entry the next action opens. (sort.SliceStable:
// see "Code size" in docs/ARCHITECTURE.md.)
func sortLines(lines []LogLine) {
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := lines[i], lines[j]
		return a.After < b.After || a.After == b.After && !a.Opens && b.Opens
	})
}

// restore puts a save's own lines back in the log of its resumed game of
// seats seats, whose events (one list an action) it opens: asides between
// the actions, a line that opens an action's entry at the head of that
// action's events. A line that cannot be where it says (past the record's
// end, or of no seat: a save spoilt, or of a version that knew other
// lines) is left out, said to logf, and the log reads as the record gives
// it there.
func (o *ownLines) restore(lines []LogLine, events [][]rules.Event, seats int, logf func(string, ...any)) {
	lines = slices.Clone(lines)
	sortLines(lines)
	o.clear()
	for i, l := range lines {
		if why := misplaced(l, len(events), seats); why != "" {
			logf("session: the save's log line %d (%q) is left out: %s", i, l.Event.Text, why)
			continue
		}
		if !l.Opens {
			o.asides = append(o.asides, aside{after: l.After, seat: l.Event.Seat, event: l.Event})
			continue
		}
		o.openers = append(o.openers, l)
	}
	// The lines that open one action's entry come before its events, in
	// their order.
	for i := len(o.openers) - 1; i >= 0; i-- {
		l := o.openers[i]
		events[l.After] = append([]rules.Event{l.Event}, events[l.After]...)
	}
}

// misplaced says why line l cannot sit in the log of a game of seats
// seats after its first actions, or "" when it can.
func misplaced(l LogLine, actions, seats int) string {
	switch {
	case l.After < 0 || l.After > actions || l.Opens && l.After == actions:
		return "it follows an action the record does not hold"
	case l.Event.Seat < 0 || int(l.Event.Seat) >= seats:
		return "it names no seat of the game"
	case l.Event.Text == "":
		return "it has no words"
	}
	return ""
}
