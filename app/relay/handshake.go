package relay

import "time"

// Handshake is how a guest's end of a link gets its key. Its caller
// (app/signal) seals the request for the link, which carries the guest's
// public key, and opens the host's answer, which carries the host's, from
// which it derives the link's key; the link says hello through every
// relay, again after helloFirst, then half as long again each time up to
// helloMax, and through each relay as soon as it connects
// (Route.SetSend), until the answer comes.
//
// Both methods are called with the link's lock held: they must not call
// the link.
type Handshake interface {
	// Hello returns the request for the link, sealed afresh: every copy
	// that goes is sealed again.
	Hello() (sealed string, err error)
	// Answer returns the link's key (KeySize bytes) when sealed, a payload
	// that came through one of the link's relays and is not a frame, is
	// the host's answer to the hello, and nil otherwise.
	Answer(sealed string) (key []byte)
}

// The pace of the hello: the pace of a guest's offer (app/signal).
const (
	helloFirst = 2 * time.Second  // the hello goes again this long after the first…
	helloMax   = 15 * time.Second // …growing by half each time up to this
)

// handshake is the guest's side of a link being set up.
type handshake struct {
	Handshake
	at    time.Time // when the hello goes (again)
	every time.Duration
	fresh []*Route // relays just connected, which have not had it yet
}

// hello sends the hello through every relay when it is due, and through a
// relay as soon as it connects, re-sealed each time, and says when it is
// due next. Called with mu held.
func (c *Conn) hello(now time.Time) time.Time {
	h := c.hs
	if !now.Before(h.at) {
		h.fresh = nil
		if sealed, err := h.Hello(); err == nil {
			c.transmit(sealed, true)
		}
		h.at = now.Add(h.every)
		h.every = min(h.every*3/2, helloMax)
	}
	for _, r := range h.fresh {
		if sealed, err := h.Hello(); err == nil {
			c.queue(r, sealed)
		}
	}
	h.fresh = nil
	return h.at
}

// answered takes the host's answer, if text is one for this link, which
// came through r. Called with mu held.
func (c *Conn) answered(text string, r *Route) {
	key := c.hs.Answer(text)
	if key == nil {
		return
	}
	c.key(key)
	c.hs = nil
	if r != nil {
		r.heard = c.heard
	}
	// A first frame at once tells the host where to reach this guest.
	c.ackAt = time.Now()
}
