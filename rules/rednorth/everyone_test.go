package rednorth

import (
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// TestTheViewOfEverythingShowsEveryHand: the view of everything
// (rules.Everyone) carries, beside each player, the hand and the Raiding
// Party face-down cards included, as that player's own view shows them,
// and stays a non-player's view; a spectator sees none of it.
func TestTheViewOfEverythingShowsEveryHand(t *testing.T) {
	for _, tc := range []struct {
		name           string
		players, moves int
	}{
		{"deploying", 2, 3},
		{"player actions", 3, 12},
		{"later", 4, 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := game{}.New(rules.Config{Players: tc.players}, 3)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.PlayRandomly(t, st, rules.NewRNG(3), tc.moves)
			all, spec := st.View(rules.Everyone).(View), st.View(rules.Spectator).(View)
			if all.Seat != -1 || all.Hand != nil {
				t.Fatalf("the view of everything is a player's: seat %d, hand %v", all.Seat, all.Hand)
			}
			held := 0
			for p, sv := range all.Seats {
				own := st.View(rules.Seat(p)).(View)
				if a, b := encode(t, sv.Hand), encode(t, own.Hand); a != b {
					t.Errorf("seat %d: everything shows the hand %s; its own view %s", p, a, b)
				}
				if a, b := encode(t, sv.Party), encode(t, own.Seats[p].Party); a != b {
					t.Errorf("seat %d: everything shows the Party %s; its own view %s", p, a, b)
				}
				held += len(sv.Hand)
				if spec.Seats[p].Hand != nil {
					t.Errorf("seat %d: a spectator sees the hand %v", p, spec.Seats[p].Hand)
				}
				for _, pc := range spec.Seats[p].Party {
					if !pc.FaceUp && pc.Card != nil {
						t.Errorf("seat %d: a spectator sees the face-down %s", p, pc.Card.Name)
					}
				}
			}
			if held == 0 {
				t.Fatal("nobody holds a card: the case shows nothing")
			}
		})
	}
}
