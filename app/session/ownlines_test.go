package session

import (
	"fmt"
	"reflect"
	"testing"

	"longhall/rules"
)

// The log's own lines on their own (log_lines.go's ownLines): a time run
// out opens its action's entry, a take-back is an entry of its own that
// takes with it the lines of what it took back, the save holds them in
// the log's order, and a save's lines go back where they said, a line
// that cannot be there left out and said why.
func TestTheLogsOwnLinesSitWhereTheySaid(t *testing.T) {
	line := func(text string, seat rules.Seat) rules.Event {
		return rules.Event{Kind: "test", Seat: seat, Text: text}
	}
	var o ownLines
	// Actions 1 to 3 played; Bob's time ran out at action 2 and at 3.
	got := o.open(1, line("Bob's time ran out", 1), []rules.Event{line("Bob passes", 1)})
	if len(got) != 2 || got[0].Text != "Bob's time ran out" {
		t.Fatalf("the opened entry reads %+v", got)
	}
	o.open(2, line("Bob's time ran out again", 1), nil)
	// Ann takes back action 3, then action 2: the lines that opened their
	// entries go with them.
	o.tookBack(2, line("Ann took back a move", 0))
	o.tookBack(1, line("Ann took back another", 0))
	want := []LogLine{
		{After: 1, Event: line("Ann took back a move", 0)}, // it sat after action 2, taken back since
		{After: 1, Event: line("Ann took back another", 0)},
	}
	if saved := o.forSave(); !reflect.DeepEqual(saved, want) {
		t.Errorf("the save holds\n%+v\nwant\n%+v", saved, want)
	}
	if a := o.asidesAfter(1); len(a) != 0 {
		t.Errorf("after action 1 come %d asides, want none", len(a))
	}
	if a := o.asidesAfter(0); len(a) != 2 {
		t.Errorf("after action 0 come %d asides, want 2", len(a))
	}

	// A save's lines back in a resumed game of 2 actions and 2 seats.
	events := [][]rules.Event{{line("Ann plays", 0)}, {line("Bob passes", 1)}}
	var told []string
	var back ownLines
	back.restore([]LogLine{
		{After: 1, Opens: true, Event: line("Bob's time ran out", 1)},
		{After: 0, Event: line("Ann took back a move", 0)},
		{After: 2, Opens: true, Event: line("opens an action never played", 1)},
		{After: 5, Event: line("after an action never played", 0)},
		{After: 1, Event: line("of no seat", 4)},
		{After: 1, Event: rules.Event{Seat: 0}},
	}, events, 2, func(f string, a ...any) { told = append(told, fmt.Sprintf(f, a...)) })
	if len(told) != 4 {
		t.Errorf("the lines left out were said %d times, want 4: %q", len(told), told)
	}
	if events[1][0].Text != "Bob's time ran out" || len(events[1]) != 2 || len(events[0]) != 1 {
		t.Errorf("the resumed log's events: %+v", events)
	}
	if a := back.asidesAfter(-1); len(a) != 1 || a[0].after != 0 || a[0].event.Text != "Ann took back a move" {
		t.Errorf("the resumed asides: %+v", a)
	}
	back.clear()
	if back.forSave() != nil {
		t.Error("a new game keeps lines of the last")
	}
}
