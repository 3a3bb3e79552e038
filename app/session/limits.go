package session

import "golang.org/x/time/rate"

// newBucket is a token bucket (golang.org/x/time/rate) that holds up to
// burst tokens and gains rate tokens a second: each message takes one.
//
// The host reads the system clock directly, for rate limits as for its
// timers (bot pacing, the hello timeout); its tests run in a
// testing/synctest bubble, where that clock is a fake one.
func newBucket(burst int, r float64) *rate.Limiter {
	return rate.NewLimiter(rate.Limit(r), burst)
}
