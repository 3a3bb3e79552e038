// Package session is Longhall's host-authoritative game protocol: the host's
// browser runs the one true rules.State, and guests send it intents over any
// message-oriented transport.
//
// A Host owns the game: the lobby where guests choose seats, bots for empty
// seats, the state and its record, and one event loop that applies actions
// and sends every peer its own view (State.View of its seat) with the events
// filtered for that seat. A Guest is the client side: it says hello, keeps the
// latest lobby and state, numbers its intents and hands every message to the
// UI on a channel. Both speak versioned, size-limited JSON envelopes; the
// wire format is described in README.md for authors of other clients.
//
// The package is pure Go with no network or browser imports: it sees a
// transport only through Conn, which WebRTC data channels implement elsewhere
// and Pipe implements in memory for tests and for the host's own player.
package session
