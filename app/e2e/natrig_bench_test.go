//go:build linux

package e2e

import (
	"testing"
	"time"
)

// BenchmarkNATRooms reports, for a 2-seat room across the NAT rig, the
// time from opening the room link to being seated and the guest's move
// round trip (median and p95), for each way a room connects: directly
// through two ordinary NATs, through the site's TURN server between two
// symmetric NATs, and through the room's relay between two symmetric NATs
// with no TURN. It also reports how soon play resumes after a guest's
// 30 s outage and after his address changes.
func BenchmarkNATRooms(b *testing.B) {
	for _, c := range []struct {
		name    string
		homes   []natKind
		flags   func(*natRig) []string
		relayed bool
	}{
		{"direct", []natKind{natOrdinary, natOrdinary}, func(r *natRig) []string { return []string{"-stun", r.STUN} }, false},
		{"turn", []natKind{natSymmetric, natSymmetric}, natTURNServeFlags, false},
		{"relayed", []natKind{natSymmetric, natSymmetric}, func(r *natRig) []string { return []string{"-stun", r.STUN} }, true},
	} {
		rig := newNATRig(b, c.homes...)
		base := rig.StartApp(b, c.flags(rig)...)
		run := natRoomWith(b, rig, base, rig.Homes[0], rig.Homes[1], c.relayed)
		bench(b, "room-"+c.name+"-link-to-seated", float64(run.Seated.Milliseconds()), "ms")
		bench(b, "room-"+c.name+"-move-rtt-p50", percentile(run.RTTs, 50), "ms")
		bench(b, "room-"+c.name+"-move-rtt-p95", percentile(run.RTTs, 95), "ms")
	}
	// Recovery (issue 22): a guest's network goes for 30 s as he moves;
	// and a guest's public address changes as he moves.
	noticed, resumed := linkDiesWhileItMoves(b, 30*time.Second)
	bench(b, "room-outage-30s-noticed", float64(noticed.Milliseconds()), "ms")
	bench(b, "room-outage-30s-resumed-after-return", float64(resumed.Milliseconds()), "ms")
	bench(b, "room-address-change-move-applied", float64(addressChangesAsHeMoves(b).Milliseconds()), "ms")
}
