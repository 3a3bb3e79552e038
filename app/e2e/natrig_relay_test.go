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
func TestNATRoomSymmetricNATsPlayThroughTheRelays(t *testing.T) {
	t.Parallel()
	rig := newNATRig(t, natSymmetric, natSymmetric)
	base := rig.StartApp(t, "-stun", rig.STUN)
	run := natRoomWith(t, rig, base, rig.Homes[0], rig.Homes[1], true)
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
