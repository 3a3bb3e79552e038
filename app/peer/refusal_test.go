//go:build !js

package peer

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
)

func TestOpenTimesOut(t *testing.T) {
	const timeout = 300 * time.Millisecond
	cfg := loopback(Config{OpenTimeout: timeout})
	t.Run("the answer never comes", func(t *testing.T) {
		leaktest.Check(t)
		start := time.Now()
		// The answer is never delivered: both sides give up on their own.
		o, an := abandoned(t, cfg)
		defer o.Close()
		defer an.Close()
		// Not before the timeout, which started after start. How soon after
		// it both sides give up is BenchmarkOpenTimeout's figure: a busy
		// machine makes it later, and only a hang exceeds wait.
		if elapsed := time.Since(start); elapsed < timeout {
			t.Fatalf("gave up after %v, before the open timeout of %v", elapsed, timeout)
		}
		if _, err := o.Accept(an.Answer()); err != ErrOpenTimeout {
			t.Fatalf("a late answer: %v, want ErrOpenTimeout", err)
		}
	})
	t.Run("the offerer is gone before it gets the answer", func(t *testing.T) {
		leaktest.Check(t)
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
		leaktest.Check(t)
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
		leaktest.Check(t)
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
		leaktest.Check(t)
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
		leaktest.Check(t)
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
		// Give a wrong watcher time to act. A busy machine can only make
		// this check miss a wrong watcher, never fail a right one.
		time.Sleep(50 * time.Millisecond)
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
	leaktest.Check(t)
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
