//go:build linux

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// newRoomSiteWith serves the app with exactly these relay lists.
func newRoomSiteWith(t testing.TB, ns *netns, trackers, relays []string) *roomSite {
	t.Helper()
	bin, root := theApp(t)
	srv := ns.StartApp(t, bin, root, "-stun", "none", "-trackers", strings.Join(trackers, ","), "-relays", strings.Join(relays, ","))
	return &roomSite{ns: ns, base: srv.URL}
}

// TestRoomMeetsDespiteDeadAndSilentRelays: the site lists trackers and
// Nostr relays of which some refuse connections and some accept and never
// answer; one of each kind works. Host and guest still meet, the host's
// Connection line says which relays answer and which do not, and the
// guest's says which one brought it to the host.
func TestRoomMeetsDespiteDeadAndSilentRelays(t *testing.T) {
	t.Parallel()
	ns := newNetns(t)
	liveTracker, liveRelay := ns.StartTracker(t), ns.StartNostrRelay(t)
	deadTracker, deadRelay := ns.DeadRelay(t), ns.DeadRelay(t)
	silentTracker, silentRelay := ns.StartSilentRelay(t), ns.StartSilentRelay(t)
	site := newRoomSiteWith(t, ns, []string{deadTracker, silentTracker, liveTracker}, []string{silentRelay, deadRelay, liveRelay})
	host := site.player(t, "Gordon")
	link := site.openRoom(t, host, 2)
	guest := site.player(t, "Rikki")
	within(t, guest, "opening the link", chromedp.Navigate(link))
	if s := seatedAt(t, guest, "the guest"); s != 1 {
		t.Fatalf("the guest sits at %d", s)
	}
	var up, down, via string
	strip := func(u string) string { return strings.TrimPrefix(u, "ws://") }
	// The page rereads the relays every few seconds; the live ones come up.
	c, cancel := context.WithTimeout(host, 30*time.Second)
	err := chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`(() => { const up = (JSON.parse(window.longhallLink ? window.longhallLink() : '{}').relaysUp || []).join(' ');
	  return up.includes(%q) && up.includes(%q); })()`, strip(liveTracker), strip(liveRelay)), nil, chromedp.WithPollingInterval(100*time.Millisecond)))
	cancel()
	if err != nil {
		t.Errorf("the host never listed both live relays as answering: %v", err)
	}
	hf := linkFiguresOf(t, host)
	up, down = strings.Join(hf.RelaysUp, " "), strings.Join(hf.RelaysDown, " ")
	t.Logf("the host's relays: up %q, down %q", up, down)
	for _, live := range []string{liveTracker, liveRelay} {
		if !strings.Contains(up, strip(live)) {
			t.Errorf("the live relay %s is not listed as answering (up: %q)", live, up)
		}
	}
	for _, dead := range []string{deadTracker, deadRelay} {
		if strings.Contains(up, strip(dead)) || !strings.Contains(down, strip(dead)) {
			t.Errorf("the dead relay %s is not listed as silent (up %q, down %q)", dead, up, down)
		}
	}
	within(t, guest, "reading how the guest came", chromedp.Poll(`JSON.parse(window.longhallLink ? window.longhallLink() : '{}').via || ''`, &via, chromedp.WithPollingInterval(100*time.Millisecond)))
	if !strings.Contains(via, strip(liveTracker)) && !strings.Contains(via, strip(liveRelay)) && !strings.Contains(via, "other tabs") {
		t.Errorf("the guest came through %q", via)
	}
	t.Logf("the guest reached the host through %s", via)
}
