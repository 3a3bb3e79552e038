// Package rules is the contract every Longhall game implements, and the
// pieces they share: the game registry, the seeded random source, deck
// helpers and the game record with its replay.
//
// # Writing a game
//
// A game is a package under rules/ (rules/rednorth is the reference) that
// calls Register from an init function with a value implementing Game.
// Game.New builds a State from a Config and a seed. The State is a
// deterministic state machine driven by small atomic decisions:
//
//   - Pending says who must decide now. Several seats may be pending at once
//     (simultaneous deployment); a reaction window is a prompt too.
//   - Legal(seat) enumerates every action that seat may take now. A complex
//     choice is split into steps (pick a card, then an end), so the list stays
//     short and bots, fuzzers, tests and the UI all drive the game alike.
//   - Apply(seat, action) accepts exactly the actions Legal offers (use
//     FindLegal), returns the events that happened, and on any error leaves
//     the state unchanged. It never panics, whatever it is given.
//   - View(seat) is what that seat may see, as a JSON-encodable value. Hidden
//     cards appear as backs or counts, never as ids. Spectator sees only what
//     is public; Everyone sees what every seat sees, all at once (each
//     player's hand beside their name), for the replay of an ended game.
//   - Result is nil until the game is over.
//
// Events are the log: one line each, in the third person with the players'
// names ("Magda takes a card from Jack"), never a player's own button label.
// A hidden card that moves is named in full (Event.Secret) to the seats it
// concerns, the player who drew, lost or received it, and as a back to the
// rest. Counts agree with their nouns through Count ("1 card", "2 dice").
//
// All randomness comes from the state's own RNG, seeded by New and carried in
// the state, so a Record (game, options, seed, seats, actions) replays to the
// identical state. Packages under rules/ must not import math/rand, crypto/rand
// or time; TestRulesUseNoOtherRandomness enforces this.
//
// States must marshal to JSON with encoding/json (exported fields, RNG
// included): that encoding is how tests compare a replayed state with the
// original, and Clone gives bots a copy to explore.
//
// # What every game writes the same
//
// Base is embedded first in a game's State: the player count, the seated
// players' names, the generator and the quiet flag, with Name, SeatOK,
// Rand (Undoable's), Loud, Quieten and Prompt (the prompts of a game that
// waits for one seat, worded only when loud). A game's Hush is a clone
// with Quieten called on it, and its Apply tells what happened to a Sink
// (s.Sink()), which keeps nothing for a quiet state: one quiet flag, in
// one place, silences every game the same way. Legal labels its actions
// and Pending words its prompts when s.Loud(); Apply's code words an
// event under ev.Loud() where the words cost something to build (see
// Sink). What differs from game to game stays the game's: Clone (each
// copies in its own way, to allocate least), a Pending with several
// seats at once (Red North's deployment, Raiders' keep and draft), and
// Redeal and Reveals, which are each game's rules.
//
// # Optional interfaces
//
// A State (or a Game) may implement more than the contract, and the app,
// the bots and the conformance suite (rulestest) ask for each with a type
// assertion. Each is optional: a game without it gets the safe default.
//
//   - BotGame (a Game): the game ships a bot of its own, the easy bot
//     (NewBot). Without it, a seat's easy bot plays at random. The suite
//     seats it in a third of its games: it may only choose what is legal,
//     and (given a Redealer) choose alike whatever its seat cannot see.
//   - Expiring: answers may time out. When a room's host sets a time to
//     answer, a seat that lets it run out takes OnTimeout's action, if
//     any (a pass to a reaction). A game has it exactly when its
//     Info.Timeout says what a time out does; the suite checks the two
//     agree and that OnTimeout gives only a legal action of a pending
//     seat.
//   - Turns: play goes in turns, and Active is the seat whose turn it is,
//     whom the others answer; a host ends a standing "pass until my turn"
//     when it comes. The suite checks that Active is a seat at the table
//     while the game goes on.
//   - Explainer: the game says why an action a player would expect is not
//     open now (Refused), so that a board shows the reason. The suite
//     checks that no refused action is legal and each has a reason.
//   - Undoable: a seat may take back its own last actions until one
//     reveals anything (Rand, Reveals; see Reversibly, which also refuses
//     whatever drew from the generator or told another seat a secret).
//     The suite takes actions back, checks the state before them comes
//     back exactly and that one taken back showed no seat anything hidden
//     from it; a game that is Undoable must have some action taken back.
//   - Quiet: a copy that plays the same game without words (Hush), for
//     bots' searches and playouts. The suite plays a quiet twin of every
//     game beside it and checks that the two never part and the twin
//     never speaks.
//   - Redealer: a copy with what a seat cannot see dealt again (Redeal),
//     for searches that do not cheat, which the suite uses to check that
//     nothing a seat cannot see changes its view, its legal actions or
//     its bots' choices; and that the re-deal itself depends only on what
//     the seat sees, deals the generator anew and keeps a quiet state
//     quiet. Without it, a search plays on a clone (a game that hides
//     nothing).
//   - Judge: how a seat stands before the end (Standing, from 0 to 1), for
//     a search that stops its playouts at Info.SearchHorizon. The suite
//     checks that every seat's standing lies between 0 and 1, that
//     judging changes nothing and that the seats' standings at the end
//     follow the result (a winner stands above every loser).
package rules
