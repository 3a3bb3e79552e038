//go:build linux

package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestNATRoomSymmetricNATsPlayThroughTheRelays: host and guest each behind
// a symmetric NAT, with STUN but no TURN, so that no direct path can
// open: the guest is still seated and moves go both ways, through the
// room's Nostr relay, both tables agree, and each page says so in words.
func TestNATRoomSymmetricNATsPlayThroughTheRelays(t *testing.T) {
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
