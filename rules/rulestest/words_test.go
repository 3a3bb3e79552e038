package rulestest

import "testing"

// BadPhrase catches what players read wrong wherever it is shown, and
// lets through what reads right, a singular noun that modifies a plural
// one included.
func TestBadPhrase(t *testing.T) {
	for _, c := range []struct {
		phrase string
		bad    bool
	}{
		{"Jack draws 1 card", false},
		{"Jack draws 1 cards", true},
		{"1 dice: 10→2 16→4", true},
		{"2 dice: 12→4 20→6", false},
		{"1 die: 10→2", false},
		{"2 Valkyrie", true},
		{"2 Valkyries", false},
		{"Build 5 building tiles", false},
		{"Build 5 building", true},
		{"5 building tiles, then 3 card", true},
		{"3 crew members", false},
		{"+1 strength", false},
		{"Jack rolls 6: 6", true},
		{"Jack rolls 6: 8", false},
		{"a Armoury", true},
		{"an Armoury", false},
	} {
		if got := BadPhrase(c.phrase); (got != "") != c.bad {
			t.Errorf("BadPhrase(%q) = %q; want bad %v", c.phrase, got, c.bad)
		}
	}
}
