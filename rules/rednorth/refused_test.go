package rednorth

import (
	"strings"
	"testing"

	"longhall/rules"
)

// The Party actions a player would expect and cannot take say why, in the
// book's words (ACTIONS: Inspire, Reinforce).
func TestClosedPartyActionsSayWhy(t *testing.T) {
	two := func(party, hand []string, glory int) table {
		return table{players: 2, outposts: []string{"green", "red", "blue"},
			seats: []seatSpec{{party: party, hand: hand, glory: glory}, {party: []string{"red"}}}}
	}
	cases := []struct {
		name  string
		tt    table
		kind  string
		want  string
		legal bool
	}{
		{"Inspire: 'Place 1 Glory token on a face-up Raider or Hero' (none left)",
			two([]string{"^red"}, []string{"blue"}, 0), KindInspire, "you have none left", false},
		{"Inspire: 'Glory tokens may not be placed on Jarls'",
			two([]string{"^jarl"}, []string{"blue"}, 1), KindInspire, "may not be placed on Jarls", false},
		{"Reinforce: turn a face-down card face-up, then add a card (empty hand)",
			two([]string{"red"}, nil, 1), KindReinforce, "your hand is empty", false},
		{"Inspire with a Glory token is open, not refused",
			two([]string{"^red"}, []string{"blue"}, 1), KindInspire, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := build(t, c.tt)
			legal := false
			for _, a := range s.Legal(0) {
				if a.Kind == c.kind && len(a.Args) > 0 && a.Args[0] == 0 {
					legal = true
				}
			}
			if legal != c.legal {
				t.Fatalf("%s on the first card legal: %v, want %v", c.kind, legal, c.legal)
			}
			why := ""
			for _, r := range s.Refused(rules.Seat(0)) {
				if r.Action.Kind == c.kind && r.Action.Args[0] == 0 {
					why = r.Why
				}
			}
			if c.want == "" && why != "" || !strings.Contains(why, c.want) {
				t.Errorf("refused with %q, want %q", why, c.want)
			}
		})
	}
}
