package northerners_test

import (
	_ "longhall/rules/northerners"
	"longhall/rules/rulestest"
)

// The opening of the fixed 2-player bot game in testdata/example.json (the
// first 24 actions of testdata/golden/2p.txt), as Gordon's log shows it:
// the game's program-then-harvest rhythm. In round 1 each player only
// places figures, paying the costs at once (two vikings on Explore, a
// worker on the Ships builder, two workers on Fishing); Loki moves on at
// the end of the round. Gordon's second turn then begins with the harvest
// of what he placed, in the order he chooses (one fishing first, then each
// Explore draws a land tile he joins to his roads, the other fishing, the
// ships builder, its worker sacrificed), and he places again. No line here
// is private (no card is drawn), so every seat reads the same.
func Example() {
	rulestest.PrintLog("testdata/example.json", 0)
	// Output:
	// Gordon places on Explore, paying 1 fish
	// Gordon places on Explore, paying 1 fish
	// Gordon places on Ships builder, paying 3 wood, 1 iron, 1 stone
	// Gordon places on Fishing
	// Gordon places on Fishing
	// Gordon ends the turn
	// Rikki places on Explore, paying 1 fish
	// Rikki places on Explore, paying 1 fish
	// Rikki places on Ships builder, paying 3 wood, 1 iron, 1 stone
	// Rikki places on Fishing
	// Rikki places on Fishing
	// Rikki ends the turn
	// Round 1 is over: Loki grows restless
	// Loki advances to 1 of 9
	// Gordon fishes with 1 worker: 1 fish
	// Gordon explores a straight road
	// Gordon places the straight road at B3
	// Gordon explores a crossroads
	// Gordon places the crossroads at B4
	// Gordon fishes with 1 worker: 1 fish
	// Gordon builds the ships builder
	// Gordon places on Explore, paying 1 fish
	// Gordon places on Explore, paying 1 fish
	// Gordon places on Fishing
	// Gordon places on Fishing
	// Gordon ends the turn
}
