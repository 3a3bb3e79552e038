package rednorth

import (
	"errors"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// every action kind, and one that is none.
var allKinds = []string{KindDeploy, KindGive, KindSalvage, KindDecline, KindEnd, KindWithdraw, KindReinforce,
	KindAdd, KindInspire, KindPromote, KindInvoke, KindLoki, KindSaga, KindHel, KindInsert, KindPass, "bogus"}

// TestApplyChecksWhatLegalOffers: Apply's direct check (decides and
// permits, without the legal list) accepts exactly what Legal offers, for
// every kind with no argument, every small argument and pairs of them, at
// every step of random games in every phase, loud and quiet alike; and
// what it refuses wraps the error the list would have given.
func TestApplyChecksWhatLegalOffers(t *testing.T) {
	games := rulestest.Size(3, 12, 200)
	for g := range games {
		st, err := game{}.New(rules.Config{Players: 2 + g%3}, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		if g%2 == 1 {
			st = rules.Hushed(st)
		}
		s := st.(*State)
		rng := rules.NewRNG(uint64(g))
		bot := game{}.NewBot(uint64(g))
		for s.Result() == nil {
			for seat := -1; seat <= s.Players; seat++ {
				legal := s.Legal(rules.Seat(seat))
				try := func(a rules.Action) {
					want := slices.ContainsFunc(legal, a.Same)
					if got := s.decides(seat) && s.permits(seat, a.Kind, a.Args); got != want {
						t.Fatalf("game %d, round %d, %s: seat %d's %v: permitted %v, listed %v", g, s.Round, s.Phase, seat, a, got, want)
					}
				}
				for _, kind := range allKinds {
					try(rules.Action{Kind: kind})
					for x := -2; x < NumCards+2; x++ {
						try(rules.Action{Kind: kind, Args: []int{x}})
					}
					for x := -1; x <= maxSeats; x++ {
						for y := -1; y < 10; y++ {
							try(rules.Action{Kind: kind, Args: []int{x, y}})
						}
					}
				}
				if len(legal) == 0 {
					continue
				}
				// The refusal names the same error as the list would.
				c := s.clone()
				_, err := c.Apply(rules.Seat(seat), rules.Action{Kind: legal[0].Kind, Args: append(slices.Clone(legal[0].Args), 99)})
				if !errors.Is(err, rules.ErrIllegal) {
					t.Fatalf("an extra argument is refused with %v", err)
				}
			}
			if _, err := s.Apply(-1, rules.Action{Kind: KindPass}); !errors.Is(err, rules.ErrNotPending) {
				t.Fatalf("a spectator's pass is refused with %v", err)
			}
			pr := s.Pending()
			seat := pr[rng.Intn(len(pr))].Seat
			var a rules.Action
			if rng.Intn(2) == 0 {
				a, _ = bot.Choose(s, seat)
			} else {
				a, _ = rules.RandomBot{RNG: rng}.Choose(s, seat)
			}
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Apply(0, rules.Action{Kind: KindPass}); !errors.Is(err, rules.ErrGameOver) {
			t.Fatalf("a pass after the end is refused with %v", err)
		}
	}
}
