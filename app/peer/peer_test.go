//go:build !js

package peer

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
)

// payload is message i of a direction, of the given size, recognisable
// byte for byte.
func payload(dir string, i, size int) []byte {
	m := make([]byte, size)
	r := rand.New(rand.NewPCG(uint64(i), uint64(len(dir))))
	for j := range m {
		m[j] = byte(r.Uint32())
	}
	return m
}

func TestMessagesCrossBothWaysIntact(t *testing.T) {
	tests := []struct {
		name  string
		sizes func(i int) int
		count int
	}{
		{"small messages keep their order", func(int) int { return 100 }, 500},
		{"many messages", func(int) int { return 1000 }, 3000},
		{"a message at the size limit", func(int) int { return DefaultMaxMessage }, 3},
		{"a message just under the size limit", func(int) int { return DefaultMaxMessage - 1 }, 3},
		{"empty messages", func(int) int { return 0 }, 10},
		{"mixed sizes", func(i int) int { return (i * 7919) % (DefaultMaxMessage + 1) }, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			leaktest.Check(t)
			a, b := newPair(t, loopback(Config{}), loopback(Config{}))
			// Both sides send and read at the same time.
			for _, dir := range []struct {
				name     string
				from, to *Conn
			}{{"a→b", a, b}, {"b→a", b, a}} {
				msgs := make([][]byte, tt.count)
				for i := range msgs {
					msgs[i] = payload(dir.name, i, tt.sizes(i))
				}
				errc := make(chan error, 1)
				go func() { errc <- sendPaced(dir.from, msgs) }()
				t.Cleanup(func() {
					if err := <-errc; err != nil {
						t.Errorf("%s: send: %v", dir.name, err)
					}
				})
				for i, want := range msgs {
					if got := recv(t, dir.to); !bytes.Equal(got, want) {
						t.Fatalf("%s: message %d: got %d bytes, want %d bytes (or their content differs)",
							dir.name, i, len(got), len(want))
					}
				}
			}
		})
	}
}

func TestOversizeMessages(t *testing.T) {
	t.Run("send refuses a message over the limit and the link stays up", func(t *testing.T) {
		leaktest.Check(t)
		a, b := newPair(t, loopback(Config{}), loopback(Config{}))
		if err := a.Send(make([]byte, DefaultMaxMessage+1)); !errors.Is(err, ErrTooLarge) {
			t.Fatalf("got %v, want ErrTooLarge", err)
		}
		mustSend(t, a, []byte("still here"))
		if got := recv(t, b); string(got) != "still here" {
			t.Fatalf("got %q", got)
		}
	})
	t.Run("an inbound message over MaxMessage but within MaxInbound is delivered, for the protocol to refuse in words", func(t *testing.T) {
		leaktest.Check(t)
		a, b := newPair(t, loopback(Config{MaxMessage: 1 << 20}), loopback(Config{}))
		mustSend(t, a, make([]byte, DefaultMaxMessage+1))
		mustSend(t, a, []byte("still here"))
		if got := recv(t, b); len(got) != DefaultMaxMessage+1 {
			t.Fatalf("got %d bytes, want %d", len(got), DefaultMaxMessage+1)
		}
		if got := recv(t, b); string(got) != "still here" {
			t.Fatalf("got %q", got)
		}
	})
	for _, tt := range []struct {
		name  string
		limit int // the receiver's MaxInbound
	}{
		{"an inbound message over the default MaxInbound ends the link", 0},
		{"an inbound message over a configured MaxInbound ends the link", 1000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			leaktest.Check(t)
			// The sender allows itself more than the receiver accepts.
			a, b := newPair(t, loopback(Config{MaxMessage: 1 << 20}), loopback(Config{MaxInbound: tt.limit}))
			limit := b.cfg.MaxInbound
			mustSend(t, a, make([]byte, limit)) // just fits
			mustSend(t, a, make([]byte, limit+1))
			mustSend(t, a, []byte("never read"))
			if got := recv(t, b); len(got) != limit {
				t.Fatalf("first message: %d bytes, want %d", len(got), limit)
			}
			ctx, cancel := context.WithTimeout(context.Background(), wait)
			defer cancel()
			if m, err := b.Recv(ctx); !errors.Is(err, ErrOversize) {
				t.Fatalf("after the oversize message: %d bytes, %v; want ErrOversize", len(m), err)
			}
			if !errors.Is(b.Err(), ErrClosed) {
				t.Fatalf("ErrOversize must also be an ErrClosed: %v", b.Err())
			}
			waitDone(t, "the sender", a.Done())
			if err := a.Err(); err != ErrHungUp {
				t.Fatalf("sender's reason: %v, want ErrHungUp", err)
			}
		})
	}
}

func TestCloseOnOneSideEndsTheOther(t *testing.T) {
	for _, closer := range []string{"offerer", "answerer"} {
		t.Run("the "+closer+" closes", func(t *testing.T) {
			leaktest.Check(t)
			a, b := newPair(t, loopback(Config{}), loopback(Config{}))
			if closer == "answerer" {
				a, b = b, a
			}
			mustSend(t, a, []byte("bye"))
			a.Close()
			waitDone(t, "the other side", b.Done())
			if got := recv(t, b); string(got) != "bye" {
				t.Fatalf("got %q", got)
			}
			if _, err := b.Recv(context.Background()); err != ErrHungUp {
				t.Fatalf("recv: %v, want ErrHungUp", err)
			}
			if a.Err() != ErrClosed || b.Err() != ErrHungUp {
				t.Fatalf("reasons: closer %v, other %v", a.Err(), b.Err())
			}
		})
	}
}

func TestAReaderThatFallsBehind(t *testing.T) {
	t.Run("natively a full queue holds the sender back and the link stays up", func(t *testing.T) {
		leaktest.Check(t)
		a, b := newPair(t, loopback(Config{}), loopback(Config{RecvQueue: 8}))
		msg := make([]byte, 16<<10)
		sent := 0
		// Send at the pace the link allows until the reader's queue is
		// full and the sender is refused: the queue holds the sender back.
		// (Not "until nothing went for a while": on a busy machine the
		// reader's side may lag that while behind a full sender buffer.)
		deadline := time.Now().Add(wait)
		for {
			msg[0], msg[1] = byte(sent>>8), byte(sent)
			err := a.Send(msg)
			if err == nil {
				sent++
				if sent > 10_000 {
					t.Fatal("the sender was never held back")
				}
				continue
			}
			if !errors.Is(err, ErrBackedUp) {
				t.Fatalf("send: %v", err)
			}
			if len(b.in) == cap(b.in) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the sender is held back with %d messages queued at the reader, want a full queue of %d", len(b.in), cap(b.in))
			}
			time.Sleep(time.Millisecond)
		}
		if n := len(b.in); n != 8 {
			t.Fatalf("%d messages queued at the reader, want a full queue of 8", n)
		}
		if a.Err() != nil || b.Err() != nil {
			t.Fatalf("the link ended: %v, %v", a.Err(), b.Err())
		}
		for i := range sent {
			m := recv(t, b)
			if got := int(m[0])<<8 | int(m[1]); got != i {
				t.Fatalf("got message %d, want %d", got, i)
			}
		}
		t.Logf("%d messages of 16 KiB in flight when the sender was held back", sent)
	})
	t.Run("with the browser's policy a full queue ends the link", func(t *testing.T) {
		leaktest.Check(t)
		a, b := newPair(t, loopback(Config{}), loopback(Config{RecvQueue: 8, overrun: true}))
		// The ninth message overruns the queue; the reader ends the link
		// once it has it, so the sends after it may meet the link closed
		// (on a busy machine the reader gets there first).
		for i := range 9 {
			mustSend(t, a, []byte{byte(i)})
		}
		for i := 9; i < 20; i++ {
			if a.Send([]byte{byte(i)}) != nil {
				break
			}
		}
		waitDone(t, "the reader", b.Done())
		for i := range 8 {
			if got := recv(t, b); got[0] != byte(i) {
				t.Fatalf("got message %d, want %d", got[0], i)
			}
		}
		if _, err := b.Recv(context.Background()); err != ErrOverrun {
			t.Fatalf("recv: %v, want ErrOverrun", err)
		}
		waitDone(t, "the sender", a.Done())
	})
}
