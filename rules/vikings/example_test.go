package vikings_test

import (
	"longhall/rules/rulestest"
	_ "longhall/rules/vikings"
)

// The first three turns of the fixed 2-player game in testdata/example.json
// (seed 77, played by the bots), as Gordon's log shows them. Rikki, drawn
// to start, plays North wind; Gordon reacts with Dead Calm and Rikki
// answers it with Loki; once both have passed in a row (a pass that keeps
// the round open writes no line) the stack resolves from the top: Loki
// cancels the Dead Calm, so the wind sails. After each action the other
// player may respond once (Gordon does not), and rowing ends a turn. The
// first turns draw nothing; Rikki's second turn draws 2 cards, which Gordon
// sees only as a count. In it Rikki loots the blue village (a standard
// action goes on the stack too), and Gordon responds with Mutiny, which
// gets its own reaction round: Rikki's Loki cancels it. At the end Gordon's
// own draw is named in full.
func Example() {
	rulestest.PrintLog("testdata/example.json", 0)
	// Output:
	// Rikki plays North wind to sail north
	// Gordon plays Dead Calm to cancel Rikki's North wind (sailing north)
	// Rikki plays Loki the Trickster to cancel Gordon's Dead Calm
	// Everyone passes: the stack resolves from the top
	// Loki the Trickster cancels Gordon's Dead Calm
	// Gordon's Dead Calm is cancelled
	// Rikki sails north to the sea at row 6, column 6
	// Gordon does not respond
	// Rikki's longship moves north to the sea at row 5, column 6
	// Rikki rows, and the turn ends
	// Gordon plays South wind to sail south
	// Everyone passes: the stack resolves from the top
	// Gordon sails south to the sea at row 2, column 2
	// Rikki does not respond
	// Gordon's longship moves south to the sea at row 3, column 2
	// Gordon rows, and the turn ends
	// Rikki draws 2 cards
	// Rikki plays Favourable Current to move their longship east
	// Everyone passes: the stack resolves from the top
	// Rikki's longship moves east to the blue village
	// Gordon does not respond
	// Rikki sets out to loot the blue village
	// Everyone passes: the stack resolves from the top
	// Rikki loots the blue village and takes the blue thane's daughter aboard
	// Gordon plays Mutiny: Rikki must throw a crew member overboard
	// Rikki plays Loki the Trickster to cancel Gordon's Mutiny
	// Everyone passes: the stack resolves from the top
	// Loki the Trickster cancels Gordon's Mutiny
	// Gordon's Mutiny is cancelled
	// Rikki plays Jörmungandr Stirs for its wind, to sail west
	// Everyone passes: the stack resolves from the top
	// Rikki sails west to the sea at row 5, column 6
	// Gordon does not respond
	// Rikki plays Shield Wall for its wind, to sail west
	// Everyone passes: the stack resolves from the top
	// Rikki sails west to the sea at row 5, column 5
	// Gordon does not respond
	// Rikki's longship moves north to the sea at row 4, column 5
	// Rikki rows, and the turn ends
	// Gordon draws Power of Thor and Shieldmaiden
}
