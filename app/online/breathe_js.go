//go:build js && wasm

package online

import (
	"strconv"
	"sync"
	"syscall/js"
	"time"
)

// slice is how long a bot may think before the page gets a turn: well
// under the 50 ms the browser counts as a long task, so that taps,
// scrolling and drawing go on while a hard bot searches. The same task
// may also draw the last move and lay the page out (all of Go's ready
// goroutines run whenever the page calls into it), so the bot's share is
// kept small.
const slice = 12 * time.Millisecond

// breaths counts, for the page's function longhallBreaths() (tests and
// `make bench`), how often a search called its pause and how often the
// pause handed the thread back to the browser. A test checks the search
// yields by these counts; how long the tasks between yields last is a
// benchmark's figure, which a busy machine would make a test's coin toss.
var breaths struct {
	once           sync.Once
	pauses, yields int
}

// newBreather returns the pause a hard bot's search calls every few dozen
// actions it plays out (session.Options.BotPause). Go runs on the page's
// one thread, so a search that never blocks would hold the page until it
// is done; after each slice of thinking this one hands the thread back to
// the browser until a message posted to itself comes back (a
// MessageChannel: unlike a timer, it is not held back to 4 ms or more).
func newBreather() func() {
	ch := js.Global().Get("MessageChannel")
	if ch.IsUndefined() {
		return nil
	}
	breaths.once.Do(func() {
		js.Global().Set("longhallBreaths", js.FuncOf(func(js.Value, []js.Value) any {
			return `{"pauses":` + strconv.Itoa(breaths.pauses) + `,"yields":` + strconv.Itoa(breaths.yields) + `}`
		}))
	})
	channel := ch.New()
	wake := make(chan struct{}, 1)
	channel.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case wake <- struct{}{}:
		default:
		}
		return nil
	}))
	port := channel.Get("port2")
	last := time.Now()
	return func() {
		breaths.pauses++
		if time.Since(last) < slice {
			return
		}
		port.Call("postMessage", nil)
		<-wake
		breaths.yields++
		last = time.Now()
	}
}
