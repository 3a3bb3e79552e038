package session

import (
	"testing"

	"longhall/rules"
)

// Issue 23: two bot seats both named "Ragna (bot)". A bot's name follows
// its seat, on one device and in rooms alike, and no two seats of a table
// share one, whatever their levels; a hard bot says it is one.
func TestNoTwoBotsAtATableShareAName(t *testing.T) {
	seen := map[string]int{}
	for seat := range 6 {
		for _, level := range []string{rules.Easy, rules.Hard} {
			name := BotName(seat, level)
			if prev, ok := seen[name]; ok {
				t.Errorf("seats %d and %d are both %q", prev, seat, name)
			}
			seen[name] = seat
		}
	}
	if got := BotName(0, rules.Hard); got != "Ragna (hard bot)" {
		t.Errorf("a hard bot in seat 1 is %q", got)
	}
}
