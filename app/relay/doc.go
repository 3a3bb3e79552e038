// Package relay is Longhall's relayed link. When no direct WebRTC path
// opens between two players (a symmetric NAT on either side, and no TURN
// server), the game's own messages travel through the room's Nostr relays
// instead (or the BroadcastChannel between tabs), sealed with a key of
// the link's own, batched under a rate the relays can bear, acknowledged
// and sent again when lost. A [Conn] is one end of such a link: a
// session.Conn, as app/peer's data channel is.
//
// The package knows no relay's protocol and no room. Its caller, app/signal
// (signal.DialRelay makes the guest's end, signal.Offer.AcceptRelay the
// host's), carries the frames: through the [Route]s it gives a link, and back with
// [Conn.Take]. It agrees on the link's key too, through a [Handshake] on
// the guest's end. What relay owns is the link from its key on: the
// frames on the wire, their order, their retransmission and their pace.
// README.md describes them.
package relay
