package conntest

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"longhall/app/session"
)

func pipe(testing.TB) (session.Conn, session.Conn) { return session.Pipe() }

var pipeOptions = Options{ErrClosed: session.ErrClosed, ErrBackedUp: session.ErrBackedUp, Chunk: 16}

// The pipe is the reference, in real time and in a bubble.
func TestPipe(t *testing.T) {
	Run(t, pipe, pipeOptions)
}

func TestPipeInABubble(t *testing.T) {
	o := pipeOptions
	o.Bubble = true
	Run(t, pipe, o)
}

// probe is a testing.TB that records failures instead of failing the real
// test; Fatal ends the property's goroutine, as it does a test's.
type probe struct {
	testing.TB
	mu       sync.Mutex
	failures []string
	cleanups []func()
}

func (p *probe) Helper() {}
func (p *probe) Cleanup(f func()) {
	p.mu.Lock()
	p.cleanups = append(p.cleanups, f)
	p.mu.Unlock()
}
func (p *probe) Log(...any)                {}
func (p *probe) Logf(string, ...any)       {}
func (p *probe) Error(a ...any)            { p.fail(fmt.Sprint(a...)) }
func (p *probe) Errorf(f string, a ...any) { p.fail(fmt.Sprintf(f, a...)) }
func (p *probe) Fatal(a ...any)            { p.fail(fmt.Sprint(a...)); runtime.Goexit() }
func (p *probe) Fatalf(f string, a ...any) {
	p.fail(fmt.Sprintf(f, a...))
	runtime.Goexit()
}
func (p *probe) FailNow() { p.fail("FailNow"); runtime.Goexit() }
func (p *probe) Failed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.failures) > 0
}
func (p *probe) fail(s string) {
	p.mu.Lock()
	p.failures = append(p.failures, s)
	p.mu.Unlock()
}

// failing runs every property over the pairs mp makes and returns the
// names of those that failed.
func failing(t *testing.T, mp MakePair, o Options) []string {
	var failed []string
	for _, prop := range properties {
		p := &probe{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			a, b := mp(p)
			p.Cleanup(func() {
				a.Close()
				b.Close()
			})
			prop.test(p, o, a, b)
		}()
		<-done
		for _, f := range slices.Backward(p.cleanups) {
			f()
		}
		if p.Failed() {
			failed = append(failed, prop.name)
			t.Logf("%s: %s", prop.name, p.failures[0])
		}
	}
	return failed
}

// broken is a pipe's end with one fault.
type broken struct {
	session.Conn
	send func(c session.Conn, msg []byte) error
	recv func(ctx context.Context, c session.Conn) ([]byte, error)
}

func (b *broken) Send(msg []byte) error {
	if b.send != nil {
		return b.send(b.Conn, msg)
	}
	return b.Conn.Send(msg)
}

func (b *broken) Recv(ctx context.Context) ([]byte, error) {
	if b.recv != nil {
		return b.recv(ctx, b.Conn)
	}
	return b.Conn.Recv(ctx)
}

// The suite must be able to fail: each fault a transport could have is
// caught by the property written for it.
func TestTheSuiteCatchesFaults(t *testing.T) {
	// A fault makes properties wait for what never comes: the guard ends
	// each wait sooner here, which a correct pipe never reaches.
	defer func(d time.Duration) { patience = d }(patience)
	patience = time.Second
	faults := []struct {
		name string
		want string // the property that must fail
		o    Options
		send func(c session.Conn, msg []byte) error
		recv func(ctx context.Context, c session.Conn) ([]byte, error)
	}{
		{
			name: "drops one message in 500", want: "a long stream each way at once arrives without loss or repetition",
			recv: func() func(context.Context, session.Conn) ([]byte, error) {
				var n atomic.Int64
				return func(ctx context.Context, c session.Conn) ([]byte, error) {
					m, err := c.Recv(ctx)
					if err == nil && n.Add(1)%500 == 0 {
						return c.Recv(ctx)
					}
					return m, err
				}
			}(),
		},
		{
			name: "cuts long messages", want: "every size and every byte arrives as it was sent",
			send: func(c session.Conn, msg []byte) error { return c.Send(msg[:min(len(msg), 8<<10)]) },
		},
		{
			name: "takes what it cannot queue", want: "send fails while the peer stops reading, and works once it reads",
			send: func(c session.Conn, msg []byte) error {
				if err := c.Send(msg); err != session.ErrBackedUp {
					return err
				}
				return nil
			},
		},
		{
			name: "takes every size", want: "the largest message arrives, and a larger one is refused",
			o: Options{MaxMessage: session.MaxMessageSize},
		},
		{
			name: "forgets its queue once closed", want: "close delivers what was sent, then both ends fail",
			recv: func(ctx context.Context, c session.Conn) ([]byte, error) {
				select {
				case <-c.Done():
					return nil, session.ErrClosed
				default:
				}
				return c.Recv(ctx)
			},
		},
		{
			name: "loses the message a cancelled Recv was waiting for", want: "a Recv that ends with its context takes no message with it",
			recv: func(ctx context.Context, c session.Conn) ([]byte, error) {
				got := make(chan []byte, 1)
				go func() {
					m, err := c.Recv(context.Background())
					if err == nil {
						got <- m
					}
				}()
				select {
				case m := <-got:
					return m, nil
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-c.Done():
					return nil, session.ErrClosed
				}
			},
		},
	}
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			o := f.o
			o.ErrClosed, o.ErrBackedUp, o.Chunk = session.ErrClosed, session.ErrBackedUp, 16
			mp := func(testing.TB) (session.Conn, session.Conn) {
				a, b := session.Pipe()
				return &broken{Conn: a, send: f.send, recv: f.recv}, &broken{Conn: b, send: f.send, recv: f.recv}
			}
			failed := failing(t, mp, o)
			if !slices.Contains(failed, f.want) {
				t.Errorf("%q did not fail; failed: %q", f.want, failed)
			}
		})
	}
}
