package rednorth

import (
	"strings"
	"testing"

	"longhall/rules"
)

// The log names players by their seats' names, as the table does; a record
// whose names cannot stand in a log still plays, with "Player N".
func TestLogUsesTheSeatsNames(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"Gordon", "Rikki"}, "Gordon"},
		{[]string{"Gordon", strings.Repeat("x", MaxNameLength+1)}, "Player 1"},
	} {
		s, rec, err := rules.Play("rednorth", rules.Config{}, 5, []rules.SeatInfo{{Name: tc.names[0]}, {Name: tc.names[1]}})
		if err != nil {
			t.Fatal(err)
		}
		ev, err := rec.Append(s, 0, s.Legal(0)[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(ev) == 0 || !strings.Contains(ev[0].Text, tc.want) {
			t.Errorf("names %q: first event %+v, want it to name %q", tc.names, ev, tc.want)
		}
	}
}
