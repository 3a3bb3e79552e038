package peer

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"
)

// maxSDP bounds an offer or answer; real ones are a few kilobytes.
const maxSDP = 64 << 10

// Offerer is the calling side of a connection being made: it holds the
// offer to send and takes the answer that comes back.
type Offerer struct {
	pending
	answered bool // guarded by pending.mu
}

// Answerer is the called side of a connection being made: it holds the
// answer to send back and waits for the channel to open.
type Answerer struct {
	pending
}

// Dial starts a connection as the calling side and returns once the offer
// is ready (ICE gathering done, or Config.GatherTimeout passed). ctx and
// Config.OpenTimeout bound the whole attempt, until Accept returns: when
// either ends first, the attempt is abandoned. Once the link is open, ctx
// no longer matters.
func Dial(ctx context.Context, cfg Config) (*Offerer, error) {
	if err := ctx.Err(); err != nil {
		return nil, stopped(err)
	}
	c, err := start(ctx, cfg)
	if err != nil {
		return nil, err
	}
	offer, err := c.rtc.createOffer()
	if err != nil {
		return nil, c.abandon(errorf("%w (%v)", ErrSetup, err))
	}
	sdp, err := c.describe(sdpOffer, offer)
	if err != nil {
		return nil, c.abandon(err)
	}
	return &Offerer{pending: pending{c: c, sdp: sdp}}, nil
}

// Offer is the complete offer (SDP with every candidate) to send to the
// other player.
func (o *Offerer) Offer() string { return o.sdp }

// Accept takes the other player's answer and waits until the channel is
// open. An answer that is not valid is refused with ErrBadAnswer and the
// offerer keeps waiting for a good one; once one was accepted, another is
// refused with ErrAnswered.
func (o *Offerer) Accept(answer string) (*Conn, error) {
	if err := checkSDP(answer); err != nil {
		return nil, errorf("%w: %v", ErrBadAnswer, err)
	}
	o.mu.Lock()
	if o.answered {
		o.mu.Unlock()
		return nil, ErrAnswered
	}
	if err := o.c.Err(); err != nil {
		o.mu.Unlock()
		return nil, err
	}
	err := o.c.rtc.setRemote(sdpAnswer, answer)
	o.answered = err == nil
	o.mu.Unlock()
	if err != nil {
		if end := o.c.Err(); end != nil {
			return nil, end
		}
		return nil, errorf("%w (%v)", ErrBadAnswer, err)
	}
	return o.wait()
}

// Answer answers the other player's offer and returns once the answer is
// ready to send back (ICE gathering done, or Config.GatherTimeout passed).
// ctx and Config.OpenTimeout bound the whole attempt, until Wait returns.
func Answer(ctx context.Context, cfg Config, offer string) (*Answerer, error) {
	if err := checkSDP(offer); err != nil {
		return nil, errorf("%w: %v", ErrBadOffer, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, stopped(err)
	}
	c, err := start(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := c.rtc.setRemote(sdpOffer, offer); err != nil {
		return nil, c.abandon(errorf("%w (%v)", ErrBadOffer, err))
	}
	answer, err := c.rtc.createAnswer()
	if err != nil {
		return nil, c.abandon(errorf("%w (%v)", ErrSetup, err))
	}
	sdp, err := c.describe(sdpAnswer, answer)
	if err != nil {
		return nil, c.abandon(err)
	}
	return &Answerer{pending: pending{c: c, sdp: sdp}}, nil
}

// Answer is the complete answer (SDP with every candidate) to send back to
// the other player.
func (a *Answerer) Answer() string { return a.sdp }

// Wait waits until the channel is open.
func (a *Answerer) Wait() (*Conn, error) { return a.wait() }

// pending is what Offerer and Answerer share: a link not yet handed out.
type pending struct {
	c   *Conn
	sdp string

	mu        sync.Mutex
	handed    bool // the Conn was returned; it is the caller's now
	abandoned bool // Close was called first
}

func (p *pending) wait() (*Conn, error) {
	c, err := p.c.waitOpen()
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.abandoned {
		return nil, ErrClosed
	}
	p.handed = true
	return c, nil
}

// Close abandons the attempt. Once Accept has returned the Conn it does
// nothing (close the Conn instead), so a deferred Close is always safe.
func (o *Offerer) Close() error { return o.close() }

// Close abandons the attempt. Once Wait has returned the Conn it does
// nothing (close the Conn instead), so a deferred Close is always safe.
func (a *Answerer) Close() error { return a.close() }

func (p *pending) close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.handed {
		p.abandoned = true
		p.c.Close()
	}
	return nil
}

// start makes the peer connection and its channel and starts the watch
// that abandons it when ctx or the open timeout ends first.
func start(ctx context.Context, cfg Config) (*Conn, error) {
	c, err := newConn(cfg.withDefaults())
	if err != nil {
		return nil, err
	}
	c.watch(ctx)
	return c, nil
}

// abandon ends a link that failed while it was being set up, and returns
// the error to report: the reason it already ended for, if any (the context
// or the open timeout), else err.
func (c *Conn) abandon(err error) error {
	if end := c.Err(); end != nil {
		err = end
	}
	c.end(err, false)
	return err
}

// describe sets the local description, waits for ICE gathering and returns
// the complete SDP.
func (c *Conn) describe(kind, sdp string) (string, error) {
	gathered, err := c.rtc.setLocal(kind, sdp)
	if err != nil {
		return "", errorf("%w (%v)", ErrSetup, err)
	}
	t := time.NewTimer(c.cfg.GatherTimeout)
	defer t.Stop()
	select {
	case <-gathered:
	case <-t.C: // go with the candidates found so far
	case <-c.done:
		return "", c.Err()
	}
	local := c.rtc.localSDP()
	if !strings.Contains(local, "a=candidate:") {
		return "", ErrNoNetwork
	}
	return local, nil
}

// checkSDP refuses what cannot be a data channel offer or answer before
// it reaches the WebRTC stack.
func checkSDP(sdp string) error {
	switch {
	case sdp == "":
		return errors.New("it is empty")
	case len(sdp) > maxSDP:
		return errors.New("it is too long")
	case !strings.HasPrefix(sdp, "v=0"):
		return errors.New("it is not a session description")
	case !strings.Contains(sdp, "m=application"):
		return errors.New("it has no data channel")
	}
	return nil
}
