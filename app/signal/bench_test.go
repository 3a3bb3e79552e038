//go:build !(js && wasm)

package signal

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// BenchmarkRaceFallsBack measures a guest's call, offer to answer, through
// a race of a relay that is down and one that works, with the host's app
// answering at once: the median and the slowest. TestRaceFallsBack checks
// that the race does not wait for the dead relay; this is how long it
// takes.
func BenchmarkRaceFallsBack(b *testing.B) {
	tr, relay := startTracker(b), startRelay(b)
	for _, c := range []struct {
		name    string
		members []Signaler
	}{
		{"tracker down", []Signaler{Tracker{URL: closedURL(b)}, Nostr{URL: relay.URL}}},
		{"relay down", []Signaler{Tracker{URL: tr.URL}, Nostr{URL: closedURL(b)}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx := testContext(b, 10*time.Minute)
			room := newTestRoom(b)
			race := Race{Signalers: c.members}
			seen := serving(ctx, b, race, room, fixedAnswer)
			go func() { // serveOne hands on every offer; nobody else reads them
				for {
					select {
					case <-seen:
					case <-ctx.Done():
						return
					}
				}
			}()
			calls := make([]time.Duration, 0, b.N)
			for i := range b.N {
				// A new offer each time: a copy of an answered one would
				// be answered by the host's gate, not its app.
				offer := testSDP + fmt.Sprintf("a=x-call:%d\r\n", i)
				start := time.Now()
				if _, err := race.Call(ctx, room, offer); err != nil {
					b.Fatal(err)
				}
				calls = append(calls, time.Since(start))
			}
			slices.Sort(calls)
			b.ReportMetric(float64(calls[len(calls)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(calls[len(calls)-1].Microseconds())/1000, "max-ms")
		})
	}
}
