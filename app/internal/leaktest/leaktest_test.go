package leaktest

import (
	"fmt"
	"testing"
	"time"
)

// probeTB is a testing.TB whose clean-ups and errors are kept for
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
func TestCheck(t *testing.T) {
	t.Run("reports a goroutine still running", func(t *testing.T) {
		// The goroutine never ends, so a short grace reports it as surely
		// as a long one, and sooner.
		defer func(g time.Duration) { grace = g }(grace)
		grace = 500 * time.Millisecond
		probe := &probeTB{TB: t}
		Check(probe)
		stop := make(chan struct{})
		go func() { <-stop }()
		probe.finish()
		close(stop)
		if len(probe.errors) != 1 {
			t.Fatalf("a leaked goroutine gave %d errors", len(probe.errors))
		}
	})
	t.Run("waits for one on its way out", func(t *testing.T) {
		probe := &probeTB{TB: t}
		Check(probe)
		go time.Sleep(300 * time.Millisecond)
		probe.finish()
		if len(probe.errors) != 0 {
			t.Fatalf("a goroutine that ended in time was reported: %v", probe.errors)
		}
	})
}
