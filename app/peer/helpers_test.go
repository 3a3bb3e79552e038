//go:build !js

package peer

import (
	"context"
	"testing"
	"time"
)

// wait bounds every wait in these tests, so that a broken test fails
// instead of hanging. Only a hang exceeds it: pion on a busy machine under
// the race detector may take seconds where it takes milliseconds alone.
const wait = 30 * time.Second

// loopback is a Config for a native peer that stays on loopback.
func loopback(cfg Config) Config {
	cfg.SettingEngine = LoopbackOnly
	return cfg
}

// newPair connects an offerer with cfgA to an answerer with cfgB and
// closes both ends when the test ends.
func newPair(t testing.TB, cfgA, cfgB Config) (a, b *Conn) {
	t.Helper()
	ctx := context.Background()
	o, err := Dial(ctx, cfgA)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	an, err := Answer(ctx, cfgB, o.Offer())
	if err != nil {
		t.Fatal(err)
	}
	defer an.Close()
	type result struct {
		c   *Conn
		err error
	}
	answered := make(chan result, 1)
	go func() {
		c, err := an.Wait()
		answered <- result{c, err}
	}()
	a, errA := o.Accept(an.Answer())
	r := <-answered
	if errA != nil || r.err != nil {
		t.Fatalf("connecting: offerer: %v; answerer: %v", errA, r.err)
	}
	t.Cleanup(func() {
		a.Close()
		r.c.Close()
	})
	return a, r.c
}

// recv receives one message or fails the test after wait.
func recv(t testing.TB, c interface {
	Recv(context.Context) ([]byte, error)
}) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	m, err := c.Recv(ctx)
	if err != nil {
		t.Fatalf("recv: %v", err)
	}
	return m
}

// waitDone fails the test unless done is closed within wait.
func waitDone(t testing.TB, what string, done <-chan struct{}) {
	t.Helper()
	select {
	case <-done:
	case <-time.After(wait):
		t.Fatalf("%s: not done after %v", what, wait)
	}
}

// abandoned opens an attempt whose answer never reaches the offerer and
// returns once both sides have given up on it (Config.OpenTimeout), the
// answerer with ErrOpenTimeout. The caller closes both.
func abandoned(tb testing.TB, cfg Config) (*Offerer, *Answerer) {
	tb.Helper()
	o, err := Dial(context.Background(), cfg)
	if err != nil {
		tb.Fatal(err)
	}
	an, err := Answer(context.Background(), cfg, o.Offer())
	if err != nil {
		o.Close()
		tb.Fatal(err)
	}
	if _, err := an.Wait(); err != ErrOpenTimeout {
		o.Close()
		an.Close()
		tb.Fatalf("answerer: %v, want ErrOpenTimeout", err)
	}
	waitDone(tb, "the offerer", o.c.Done())
	return o, an
}

// sendPaced sends every message, waiting while the link is backed up, as a
// sender that paces itself would.
func sendPaced(c *Conn, msgs [][]byte) error {
	deadline := time.Now().Add(wait)
	for _, m := range msgs {
		for {
			err := c.Send(m)
			if err == nil {
				break
			}
			if err != ErrBackedUp || time.Now().After(deadline) {
				return err
			}
			time.Sleep(time.Millisecond)
		}
	}
	return nil
}

func mustSend(t testing.TB, c *Conn, msg []byte) {
	t.Helper()
	if err := c.Send(msg); err != nil {
		t.Fatalf("send %q: %v", msg, err)
	}
}
