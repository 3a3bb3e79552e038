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

// BenchmarkOpenTimeout measures how late after Config.OpenTimeout both
// sides of an attempt whose answer never comes have given up (the median
// over b.N attempts). TestOpenTimesOut checks that they give up, and not
// before the timeout; how soon after it is this figure, which a busy
// machine makes larger.
func BenchmarkOpenTimeout(b *testing.B) {
	leaktest.Check(b)
	const timeout = 300 * time.Millisecond
	cfg := loopback(Config{OpenTimeout: timeout})
	late := make([]time.Duration, 0, b.N)
	for range b.N {
		start := time.Now()
		o, an := abandoned(b, cfg)
		late = append(late, time.Since(start)-timeout)
		an.Close()
		o.Close()
	}
	slices.Sort(late)
	b.ReportMetric(float64(late[len(late)/2].Microseconds())/1000, "late-ms")
}
