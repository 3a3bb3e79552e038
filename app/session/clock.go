package session

import (
	"time"

	"golang.org/x/time/rate"
)

// Clock is the time source of a host: the rate limits read it and the bot
// pacing and hello timeout wait on it. Tests inject a manual clock so they
// never sleep.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f on its own goroutine once d has passed and returns
	// a function that cancels the call if it has not happened yet.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// SystemClock is the real clock.
type SystemClock struct{}

// Now implements Clock.
func (SystemClock) Now() time.Time { return time.Now() }

// AfterFunc implements Clock.
func (SystemClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// newBucket is a token bucket (golang.org/x/time/rate) that holds up to
// burst tokens and gains rate tokens a second, driven by the host's clock:
// each message takes one with AllowN(now, 1).
func newBucket(burst int, r float64) *rate.Limiter {
	return rate.NewLimiter(rate.Limit(r), burst)
}
