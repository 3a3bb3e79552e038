// Package raiders implements Raiders of the North Sea, Shem Phillips's
// worker-placement game of Viking raids, for 2 to 4 players: the base game
// and, each an option, its Hall of Heroes and Fields of Fame modules
// (hall.go, jarls.go, modules.go).
//
// On a turn a player either works (places their one worker at an empty
// building of the village and does its action, then takes a different
// worker from another building and does that one's action) or raids (pays
// provisions and gold at a raid space whose worker colour and crew size they
// meet, rolls the dice, scores by strength, and takes the plunder, the
// Valkyries that kill crew, and the worker there). Offerings to the
// Chieftain, crew abilities, the armoury and Valkyrie tracks and the
// plunder score at the end, which comes one round after the fifth fortress
// is raided, the offering stack runs out or the last Valkyrie leaves the
// board.
//
// The package is a rules.Game registered as "raiders". Every decision is an
// atomic Action; Apply accepts exactly what Legal offers; View hides hands,
// the deck and the offering stack. The printed content the rulebook leaves
// out (townsfolk, raid spaces, offerings, the plunder bag) is in
// content.go, taken from the reference data in testdata/; the rulings where
// the book is silent are the named constants in rulings.go. README.md
// explains both.
package raiders
