package signal

// How the two ends of a relayed link (app/relay) meet and agree on its
// key, and how the host's ends get their frames.
//
// The guest makes a key pair and sends its public key to the room as a
// sealed "link" payload, the way an offer goes: the host's listener hands
// it to the app as an Offer with Relay set, de-duplicated across relays
// like any offer. The host answers with a public key of its own, sealed
// like an answer. Each side derives the link's key from the ECDH shared
// secret (on secp256k1, with the code that signs Nostr events, which costs
// the app almost nothing), so that other members of the room, who hold the
// room's secret too, can neither read a relayed player's messages (its
// hidden cards) nor forge them, just as they cannot read a data channel.

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"

	"longhall/app/internal/bip340"
	"longhall/app/relay"
)

// ErrNoRelay says that a room has no relay that can carry a relayed link:
// only Nostr relays (and the BroadcastChannel between tabs) can.
var ErrNoRelay = newError("none of the room's relays can carry a relayed link")

// How a relayed link ends, as app/relay says it: every one matches
// ErrLinkClosed.
var (
	ErrLinkClosed = relay.ErrClosed // this side closed it
	ErrLinkHungUp = relay.ErrHungUp // the other side did
	ErrLinkLost   = relay.ErrLost   // nothing came through any relay for a while
)

const (
	kindLink    = "link"
	hkdfLinkKey = "longhall/signal/v1 link key"
)

// linkID is the link's id: the first 12 bytes of SHA-256 of the guest's
// public key as sent (base64url), which is also the id of its "offer".
func linkID(pub string) relay.ID {
	h := sha256.Sum256([]byte(pub))
	return relay.ID(h[:relay.IDSize])
}

// linkKey is the link's key: HKDF-SHA256 of the ECDH shared secret,
// salted with the link's id.
func linkKey(shared []byte, id relay.ID) []byte {
	return derive(shared, id[:], hkdfLinkKey, relay.KeySize)
}

// handshake is the guest's side of a link being set up: the request for
// the link, sealed with the room's key like an offer, and the host's
// answer (relay.Handshake).
type handshake struct {
	id     relay.ID
	sealer *sealer
	key    *bip340.Key
	hello  message
}

func (h *handshake) Hello() (string, error) { return h.sealer.seal(h.hello) }

// Answer returns the link's key when sealed is the host's answer.
func (h *handshake) Answer(sealed string) []byte {
	m, err := h.sealer.open(sealed)
	if err != nil || m.Kind != kindAnswer || m.ID != h.hello.ID || m.To != h.hello.From {
		return nil
	}
	shared, err := sharedSecret(h.key, m.SDP)
	if err != nil {
		return nil
	}
	return linkKey(shared, h.id)
}

func sharedSecret(key *bip340.Key, peer string) ([]byte, error) {
	raw, err := b64.Strict().DecodeString(peer)
	if err != nil {
		return nil, ErrMalformed
	}
	shared, err := key.ECDH(raw)
	if err != nil {
		return nil, ErrMalformed
	}
	return shared, nil
}

// DialRelay opens a relayed link to the host of room, for a guest that
// cannot reach the host directly. It uses the Nostr relays of sig (a Race
// or one signaler; trackers cannot carry a link) and the BroadcastChannel,
// and returns once the host has accepted the link, or fails when ctx ends
// first (ErrNoAnswer, or ErrUnreachable when no relay could be reached).
// Once it has returned, ctx no longer matters: the link lasts until Close,
// or until the host closes it or is lost.
func DialRelay(ctx context.Context, sig Signaler, room Room) (*relay.Conn, error) {
	var ts []transport
	for _, s := range members(sig) {
		switch t := s.(type) {
		case Nostr:
			if checkWS(t.URL) == nil {
				ts = append(ts, t)
			}
		case Broadcast:
			ts = append(ts, t)
		}
	}
	if len(ts) == 0 {
		return nil, ErrNoRelay
	}
	key := bip340.RandomKey()
	pub := b64.EncodeToString(key.Public())
	id := linkID(pub)
	c := relay.New(id, true)
	routes := make([]*relay.Route, len(ts))
	for i, t := range ts {
		routes[i] = c.AddRoute(t.Name(), nil)
	}
	c.Start(&handshake{
		id: id, sealer: newSealer(room, nil), key: key,
		hello: message{Kind: kindLink, ID: offerID(pub), From: randomID(16), SDP: pub},
	})
	var reached sync.Once
	anyUp := make(chan struct{})
	for i, t := range ts {
		go keepRoute(c, t, room, routes[i], func() { reached.Do(func() { close(anyUp) }) })
	}
	select {
	case <-c.Keyed():
		return c, nil
	case <-ctx.Done():
	}
	c.Close()
	select {
	case <-anyUp:
		return nil, errorf("%w (asked for a relayed link)", ErrNoAnswer)
	default:
		return nil, ErrUnreachable
	}
}

func members(sig Signaler) []Signaler {
	if r, ok := sig.(Race); ok {
		return r.Signalers
	}
	return []Signaler{sig}
}

// keepRoute keeps a guest's connection to one relay, reconnecting when it
// drops, and passes on what arrives, until the route's queue is drained
// after the link's end.
func keepRoute(c *relay.Conn, t transport, room Room, r *relay.Route, connected func()) {
	ctx := r.Context()
	delay := time.Second
	for {
		link, err := t.guestSession(ctx, room)
		if err == nil {
			connected()
			r.SetSend(link.send) // the hello goes out at once on the new relay
			stop := context.AfterFunc(ctx, link.close)
			for s := range link.recv() {
				c.Take(relay.Frame{Text: s, Route: r})
			}
			stop()
			r.SetSend(nil)
			link.close()
			delay = time.Second
		}
		if !sleep(ctx, delay) {
			return
		}
		delay = min(2*delay, maxReconnect)
	}
}

// AcceptRelay accepts a guest's request for a relayed link (an Offer with
// Relay set): it answers the guest through the relays and returns the
// host's end of the link. Frames for the link reach it through every
// listener of the room in this process while they listen; when they stop,
// the link is lost.
func (o *Offer) AcceptRelay(ctx context.Context) (*relay.Conn, error) {
	if !o.Relay {
		return nil, newError("this offer is for a direct link, not a relayed one")
	}
	key := bip340.RandomKey()
	shared, err := sharedSecret(key, o.SDP)
	if err != nil {
		return nil, err
	}
	id := linkID(o.SDP)
	c := relay.New(id, false)
	c.Key(linkKey(shared, id))
	if !registerLink(c) {
		return nil, newError("this relayed link is already open")
	}
	c.Start(nil)
	if err := o.Answer(ctx, b64.EncodeToString(key.Public())); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// The hosts' ends of relayed links in this process, by link id. Frames
// come in through the room's listeners (every relay's, for one link) and
// are routed here by the id they carry in the clear.
var linkTable = struct {
	sync.Mutex
	m map[relay.ID]*relay.Conn
}{m: make(map[relay.ID]*relay.Conn)}

func registerLink(c *relay.Conn) bool {
	linkTable.Lock()
	defer linkTable.Unlock()
	id := c.ID()
	if linkTable.m[id] != nil {
		return false
	}
	linkTable.m[id] = c
	c.OnEnd(func() {
		linkTable.Lock()
		delete(linkTable.m, id)
		linkTable.Unlock()
	})
	return true
}

// takeLinkFrame passes a listener's payload to its link if it is a link
// frame, and says whether it was one.
func takeLinkFrame(sealed, via string, reply func(context.Context, string) error) bool {
	if len(sealed) < 4 || len(sealed) > maxSealed {
		return false
	}
	var head [3]byte
	if _, err := b64.Decode(head[:], []byte(sealed[:4])); err != nil || head[0] != relay.Version {
		return false
	}
	raw, err := b64.Strict().DecodeString(sealed)
	if err != nil || len(raw) < 1+relay.IDSize {
		return true
	}
	linkTable.Lock()
	c := linkTable.m[relay.ID(raw[1:1+relay.IDSize])]
	linkTable.Unlock()
	if c != nil {
		c.Take(relay.Frame{Raw: raw, Via: via, Reply: reply})
	}
	return true
}
