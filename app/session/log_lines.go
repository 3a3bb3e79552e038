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

// openEntry makes e the first line of the entry of the action just
// applied (whose events are events) and keeps it for the save.
func (h *Host) openEntry(e rules.Event, events []rules.Event) []rules.Event {
	h.openers = append(h.openers, LogLine{After: h.version() - 1, Opens: true, Event: e})
	return append([]rules.Event{e}, events...)
}

// openersUpTo keeps the lines that open the entries of the first n
// actions: the others' actions were taken back.
func openersUpTo(lines []LogLine, n int) []LogLine {
	return slices.DeleteFunc(lines, func(l LogLine) bool { return l.After >= n })
}

// logLines is what Save.Log keeps: every line of the host's own, in the
// order of the log.
func (h *Host) logLines() []LogLine {
	if len(h.asides) == 0 && len(h.openers) == 0 {
		return nil
	}
	out := make([]LogLine, 0, len(h.asides)+len(h.openers))
	for _, a := range h.asides {
		out = append(out, LogLine{After: a.after, Event: a.event})
	}
	out = append(out, h.openers...)
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

// restoreLines puts a save's own lines back in the log of its resumed
// game: asides between the actions, a line that opens an action's entry
// at the head of that action's events. A line that cannot be where it
// says (past the record's end, or of no seat: a save spoilt, or of a
// version that knew other lines) is left out, and the log reads as the
// record gives it there.
func (h *Host) restoreLines(lines []LogLine) {
	lines = slices.Clone(lines)
	sortLines(lines)
	h.asides, h.openers = nil, nil
	for i, l := range lines {
		if why := h.misplaced(l); why != "" {
			h.logf("session: the save's log line %d (%q) is left out: %s", i, l.Event.Text, why)
			continue
		}
		if !l.Opens {
			h.asides = append(h.asides, aside{after: l.After, seat: l.Event.Seat, event: l.Event})
			continue
		}
		h.openers = append(h.openers, l)
	}
	// The lines that open one action's entry come before its events, in
	// their order.
	for i := len(h.openers) - 1; i >= 0; i-- {
		l := h.openers[i]
		h.events[l.After] = append([]rules.Event{l.Event}, h.events[l.After]...)
	}
}

// misplaced says why line l cannot sit in the log of the game as
// resumed, or "" when it can.
func (h *Host) misplaced(l LogLine) string {
	n := h.version()
	switch {
	case l.After < 0 || l.After > n || l.Opens && l.After == n:
		return "it follows an action the record does not hold"
	case l.Event.Seat < 0 || int(l.Event.Seat) >= len(h.seats):
		return "it names no seat of the game"
	case l.Event.Text == "":
		return "it has no words"
	}
	return ""
}
