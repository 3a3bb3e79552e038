//go:build !js

package peer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
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
			checkLeaks(t)
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
		checkLeaks(t)
		a, b := newPair(t, loopback(Config{}), loopback(Config{}))
		if err := a.Send(make([]byte, DefaultMaxMessage+1)); !errors.Is(err, ErrTooLarge) {
			t.Fatalf("got %v, want ErrTooLarge", err)
		}
		mustSend(t, a, []byte("still here"))
		if got := recv(t, b); string(got) != "still here" {
			t.Fatalf("got %q", got)
		}
	})
	for _, tt := range []struct {
		name  string
		limit int // the receiver's limit
	}{
		{"an inbound message over the default limit ends the link", 0},
		{"an inbound message over a configured limit ends the link", 1000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			checkLeaks(t)
			// The sender allows itself more than the receiver accepts.
			a, b := newPair(t, loopback(Config{MaxMessage: 1 << 20}), loopback(Config{MaxMessage: tt.limit}))
			limit := b.cfg.MaxMessage
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
			checkLeaks(t)
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
		checkLeaks(t)
		a, b := newPair(t, loopback(Config{}), loopback(Config{RecvQueue: 8}))
		msg := make([]byte, 16<<10)
		sent := 0
		// Send at the pace the link allows until it allows nothing for a
		// while: the reader's queue, its SCTP window and the sender's
		// buffer are then all full.
		stuckSince := time.Now()
		for time.Since(stuckSince) < 300*time.Millisecond {
			msg[0], msg[1] = byte(sent>>8), byte(sent)
			switch err := a.Send(msg); {
			case err == nil:
				sent++
				stuckSince = time.Now()
			case errors.Is(err, ErrBackedUp):
				time.Sleep(time.Millisecond)
			default:
				t.Fatalf("send: %v", err)
			}
			if sent > 10_000 {
				t.Fatal("the sender was never held back")
			}
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
		checkLeaks(t)
		a, b := newPair(t, loopback(Config{}), loopback(Config{RecvQueue: 8, overrun: true}))
		for i := range 20 {
			mustSend(t, a, []byte{byte(i)})
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

func TestOpenTimesOut(t *testing.T) {
	const timeout = 300 * time.Millisecond
	cfg := loopback(Config{OpenTimeout: timeout})
	t.Run("the answer never comes", func(t *testing.T) {
		checkLeaks(t)
		start := time.Now()
		o, err := Dial(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer o.Close()
		an, err := Answer(context.Background(), cfg, o.Offer())
		if err != nil {
			t.Fatal(err)
		}
		defer an.Close()
		// The answer is never delivered: both sides give up on their own.
		if _, err := an.Wait(); err != ErrOpenTimeout {
			t.Fatalf("answerer: %v, want ErrOpenTimeout", err)
		}
		waitDone(t, "the offerer", o.c.Done())
		if elapsed := time.Since(start); elapsed < timeout || elapsed > timeout+wait/2 {
			t.Fatalf("gave up after %v, want about %v", elapsed, timeout)
		}
		if _, err := o.Accept(an.Answer()); err != ErrOpenTimeout {
			t.Fatalf("a late answer: %v, want ErrOpenTimeout", err)
		}
	})
	t.Run("the offerer is gone before it gets the answer", func(t *testing.T) {
		checkLeaks(t)
		o, err := Dial(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		an, err := Answer(context.Background(), cfg, o.Offer())
		if err != nil {
			t.Fatal(err)
		}
		defer an.Close()
		o.Close()
		if _, err := o.Accept(an.Answer()); err != ErrClosed {
			t.Fatalf("accept after close: %v, want ErrClosed", err)
		}
		if _, err := an.Wait(); err != ErrOpenTimeout {
			t.Fatalf("answerer: %v, want ErrOpenTimeout", err)
		}
	})
}

func TestContextStopsConnecting(t *testing.T) {
	cfg := loopback(Config{})
	t.Run("before dialing", func(t *testing.T) {
		checkLeaks(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := Dial(ctx, cfg); !errors.Is(err, context.Canceled) {
			t.Fatalf("dial: %v", err)
		}
		if _, err := Answer(ctx, cfg, validOffer(t)); !errors.Is(err, context.Canceled) {
			t.Fatalf("answer: %v", err)
		}
	})
	t.Run("while the offerer waits for the answer", func(t *testing.T) {
		checkLeaks(t)
		ctx, cancel := context.WithCancel(context.Background())
		o, err := Dial(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer o.Close()
		an, err := Answer(context.Background(), loopback(Config{OpenTimeout: 300 * time.Millisecond}), o.Offer())
		if err != nil {
			t.Fatal(err)
		}
		defer an.Close()
		cancel()
		waitDone(t, "the offerer", o.c.Done())
		_, err = o.Accept(an.Answer())
		if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "peer: ") {
			t.Fatalf("accept: %v", err)
		}
	})
	t.Run("while the answerer waits for the channel", func(t *testing.T) {
		checkLeaks(t)
		o, err := Dial(context.Background(), loopback(Config{OpenTimeout: 300 * time.Millisecond}))
		if err != nil {
			t.Fatal(err)
		}
		defer o.Close()
		ctx, cancel := context.WithCancel(context.Background())
		an, err := Answer(ctx, cfg, o.Offer())
		if err != nil {
			t.Fatal(err)
		}
		defer an.Close()
		errc := make(chan error, 1)
		go func() {
			_, err := an.Wait()
			errc <- err
		}()
		cancel()
		select {
		case err := <-errc:
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("wait: %v", err)
			}
		case <-time.After(wait):
			t.Fatal("Wait ignored the context")
		}
	})
	t.Run("not once the link is open", func(t *testing.T) {
		checkLeaks(t)
		ctx, cancel := context.WithCancel(context.Background())
		o, err := Dial(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		an, err := Answer(ctx, cfg, o.Offer())
		if err != nil {
			t.Fatal(err)
		}
		accepted := make(chan *Conn, 1)
		go func() {
			a, err := o.Accept(an.Answer())
			if err != nil {
				t.Error(err)
			}
			accepted <- a
		}()
		b, err := an.Wait()
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		a := <-accepted
		if a == nil {
			t.FailNow()
		}
		defer a.Close()
		cancel()
		time.Sleep(50 * time.Millisecond) // give a wrong watcher time to act
		mustSend(t, b, []byte("still open"))
		if got := recv(t, a); string(got) != "still open" {
			t.Fatalf("got %q", got)
		}
		if a.Err() != nil || b.Err() != nil {
			t.Fatalf("the link ended: %v, %v", a.Err(), b.Err())
		}
	})
}

func TestBadDescriptionsAreRefused(t *testing.T) {
	checkLeaks(t)
	cfg := loopback(Config{})
	o, err := Dial(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	good := o.Offer()
	bad := []struct{ name, sdp string }{
		{"empty", ""},
		{"not SDP", "hello, host"},
		{"too long", "v=0\r\nm=application" + strings.Repeat("x", maxSDP)},
		{"no data channel", "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n"},
		{"garbled", strings.Replace(good, "m=application 9", "m=application nine", 1)},
	}
	for _, tt := range bad {
		t.Run("offer: "+tt.name, func(t *testing.T) {
			a, err := Answer(context.Background(), cfg, tt.sdp)
			if !errors.Is(err, ErrBadOffer) || a != nil {
				t.Fatalf("got %v, want ErrBadOffer", err)
			}
		})
		t.Run("answer: "+tt.name, func(t *testing.T) {
			c, err := o.Accept(tt.sdp)
			if !errors.Is(err, ErrBadAnswer) || c != nil {
				t.Fatalf("got %v, want ErrBadAnswer", err)
			}
		})
	}
	t.Run("the offerer still takes a good answer", func(t *testing.T) {
		an, err := Answer(context.Background(), cfg, good)
		if err != nil {
			t.Fatal(err)
		}
		defer an.Close()
		go an.Wait()
		c, err := o.Accept(an.Answer())
		if err != nil {
			t.Fatal(err)
		}
		c.Close()
		if _, err := o.Accept(an.Answer()); err != ErrAnswered {
			t.Fatalf("a second answer: %v, want ErrAnswered", err)
		}
	})
}

// validOffer is a real offer, from an offerer closed at once.
func validOffer(t testing.TB) string {
	t.Helper()
	o, err := Dial(context.Background(), loopback(Config{}))
	if err != nil {
		t.Fatal(err)
	}
	o.Close()
	return o.Offer()
}

func TestErrorsAreForPlayers(t *testing.T) {
	for _, err := range []error{
		ErrClosed, ErrHungUp, ErrLost, ErrOversize, ErrOverrun, ErrBackedUp, ErrTooLarge,
		ErrOpenTimeout, ErrUnreachable, ErrBadOffer, ErrBadAnswer, ErrAnswered, ErrNoNetwork, ErrSetup,
		stopped(context.Canceled), fmt.Errorf("%w: %v", ErrBadAnswer, "it is empty"),
	} {
		if !strings.HasPrefix(err.Error(), "peer: ") {
			t.Errorf("%q does not start with the package name", err)
		}
	}
	for _, err := range []error{ErrHungUp, ErrLost, ErrOversize, ErrOverrun} {
		if !errors.Is(err, ErrClosed) {
			t.Errorf("%q ends a link but is not an ErrClosed", err)
		}
	}
	for _, err := range []error{ErrBackedUp, ErrTooLarge, ErrOpenTimeout} {
		if errors.Is(err, ErrClosed) {
			t.Errorf("%q leaves the link open but is an ErrClosed", err)
		}
	}
}
