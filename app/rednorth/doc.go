// Package rednorth draws the Red North table: the Outposts in the centre,
// the Muster Groups, every player's Raiding Party and tokens, the viewer's
// hand, the last Resolution step by step and the final result. It registers
// its board with the ui package under the game id "rednorth".
//
// The board only renders the seat's rules/rednorth View and offers the
// legal actions it is given: a click raises one of them with ui.Act, and
// nothing else. Every legal action has a control (a card, a slot at an end
// of the Raiding Party, a Muster Group, or a labelled button), so none is
// ever out of reach; the sorting of actions onto controls is a pure
// function tested natively.
package rednorth
