package rednorth_test

import (
	_ "longhall/rules/rednorth"
	"longhall/rules/rulestest"
)

// The Spring round of the fixed 2-player game in testdata/example.json, as
// Gordon's log shows it: his own deployments in full, Rikki's as backs,
// every line in the third person.
func Example() {
	rulestest.PrintLog("testdata/example.json", 0)
	// Output:
	// Gordon deploys a red Raider face-down (1 of 3)
	// Rikki deploys a card face-down (1 of 3)
	// Gordon deploys a Jarl face-down (2 of 3)
	// Rikki deploys a card face-down (2 of 3)
	// Gordon deploys a red Raider face-down (3 of 3)
	// Rikki deploys a card face-down (3 of 3)
	// Every Raiding Party is deployed.
	// Player Actions: Gordon, the First Player, begins.
	// Gordon reinforces: flips a Jarl at position 2, adds a blue Raider at the right end
	// Rikki reinforces: flips a green Raider at position 1, adds a blue Raider at the right end
	// Gordon inspires: a Glory token on the blue Raider at position 4
	// Rikki passes and takes Muster Group 2: the red Hero, a green Raider and a Jarl
	// Gordon passes and takes Muster Group 1: the green Hero, a red Raider and a blue Raider
	// Everyone has passed: Spring Resolution.
	// Gordon reveals a red Raider and a red Raider
	// Rikki reveals a Jarl and a green Raider
	// Green (Vinland): Rikki 6. Rikki takes it.
	// Red (Angleland): Gordon 6. Gordon takes it.
	// Blue (Rus): Gordon 3, Rikki 2. Gordon takes it.
	// Gordon scores 2 VP (1 VP per Outpost in Spring)
	// Rikki scores 1 VP (1 VP per Outpost in Spring)
	// Rikki takes 1 Glory for blue
	// Rikki takes the Tie Breaker token (Vinland)
	// Gordon takes the First Player token (Angleland)
	// Gordon takes the Champion token (Rus)
	// The unclaimed Muster Group is discarded; the blue Hero is set aside.
	// Summer Muster Groups: Odin, a green Raider, a green Raider and a green Raider; Tyr, a green Raider, a green Raider and a red Raider; Hel, a red Raider, a red Raider and a red Raider.
	// Summer begins: every player deploys 3 cards face-down. Outposts are worth 2 VP.
}
