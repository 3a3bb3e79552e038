package signal

// How the two ends of a relayed link meet and agree on its key.
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
)

// ErrNoRelay says that a room has no relay that can carry a relayed link:
// only Nostr relays (and the BroadcastChannel between tabs) can.
var ErrNoRelay = newError("none of the room's relays can carry a relayed link")

const (
	kindLink    = "link"
	hkdfLinkKey = "longhall/signal/v1 link key"
)

// linkID is the link's id: the first 12 bytes of SHA-256 of the guest's
// public key as sent (base64url), which is also the id of its "offer".
func linkID(pub string) [linkIDSize]byte {
	h := sha256.Sum256([]byte(pub))
	return [linkIDSize]byte(h[:linkIDSize])
}

// handshake is the guest's side of a link being set up.
type handshake struct {
	sealer *sealer
	key    *bip340.Key
	hello  message
	at     time.Time // when the hello goes (again)
	every  time.Duration
	fresh  []*route // relays just connected, which have not had it yet
}

// tick sends the hello through every relay when it is due, and through a
// relay as soon as it connects, re-sealed each time, and says when it is
// due next.
func (h *handshake) tick(c *RelayConn, now time.Time) time.Time {
	if !now.Before(h.at) {
		h.fresh = nil
		if sealed, err := h.sealer.seal(h.hello); err == nil {
			c.transmit(sealed, true)
		}
		h.at = now.Add(h.every)
		h.every = min(h.every*3/2, maxResend)
	}
	for _, r := range h.fresh {
		if sealed, err := h.sealer.seal(h.hello); err == nil {
			c.queue(r, sealed)
		}
	}
	h.fresh = nil
	return h.at
}

// answered takes the host's answer, if text is one for this link.
func (h *handshake) answered(c *RelayConn, text string, r *route) {
	m, err := h.sealer.open(text)
	if err != nil || m.Kind != kindAnswer || m.ID != h.hello.ID || m.To != h.hello.From {
		return
	}
	shared, err := sharedSecret(h.key, m.SDP)
	if err != nil {
		return
	}
	c.key(shared)
	c.hs = nil
	if r != nil {
		r.heard = c.heard
	}
	// A first frame at once tells the host where to reach this guest.
	c.ackAt = time.Now()
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
func DialRelay(ctx context.Context, sig Signaler, room Room) (*RelayConn, error) {
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
	c := newRelayConn(linkID(pub), true)
	c.hs = &handshake{
		sealer: newSealer(room, nil), key: key, every: firstResend,
		hello: message{Kind: kindLink, ID: offerID(pub), From: randomID(16), SDP: pub},
	}
	var reached sync.Once
	anyUp := make(chan struct{})
	for _, t := range ts {
		r := c.addRoute(t.Name(), nil)
		go c.keepRoute(t, room, r, func() { reached.Do(func() { close(anyUp) }) })
	}
	go c.run()
	select {
	case <-c.up:
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
func (c *RelayConn) keepRoute(t transport, room Room, r *route, connected func()) {
	delay := time.Second
	for {
		link, err := t.guestSession(r.ctx, room)
		if err == nil {
			connected()
			r.setSend(link.send)
			c.mu.Lock()
			if c.hs != nil {
				c.hs.fresh = append(c.hs.fresh, r) // the hello goes out at once on the new relay
				poke(c.wake)
			}
			c.mu.Unlock()
			stop := context.AfterFunc(r.ctx, link.close)
			for s := range link.recv() {
				c.take(inFrame{text: s, r: r})
			}
			stop()
			r.setSend(nil)
			link.close()
			delay = time.Second
		}
		if !sleep(r.ctx, delay) {
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
func (o *Offer) AcceptRelay(ctx context.Context) (*RelayConn, error) {
	if !o.Relay {
		return nil, newError("this offer is for a direct link, not a relayed one")
	}
	key := bip340.RandomKey()
	shared, err := sharedSecret(key, o.SDP)
	if err != nil {
		return nil, err
	}
	c := newRelayConn(linkID(o.SDP), false)
	c.key(shared)
	if !registerLink(c) {
		return nil, newError("this relayed link is already open")
	}
	go c.run()
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
	m map[[linkIDSize]byte]*RelayConn
}{m: make(map[[linkIDSize]byte]*RelayConn)}

func registerLink(c *RelayConn) bool {
	linkTable.Lock()
	defer linkTable.Unlock()
	if linkTable.m[c.id] != nil {
		return false
	}
	linkTable.m[c.id] = c
	c.onEnd = func() {
		linkTable.Lock()
		delete(linkTable.m, c.id)
		linkTable.Unlock()
	}
	return true
}

// takeLinkFrame passes a listener's payload to its link if it is a link
// frame, and says whether it was one.
func takeLinkFrame(sealed, via string, reply func(context.Context, string) error) bool {
	if len(sealed) < 4 || len(sealed) > maxSealed {
		return false
	}
	var head [3]byte
	if _, err := b64.Decode(head[:], []byte(sealed[:4])); err != nil || head[0] != linkVersion {
		return false
	}
	raw, err := b64.Strict().DecodeString(sealed)
	if err != nil || len(raw) < 1+linkIDSize {
		return true
	}
	linkTable.Lock()
	c := linkTable.m[[linkIDSize]byte(raw[1:1+linkIDSize])]
	linkTable.Unlock()
	if c != nil {
		c.take(inFrame{raw: raw, name: via, reply: reply})
	}
	return true
}
