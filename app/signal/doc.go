// Package signal lets the peers of a Longhall room find each other and swap
// one WebRTC offer and one answer, with no server of our own.
//
// A room link's fragment carries a random room id and secret (see [Room]).
// The id gives the opaque tags that relays see (a WebTorrent info-hash, a
// Nostr topic, a BroadcastChannel name); the secret gives the key that seals
// every signaling payload, so a relay can neither read nor forge it.
//
// The flow is the same over every relay: the guest sends a sealed offer to
// the room and the host, which listens, replies with a sealed answer. This
// fits the WebTorrent tracker protocol, where an announce carries offers to
// the other peers of a swarm and their answers come back through the
// tracker. A [Signaler] does this over one kind of relay: [Tracker], [Nostr]
// and [Broadcast] (tabs of one browser); [Race] runs several at once and
// keeps whichever answers first. With no relay reachable, [EncodeOffer] and
// [EncodeAnswer] make codes that the two players copy and paste, or show as
// a QR code with [NewQR].
//
// When the two players' networks allow no direct path, [DialRelay] and
// [Offer.AcceptRelay] make the two ends of a relayed link (app/relay's
// Conn): the game's own messages, sealed with a key of the link's own,
// batched and acknowledged, through the room's Nostr relays. This package
// carries the link's request and answer, agrees on its key, and routes
// the frames that the host's listeners hear to their link.
//
// The package builds natively and for js/wasm; only the BroadcastChannel
// binding differs (an in-process bus stands in for it natively).
package signal
