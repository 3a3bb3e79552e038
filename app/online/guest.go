package online

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"longhall/app/peer"
	"longhall/app/room"
	"longhall/app/session"
	"longhall/app/signal"
)

// attemptTimeout bounds one attempt to reach the host through the relays.
// The host may be away (reloading) for a while, so attempts repeat.
const attemptTimeout = 40 * time.Second

// Joining is this device's seat in someone else's room.
type Joining struct {
	client
	net    Net
	room   signal.Room
	name   string
	tokens tokens
	manual chan *session.Guest
	ctx    context.Context // the room's lifetime on this device
	cancel context.CancelFunc
	done   chan struct{}

	offerMu sync.Mutex
	offer   *peer.Offerer // the pending manual offer, if any
}

// Join enters the room as a guest called name and stays there: whenever
// the link drops it joins again with the reconnect token, which it keeps
// in tab (this tab's storage) and device (storage kept across visits).
// onChange is called, on any goroutine, whenever View changes.
func Join(ctx context.Context, device, tab Store, rm signal.Room, n Net, name string, onChange func()) *Joining {
	ctx, cancel := context.WithCancel(ctx)
	j := &Joining{
		net: n, room: rm, name: name,
		tokens: tokens{tab: tab, device: device, key: RoomKey(rm)},
		manual: make(chan *session.Guest),
		ctx:    ctx,
		cancel: cancel,
		done:   make(chan struct{}),
	}
	j.onChange = onChange
	j.view.Link = Connecting
	j.saveToken = j.tokens.set
	go j.run(ctx)
	return j
}

type joined struct {
	g   *session.Guest
	err error
}

// run joins, follows the guest until its link drops, and joins again,
// until the host sends the player away or the page closes the room.
func (j *Joining) run(ctx context.Context) {
	defer close(j.done)
	defer j.set(func(v *View) {
		if v.Link != Removed {
			v.Link = Stopped
		}
	})
	wait := time.Second
	for ctx.Err() == nil {
		g, err := j.attempt(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			j.set(func(v *View) { v.Problem, v.Attempts = describe(err), v.Attempts+1 })
			select {
			case <-ctx.Done():
				return
			case g = <-j.manual:
			case <-time.After(wait):
				wait = min(2*wait, j.net.retry())
				continue
			}
		}
		wait = time.Second
		stop := context.AfterFunc(ctx, func() { g.Close() })
		j.follow(g)
		stop()
		var se *session.Error
		if errors.As(g.Err(), &se) && se.Code == session.CodeKicked {
			j.set(func(v *View) {
				v.Link = Removed
				if v.Problem == "" {
					v.Problem = say(se.Text)
				}
			})
			return
		}
		j.set(func(v *View) { v.Link, v.Problem = Reconnecting, "The link to the host dropped." })
	}
}

// attempt reaches the host once through the relays, unless a connection
// made by hand arrives first.
func (j *Joining) attempt(ctx context.Context) (*session.Guest, error) {
	actx, cancel := context.WithTimeout(ctx, attemptTimeout)
	res := make(chan joined, 1)
	go func() {
		g, via, err := room.JoinVia(actx, j.net.signaler(j.room), j.room, j.net.Peer, j.name, j.tokens.get())
		if err == nil {
			j.set(func(v *View) { v.Via = relayWords("race(" + via + ")") })
		}
		res <- joined{g, err}
	}()
	select {
	case r := <-res:
		cancel()
		return r.g, r.err
	case g := <-j.manual:
		cancel()
		if r := <-res; r.g != nil {
			r.g.Close()
		}
		return g, nil
	case <-ctx.Done():
		cancel()
		if r := <-res; r.g != nil {
			r.g.Close()
		}
		return nil, ctx.Err()
	}
}

// describe words a failed attempt for the banner.
func describe(err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "The host did not answer. They may be away, or the relays may be down."
	default:
		return fmt.Sprintf("Could not reach the host: %v", err)
	}
}

// OfferCode starts a connection by hand: it returns the code for the
// player to send to the host. AcceptCode finishes it with the host's
// answer. A new offer replaces the previous one.
func (j *Joining) OfferCode(ctx context.Context) (string, error) {
	off, err := peer.Dial(ctx, j.net.manual())
	if err != nil {
		return "", err
	}
	j.offerMu.Lock()
	if j.offer != nil {
		j.offer.Close()
	}
	j.offer = off
	j.offerMu.Unlock()
	return signal.EncodeOffer(off.Offer()), nil
}

// AcceptCode takes the host's answer code for the offer OfferCode made,
// opens the link and joins the room over it.
func (j *Joining) AcceptCode(ctx context.Context, answerCode string) error {
	sdp, err := signal.DecodeAnswer(answerCode)
	if err != nil {
		return err
	}
	j.offerMu.Lock()
	off := j.offer
	j.offer = nil
	j.offerMu.Unlock()
	if off == nil {
		return errors.New("online: make an offer code first")
	}
	defer off.Close()
	conn, err := off.Accept(sdp)
	if err != nil {
		return err
	}
	g, err := session.NewGuest(j.ctx, conn, j.name, j.tokens.get())
	if err != nil {
		conn.Close()
		return err
	}
	select {
	case j.manual <- g:
		return nil
	case <-ctx.Done():
	case <-j.done:
	}
	g.Close()
	return errors.New("online: the room closed before the link was used")
}

// Done is closed once this player has left the room for good: removed by
// the host, or closed on this device. Until then it rejoins by itself.
func (j *Joining) Done() <-chan struct{} { return j.done }

// Close leaves the room on this device; the seat stays with the token.
func (j *Joining) Close() error {
	j.cancel()
	<-j.done
	j.offerMu.Lock()
	if j.offer != nil {
		j.offer.Close()
		j.offer = nil
	}
	j.offerMu.Unlock()
	return nil
}
