package signal

// How an offer and its answer cross a relay: the guest's side (call,
// exchange) and the host's gate, which admits each offer once however many
// relays bring it and resends the answer to late copies.

import (
	"context"
	"errors"
	"sync"
	"time"
)

// gate lets the first copy of each offer through to the app and answers
// later copies (a guest resending, or the same offer through another relay)
// with the app's answer, once there is one.
type gate struct {
	mu      sync.Mutex
	entries map[string]*gateEntry
}

type gateEntry struct {
	expires  time.Time
	answer   string
	answered bool
	waiting  []*Offer
}

func newGate() *gate { return &gate{entries: make(map[string]*gateEntry)} }

// admit returns the offer to hand to the app, wrapped so that answering it
// also answers its copies, or nil for a copy. Resent answers run on
// goroutines counted in wg and bounded by ctx.
func (g *gate) admit(ctx context.Context, wg *sync.WaitGroup, o *Offer) *Offer {
	now := time.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	for id, e := range g.entries {
		if now.After(e.expires) {
			delete(g.entries, id)
		}
	}
	if e, ok := g.entries[o.ID]; ok {
		switch {
		case e.answered:
			resend(ctx, wg, o, e.answer)
		case len(e.waiting) < 8:
			e.waiting = append(e.waiting, o)
		}
		return nil
	}
	e := &gateEntry{expires: now.Add(rememberOffer)}
	g.entries[o.ID] = e
	first := *o
	first.reply = func(rctx context.Context, answer string) error {
		err := o.reply(rctx, answer)
		g.mu.Lock()
		e.answer, e.answered = answer, true
		waiting := e.waiting
		e.waiting = nil
		g.mu.Unlock()
		for _, w := range waiting {
			resend(ctx, wg, w, answer)
		}
		return err
	}
	return &first
}

func resend(ctx context.Context, wg *sync.WaitGroup, o *Offer, answer string) {
	if ctx.Err() != nil {
		return // the listener is closed
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		actx, cancel := context.WithTimeout(ctx, answerTimeout)
		defer cancel()
		o.reply(actx, answer) // best effort: the guest resends if it is lost
	}()
}

// call runs a guest's side of one exchange over a transport.
func call(ctx context.Context, t transport, room Room, offer string, now func() time.Time) (string, error) {
	if offer == "" {
		return "", newError("the offer is empty")
	}
	s := newSealer(room, now)
	m := message{Kind: kindOffer, ID: offerID(offer), From: randomID(16), SDP: offer}
	var reason string
	delay := time.Second
	for {
		link, err := t.guestSession(ctx, room)
		if err == nil {
			var answer string
			answer, err = exchange(ctx, s, link, m)
			link.close()
			if err == nil {
				return answer, nil
			}
			if ctx.Err() != nil {
				if reason == "" {
					reason = t.Name() + ": no answer"
				}
				return "", &noAnswer{reasons: []string{reason}}
			}
			delay = time.Second
		}
		if ctx.Err() != nil {
			if reason == "" {
				reason = t.Name() + ": could not connect"
			}
			return "", &noAnswer{reasons: []string{reason}}
		}
		var re *RelayError
		if errors.As(err, &re) {
			reason = re.Relay + ": " + re.What
		} else {
			reason = t.Name() + ": connection lost"
		}
		if !sleep(ctx, delay) {
			return "", &noAnswer{reasons: []string{reason}}
		}
		delay = min(2*delay, maxReconnect)
	}
}

// steadyResender is a guest's link whose resends cost the relay little (a
// Nostr relay passes an ephemeral event on; a BroadcastChannel post costs
// nothing), so that it resends at a steady pace, every steadyResend,
// rather than backing off to maxResend: a host that comes back (a page
// thawed, reloaded, its relays reconnected) answers within seconds the
// guests that waited, whose offers sent while it was away are lost (no
// relay keeps an ephemeral event). A tracker's announce with offers is its
// heaviest work, and backs off.
type steadyResender interface{ steady() }

// exchange sends the offer over one link, resending it now and then, until
// the matching answer comes back.
func exchange(ctx context.Context, s *sealer, link guestLink, m message) (string, error) {
	most := maxResend
	if _, ok := link.(steadyResender); ok {
		most = steadyResend
	}
	every := min(firstResend, most)
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-timer.C:
			sealed, err := s.seal(m)
			if err != nil {
				return "", err
			}
			if err := link.send(ctx, sealed); err != nil {
				return "", err
			}
			timer.Reset(every)
			every = min(every*3/2, most)
		case sealed, ok := <-link.recv():
			if !ok {
				return "", link.err()
			}
			a, err := s.open(sealed)
			if err != nil || a.Kind != kindAnswer || a.ID != m.ID || a.To != m.From {
				continue
			}
			return a.SDP, nil
		}
	}
}
