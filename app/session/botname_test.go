package session

import "testing"

// Issue 23: two bot seats both named "Ragna (bot)". A bot's name follows
// its seat, on one device and in rooms alike, and no two seats of a table
// share one.
func TestNoTwoBotsAtATableShareAName(t *testing.T) {
	seen := map[string]int{}
	for seat := range 6 {
		name := BotName(seat)
		if prev, ok := seen[name]; ok {
			t.Errorf("seats %d and %d are both %q", prev, seat, name)
		}
		seen[name] = seat
	}
}
