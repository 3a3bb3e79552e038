package northerners

import (
	"slices"
	"testing"

	"longhall/rules"
)

// TestTheViewOfEverythingShowsEveryHand plays real games at random: after
// every move the view of everything (rules.Everyone) shows each player's
// blessings, quests and offer, as that player's own view shows them,
// beside them, and no seat of its own; the spectator's view shows none of
// them. The games go far enough for blessings to be held and offered.
func TestTheViewOfEverythingShowsEveryHand(t *testing.T) {
	for _, tc := range []struct {
		players, moves int
		seed           uint64
	}{{2, 300, 1}, {3, 300, 2}, {4, 300, 3}} {
		g, _ := rules.Lookup(ID)
		st, err := g.New(rules.Config{Players: tc.players}, tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		rng, held, offered := rules.NewRNG(tc.seed), false, false
		for range tc.moves {
			if st.Result() != nil {
				break
			}
			seat := st.Pending()[0].Seat
			legal := st.Legal(seat)
			if _, err := st.Apply(seat, legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
			all, pub := st.View(rules.Everyone).(*View), st.View(rules.Spectator).(*View)
			if all.Seat != -1 || len(all.Hand)+len(all.Quests)+len(all.Offer) > 0 {
				t.Fatalf("%d players: the view of everything has seat %d and holdings %v %v %v", tc.players, all.Seat, all.Hand, all.Quests, all.Offer)
			}
			for p := range tc.players {
				own, pv := st.View(rules.Seat(p)).(*View), all.Players[p]
				if !slices.Equal(pv.Cards, own.Hand) || !slices.Equal(pv.FaceDown, own.Quests) || !slices.Equal(pv.Offer, own.Offer) {
					t.Fatalf("%d players, seat %d: everything shows %v %v %v, the seat holds %v %v %v",
						tc.players, p, pv.Cards, pv.FaceDown, pv.Offer, own.Hand, own.Quests, own.Offer)
				}
				for _, v := range []*View{pub, own} {
					if q := v.Players[p]; q.Cards != nil || q.FaceDown != nil || q.Offer != nil {
						t.Fatalf("%d players, seat %d: holdings show outside the view of everything", tc.players, p)
					}
				}
				held, offered = held || len(pv.Cards) > 0, offered || len(pv.Offer) > 0
			}
		}
		if !held || !offered {
			t.Errorf("%d players: no blessing was held (%v) or offered (%v)", tc.players, held, offered)
		}
	}
}
