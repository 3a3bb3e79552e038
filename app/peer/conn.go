package peer

import (
	"context"
	"sync"
	"time"
)

// The data channel is negotiated: both sides create it with the same id, so
// there is no in-band open message and each side installs its handlers
// before anything can arrive.
const (
	channelLabel = "longhall"
	channelID    = 0
)

// linger bounds how long closing waits for the other side to acknowledge
// the end of the channel (so that messages sent just before Close arrive)
// before the peer connection is torn down.
const linger = 2 * time.Second

// Conn is an open data channel to one other player. It implements
// session.Conn: messages arrive whole and in order, Send never blocks for
// long, and all methods may be called from several goroutines.
type Conn struct {
	rtc rtcLink
	cfg Config

	in     chan []byte   // received messages waiting for Recv
	space  chan struct{} // a token when Recv makes room in a full queue
	opened chan struct{} // closed when the data channel opens
	done   chan struct{} // closed when the link ends

	dcClosed, pcGone         chan struct{} // closed by pion's callbacks
	torn                     chan struct{} // closed when teardown is over
	dcClosedOnce, pcGoneOnce sync.Once

	wait bool // push waits for room in a full queue (else: ErrOverrun)

	sendMu sync.Mutex // orders Sends: check the buffer, then queue

	mu      sync.Mutex // guards the fields below
	err     error      // why the link ended; nil until then
	isOpen  bool
	lost    *time.Timer // runs while the connection is disconnected
	lostGen int         // tells a stale lost timer from the current one
}

func newConn(cfg Config) (*Conn, error) {
	if err := hasWebRTC(); err != nil {
		return nil, err
	}
	l, err := newLink(cfg)
	if err != nil {
		return nil, errorf("%w (%v)", ErrSetup, err)
	}
	c := &Conn{
		rtc:      l,
		cfg:      cfg,
		in:       make(chan []byte, cfg.RecvQueue),
		space:    make(chan struct{}, 1),
		opened:   make(chan struct{}),
		done:     make(chan struct{}),
		dcClosed: make(chan struct{}),
		pcGone:   make(chan struct{}),
		torn:     make(chan struct{}),
		wait:     waitWhenFull && !cfg.overrun,
	}
	l.onOpen(c.onOpen)
	l.onClose(c.onClose)
	l.onMessage(c.onMessage)
	l.onStateChange(c.checkState)
	return c, nil
}

// Send queues one message for the other side; it returns at once. It fails
// with ErrTooLarge for a message over Config.MaxMessage, with ErrBackedUp
// while more than Config.MaxBuffered bytes wait for the other side to
// acknowledge them, and with the reason once the link has ended. A refused
// message is not sent; the link stays open. The message is copied.
func (c *Conn) Send(msg []byte) error {
	if err := c.Err(); err != nil {
		return err
	}
	if len(msg) > c.cfg.MaxMessage {
		return ErrTooLarge
	}
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	if c.rtc.buffered()+uint64(len(msg)) > uint64(c.cfg.MaxBuffered) {
		return ErrBackedUp
	}
	if err := c.rtc.send(msg); err != nil {
		// A data channel refuses a message only once it has closed under
		// us: the other side closed it, or its connection, and the
		// callback that says so has not come yet. The link is over, and
		// Send says so as it does after that callback.
		c.end(ErrHungUp, false)
		return c.Err()
	}
	return nil
}

// Recv returns the next message. Once the link has ended it still returns
// the messages that arrived before, then the reason (see Err). It returns
// ctx.Err() when ctx ends first.
func (c *Conn) Recv(ctx context.Context) ([]byte, error) {
	select {
	case m := <-c.in:
		c.madeRoom()
		return m, nil
	default:
	}
	select {
	case m := <-c.in:
		c.madeRoom()
		return m, nil
	case <-c.done:
		// Nothing is queued after done is closed (push checks err under
		// the lock), so the queue only shrinks from here.
		select {
		case m := <-c.in:
			return m, nil
		default:
			return nil, c.Err()
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Close ends the link for both sides and returns at once; Done is closed
// when it returns. Messages already sent still go out, for a moment, before
// the peer connection is torn down in the background. Close is idempotent.
func (c *Conn) Close() error {
	c.end(ErrClosed, false)
	return nil
}

// Done is closed when the link has ended, by either side or by the network.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err says why the link ended: ErrClosed (this side closed it), ErrHungUp,
// ErrLost, ErrOversize or ErrOverrun. It is nil while the link is open.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

func (c *Conn) madeRoom() {
	select {
	case c.space <- struct{}{}:
	default:
	}
}

// end records why the link ended, once, and tears it down in the
// background. With unopened set, it does nothing to a link that is open.
func (c *Conn) end(err error, unopened bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil || (unopened && c.isOpen) {
		return
	}
	c.endLocked(err)
}

func (c *Conn) endLocked(err error) {
	c.err = err
	close(c.done)
	if c.lost != nil {
		c.lost.Stop()
		c.lost = nil
	}
	// Over a dead path the other side can acknowledge nothing: no linger.
	polite := c.isOpen && err != ErrLost
	go c.teardown(polite)
}

// teardown closes the channel and then the peer connection. When polite,
// it first gives the other side a moment to receive the messages sent
// before and to close its end too.
func (c *Conn) teardown(polite bool) {
	c.rtc.closeChannel()
	if polite {
		t := time.NewTimer(linger)
		select {
		case <-c.dcClosed:
		case <-c.pcGone:
		case <-t.C:
		}
		t.Stop()
	}
	c.rtc.close()
	close(c.torn)
}

// watch ends a link that is not open when the open timeout passes or ctx
// ends; it stops once the link opens.
func (c *Conn) watch(ctx context.Context) {
	go func() {
		t := time.NewTimer(c.cfg.OpenTimeout)
		defer t.Stop()
		select {
		case <-c.opened:
		case <-c.done:
		case <-t.C:
			c.end(ErrOpenTimeout, true)
		case <-ctx.Done():
			c.end(stopped(ctx.Err()), true)
		}
	}()
}

func stopped(err error) error { return errorf("stopped connecting (%w)", err) }

// waitOpen waits until the link opens or ends before opening.
func (c *Conn) waitOpen() (*Conn, error) {
	select {
	case <-c.opened:
		return c, nil
	case <-c.done:
		select {
		case <-c.opened:
			// It opened, then ended: Recv still hands out what arrived.
			return c, nil
		default:
			return nil, c.Err()
		}
	}
}

// The callbacks below run on pion's goroutines (natively) or on goroutines
// started from browser events (in wasm).

func (c *Conn) onOpen() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil || c.isOpen {
		return
	}
	c.isOpen = true
	close(c.opened)
}

func (c *Conn) onClose() {
	c.dcClosedOnce.Do(func() { close(c.dcClosed) })
	c.end(ErrHungUp, false)
}

func (c *Conn) onMessage(msg []byte) {
	if len(msg) > c.cfg.MaxInbound {
		c.end(ErrOversize, false)
		return
	}
	// Each message comes in a fresh slice, so it is ours to keep.
	c.push(msg)
}

// push queues a received message. Messages are pushed one at a time in
// arrival order: natively from the channel's read loop, in wasm from one
// goroutine per browser event, each of which runs to its end before the
// next event is dispatched (the Go scheduler runs every ready goroutine
// before it returns to JavaScript, and push never blocks there).
func (c *Conn) push(m []byte) {
	for {
		c.mu.Lock()
		if c.err != nil {
			c.mu.Unlock()
			return
		}
		select {
		case c.in <- m:
			c.mu.Unlock()
			return
		default:
		}
		c.mu.Unlock()
		if !c.wait {
			c.end(ErrOverrun, false)
			return
		}
		// Natively, waiting here stalls the read loop, so the SCTP
		// receive window closes and the sender's buffer fills: its Send
		// fails with ErrBackedUp instead of our memory growing.
		select {
		case <-c.space:
		case <-c.done:
			return
		}
	}
}

// checkState follows the peer connection's state. pion reports changes on
// separate goroutines that may run out of order, so it reads the current
// state under the lock rather than trusting its argument.
func (c *Conn) checkState() {
	state := c.rtc.state()
	if state == stateFailed || state == stateClosed {
		c.pcGoneOnce.Do(func() { close(c.pcGone) })
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return
	}
	// Read again under the lock: of two racing callbacks, the later one
	// to get here sees the latest state.
	switch c.rtc.state() {
	case stateDisconnected:
		if c.lost == nil {
			c.lostGen++
			gen := c.lostGen
			c.lost = time.AfterFunc(c.cfg.LostTimeout, func() { c.lostFired(gen) })
		}
	case stateConnected:
		if c.lost != nil {
			c.lost.Stop()
			c.lost = nil
		}
	case stateFailed:
		c.endLocked(c.lostErr())
	case stateClosed:
		c.endLocked(ErrHungUp)
	}
}

func (c *Conn) lostFired(gen int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil && c.lost != nil && c.lostGen == gen {
		c.endLocked(c.lostErr())
	}
}

// lostErr is the error for a path that failed: lost if it had worked.
func (c *Conn) lostErr() error {
	if c.isOpen {
		return ErrLost
	}
	return ErrUnreachable
}
