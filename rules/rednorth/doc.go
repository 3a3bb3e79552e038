// Package rednorth implements Red North, James Dickinson's card game of
// Viking raids (first published as Sær by LaMame Games), for 2 to 4 players.
//
// Over three rounds (Spring, Summer and Ragnarok) the players secretly
// deploy three cards each to a Raiding Party, then take turns to withdraw,
// reinforce, inspire, promote or invoke a God until everyone has passed,
// taking a Muster Group of new cards as they pass. The player with the most
// raid points in each colour takes that colour's Outpost, worth 1, 2 and 3
// VP in the three rounds, and its power for the next round.
//
// The package is a rules.Game registered as "rednorth". Its State follows
// the rules contract: every decision is an atomic Action (deployment is one
// card at a time; Reinforce is flip, then add, then end), Apply accepts
// exactly what Legal offers, and View hides every face-down card and hand
// from the seats that may not see it. The rulebook's open questions are
// answered by the named constants in decisions.go, explained in README.md
// together with the Setup format for fixed positions. NewBot gives a
// heuristic bot that sees only what its own seat's View shows; Hush (a
// quiet copy for fast playouts) and Redeal (what a seat cannot see, dealt
// again) serve bots that search.
package rednorth
