//go:build linux

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestRoomSuccessorHostsWhenTheHostsDeviceGoesQuiet (issue 38): Gordon
// hosts Red North and, during the game, chooses Rikki to host should his
// device go quiet; Rikki's page says what that means. Gordon's browser is
// killed: after the site's take-over time Rikki's page hosts the room from
// its copy and says so. Gordon, back, opens his room from the address his
// hall links to: his page finds Rikki hosting, says so, and plays on as a
// guest in his seat; the game goes on both ways.
func TestRoomSuccessorHostsWhenTheHostsDeviceGoesQuiet(t *testing.T) {
	t.Parallel()
	bin, root := theApp(t)
	ns := newNetns(t)
	srv := ns.StartApp(t, bin, root, "-stun", "none", "-trackers", ns.StartTracker(t), "-relays", ns.StartNostrRelay(t), "-take-over-after", "6s")
	site := &roomSite{ns: ns, base: srv.URL}
	profile := keptProfile(t)
	host, kill := ns.BrowserOn(t, profile, false)
	within(t, host, "Gordon's name", chromedp.Navigate(site.base+"/"), clientReady(),
		chromedp.Evaluate(`localStorage.setItem("longhall.name", '"Gordon"')`, nil))
	guest := site.player(t, "Rikki")
	link := site.openRoom(t, host, 2)
	var roomURL string
	within(t, host, "the room's address", chromedp.Location(&roomURL))
	startWith(t, host, guest, link, "#table")
	playBothWays(t, host, guest, 1)

	var means, chosen string
	within(t, host, "choosing Rikki to follow", chromedp.WaitReady("#successor", byQuery), setField("#successor", "1", "change"),
		chromedp.Poll(`(document.querySelector('#successor') || {parentElement: {}}).parentElement.textContent.includes('hidden cards')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Evaluate(`document.querySelector('#successor').parentElement.textContent`, &means))
	within(t, guest, "Rikki told he was chosen", chromedp.Poll(`(document.querySelector('#successor-note') || {}).textContent || ''`, &chosen, chromedp.WithPollingInterval(50*time.Millisecond)))
	if !strings.Contains(means, "Their device keeps a copy of the game, hidden cards included") {
		t.Errorf("the host reads %q beside the choice", means)
	}
	if !strings.Contains(chosen, "The host chose you to host") {
		t.Errorf("Rikki reads %q", chosen)
	}
	// A move more, so that Rikki's copy is the game's latest.
	playBothWays(t, host, guest, 1)
	record := recordOf(t, host)
	screenshot(t, host, "room-successor-chosen")
	var overflow bool
	// The handle opens the sheet when it is closed, and folds it when a
	// choice opened it part way: pressed until the sheet is open.
	within(t, host, "the choice on a phone, in the sheet the handle opens", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle(),
		chromedp.Poll(`(() => { const s = document.getElementById('side'); if (s.dataset.sheet !== 'open') document.getElementById('sheet-handle').click(); return s.dataset.sheet === 'open'; })()`, nil,
			chromedp.WithPollingInterval(200*time.Millisecond)),
		chromedp.WaitVisible("#successor", byQuery), settle(),
		chromedp.ScrollIntoView("#successor", byQuery), settle(),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	if overflow {
		t.Error("the host's table scrolls sideways on a 390-px phone with the successor's choice")
	}
	clickableOnPage(t, host, "the successor's choice on a phone", "#successor")
	screenView(t, host, "room-successor-chosen-phone")
	within(t, host, "back to a desk", chromedp.EmulateViewport(1280, 800))

	kill()
	gone := time.Now()
	var note string
	c, cancel := context.WithTimeout(guest, 3*stepLimit)
	defer cancel()
	if err := chromedp.Run(c, chromedp.Poll(`location.search.includes('host=') ? (document.querySelector('#handover-note') || {}).textContent || '' : ''`, &note,
		chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		roomFailure(t, guest, "Rikki never took the room over", err)
	}
	t.Logf("Rikki hosts %v after Gordon's browser was killed: %q", time.Since(gone).Round(time.Millisecond), note)
	if !strings.Contains(note, "they had chosen you: you host the table now") {
		t.Errorf("Rikki reads %q", note)
	}
	if now := recordOf(t, guest); len(now) < len(record) || strings.Join(now[:len(record)], ",") != strings.Join(record, ",") {
		t.Errorf("Rikki's device hosts the record %v; Gordon's was %v", now, record)
	}

	again, _ := ns.BrowserOn(t, profile, false)
	back := time.Now()
	within(t, again, "Gordon opening his room again", chromedp.Navigate(roomURL))
	var told string
	c2, cancel2 := context.WithTimeout(again, 3*stepLimit)
	defer cancel2()
	if err := chromedp.Run(c2, chromedp.Poll(`location.hash.includes('r=') ? (document.querySelector('#handover-note') || {}).textContent || '' : ''`, &told,
		chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		roomFailure(t, again, "Gordon never found Rikki hosting", err)
	}
	if s := seatedAt(t, again, "Gordon back"); s != 0 {
		t.Errorf("Gordon is back at seat %d", s)
	}
	t.Logf("Gordon back as a guest in his seat %v after opening his room: %q", time.Since(back).Round(time.Millisecond), told)
	if !strings.Contains(told, "the player you chose hosts the table now") {
		t.Errorf("Gordon reads %q", told)
	}
	screenshot(t, guest, "room-successor-hosting")
	hm, gm := playBothWays(t, guest, again, 1)
	t.Logf("then %d and %d moves", hm, gm)
}
