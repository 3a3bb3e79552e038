package session

import "time"

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

// bucket is a token bucket: it holds up to burst tokens and gains rate
// tokens a second; each message takes one.
type bucket struct {
	tokens, burst, rate float64
	last                time.Time
}

func newBucket(burst int, rate float64, now time.Time) *bucket {
	return &bucket{tokens: float64(burst), burst: float64(burst), rate: rate, last: now}
}

func (b *bucket) take(now time.Time) bool {
	if el := now.Sub(b.last).Seconds(); el > 0 {
		b.tokens = min(b.burst, b.tokens+el*b.rate)
		b.last = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true
	}
	return false
}
