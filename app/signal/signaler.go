package signal

import (
	"context"
	"crypto/rand"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Signaler carries one WebRTC offer from a guest to the host of a room, and
// the host's answer back. The guest makes the offer; the host answers.
type Signaler interface {
	// Name says which relay this is, for logs and the UI ("nostr nos.lol").
	Name() string
	// Listen makes the host present in the room and receives guests'
	// offers until ctx ends or the Listener is closed. It returns once the
	// host is present, or an error if the relay cannot be reached; after
	// that it reconnects by itself.
	Listen(ctx context.Context, room Room) (Listener, error)
	// Call sends the guest's offer to the room and returns the host's
	// answer. It resends the offer, and reconnects, until an answer comes or
	// ctx ends; give ctx a deadline.
	Call(ctx context.Context, room Room, offer string) (answer string, err error)
}

// Listener is the host's end of a Signaler.
type Listener interface {
	// Accept waits for the next guest's offer. The same offer arriving
	// again (a guest resending, or the same offer through another relay)
	// is not returned twice.
	Accept(ctx context.Context) (*Offer, error)
	// Close stops listening and waits for the Listener's goroutines.
	Close() error
}

// Offer is a guest's WebRTC offer as the host receives it.
type Offer struct {
	// ID names the offer (a hash of its SDP).
	ID string
	// From is the guest's random id for this exchange.
	From string
	// SDP is the guest's offer.
	SDP string
	// Via names the signaler that delivered it.
	Via string
	// Relay says that the guest asks for a relayed link (AcceptRelay)
	// instead of WebRTC; SDP then holds its key.
	Relay bool

	reply func(ctx context.Context, answer string) error
}

// Answer sends the host's answer back to the guest that made the offer.
func (o *Offer) Answer(ctx context.Context, answer string) error {
	if answer == "" {
		return newError("the answer is empty")
	}
	if o.reply == nil {
		return newError("this offer did not come from a Listener")
	}
	return o.reply(ctx, answer)
}

// Errors from Listen, Accept and Call.
var (
	ErrClosed   = newError("no longer listening for guests")
	ErrNoAnswer = newError("the host did not answer in time")
	// ErrUnreachable is Race.Listen's error when no relay can be reached.
	ErrUnreachable = newError("could not reach any relay")
)

// noAnswer is ErrNoAnswer with the reasons each relay gives.
type noAnswer struct{ reasons []string }

func (e *noAnswer) Error() string { return "signal: " + e.Reason() }

func (e *noAnswer) Reason() string {
	if len(e.reasons) == 0 {
		return Reason(ErrNoAnswer)
	}
	return Reason(ErrNoAnswer) + " (" + strings.Join(e.reasons, "; ") + ")"
}

func (e *noAnswer) Unwrap() error { return ErrNoAnswer }

// RelayError says that a relay could not be reached or refused us. Its
// text names the relay and stays short enough to show a player; Err has
// the details for a log.
type RelayError struct {
	Relay string // the signaler's name
	What  string // "could not connect", "refused the room: …"
	Err   error
}

func (e *RelayError) Error() string  { return "signal: " + e.Reason() }
func (e *RelayError) Reason() string { return e.Relay + ": " + e.What }
func (e *RelayError) Unwrap() error  { return e.Err }

// Timing of every relay client. Variables, so tests may shorten them.
var (
	dialTimeout   = 10 * time.Second // connect and be present in the room
	writeTimeout  = 10 * time.Second
	firstResend   = 2 * time.Second  // a guest resends its offer this long after the first try…
	maxResend     = 15 * time.Second // …growing by half each time up to this
	steadyResend  = 3 * time.Second  // …or up to this, through a relay that bears it (steadyResender)
	steadyPresent = 10 * time.Second // a host present this long on a relay that drops it connects again at once
	maxReconnect  = 30 * time.Second // a dropped relay is retried after 1 s, doubling up to this
	answerTimeout = 10 * time.Second // a cached answer resent to a duplicate offer
	rememberOffer = 10 * time.Minute // how long duplicates of an offer are recognised
)

// inbound is a sealed payload that reached the host, with the way back to
// its sender.
type inbound struct {
	sealed string
	reply  func(ctx context.Context, sealed string) error
}

// guestLink is a guest's connection to one relay.
type guestLink interface {
	// send delivers a sealed offer to the room.
	send(ctx context.Context, sealed string) error
	// recv yields sealed payloads addressed to this guest, and is closed
	// when the link breaks.
	recv() <-chan string
	// err says why recv was closed.
	err() error
	close()
}

// transport is the part of a Signaler that talks to one kind of relay.
type transport interface {
	Name() string
	// hostSession connects once and serves the host until the connection
	// breaks or ctx ends, sending what arrives to in. It calls present once
	// the host is present in the room.
	hostSession(ctx context.Context, room Room, in chan<- inbound, present func()) error
	// guestSession connects as a guest, ready to send and receive.
	guestSession(ctx context.Context, room Room) (guestLink, error)
}

// randomID returns n random characters from the base64url alphabet.
func randomID(n int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	b := make([]byte, n)
	rand.Read(b) // never fails (Go 1.24+)
	for i := range b {
		b[i] = alphabet[b[i]&63]
	}
	return string(b)
}

// sleep waits d or until ctx ends, and says whether ctx is still alive.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// listen runs a transport's host sessions, reconnecting as needed, and
// turns what arrives into offers.
func listen(ctx context.Context, t transport, room Room, now func() time.Time) (Listener, error) {
	lctx, cancel := context.WithCancel(ctx)
	l := &listener{
		name:   t.Name(),
		sealer: newSealer(room, now),
		cancel: cancel,
		ctx:    lctx,
		offers: make(chan *Offer, 16),
		gate:   newGate(),
	}
	in := make(chan inbound, 16)
	first := make(chan error, 1)

	l.wg.Add(2)
	go func() {
		defer l.wg.Done()
		once := sync.OnceFunc(func() { first <- nil })
		delay := time.Second
		for attempt := 0; ; attempt++ {
			var present atomic.Bool
			var presentAt time.Time
			err := t.hostSession(lctx, room, in, func() { presentAt = time.Now(); present.Store(true); once() })
			if attempt == 0 && !present.Load() {
				if err == nil {
					err = lctx.Err()
				}
				first <- err
				return
			}
			if present.Load() {
				delay = time.Second
				if time.Since(presentAt) >= steadyPresent {
					// A connection that held, then broke: most often the
					// page was frozen in the background and its sockets
					// closed. Guests wait on the other side: at once.
					if lctx.Err() != nil {
						return
					}
					continue
				}
			}
			if !sleep(lctx, delay) {
				return
			}
			delay = min(2*delay, maxReconnect)
		}
	}()
	go func() {
		defer l.wg.Done()
		l.pump(in)
	}()

	select {
	case err := <-first:
		if err != nil {
			l.Close()
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, err
		}
		return l, nil
	case <-ctx.Done():
		l.Close()
		return nil, ctx.Err()
	}
}

type listener struct {
	name   string
	sealer *sealer
	cancel context.CancelFunc
	ctx    context.Context
	offers chan *Offer
	gate   *gate
	wg     sync.WaitGroup

	rejected atomic.Int64 // payloads refused by the seal, for tests and logs
}

func (l *listener) pump(in <-chan inbound) {
	for {
		var p inbound
		select {
		case p = <-in:
		case <-l.ctx.Done():
			return
		}
		if takeLinkFrame(p.sealed, l.name, p.reply) {
			continue // a relayed link's frame, sealed with its own key
		}
		m, err := l.sealer.open(p.sealed)
		if err != nil {
			l.rejected.Add(1)
			continue
		}
		if (m.Kind != kindOffer && m.Kind != kindLink) || m.To != "" {
			continue // an answer for some guest, seen by a broadcast relay
		}
		reply, id, from := p.reply, m.ID, m.From
		o := &Offer{ID: id, From: from, SDP: m.SDP, Via: l.name, Relay: m.Kind == kindLink}
		o.reply = func(ctx context.Context, answer string) error {
			sealed, err := l.sealer.seal(message{Kind: kindAnswer, ID: id, From: "host", To: from, SDP: answer})
			if err != nil {
				return err
			}
			return reply(ctx, sealed)
		}
		first := l.gate.admit(l.ctx, &l.wg, o)
		if first == nil {
			continue
		}
		select {
		case l.offers <- first:
		case <-l.ctx.Done():
			return
		}
	}
}

func (l *listener) Accept(ctx context.Context) (*Offer, error) {
	select {
	case o := <-l.offers:
		return o, nil
	case <-l.ctx.Done():
		return nil, ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (l *listener) Close() error {
	l.cancel()
	l.wg.Wait()
	return nil
}
