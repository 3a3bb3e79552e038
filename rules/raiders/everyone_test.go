package raiders

import (
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// TestTheViewOfEverythingShowsEveryHand: the view of everything
// (rules.Everyone) carries, beside each player, the hand, the cards dealt
// to keep and those drafted, as that player's own view shows them, and
// stays a non-player's view; a spectator sees none of it.
func TestTheViewOfEverythingShowsEveryHand(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   rules.Config
		moves int
	}{
		{"keeping, base game", rules.Config{Players: 3}, 1},
		{"mid-game, base game", rules.Config{Players: 2}, 40},
		{"drafting, both modules", rules.Config{Players: 4, Options: map[string]string{HeroesOption.Key: On, FameOption.Key: On}}, 3},
		{"mid-game, both modules", rules.Config{Players: 3, Options: map[string]string{HeroesOption.Key: On, FameOption.Key: On}}, 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := game{}.New(tc.cfg, 5)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.PlayRandomly(t, st, rules.NewRNG(5), tc.moves)
			all, spec := st.View(rules.Everyone).(*View), st.View(rules.Spectator).(*View)
			if all.Seat != -1 || len(all.Hand) > 0 || len(all.Dealt) > 0 || len(all.Draft) > 0 {
				t.Fatalf("the view of everything is a player's: seat %d, hand %v, dealt %v, draft %v", all.Seat, all.Hand, all.Dealt, all.Draft)
			}
			held := 0
			for p, pv := range all.Players {
				own := st.View(rules.Seat(p)).(*View)
				if !slices.Equal(pv.Cards, own.Hand) || !slices.Equal(pv.Dealt, own.Dealt) || !slices.Equal(pv.Drafted, own.Draft) {
					t.Errorf("seat %d: everything shows %v, %v, %v; its own view %v, %v, %v", p, pv.Cards, pv.Dealt, pv.Drafted, own.Hand, own.Dealt, own.Draft)
				}
				held += len(pv.Cards) + len(pv.Dealt) + len(pv.Drafted)
				if sp := spec.Players[p]; sp.Cards != nil || sp.Dealt != nil || sp.Drafted != nil {
					t.Errorf("seat %d: a spectator sees %v, %v, %v", p, sp.Cards, sp.Dealt, sp.Drafted)
				}
			}
			if held == 0 {
				t.Fatal("nobody holds anything: the case shows nothing")
			}
		})
	}
}
