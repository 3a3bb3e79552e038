package online

import (
	"context"
	"sync"
	"time"

	"longhall/app/room"
	"longhall/app/session"
)

// A relayed guest (no direct path between the two networks when it
// joined) tries now and then for a direct link: the networks may allow
// one now (a transient failure, a phone back on its home network). When a
// try opens one, the host moves the seat to it (the newest link wins) and
// the relayed link is closed; the guest's unanswered moves are resent
// from the new welcome, as after any reconnect.

// upgrader is one relayed link's tries for a direct one.
type upgrader struct {
	cancel context.CancelFunc
	done   chan struct{}

	mu     sync.Mutex
	trying bool           // a try is under way
	quit   bool           // no try after the current one
	g      *session.Guest // the direct link, once one opened
	via    string         // the relay that brought its answer
}

func (n Net) directEvery() (first, most time.Duration) {
	first, most = n.DirectEvery, n.DirectEveryMax
	if first <= 0 {
		first = 30 * time.Second
	}
	if most <= 0 {
		most = 5 * time.Minute
	}
	return first, max(first, most)
}

// upgrade starts the tries for relayed while j's link is relayed (none
// otherwise). When one succeeds it closes relayed, which ends following
// it. The first try is the data channel the join left opening beside the
// relayed link, if any (room.Joined.Direct): it is taken the moment it
// opens; then a new try every DirectEvery, doubling.
func (j *Joining) upgrade(ctx context.Context, relayed *session.Guest) *upgrader {
	u := &upgrader{cancel: func() {}, done: make(chan struct{})}
	pending := j.takeDirect()
	if !j.viaRelays {
		if pending != nil {
			pending.Close()
		}
		close(u.done)
		return u
	}
	ctx, u.cancel = context.WithCancel(ctx)
	go func() {
		defer close(u.done)
		if pending != nil {
			select {
			case <-ctx.Done():
			case <-pending.Opened():
			}
			if ctx.Err() == nil && pending.Err() == nil && u.try(ctx, relayed, func(ctx context.Context) (*session.Guest, string, error) {
				in, err := pending.Join(ctx, j.hello())
				if err != nil {
					return nil, "", err
				}
				return in.Guest, in.Via, nil
			}) {
				return
			}
			pending.Close()
		}
		wait, most := j.net.directEvery()
		t := time.NewTimer(wait)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			if u.try(ctx, relayed, func(ctx context.Context) (*session.Guest, string, error) {
				actx, cancel := context.WithTimeout(ctx, attemptTimeout)
				defer cancel()
				g, via, relayedAgain, err := j.join(actx, false, room.DirectOnly)
				if err == nil && relayedAgain {
					// Only a test's join could do this; keep the link we had.
					g.Close()
					err = errNetChanged
				}
				return g, via, err
			}) {
				return
			}
			wait = min(2*wait, most)
			t.Reset(wait)
		}
	}()
	return u
}

// try makes one try for a direct link with join, unless the tries are
// over; on success it closes relayed. It says whether the tries are done.
func (u *upgrader) try(ctx context.Context, relayed *session.Guest, join func(context.Context) (*session.Guest, string, error)) (done bool) {
	u.mu.Lock()
	if u.quit {
		u.mu.Unlock()
		return true
	}
	u.trying = true
	u.mu.Unlock()
	g, via, err := join(ctx)
	u.mu.Lock()
	u.trying = false
	if err == nil {
		u.g, u.via = g, via
	}
	quit := u.quit
	u.mu.Unlock()
	if err == nil {
		relayed.Close()
		return true
	}
	return quit
}

// finish stops the tries once the relayed link has ended, and returns the
// direct link one of them opened, if any (u.via names the relay that
// brought its answer). elsewhere says the host closed
// the relayed link because the same player connected again: when a try
// is under way that is most likely the try itself (ours), so finish lets
// it end rather than cancel it.
func (u *upgrader) finish(elsewhere bool) (g *session.Guest, ours bool) {
	u.mu.Lock()
	wait := elsewhere && u.trying
	u.quit = true
	u.mu.Unlock()
	if !wait {
		u.cancel()
	}
	<-u.done
	u.cancel()
	return u.g, wait
}
