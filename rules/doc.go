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
package rules
