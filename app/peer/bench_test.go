//go:build !js

package peer

import (
	"context"
	"slices"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
)

// BenchmarkRoundTrip measures a 64-byte message's round trip over a native
// data channel on loopback (the other side echoes it), and reports the
// median and 99th percentile, and the median time to connect (Dial to an
// open channel on both sides, signaling in memory).
func BenchmarkRoundTrip(b *testing.B) {
	leaktest.Check(b)
	cfg := loopback(Config{})
	var connects []time.Duration
	for range 5 {
		start := time.Now()
		x, y := newPair(b, cfg, cfg)
		connects = append(connects, time.Since(start))
		x.Close()
		y.Close()
	}

	a, echo := newPair(b, cfg, cfg)
	go func() {
		for {
			m, err := echo.Recv(context.Background())
			if err != nil {
				return
			}
			if err := echo.Send(m); err != nil {
				return
			}
		}
	}()
	ctx := context.Background()
	msg := make([]byte, 64)
	rtts := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		if err := a.Send(msg); err != nil {
			b.Fatal(err)
		}
		if _, err := a.Recv(ctx); err != nil {
			b.Fatal(err)
		}
		rtts = append(rtts, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(rtts)
	slices.Sort(connects)
	b.ReportMetric(float64(rtts[len(rtts)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(rtts[len(rtts)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(connects[len(connects)/2].Microseconds())/1000, "connect-ms")
}
