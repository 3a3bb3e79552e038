//go:build linux

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestRoomTwoTabsOverBroadcastChannel: with no relay at all, a second tab
// of the host's browser joins through the BroadcastChannel.
func TestRoomTwoTabsOverBroadcastChannel(t *testing.T) {
	t.Parallel()
	site := newRoomSite(t, false)
	host := site.player(t, "Gordon")
	link := site.openRoom(t, host, 2)
	t.Logf("room link %s", link)
	screenshot(t, host, "room-host-two-tabs")
	tab, cancel := chromedp.NewContext(host)
	defer cancel()
	t.Logf("opening the link in a second tab")
	if err := chromedp.Run(tab, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	t.Logf("opened")
	if s := seatedAt(t, tab, "the second tab"); s != 1 {
		t.Fatalf("the second tab sits at %d", s)
	}
	var state string
	if err := chromedp.Run(host, chromedp.Poll(`(document.querySelector('#seat-1') || {}).dataset?.state || ''`, &state,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit))); err != nil || state != "not ready" {
		roomFailure(t, host, "the host does not see the second tab seated", err)
	}
	screenshot(t, tab, "room-second-tab")

	// The host leaves for the home page and comes back through "Your
	// rooms"; the second tab, which lost the host, reconnects by itself.
	var listed string
	within(t, host, "finding the room on the home page",
		chromedp.Navigate(site.base+"/"), clientReady(),
		chromedp.Poll(`(document.querySelector('a.save.room') || {}).textContent || ''`, &listed, chromedp.WithPollingInterval(50*time.Millisecond)))
	if !strings.Contains(listed, "Red North room") {
		t.Errorf("the home page lists the room as %q", listed)
	}
	screenshot(t, host, "room-home-your-rooms")
	within(t, host, "opening the room again", chromedp.Click("a.save.room", byQuery))
	if s := seatedAt(t, host, "the host back from the home page"); s != 0 {
		t.Fatalf("the host came back to seat %d", s)
	}
	var back bool
	within(t, tab, "the second tab reconnecting", chromedp.Poll(`(document.querySelector('#seat-1') || {dataset: {}}).dataset.state === 'not ready' && (document.querySelector('#banner') || {dataset: {}}).dataset.link !== 'reconnecting'`, &back,
		chromedp.WithPollingInterval(50*time.Millisecond)))
}

// TestRoomByConnectionCodes: with no relay, two browsers (so no shared
// BroadcastChannel either) connect by copying an offer code and an answer
// code between them.
func TestRoomByConnectionCodes(t *testing.T) {
	t.Parallel()
	site := newRoomSite(t, false)
	host := site.player(t, "Gordon")
	link := site.openRoom(t, host, 2)
	guest := site.player(t, "Rikki")
	var offer, answer string
	within(t, guest, "opening the link", chromedp.Navigate(link), clientReady())
	within(t, guest, "opening the code panel", chromedp.WaitVisible("#guest-code summary", byQuery), chromedp.Click("#guest-code summary", byQuery))
	within(t, guest, "making the guest's code", chromedp.Click("#make-offer", byQuery),
		chromedp.Poll(`(document.querySelector('#my-offer') || {}).value || ''`, &offer, chromedp.WithPollingInterval(50*time.Millisecond)))
	screenshot(t, guest, "room-code-offer")
	if err := chromedp.Run(host,
		chromedp.Click("#host-code summary", byQuery),
		chromedp.SetValue("#offer-code", offer, byQuery),
		chromedp.Evaluate(`document.querySelector('#offer-code').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
		chromedp.Click("#answer-code", byQuery),
		chromedp.Poll(`(document.querySelector('#my-answer') || {}).value || ''`, &answer, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)),
	); err != nil {
		roomFailure(t, host, "answering the code", err)
	}
	screenshot(t, host, "room-code-answer")
	if err := chromedp.Run(guest,
		chromedp.SetValue("#answer-input", answer, byQuery),
		chromedp.Evaluate(`document.querySelector('#answer-input').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
		chromedp.Click("#use-answer", byQuery),
	); err != nil {
		roomFailure(t, guest, "using the answer", err)
	}
	if s := seatedAt(t, guest, "the guest who used codes"); s != 1 {
		t.Fatalf("the guest sits at %d", s)
	}
}

// TestRoomHasOneHostTab: the host opens the room's own address in a second
// tab. That tab says the room is open elsewhere and offers to take it over;
// taking over makes the first tab step down, and the guest follows the new
// host tab by itself.
func TestRoomHasOneHostTab(t *testing.T) {
	t.Parallel()
	site := newRoomSite(t, false)
	host := site.player(t, "Gordon")
	link := site.openRoom(t, host, 2)
	var hostURL string
	within(t, host, "reading the host's address", chromedp.Evaluate(`window.location.href`, &hostURL))
	guest, cancelGuest := chromedp.NewContext(host)
	defer cancelGuest()
	// A new tab's first Run opens it, and the tab lives as long as that
	// Run's context: so no time limit here.
	if err := chromedp.Run(guest, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	if s := seatedAt(t, guest, "the guest tab"); s != 1 {
		t.Fatalf("the guest tab sits at %d", s)
	}

	second, cancelSecond := chromedp.NewContext(host)
	defer cancelSecond()
	var says string
	if err := chromedp.Run(second, chromedp.Navigate(hostURL)); err != nil {
		t.Fatal(err)
	}
	within(t, second, "opening the host's address in a second tab", clientReady(),
		chromedp.WaitVisible("#elsewhere", byQuery),
		chromedp.Text("#elsewhere h1", &says, byQuery))
	if says != "This room is open in another tab" {
		t.Errorf("the second host tab says %q", says)
	}
	var hosts int
	within(t, second, "counting hosts", chromedp.Evaluate(`document.querySelectorAll('#seats, #invite').length`, &hosts))
	if hosts != 0 {
		t.Error("the second tab shows the room while the first hosts it")
	}
	screenshot(t, second, "room-host-elsewhere")

	within(t, second, "taking the room over", chromedp.Click("#take-over", byQuery), chromedp.WaitVisible("#invite", byQuery))
	if s := seatedAt(t, second, "the host in the second tab"); s != 0 {
		t.Fatalf("the host's second tab sits at %d", s)
	}
	within(t, host, "the first tab stepping down",
		chromedp.Poll(`((document.querySelector('#elsewhere h1') || {}).textContent || '') === 'This room moved to another tab'`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	screenshot(t, host, "room-host-moved")
	var back bool
	within(t, second, "the guest following the new host tab",
		chromedp.Poll(`(document.querySelector('#seat-1') || {dataset: {}}).dataset.state === 'not ready'`, &back, chromedp.WithPollingInterval(50*time.Millisecond)))
}
