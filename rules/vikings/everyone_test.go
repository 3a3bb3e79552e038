package vikings

import (
	"slices"
	"testing"

	"longhall/rules"
)

// TestTheViewOfEverythingShowsEveryHand plays some moves of real games:
// the view of everything (rules.Everyone) shows each player's hand, as
// that player's own view shows it, beside them, and no seat of its own;
// the spectator's view shows no hand.
func TestTheViewOfEverythingShowsEveryHand(t *testing.T) {
	for _, tc := range []struct {
		players, moves int
		seed           uint64
	}{{2, 0, 1}, {3, 25, 2}, {4, 60, 3}} {
		g, _ := rules.Lookup(ID)
		st, err := g.New(rules.Config{Players: tc.players}, tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		for range tc.moves {
			if st.Result() != nil {
				break
			}
			seat := st.Pending()[0].Seat
			legal := st.Legal(seat)
			if _, err := st.Apply(seat, legal[len(legal)-1]); err != nil {
				t.Fatal(err)
			}
		}
		all, pub := st.View(rules.Everyone).(*View), st.View(rules.Spectator).(*View)
		if all.Seat != -1 || len(all.Hand) > 0 {
			t.Errorf("%d players: the view of everything has seat %d and hand %v", tc.players, all.Seat, all.Hand)
		}
		for p := range tc.players {
			own := st.View(rules.Seat(p)).(*View)
			if !slices.Equal(all.Players[p].Cards, own.Hand) || len(own.Hand) == 0 {
				t.Errorf("%d players, seat %d: everything shows %v, the seat holds %v", tc.players, p, all.Players[p].Cards, own.Hand)
			}
			if pub.Players[p].Cards != nil || own.Players[p].Cards != nil {
				t.Errorf("%d players, seat %d: a hand shows outside the view of everything", tc.players, p)
			}
		}
	}
}
