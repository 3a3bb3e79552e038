package rednorth

import (
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// perft counts action sequences with the conformance suite's driver.
func perft(tb testing.TB, s *State, depth int) int { return rulestest.Perft(tb, s, depth) }

// From the fixed 2-player set-up of testdata/example.json: both seats hold 7
// cards and deploy at once, so while nobody has finished the count of moves
// is 14, then 13, then 12 (the seat that moved has one card fewer). At depth
// 4 the paths where one seat deployed all 3 cards leave only the other's 7:
// 2*(7*6*5)*7 + 2*(3*7*6*7)*11 = 2940 + 19404.
func TestPerftDeployment(t *testing.T) {
	s := newGame(t, 2, 1, exampleSetup())
	for depth, want := range []int{1, 14, 182, 2184, 22344} {
		if got := perft(t, s, depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

// From a fixed Player Actions position. Gordon (to act) has face-down red and
// blue Raiders, a face-up green Raider, 3 cards in hand and 1 Glory:
// 2 Withdraw + 2 Reinforce + 1 Inspire + 3 Pass = 8. After each:
//   - Withdraw (2) or Inspire (1): Rikki's turn, with 3 face-down cards, a
//     card in hand, no Glory and 3 groups: 3 + 3 + 3 = 9 each, 27;
//   - Reinforce (2): Gordon picks the card to add, 3 each, 6;
//   - Pass (3): Rikki again, but with 2 groups left: 8 each, 24.
//
// Total 57. At depth 3, Reinforce's 6 become 12 (two ends each).
func TestPerftActions(t *testing.T) {
	s := build(t, table{players: 2, outposts: []string{"green", "red", "blue"},
		seats: []seatSpec{
			{party: []string{"red", "blue", "^green"}, hand: []string{"jarl", "red", "red"}, glory: 1},
			{party: []string{"green", "green", "green"}, hand: []string{"blue"}}}})
	if got := perft(t, s, 1); got != 8 {
		t.Errorf("perft(1) = %d, want 8: %v", got, s.Legal(0))
	}
	if got := perft(t, s, 2); got != 57 {
		t.Errorf("perft(2) = %d, want 57", got)
	}
	// The Reinforce branch alone at depth 3: flip, add, end.
	c := s.clone()
	do(t, c, 0, KindReinforce, 0)
	if got := perft(t, c, 2); got != 3*2 {
		t.Errorf("reinforce then add then end: %d, want 6", got)
	}
	// A Ragnarok position with a God: Invoke joins the list.
	r := build(t, table{players: 2, round: Ragnarok, outposts: []string{"green", "red", "blue"},
		seats: []seatSpec{{party: []string{"red"}, god: "Odin"}, {party: []string{"green"}}}})
	// Withdraw 1 + Invoke 1 + Pass 1 (no card in hand, so no Reinforce).
	if got := len(r.Legal(0)); got != 3 {
		t.Errorf("Ragnarok legal %v", r.Legal(rules.Seat(0)))
	}
}
