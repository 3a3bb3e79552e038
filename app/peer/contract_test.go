//go:build !js

package peer

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/session"
)

var _ session.Conn = (*Conn)(nil)

// subject is one implementation of session.Conn under the contract.
type subject struct {
	name string
	// pair returns the two ends of a fresh link; the test closes them.
	pair func(t testing.TB) (a, b session.Conn)
	// The implementation's errors for a closed link and for a reader
	// that has fallen behind.
	errClosed, errBackedUp error
	// chunk is the message size that fills the link quickly.
	chunk int
}

// TestConnKeepsTheSessionContract runs the same behavioural checks against
// session.Pipe, the reference, and against a data channel, so that the
// session package can rely on one exactly as on the other.
func TestConnKeepsTheSessionContract(t *testing.T) {
	subjects := []subject{
		{
			name:      "session.Pipe",
			pair:      func(testing.TB) (session.Conn, session.Conn) { return session.Pipe() },
			errClosed: session.ErrClosed, errBackedUp: session.ErrBackedUp,
			chunk: 16,
		},
		{
			name: "peer.Conn",
			pair: func(t testing.TB) (session.Conn, session.Conn) {
				a, b := newPair(t, loopback(Config{}), loopback(Config{}))
				return a, b
			},
			errClosed: ErrClosed, errBackedUp: ErrBackedUp,
			chunk: 16 << 10,
		},
	}
	for _, s := range subjects {
		t.Run(s.name, func(t *testing.T) {
			for _, c := range contract {
				t.Run(c.name, func(t *testing.T) {
					leaktest.Check(t)
					a, b := s.pair(t)
					t.Cleanup(func() {
						a.Close()
						b.Close()
					})
					c.test(t, s, a, b)
				})
			}
		})
	}
}

var contract = []struct {
	name string
	test func(t *testing.T, s subject, a, b session.Conn)
}{
	{"messages arrive whole, in order, as copies, both ways", func(t *testing.T, s subject, a, b session.Conn) {
		buf := []byte("one")
		mustSend(t, a, buf)
		copy(buf, "xxx") // Send must have copied the message
		mustSend(t, a, []byte("two"))
		mustSend(t, a, []byte{})
		mustSend(t, a, []byte("three"))
		mustSend(t, b, []byte("back"))
		for _, want := range []string{"one", "two", "", "three"} {
			if got := recv(t, b); string(got) != want {
				t.Fatalf("got %q, want %q", got, want)
			}
		}
		if got := recv(t, a); string(got) != "back" {
			t.Fatalf("other direction: got %q", got)
		}
	}},
	{"several goroutines may send at once", func(t *testing.T, s subject, a, b session.Conn) {
		const senders, each = 4, 50
		var wg sync.WaitGroup
		errs := make(chan error, senders)
		for g := range senders {
			wg.Go(func() {
				for i := range each {
					if err := a.Send(fmt.Appendf(nil, "%d %d", g, i)); err != nil {
						errs <- err
						return
					}
				}
			})
		}
		next := make([]int, senders)
		for range senders * each {
			var g, i int
			if _, err := fmt.Sscanf(string(recv(t, b)), "%d %d", &g, &i); err != nil {
				t.Fatal(err)
			}
			if i != next[g] {
				t.Fatalf("sender %d: got message %d, want %d", g, i, next[g])
			}
			next[g]++
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
	}},
	{"close delivers what was sent, then both ends fail", func(t *testing.T, s subject, a, b session.Conn) {
		for _, m := range []string{"last", "words"} {
			mustSend(t, a, []byte(m))
		}
		if err := a.Close(); err != nil {
			t.Fatalf("close: %v", err)
		}
		select {
		case <-a.Done():
		default:
			t.Fatal("Done is not closed when Close returns")
		}
		waitDone(t, "the other end", b.Done())
		if err := a.Send([]byte("late")); !errors.Is(err, s.errClosed) {
			t.Fatalf("send after close: %v", err)
		}
		if err := b.Send([]byte("late")); !errors.Is(err, s.errClosed) {
			t.Fatalf("send to a closed peer: %v", err)
		}
		for _, want := range []string{"last", "words"} {
			if got := recv(t, b); string(got) != want {
				t.Fatalf("queued message lost: got %q, want %q", got, want)
			}
		}
		for _, c := range []session.Conn{b, a} {
			if _, err := c.Recv(context.Background()); !errors.Is(err, s.errClosed) {
				t.Fatalf("recv after close: %v", err)
			}
		}
		if err := a.Close(); err != nil {
			t.Fatalf("second close: %v", err)
		}
		if err := b.Close(); err != nil {
			t.Fatalf("closing the other end: %v", err)
		}
	}},
	{"recv stops with its context", func(t *testing.T, s subject, a, b session.Conn) {
		ctx, cancel := context.WithCancel(context.Background())
		errc := make(chan error)
		go func() {
			_, err := b.Recv(ctx)
			errc <- err
		}()
		cancel()
		select {
		case err := <-errc:
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("got %v", err)
			}
		case <-time.After(wait):
			t.Fatal("Recv ignored its context")
		}
		// Nothing is ever sent on this link, so only the deadline can end
		// this Recv: a busy machine cannot make it fail.
		ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
		defer cancel()
		if _, err := b.Recv(ctx); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("with a deadline: %v", err)
		}
		select {
		case <-b.Done():
			t.Fatal("an abandoned Recv closed the link")
		default:
		}
	}},
	{"send fails while the peer stops reading, and works once it reads", func(t *testing.T, s subject, a, b session.Conn) {
		const limit = 1 << 16 // messages; far more than any buffer holds
		msg := make([]byte, s.chunk)
		sent := 0
		for ; sent < limit; sent++ {
			binary.BigEndian.PutUint32(msg, uint32(sent))
			err := a.Send(msg)
			if err == nil {
				continue
			}
			if !errors.Is(err, s.errBackedUp) {
				t.Fatalf("send %d: %v", sent, err)
			}
			break
		}
		if sent == limit {
			t.Fatalf("%d messages sent to a peer that reads none", limit)
		}
		select {
		case <-a.Done():
			t.Fatal("a backed-up link was closed")
		default:
		}
		for i := range sent {
			if got := binary.BigEndian.Uint32(recv(t, b)); got != uint32(i) {
				t.Fatalf("got message %d, want %d", got, i)
			}
		}
		// The refused message was not sent: sending it again now must
		// work, once what was read has been acknowledged, and it must be
		// the next to arrive.
		binary.BigEndian.PutUint32(msg, uint32(sent))
		deadline := time.Now().Add(wait)
		for err := a.Send(msg); err != nil; err = a.Send(msg) {
			if !errors.Is(err, s.errBackedUp) || time.Now().After(deadline) {
				t.Fatalf("send after the reader caught up: %v", err)
			}
			time.Sleep(time.Millisecond)
		}
		if got := binary.BigEndian.Uint32(recv(t, b)); got != uint32(sent) {
			t.Fatalf("after the refusal got message %d, want %d", got, sent)
		}
		t.Logf("%d messages of %d bytes sent before the first refusal", sent, s.chunk)
	}},
}

func mustSend(t testing.TB, c session.Conn, msg []byte) {
	t.Helper()
	if err := c.Send(msg); err != nil {
		t.Fatalf("send %q: %v", msg, err)
	}
}
