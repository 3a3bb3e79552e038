package signal

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"
)

// Race runs several signalers at once. A host listens on all of them and
// gets each guest's offer once, whichever relays it came through; a guest
// sends its offer through all of them and takes the first answer,
// cancelling the rest.
type Race struct {
	Signalers []Signaler
}

// Name lists the racing signalers.
func (r Race) Name() string {
	names := make([]string, len(r.Signalers))
	for i, s := range r.Signalers {
		names[i] = s.Name()
	}
	return "race(" + strings.Join(names, ", ") + ")"
}

// Call is CallVia without the winner's name.
func (r Race) Call(ctx context.Context, room Room, offer string) (string, error) {
	answer, _, err := r.CallVia(ctx, room, offer)
	return answer, err
}

// CallVia sends the offer through every signaler and returns the first
// answer and the name of the signaler that brought it. The others are
// cancelled, and have returned, by the time CallVia does.
func (r Race) CallVia(ctx context.Context, room Room, offer string) (answer, via string, err error) {
	if len(r.Signalers) == 0 {
		return "", "", newError("no relays are configured")
	}
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		i      int
		answer string
		err    error
	}
	results := make(chan result, len(r.Signalers))
	for i, s := range r.Signalers {
		go func() {
			a, err := s.Call(rctx, room, offer)
			results <- result{i, a, err}
		}()
	}
	var reasons []string
	won := -1
	for range r.Signalers {
		res := <-results
		switch {
		case res.err == nil && won < 0:
			won, answer = res.i, res.answer
			cancel()
		case res.err != nil && won < 0:
			var na *noAnswer
			if errors.As(res.err, &na) {
				reasons = append(reasons, na.reasons...)
			} else {
				reasons = append(reasons, Reason(res.err))
			}
		}
	}
	if won < 0 {
		return "", "", &noAnswer{reasons: reasons}
	}
	return answer, r.Signalers[won].Name(), nil
}

// Listen listens on every signaler. It returns as soon as one has made the
// host present (a relay that accepts connections and never answers must
// not hold the room up), and fails only if every first try failed; the
// others go on trying in the background, so a relay that is slow or comes
// back later is used too. Status tells which are up.
func (r Race) Listen(ctx context.Context, room Room) (Listener, error) {
	if len(r.Signalers) == 0 {
		return nil, newError("no relays are configured")
	}
	lctx, cancel := context.WithCancel(ctx)
	rl := &raceListener{ctx: lctx, cancel: cancel, offers: make(chan *Offer, 16), gate: newGate(), up: map[string]bool{}}
	firsts := make(chan error, len(r.Signalers))
	for _, s := range r.Signalers {
		rl.order = append(rl.order, s.Name())
	}
	for _, s := range r.Signalers {
		rl.wg.Add(1)
		go func() {
			defer rl.wg.Done()
			rl.member(s, room, firsts)
		}()
	}
	var reasons []string
	ok := 0
	for range r.Signalers {
		if err := <-firsts; err != nil {
			reasons = append(reasons, Reason(err))
		} else {
			ok++
			break
		}
	}
	if ok == 0 {
		rl.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, errorf("%w (%s)", ErrUnreachable, strings.Join(reasons, "; "))
	}
	return rl, nil
}

type raceListener struct {
	ctx    context.Context
	cancel context.CancelFunc
	offers chan *Offer
	gate   *gate
	wg     sync.WaitGroup

	mu    sync.Mutex
	up    map[string]bool // by signaler name: listening now
	order []string        // the signalers' names, in the Race's order
}

// Status reports a listener's relays: which answered and listen now, and
// which did not (they are retried in the background).
type Status struct {
	Up, Down []string // signaler names, in the Race's order
}

// StatusReporter is a Listener that can tell how its relays stand.
type StatusReporter interface {
	Status() Status
}

// Status says which of the racing relays listen now.
func (rl *raceListener) Status() Status {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	var s Status
	for _, name := range rl.order {
		if rl.up[name] {
			s.Up = append(s.Up, name)
		} else {
			s.Down = append(s.Down, name)
		}
	}
	return s
}

func (rl *raceListener) mark(name string, up bool) {
	rl.mu.Lock()
	rl.up[name] = up
	rl.mu.Unlock()
}

// member keeps one signaler listening, reporting its first try on first.
func (rl *raceListener) member(s Signaler, room Room, first chan<- error) {
	delay := time.Second
	for attempt := 0; ; attempt++ {
		l, err := s.Listen(rl.ctx, room)
		if err == nil {
			rl.mark(s.Name(), true)
		}
		if attempt == 0 {
			first <- err
		}
		if err == nil {
			delay = time.Second
			rl.forward(l)
			rl.mark(s.Name(), false)
			l.Close()
		}
		if !sleep(rl.ctx, delay) {
			return
		}
		delay = min(2*delay, maxReconnect)
	}
}

// forward passes a member's offers on, each offer once.
func (rl *raceListener) forward(l Listener) {
	for {
		o, err := l.Accept(rl.ctx)
		if err != nil {
			return
		}
		first := rl.gate.admit(rl.ctx, &rl.wg, o)
		if first == nil {
			continue
		}
		select {
		case rl.offers <- first:
		case <-rl.ctx.Done():
			return
		}
	}
}

func (rl *raceListener) Accept(ctx context.Context) (*Offer, error) {
	select {
	case o := <-rl.offers:
		return o, nil
	case <-rl.ctx.Done():
		return nil, ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (rl *raceListener) Close() error {
	rl.cancel()
	rl.wg.Wait()
	return nil
}
