package session

import (
	"bytes"
	"context"
	"sync"
)

// Conn is an ordered, reliable, message-oriented link to one peer: each Send
// is delivered as one message by one Recv on the other side. A WebRTC data
// channel in its default (reliable, ordered) mode is such a link.
//
// Send must not block for long: it queues a copy of the message and returns,
// or fails when the link is closed or the peer has stopped reading (a refused
// message is not sent; the link stays open). It may be called from several
// goroutines. Recv blocks until a message arrives, the link closes (then it
// returns an error, after any messages already queued) or ctx ends; a Recv
// that ends with its ctx takes no message with it. Close is idempotent and
// ends the link for both sides: what was sent before it still arrives, then
// both ends fail. Done is closed once the link is closed.
//
// Package conntest checks these promises; every transport runs it.
type Conn interface {
	Send(msg []byte) error
	Recv(ctx context.Context) ([]byte, error)
	Close() error
	Done() <-chan struct{}
}

// ErrClosed is returned by a closed connection, host or guest.
var ErrClosed = fail("the connection is closed")

// ErrBackedUp is returned by a pipe whose reader has fallen too far behind.
var ErrBackedUp = fail("the peer is not reading its messages")

// PipeBuffer is how many messages a pipe queues in each direction before
// Send fails with ErrBackedUp.
const PipeBuffer = 256

// Pipe returns the two ends of an in-memory connection. Messages are copied
// on Send, so the caller may reuse its buffer.
func Pipe() (Conn, Conn) { return newPipe(PipeBuffer) }

func newPipe(size int) (*pipeEnd, *pipeEnd) {
	s := &pipeShared{done: make(chan struct{})}
	ab, ba := make(chan []byte, size), make(chan []byte, size)
	return &pipeEnd{s: s, in: ba, out: ab}, &pipeEnd{s: s, in: ab, out: ba}
}

type pipeShared struct {
	mu     sync.Mutex
	closed bool
	done   chan struct{}
}

type pipeEnd struct {
	s   *pipeShared
	in  chan []byte
	out chan []byte
}

func (p *pipeEnd) Send(msg []byte) error {
	p.s.mu.Lock()
	defer p.s.mu.Unlock()
	if p.s.closed {
		return ErrClosed
	}
	select {
	case p.out <- bytes.Clone(msg):
		return nil
	default:
		return ErrBackedUp
	}
}

func (p *pipeEnd) Recv(ctx context.Context) ([]byte, error) {
	// Messages sent before Close are still delivered: every Send happens
	// under the lock before closed is set, so once done is closed the queue
	// only shrinks.
	select {
	case m := <-p.in:
		return m, nil
	default:
	}
	select {
	case m := <-p.in:
		return m, nil
	case <-p.s.done:
		select {
		case m := <-p.in:
			return m, nil
		default:
			return nil, ErrClosed
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (p *pipeEnd) Close() error {
	p.s.mu.Lock()
	defer p.s.mu.Unlock()
	if !p.s.closed {
		p.s.closed = true
		close(p.s.done)
	}
	return nil
}

func (p *pipeEnd) Done() <-chan struct{} { return p.s.done }
