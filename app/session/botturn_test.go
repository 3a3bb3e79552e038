package session

import (
	"testing"

	"longhall/rules"
)

// The bots' decision under way on its own (botTurn): an answer is applied
// only when it is the decision's under way; one dropped since comes back
// stale, and frees the bots all the same.
func TestABotsAnswerCountsOnlyForTheDecisionUnderWay(t *testing.T) {
	bots := func(seats ...rules.Seat) func(rules.Seat) bool {
		return func(s rules.Seat) bool {
			for _, b := range seats {
				if b == s {
					return true
				}
			}
			return false
		}
	}
	for _, c := range []struct {
		name      string
		then      func(b *botTurn, first int) int // returns the answer's number
		wantFresh bool
		cancelled int // how often the search was told to end
	}{
		{"the answer of the decision under way", func(b *botTurn, first int) int { return first }, true, 1},
		{"an answer dropped since", func(b *botTurn, first int) int { b.drop(); return first }, false, 1},
		{"an answer from before the decision under way", func(b *botTurn, first int) int {
			b.drop()
			b.answered(first)
			b.begin(8, 2, func() {})
			return first
		}, false, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b botTurn
			cancelled := 0
			first := b.begin(7, 1, func() { cancelled++ })
			if !b.busy {
				t.Fatal("a bot thinking is not busy")
			}
			gen := c.then(&b, first)
			if fresh := b.answered(gen); fresh != c.wantFresh {
				t.Errorf("the answer counts: %v, want %v", fresh, c.wantFresh)
			}
			if b.busy {
				t.Error("after an answer came back the bots are still busy")
			}
			if cancelled != c.cancelled {
				t.Errorf("the search was told to end %d times, want %d", cancelled, c.cancelled)
			}
		})
	}
	var b botTurn
	b.begin(7, 1, func() {})
	for _, c := range []struct {
		step  int
		isBot func(rules.Seat) bool
		stale bool
	}{
		{7, bots(1), false},
		{8, bots(1), true}, // the table moved on
		{7, bots(), true},  // a person took the seat back
	} {
		if got := b.stale(c.step, c.isBot); got != c.stale {
			t.Errorf("at step %d, stale: %v, want %v", c.step, got, c.stale)
		}
	}
}
