package raiders

import (
	"testing"

	"longhall/rules/rulestest"
)

// From the first turn of a 2-player game, seat 0 holding a Scout (cost 2),
// a Huntsman (cost 1) and a Champion (cost 4), 2 silver and no crew: no
// raid is open (every space wants crew), so the moves are the 5 empty
// buildings. Then:
//   - Barracks: hire the Scout, hire the Huntsman, or skip: 3;
//   - Armoury: 2 silver for 1 armour, or skip (no iron): 2;
//   - Mill and Silversmith give at once (black worker), and the Long House
//     has nothing affordable: straight to taking one of the 3 black
//     workers, 3 each.
//
// 3 + 2 + 3 + 3 + 3 = 14.
func TestPerftFirstTurn(t *testing.T) {
	s := table(t, 2)
	onlyHand(t, s, 0, Scout, Huntsman, Champion)
	for depth, want := range []int{1, 5, 14} {
		if got := rulestest.Perft(t, s, depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}
