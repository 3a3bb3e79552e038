//go:build linux

package e2e

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"
)

// rawDataChannelRTT measures the round trip of a bare RTCDataChannel
// between two Chromium processes inside ns, without the app: n pings from
// testdata/rtcpage's offerer, each echoed by the answerer, in
// milliseconds and in the order sent. It is the floor any message the
// app relays between players cannot beat.
func rawDataChannelRTT(t testing.TB, ns *netns, n int) []float64 {
	t.Helper()
	return pacedDataChannelRTT(t, ns, n, 0, 0)
}

// pacedDataChannelRTT is rawDataChannelRTT with gap between pings and each
// pong padded to size bytes: the shape of a game's traffic, where a small
// intent goes out now and then and a state of about a kilobyte comes back.
// Between sparse messages the browsers' threads go idle, and waking them
// costs more than a flood of pings shows.
func pacedDataChannelRTT(t testing.TB, ns *netns, n int, gap time.Duration, size int) []float64 {
	t.Helper()
	run := runRTCPage(t, ns, n, fmt.Sprintf("&gap=%d&size=%d", gap.Milliseconds(), size))
	if len(run.Offer.RTTs) != n {
		t.Fatalf("%d pings answered, want %d", len(run.Offer.RTTs), n)
	}
	return run.Offer.RTTs
}

// skipWithoutNetns skips a benchmark that cannot create network namespaces
// (not root, or no `ip`), where requireNetnsTools would fail a test.
func skipWithoutNetns(b *testing.B) {
	b.Helper()
	if os.Geteuid() != 0 {
		b.Skipf("needs root (uid 0) to create a network namespace; running as uid %d", os.Geteuid())
	}
	if _, err := exec.LookPath("ip"); err != nil {
		b.Skip("needs `ip` (iproute2) to create a network namespace")
	}
}

// percentile returns the p-th percentile (0-100) of v by the nearest-rank
// method: the smallest value at least p% of v are at or below.
func percentile(v []float64, p float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	rank := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(rank, len(s)-1))]
}
