package session

import (
	"time"

	"longhall/rules"
)

// MaxAnswerTime bounds the time to answer a host may set.
const MaxAnswerTime = 5 * time.Minute

func clampAnswerTime(d time.Duration) time.Duration { return min(max(d, 0), MaxAnswerTime) }

// answerClock is the time to answer (Options.AnswerTime, SetAnswerTime): one
// timer, run for one seat's prompt at one step of the table. It owns the
// timer and what the players are told of it (msg); the host decides when it
// runs and what happens when it runs out (scheduleExpiry, expired). It runs
// on the host's loop, as everything the host owns does.
type answerClock struct {
	limit   time.Duration // zero for no limit
	stopFn  func() bool   // stops the timer running; nil when none is
	version int           // the table's version and step it runs for
	step    int
	seat    rules.Seat // whose time runs
	at      time.Time  // and when it runs out
}

// setLimit sets the time to answer, at most MaxAnswerTime; zero or less
// for no limit. A clock running goes on with its own.
func (c *answerClock) setLimit(d time.Duration) { c.limit = clampAnswerTime(d) }

// running says the clock runs, and runsFor that it runs for step.
func (c *answerClock) running() bool         { return c.stopFn != nil }
func (c *answerClock) runsFor(step int) bool { return c.stopFn != nil && c.step == step }

// start runs the clock for seat at the table's version and step, stopping
// the one running; out is called, on the timer's goroutine, when the time
// runs out (post it to the loop).
func (c *answerClock) start(version, step int, seat rules.Seat, out func()) {
	c.stop()
	c.version, c.step, c.seat, c.at = version, step, seat, time.Now().Add(c.limit)
	c.stopFn = time.AfterFunc(c.limit, out).Stop
}

// stop stops the clock running, if one is.
func (c *answerClock) stop() {
	if c.stopFn != nil {
		c.stopFn()
		c.stopFn = nil
	}
}

// ranOut notes that the time ran out: the clock runs no more.
func (c *answerClock) ranOut() { c.stopFn = nil }

// msg is the running time to answer, as the players are told it: whose,
// for which version, and how long is left now.
func (c *answerClock) msg() ClockMsg {
	return ClockMsg{Version: c.version, Seat: c.seat, Ms: max(time.Until(c.at), 0).Milliseconds()}
}
