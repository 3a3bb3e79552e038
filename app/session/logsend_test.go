package session

import (
	"strings"
	"testing"

	"longhall/rules"
)

// A seat's log as the broadcast sends it (broadcast.go): each action's
// entry in the seat's words, with the host's own lines where they sit
// (a take-back after the action before it), from an action on or whole
// (a tail holds the lines after the actions the peer held: a take-back
// sends everyone the whole log again);
// an action with no events has no entry.
func TestASeatsLogIsTheRecordsWithTheHostsLines(t *testing.T) {
	ev := func(seat rules.Seat, text, secret string) rules.Event {
		e := rules.Event{Seat: seat, Text: text}
		if secret != "" {
			e.Secret, e.SecretTo = secret, []rules.Seat{seat}
		}
		return e
	}
	events := [][]rules.Event{
		{ev(0, "Ann plays a card", "Ann plays card06")},
		nil, // an action that says nothing
		{ev(1, "Bob passes", "")},
	}
	moves := []rules.SeatMove{{Seat: 0}, {Seat: 1}, {Seat: 1}}
	asides := []aside{{after: 1, seat: 1, event: ev(1, "Bob took back a move", "Bob took back: strike")}}
	read := func(entries []rules.LogEntry) string {
		var out []string
		for _, e := range entries {
			out = append(out, strings.Join(e.Lines, "/"))
		}
		return strings.Join(out, " | ")
	}
	for _, c := range []struct {
		name string
		from int
		seat rules.Seat
		want string
	}{
		{"the whole log, as Ann reads it", -1, 0, "Ann plays card06 | Bob took back a move | Bob passes"},
		{"the whole log, as Bob reads it", -1, 1, "Ann plays a card | Bob took back: strike | Bob passes"},
		{"a watcher's", -1, rules.Spectator, "Ann plays a card | Bob took back a move | Bob passes"},
		{"after no action: all of it", 0, 1, "Ann plays a card | Bob took back: strike | Bob passes"},
		{"after action 1, the line after it held already", 1, 1, "Bob passes"},
		{"after the last action", 3, 0, ""},
	} {
		var a []aside
		for _, x := range asides {
			if x.after > c.from {
				a = append(a, x)
			}
		}
		if got := read(seatLogAfter(events, moves, a, c.from, c.seat)); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if got := seatLogAfter(events, moves, asides, -1, 0); got[0].N != 1 || got[1].N != 0 || got[2].N != 3 {
		t.Errorf("the entries are numbered %d, %d, %d; want the actions' 1, 3 and 0 for a line of the host's", got[0].N, got[1].N, got[2].N)
	}
}

// A long log goes in chunks of about logChunk bytes, each but the last
// saying more is to come and only the first that it starts the log; an
// entry larger than a chunk goes alone; an empty log is one message.
func TestALongLogGoesInChunks(t *testing.T) {
	line := strings.Repeat("x", 1000)
	var entries []rules.LogEntry
	for i := range 100 { // about 100 KB: three chunks
		entries = append(entries, rules.LogEntry{N: i + 1, Lines: []string{line}})
	}
	huge := rules.LogEntry{N: 101, Lines: []string{strings.Repeat("y", logChunk+1)}}
	entries = append(entries, huge, rules.LogEntry{N: 102, Lines: []string{"z"}})
	msgs := logChunks(entries, true, 102)
	n := 0
	for i, m := range msgs {
		if m.First != (i == 0) || m.More != (i < len(msgs)-1) || m.Upto != 102 {
			t.Errorf("chunk %d of %d says first %v, more %v, upto %d", i, len(msgs), m.First, m.More, m.Upto)
		}
		size := 0
		for _, e := range m.Entries {
			if e.N != n+1 {
				t.Fatalf("chunk %d holds entry %d after %d", i, e.N, n)
			}
			n = e.N
			size += len(e.Lines[0])
		}
		if size > logChunk && len(m.Entries) > 1 {
			t.Errorf("chunk %d holds %d bytes in %d entries", i, size, len(m.Entries))
		}
	}
	if n != 102 || len(msgs) < 4 {
		t.Errorf("%d entries in %d chunks, want 102 in 4 or more", n, len(msgs))
	}
	if tail := logChunks(nil, false, 7); len(tail) != 1 || tail[0].First || tail[0].More || tail[0].Entries == nil {
		t.Errorf("an empty tail of the log is sent as %+v", tail)
	}
}
