//go:build !js

package peer

import (
	"fmt"
	"testing"
	"time"
)

// probeTB is a testing.TB whose cleanups and errors are kept for
// inspection instead of acting on the real test.
type probeTB struct {
	testing.TB
	cleanups []func()
	errors   []string
}

func (p *probeTB) Helper()                   {}
func (p *probeTB) Cleanup(f func())          { p.cleanups = append(p.cleanups, f) }
func (p *probeTB) Errorf(f string, a ...any) { p.errors = append(p.errors, fmt.Sprintf(f, a...)) }

func (p *probeTB) finish() {
	for i := len(p.cleanups) - 1; i >= 0; i-- {
		p.cleanups[i]()
	}
}

// The leak check must be able to fail, or it proves nothing.
func TestLeakCheck(t *testing.T) {
	t.Run("reports a goroutine still running", func(t *testing.T) {
		probe := &probeTB{TB: t}
		checkLeaksWithin(probe, 50*time.Millisecond)
		stop := make(chan struct{})
		go func() { <-stop }()
		probe.finish()
		close(stop)
		if len(probe.errors) != 1 {
			t.Fatalf("a leaked goroutine gave %d errors", len(probe.errors))
		}
	})
	t.Run("waits for one that ends within the grace period", func(t *testing.T) {
		probe := &probeTB{TB: t}
		checkLeaksWithin(probe, wait)
		go time.Sleep(100 * time.Millisecond)
		probe.finish()
		if len(probe.errors) != 0 {
			t.Fatalf("a goroutine that ended in time was reported: %v", probe.errors)
		}
	})
	t.Run("reports a connection left open", func(t *testing.T) {
		probe := &probeTB{TB: t}
		checkLeaksWithin(probe, 200*time.Millisecond)
		a, b := newPair(t, loopback(Config{}), loopback(Config{}))
		probe.finish()
		a.Close()
		b.Close()
		waitDone(t, "closing", a.torn)
		waitDone(t, "closing", b.torn)
		if len(probe.errors) != 1 {
			t.Fatalf("an open connection gave %d errors", len(probe.errors))
		}
	})
}
