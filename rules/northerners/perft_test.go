package northerners

import (
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// perft counts action sequences with the conformance suite's driver.
func perft(tb testing.TB, s *State, depth int) int { return rulestest.Perft(tb, s, depth) }

// checkPerft compares perft(s, d) with want[d-1] for each depth d.
func checkPerft(t *testing.T, s *State, want ...int) {
	t.Helper()
	for i, w := range want {
		if got := perft(t, s, i+1); got != w {
			t.Errorf("perft(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// kaupangRow lays the named Kaupang tiles face up, the rest in the pile.
func kaupangRow(t *testing.T, s *State, tiles ...int) {
	t.Helper()
	rest := slices.Concat(s.KaupangRow, s.KaupangPile)
	for _, k := range tiles {
		if !slices.Contains(rest, k) {
			t.Fatalf("Kaupang tile %d is not in the row or the pile", k)
		}
		rest = rules.Without(rest, k)
	}
	s.KaupangRow, s.KaupangPile = slices.Clone(tiles), rest
}

// bagFirst puts a land tile of the named shape on top of the bag.
func bagFirst(t *testing.T, s *State, shape string) {
	t.Helper()
	i := slices.IndexFunc(s.Bag, func(tile int) bool { return TileName(tile) == shape })
	if i < 0 {
		t.Fatalf("no %s in the bag", shape)
	}
	tile := s.Bag[i]
	s.Bag = append([]int{tile}, slices.Delete(s.Bag, i, i+1)...)
}

// The first turn of a fixed 2-player game (table): Ann (seat 0) has 3
// workers and 2 vikings at home, her Jarl, 3 of each resource, no
// treasure, no blessing, no building, and her roads reach only her village
// ("Skip this for your first turn": no harvest, she places at once). Her
// choices, with the conditions that decide every count below:
//
//	Fishing          a worker
//	Explore          a viking, 1 fish
//	Recruit          2 fish, 1 iron; with a viking or with the Jarl (2 ways)
//	Capture          a viking, 1 fish
//	Workers house    a worker, 3 wood, 2 stone (one build action a round)
//	Weapon house     a worker, 2 wood, 2 iron, 1 stone (the same)
//	Ships builder    a worker, 3 wood, 1 iron, 1 stone (the same)
//	Blessing         the Jarl and a worker, once a round
//	End your turn
//
// and nothing else: Recruit with treasure needs a treasure, the building
// tiles a free land tile the roads reach, Attack someone's figures in
// reach, Build ship the ships builder, Raid a ship, and the Kaupang squares
// and the Spirit Shaman roads to them. So depth 1 is 1+1+2+1+3+1+1 = 10.
//
// Depth 2, after each first choice (Ann again, or Bo's first turn, the
// same 10, after End):
//   - Fishing: one worker fewer, nothing else closes: 10.
//   - Explore or Capture (a viking, 1 fish; 2 fish left): 10 each.
//   - Recruit with a viking: 1 fish left, so neither Recruit: 8.
//   - Recruit with the Jarl: no Recruit and no Blessing (the Jarl is
//     away): 7.
//   - any of the 3 houses: the round's build action is spent, so none of
//     the 3: 7 each.
//   - Blessing: the Jarl is away, so no Recruit with him and no second
//     Blessing: 8.
//
// 10 + 10 + 8 + 7 + 10 + 3*7 + 8 + 10 = 84.
//
// Depth 3, by first choice (the second's counts worked out as above; W,
// V, J are the workers, vikings and Jarl at home, goods wood/fish/iron/stone):
//   - Fishing: with 2 workers left every condition still holds after one
//     more choice: the whole depth-2 tree again, 84.
//   - Explore (V1, 2 fish): Fishing 10, Explore 6 (no viking, 1 fish: no
//     Explore, Capture or Recruit), Recruit-viking 6, Recruit-Jarl 5 (no
//     Blessing either), Capture 6, each house 7 (Recruit still paid: 2
//     fish, 1 iron), Blessing 8, End 10: 72. Capture first: the same, 72.
//   - Recruit with a viking (V1, 1 fish, 2 iron): 8 choices: Fishing 8,
//     Explore 6, Capture 6, each house 5 (Fishing, Explore, Capture,
//     Blessing, End), Blessing 7, End 10: 52.
//   - Recruit with the Jarl (1 fish, 2 iron, Jarl away): 7 choices:
//     Fishing 7, Explore 5, Capture 5, each house 4, End 10: 39.
//   - a house (build spent; 3 fish left, at least 1 iron): 7 choices:
//     Fishing 7, Explore 7, Recruit-viking 5, Recruit-Jarl 4, Capture 7,
//     Blessing 5, End 10: 45, for each of the 3 houses.
//   - Blessing (Jarl away, W2): 8 choices: Fishing 8, Explore 8,
//     Recruit-viking 7, Capture 8, each house 5, End 10: 56.
//   - End: Bo's first turn is Ann's, so his depth-2 tree, 84 (his End
//     gives Ann a second turn with nothing to harvest: 10 again).
//
// 84 + 72 + 52 + 39 + 72 + 3*45 + 56 + 84 = 594.
func TestPerftFirstTurn(t *testing.T) {
	s := table(t, "Ann", "Bo")
	if got := len(s.Legal(0)); got != 10 {
		t.Fatalf("the first turn offers %d actions, want 10: %v", got, s.Legal(0))
	}
	checkPerft(t, s, 10, 84, 594)
}

// Ann's harvest, the turn after she programmed it. Her roads (crossroads
// at C2, D2, E2) reach the Kaupang square E1, where she sent her Jarl; she
// placed a worker on Fishing and a viking on Explore (paying 1 fish: wood
// 3, fish 2, iron 3, stone 3). A straight road is on top of the bag, the
// Kaupang row holds KaupangTiles 0, 2 and 6 (A: 2 fish for a treasure or
// 3 wood for 4 points; B: 2 wood for a treasure or 3 fish for 4 points;
// C: a fish and a wood for an iron and a stone, or a treasure for 4
// points), and she holds two quests she does not meet (quiet).
//
// Depth 1: she resolves in the order she chooses: Fishing, Explore or her
// Jarl: 3.
//
// Depth 2:
//   - Fishing first: Explore or the Jarl are left: 2.
//   - Explore first: the straight road drawn goes on empty land beside a
//     square her village reaches, turned so a road meets that square's
//     road; its two turnings that give the same roads are one choice.
//     Beside the village: B1 and B3 north-south, A2 east-west; beside the
//     crossroads: C1, C3, D3, E3 north-south, F2 east-west; D1 both ways
//     (D2 below, the Kaupang square east of it); F1 east-west (beside the
//     Kaupang square): 3 + 5 + 2 + 1 = 11 places.
//   - the Jarl first: the Kaupang choice: take no tile (1); or a tile
//     without trading (3), or with one of its trades she can pay: 2 fish
//     or 3 wood (A), 2 wood (B), a fish and a wood (C), but not 3 fish (B)
//     or a treasure (C): 1 + 3 + 4 = 8.
//
// 2 + 11 + 8 = 21.
//
// Depth 3:
//   - Fishing, then Explore: the 11 places; then the Jarl: with 3 fish now
//     B's 3 fish for 4 points is open too: 9. 20 in all.
//   - Explore, then a place: Fishing and the Jarl are left (2), except on
//     D3, a blessing circle, where the gods ask first: draw a blessing,
//     draw a quest, or discard one of her 2 quests (4): 10*2 + 4 = 24.
//   - the Jarl, then each of the 8 Kaupang choices: Fishing and Explore
//     are left: 16.
//
// 20 + 24 + 16 = 60.
func TestPerftHarvest(t *testing.T) {
	s := open(t)
	road(t, s, toKaupang...)
	kaupangRow(t, s, 0, 2, 6)
	bagFirst(t, s, "straight road")
	do(t, s, 0, KindVisit, redKaupang)
	do(t, s, 0, KindAction, action(t, "Fishing"))
	do(t, s, 0, KindAction, action(t, "Explore"))
	toHarvest(t, s)
	checkPerft(t, s, 3, 21, 60)
}

// A fight (fighting): Ann attacks Bo's worker and viking on his woodcutter
// at E3 with 2 vikings (4 dice against 1+2 = 3). Ann holds Thor's
// Strength, Bo Frigg's Veil, and the dice are loaded to show 3 on every
// die, so every roll reads 3 against 3: a tie, which the attacker wins.
//
// Depth 1: Ann rolls or plays Thor; she may not withdraw before the first
// roll: 2.
//
// Depth 2: after her roll call Bo may only stand (Frigg's Veil has no card
// to cancel): 1; after Thor, Bo stands or cancels it: 2. 3 in all.
//
// Depth 3:
//   - both passed: the dice roll, Ann wins the tie, and Bo, with a worker
//     and a viking on the tile, chooses which he loses: 2.
//   - Thor, Bo stands: Ann, with no card left, may only roll: 1.
//   - Thor cancelled by Frigg: Ann may only roll: 1.
//
// 2 + 1 + 1 = 4.
//
// Depth 4:
//   - Bo loses the worker (Ann's worker takes its place) or the viking:
//     his other figure fights on, and Ann, after the first roll, may roll,
//     withdraw or play Thor: 3 each, 6.
//   - Thor, Bo stands, Ann rolls: 6 dice against 3, a tie again, Bo
//     chooses his loss: 2.
//   - Thor cancelled, Ann rolls: Bo, with no card left, stands: 1.
//
// 6 + 2 + 1 = 9.
func TestPerftFight(t *testing.T) {
	s := fighting(t)
	give(t, s, 0, CardThor)
	give(t, s, 1, CardFrigg)
	s.loaded = slices.Repeat([]int{3}, 20)
	checkPerft(t, s, 2, 3, 4, 9)
}
