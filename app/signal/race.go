package signal

import (
	"context"
	"errors"
	"fmt"
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
		return "", "", errors.New("signal: no relays are configured")
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
				reasons = append(reasons, strings.TrimPrefix(res.err.Error(), "signal: "))
			}
		}
	}
	if won < 0 {
		return "", "", &noAnswer{reasons: reasons}
	}
	return answer, r.Signalers[won].Name(), nil
}

// Listen listens on every signaler. It returns once each has either made
// the host present or failed its first try, and fails only if all failed;
// those that failed are retried in the background, so a relay that comes
// back later is used.
func (r Race) Listen(ctx context.Context, room Room) (Listener, error) {
	if len(r.Signalers) == 0 {
		return nil, errors.New("signal: no relays are configured")
	}
	lctx, cancel := context.WithCancel(ctx)
	rl := &raceListener{ctx: lctx, cancel: cancel, offers: make(chan *Offer, 16), gate: newGate()}
	firsts := make(chan error, len(r.Signalers))
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
			reasons = append(reasons, strings.TrimPrefix(err.Error(), "signal: "))
		} else {
			ok++
		}
	}
	if ok == 0 {
		rl.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w (%s)", ErrUnreachable, strings.Join(reasons, "; "))
	}
	return rl, nil
}

type raceListener struct {
	ctx    context.Context
	cancel context.CancelFunc
	offers chan *Offer
	gate   *gate
	wg     sync.WaitGroup
}

// member keeps one signaler listening, reporting its first try on first.
func (rl *raceListener) member(s Signaler, room Room, first chan<- error) {
	delay := time.Second
	for attempt := 0; ; attempt++ {
		l, err := s.Listen(rl.ctx, room)
		if attempt == 0 {
			first <- err
		}
		if err == nil {
			delay = time.Second
			rl.forward(l)
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
