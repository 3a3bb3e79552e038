package session

import (
	"context"
	"slices"
	"testing"
	"time"

	"longhall/rules"
	_ "longhall/rules/rednorth"
)

// BenchmarkWireBytesPerAction plays whole 4-player games of Red North
// between four guests and reports what each applied action costs one
// guest on the wire (the state message, as encoded), median and p90, and
// the host's time per applied action (apply, save, encode, send), whole
// and until the acting guest was sent its state.
func BenchmarkWireBytesPerAction(b *testing.B) {
	var sizes []int
	var hostTimes, toActor []time.Duration
	for i := 0; i < max(1, b.N); i++ {
		h, err := NewHost(context.Background(), "rednorth", rules.Config{Players: 4}, uint64(i+1), Options{OnSave: func(Save) {}, Timing: func(at ActionTimes) { hostTimes = append(hostTimes, at.Total); toActor = append(toActor, at.ToActor) },
			// Bots at machine speed race each other's moves; no rate limit.
			Limits: Limits{MsgBurst: 1 << 20, MsgRate: 1 << 20}})
		if err != nil {
			b.Fatal(err)
		}
		guests := []*Guest{local(b, h, "Ann", "")}
		for _, n := range []string{"Bob", "Cat", "Dag"} {
			guests = append(guests, join(b, h, n, ""))
		}
		for _, g := range guests[1:] {
			g.Ready(true)
		}
		waitLobby(b, guests[0], "everyone ready", func(l *Lobby) bool {
			return l.Seats[1].Ready && l.Seats[2].Ready && l.Seats[3].Ready
		})
		if err := h.Start(); err != nil {
			b.Fatal(err)
		}
		done := make(chan []int, len(guests))
		for k, g := range guests {
			go func() {
				rng := rules.NewRNG(uint64(i*10 + k))
				var mine []int
				acted, over := -1, false
				// act plays from the latest table, once per version.
				act := func() {
					st := g.Latest().State
					if st == nil || st.Result != nil || len(st.Legal) == 0 || st.Version <= acted {
						return
					}
					acted = st.Version
					g.Intent(st.Legal[rng.Intn(len(st.Legal))])
				}
				for u := range g.Updates() {
					if u.State != nil && u.State.Version > 0 && !over {
						mine = append(mine, u.Size)
					}
					if u.State != nil && u.State.Result != nil && !over {
						over = true
						done <- mine
					}
					if u.Error != nil {
						acted = -1 // refused: a move raced another; try again
					}
					if !over && len(g.Updates()) == 0 {
						act()
					}
				}
			}()
		}
		for range guests {
			sizes = append(sizes, <-done...)
		}
		h.Close()
	}
	slices.Sort(sizes)
	b.ReportMetric(float64(sizes[len(sizes)/2]), "wire-bytes-per-action-4p-p50:bytes")
	b.ReportMetric(float64(sizes[len(sizes)*9/10]), "wire-bytes-per-action-4p-p90:bytes")
	slices.Sort(hostTimes)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(hostTimes[len(hostTimes)/2]), "host-ms-per-action-p50:ms")
	b.ReportMetric(ms(hostTimes[len(hostTimes)*99/100]), "host-ms-per-action-p99:ms")
	slices.Sort(toActor)
	b.ReportMetric(ms(toActor[len(toActor)/2]), "host-ms-to-actor-p50:ms")
}
