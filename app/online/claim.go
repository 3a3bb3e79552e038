package online

import (
	"context"
	"sync"
	"time"

	"longhall/app/signal"
)

// A room has one host tab. Two tabs hosting the same room from the same
// storage would drift apart: a move in the stale one is accepted there and
// never reaches the guests. So a tab claims the room before it opens it,
// over a BroadcastChannel (Web Locks would do, but browsers give them only
// to secure pages, and a LAN party serves plain http).
//
// The messages on the room's channel:
//
//	ask    a tab about to host asks whether another already does
//	held   the hosting tab answers
//	yield  a tab takes the room over: the host must step down
//	gone   the host has stepped down (its last save is written)

// ErrHostedElsewhere is returned by ClaimHost when another tab of this
// browser hosts the room.
var ErrHostedElsewhere = newError("this room is open in another tab of this browser")

// How long a claim waits for the other tabs. Tabs of one browser answer in
// well under a millisecond; these bounds only matter when nobody answers.
var (
	askWait   = 400 * time.Millisecond
	yieldWait = 3 * time.Second
)

// ErrMovedAway is returned by Host when another tab took the room over
// between the claim and the opening.
var ErrMovedAway = newError("another tab of this browser took this room over")

// Claim is this tab's hold on hosting one room.
type Claim struct {
	ch   *signal.Channel
	once sync.Once
	done chan struct{}

	mu      sync.Mutex
	onYield func() // closes the room this claim holds
	lost    bool   // another tab took the room over
}

// ClaimHost claims the room with key for this tab; claim before reading
// the room from storage, so that a tab stepping down has saved its last
// move first. Without takeOver it fails with ErrHostedElsewhere when
// another tab holds the room; with it, that tab is told to step down and
// the claim waits until it has. Pass the claim to Host in TableOptions. A
// browser with no BroadcastChannel gets a claim that holds nothing.
func ClaimHost(ctx context.Context, key string, takeOver bool) (*Claim, error) {
	c := &Claim{done: make(chan struct{})}
	ch, err := signal.OpenChannel("longhall-host-" + key)
	if err != nil {
		close(c.done)
		return c, nil
	}
	c.ch = ch
	ask, want, wait := "ask", "held", askWait
	if takeOver {
		ask, want, wait = "yield", "gone", yieldWait
	}
	if err := ch.Post(ask); err == nil {
		timer := time.NewTimer(wait)
		defer timer.Stop()
	waiting:
		for {
			select {
			case <-ctx.Done():
				ch.Close()
				return nil, ctx.Err()
			case <-timer.C:
				break waiting
			case m, ok := <-ch.Messages():
				if !ok {
					break waiting
				}
				if m == want {
					if !takeOver {
						ch.Close()
						return nil, ErrHostedElsewhere
					}
					break waiting
				}
			}
		}
	}
	go c.serve()
	return c, nil
}

// serve answers the other tabs while the claim stands.
func (c *Claim) serve() {
	defer close(c.done)
	for m := range c.ch.Messages() {
		switch m {
		case "ask":
			c.ch.Post("held")
		case "yield":
			c.mu.Lock()
			c.lost = true
			stepDown := c.onYield
			c.mu.Unlock()
			if stepDown != nil {
				stepDown()
			}
			c.ch.Post("gone")
			c.Release()
		}
	}
}

// Release gives the room up; another tab may host it now.
func (c *Claim) Release() {
	c.once.Do(func() {
		if c.ch != nil {
			c.ch.Close()
		}
	})
}

// hold makes stepDown run when another tab takes the room over; it
// reports false when that has already happened.
func (c *Claim) hold(stepDown func()) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.onYield = stepDown
	return !c.lost
}
