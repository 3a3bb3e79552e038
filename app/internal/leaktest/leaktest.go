// Package leaktest is the one goroutine-leak check the app's packages use
// in their tests (go.uber.org/goleak): call Check first in a test, and the
// goroutines the test started must have ended by its clean-up.
package leaktest

import (
	"testing"
	"time"

	"go.uber.org/goleak"
)

// grace is how long goroutines get to end after a test: pion's take a few
// seconds to wind down after a close, and more on a busy machine under the
// race detector. Only a leak exceeds it: Check returns as soon as they have
// ended. A variable, so that this package's test of a leak is quick.
var grace = 30 * time.Second

// Check snapshots the goroutines running now and, when the test ends (after
// every clean-up registered later, which close what the test opened),
// fails it if any other goroutine still runs after the grace period.
func Check(t testing.TB) {
	t.Helper()
	opts := []goleak.Option{
		goleak.IgnoreCurrent(),
		// The js/wasm runtime's event handler comes and goes with callbacks.
		goleak.IgnoreTopFunction("runtime.handleEvent"),
	}
	t.Cleanup(func() {
		deadline := time.Now().Add(grace)
		for {
			err := goleak.Find(opts...) // retries briefly by itself
			if err == nil {
				return
			}
			if time.Now().After(deadline) {
				t.Errorf("goroutines leaked: %v", err)
				return
			}
		}
	})
}
