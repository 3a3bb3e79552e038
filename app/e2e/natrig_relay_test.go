//go:build linux

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestNATRoomSymmetricNATsPlayThroughTheRelays: host and guest each behind
// a symmetric NAT, with STUN but no TURN, so that no direct path can
// open: the guest is still seated and moves go both ways, through the
// room's Nostr relay, both tables agree, and each page says so in words.
// The guest asks for the relayed link beside its data channel (relay
// first), so it is seated while ICE is still trying: its peer connection
// has not failed yet when the page shows it seated. How soon it is
// seated is BenchmarkNATRooms's to measure (room-relayed-link-to-seated).
func TestNATRoomSymmetricNATsPlayThroughTheRelays(t *testing.T) {
	t.Parallel()
	rig := newNATRig(t, natSymmetric, natSymmetric)
	base := rig.StartApp(t, "-stun", rig.STUN)
	run := natRoomWith(t, rig, base, rig.Homes[0], rig.Homes[1], true)
	t.Logf("seated through the relays %v after opening the link; the guest's peer connections then: %v", run.Seated.Round(time.Millisecond), run.GuestAtSeat)
	trying := false
	for _, pc := range run.GuestAtSeat {
		trying = trying || pc.State != "failed" && pc.State != "closed"
	}
	if !trying {
		t.Errorf("the guest was seated only after its data channel had given up (relay first would seat it while ICE still tries): %v", run.GuestAtSeat)
	}
	for _, pc := range peerLinks(t, run.Guest) {
		if pc.State == "connected" {
			t.Errorf("the guest's peer connection opened after all: %v", pc)
		}
	}
	var banner, note string
	within(t, run.Guest, "reading the guest's banner", chromedp.Evaluate(`(document.querySelector('#banner') || {}).textContent || ''`, &banner))
	within(t, run.Host, "reading the host's note", chromedp.Evaluate(`(document.querySelector('#guests-note') || {}).textContent || ''`, &note))
	if !strings.Contains(banner, "through the relays") {
		t.Errorf("the guest's banner reads %q; want it to say the game goes through the relays", banner)
	}
	if !strings.Contains(note, "through the relays") {
		t.Errorf("the host's note reads %q; want it to say a player plays through the relays", note)
	}
	screenshot(t, run.Guest, "nat-symmetric-relayed-guest")
	screenshot(t, run.Host, "nat-symmetric-relayed-host")
}

// TestNATRoomNoPathAtAllIsSaidInWords: host and guest each behind a
// symmetric NAT, no TURN, and a site whose only relay is a tracker (which
// cannot carry a game): nothing connects them. The guest reads, without
// code prefixes, that the two networks block a direct link (at once, while
// it tries the relays) and, once the relays have failed too, what to try;
// the host reads that a player tried and could not join.
func TestNATRoomNoPathAtAllIsSaidInWords(t *testing.T) {
	t.Parallel()
	rig := newNATRig(t, natSymmetric, natSymmetric)
	base := rig.StartApp(t, "-stun", rig.STUN, "-relays", "none")
	host := rig.Site(rig.Homes[0], base).player(t, "Gordon")
	guest := rig.Site(rig.Homes[1], base).player(t, "Rikki")
	link := rig.Site(rig.Homes[0], base).openRoom(t, host, 2)
	within(t, guest, "opening the link", chromedp.Navigate(link))
	var banner string
	opened := time.Now()
	// A whole attempt must fail first (ICE gives up, then the relays):
	// 25-40 s here, so the guard is a hang's, longer than a step's.
	told, cancel := context.WithTimeout(guest, 3*stepLimit)
	defer cancel()
	if err := chromedp.Run(told, chromedp.Poll(`(() => { const t = (document.querySelector('#banner') || {}).textContent || ''; return t.includes('TURN') ? t : ''; })()`, &banner,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(3*stepLimit))); err != nil {
		roomFailure(t, guest, "the guest told", err)
	}
	for _, code := range []string{"room:", "peer:", "signal:", "session:", "online:"} {
		if strings.Contains(banner, code) {
			t.Errorf("the guest's banner reads %q, with the code prefix %q", banner, code)
		}
	}
	if !strings.Contains(banner, "block a direct link") || !strings.Contains(banner, "another network") {
		t.Errorf("the guest's banner reads %q; want it to say what to try", banner)
	}
	var note string
	toldAfter := time.Since(opened)
	within(t, host, "the host told", chromedp.Poll(`(() => { const t = (document.querySelector('#guests-note') || {}).textContent || ''; return t.includes('could not join') ? t : ''; })()`, &note,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)))
	t.Logf("the guest reads, %.1f s after opening the link, %q; the host reads, %.1f s after, %q", toldAfter.Seconds(), banner, time.Since(opened).Seconds(), note)
	screenshot(t, guest, "nat-no-path-guest")
	screenshot(t, host, "nat-no-path-host")
}

// TestNATRoomRelayedGuestMovesToADirectLinkWhenOneOpens: host and guest
// each behind a symmetric NAT, no TURN, play through the relays; then both
// homes' routers become ordinary NATs (as a phone moving onto a home's
// network), a direct path is possible, and the guest's next try for one
// (the site tries every 2 s, doubling: -direct-every) opens a data
// channel: the guest's seat moves to it without a drop, neither page says
// the game goes through the relays any more, and play goes on both ways
// with both tables agreeing.
func TestNATRoomRelayedGuestMovesToADirectLinkWhenOneOpens(t *testing.T) {
	t.Parallel()
	rig := newNATRig(t, natSymmetric, natSymmetric)
	base := rig.StartApp(t, "-stun", rig.STUN, "-direct-every", "2s")
	run := natRoomWith(t, rig, base, rig.Homes[0], rig.Homes[1], true)
	for _, h := range rig.Homes {
		h.SetNAT(t, natOrdinary)
	}
	opened := time.Now()
	// A try that began before the change waits for ICE to give up
	// (about 15 s) before the next one: the guard is a hang's.
	moved, cancel := context.WithTimeout(run.Guest, 3*stepLimit)
	defer cancel()
	if err := chromedp.Run(moved, chromedp.Poll(natConnected, nil, chromedp.WithPollingInterval(200*time.Millisecond), chromedp.WithPollingTimeout(3*stepLimit))); err != nil {
		roomFailure(t, run.Guest, "the guest's data channel opening", err)
	}
	t.Logf("a direct link opened %v after the routers became ordinary NATs", time.Since(opened).Round(time.Millisecond))
	link := connectedLink(t, run.Guest, "the guest")
	if link.Relayed() {
		t.Errorf("the guest's new link goes through a TURN server, with none configured: %v", link)
	}
	t.Logf("the guest's link: %v", link)
	for _, side := range []struct {
		who string
		ctx context.Context
		sel string
	}{{"the guest's banner", run.Guest, "#banner"}, {"the host's note", run.Host, "#guests-note"}} {
		within(t, side.ctx, side.who+" no longer saying the game goes through the relays", chromedp.Poll(
			`!((document.querySelector('`+side.sel+`') || {}).textContent || '').includes('through the relays')`, nil,
			chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)))
	}
	var banner string
	var taken bool
	within(t, run.Guest, "reading the guest's page", chromedp.Evaluate(`(document.querySelector('#banner') || {}).textContent || ''`, &banner),
		chromedp.Evaluate(`!!document.querySelector('#elsewhere')`, &taken))
	if strings.Contains(banner, "dropped") || taken {
		t.Errorf("after the move the guest's banner reads %q, and its seat reads as taken elsewhere: %v", banner, taken)
	}
	before := run.Version
	hostMoves, guestMoves := playBothWays(t, run.Host, run.Guest, 2)
	after := settled(t, run.Host, run.Guest)
	t.Logf("on the direct link: %d host and %d guest moves, from version %s to %s", hostMoves, guestMoves, before, after)
}
