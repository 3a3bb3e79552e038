package session

import (
	"testing"

	"longhall/rules"
	_ "longhall/rules/northerners"
	_ "longhall/rules/raiders"
	_ "longhall/rules/rednorth"
	"longhall/rules/rulestest"
	_ "longhall/rules/vikings"
)

// Against each game's own bots, as the host plays them (play): seat 0 is
// the person, whose moves its bot chooses; the other seats are bots. After
// a move of seat 0 that may be taken back, a bot's answer keeps that undo
// exactly when it may itself be taken back (rules.Reversibly). Seat 0
// learns which from the Undo still offered, so that must follow from what
// seat 0 sees: with what it cannot see dealt again (rules.Redealer), the
// same answer keeps the undo or ends it alike. The test logs how often the
// bots' answers kept it, game by game.
func TestBotsAnswersKeepAnUndoByWhatThePersonSees(t *testing.T) {
	for _, id := range []string{"rednorth", "raiders", "vikings", "northerners"} {
		t.Run(id, func(t *testing.T) {
			g, err := rules.Lookup(id)
			if err != nil {
				t.Fatal(err)
			}
			kept, ended := 0, 0
			rng := rules.NewRNG(5)
			for n := range rulestest.Size(1, 8, 40) {
				players := 2 + n%2
				st, err := g.New(rules.Config{Players: players}, uint64(1000+n))
				if err != nil {
					t.Fatal(err)
				}
				bots := make([]rules.Bot, players)
				for p := range bots {
					bots[p] = rules.NewBot(g, uint64(100*n+p))
				}
				undo := false // an undo of seat 0 stands
				for step := 0; step < 2000 && st.Result() == nil; step++ {
					seat := st.Pending()[0].Seat
					a, err := bots[seat].Choose(st.Clone(), seat)
					if err != nil {
						t.Fatal(err)
					}
					var other rules.State
					if undo && seat != 0 {
						if r, ok := st.(rules.Redealer); ok {
							other = r.Redeal(0, rules.NewRNG(rng.Uint64()))
						}
					}
					_, before, err := rules.Reversibly(st, seat, a, func() ([]rules.Event, error) { return st.Apply(seat, a) })
					if err != nil {
						t.Fatalf("game %d, step %d: seat %d's %v: %v", n, step, seat, a, err)
					}
					switch {
					case seat == 0:
						undo = before != nil
					case undo:
						if before != nil {
							kept++
						} else {
							ended++
						}
						if other != nil {
							_, otherBefore, err := rules.Reversibly(other, seat, a, func() ([]rules.Event, error) { return other.Apply(seat, a) })
							if err == nil && (otherBefore != nil) != (before != nil) || err != nil && before != nil {
								t.Fatalf("game %d, step %d: seat %d's answer %v keeps seat 0's undo: %v, but with what seat 0 cannot see dealt again: %v (%v)",
									n, step, seat, a, before != nil, otherBefore != nil, err)
							}
						}
						undo = before != nil
					}
				}
			}
			t.Logf("%s: of the bots' answers to a move that may be taken back, %d kept the undo and %d ended it", id, kept, ended)
		})
	}
}
