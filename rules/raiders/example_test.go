package raiders_test

import (
	_ "longhall/rules/raiders"
	"longhall/rules/rulestest"
)

// The opening of the fixed 2-player game in testdata/example.json (the
// first 16 actions of the golden 2-player game, played by the bots), as
// Gordon's log shows it: each player returns 2 of 5 townsfolk (Gordon's
// named, Rikki's not), then every turn puts a worker on a village space
// and takes one from another (Play: Work), each with its action; Gordon's
// own draw is named, Rikki's counted.
func Example() {
	rulestest.PrintLog("testdata/example.json", 0)
	// Output:
	// Gordon returns the Cartographer to the deck
	// Gordon returns the Trader to the deck
	// Rikki returns a townsfolk to the deck
	// Rikki returns a townsfolk to the deck
	// Rikki puts a black worker at the Silversmith
	// Rikki gains 3 silver
	// Rikki takes the black worker from the Gate House
	// Rikki draws 2 townsfolk
	// Gordon puts a black worker at the Gate House
	// Gordon draws Gravedigger and Barbarian
	// Gordon takes the black worker from the Silversmith
	// Gordon gains 3 silver
	// Rikki puts a black worker at the Barracks
	// Rikki hires a Mercenary for 4 silver
	// Rikki takes the black worker from the Gate House
	// Rikki draws 2 townsfolk
	// Gordon puts a black worker at the Silversmith
	// Gordon gains 3 silver
	// Gordon takes the black worker from the Barracks
	// Gordon hires a Warlord for 4 silver
	// Rikki puts a black worker at the Barracks
	// Rikki hires a Huntsman for 1 silver
}
