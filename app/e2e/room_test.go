//go:build linux

package e2e

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A room in the browser: every player is a separate Chromium process with
// its own profile, all inside a private network namespace with a real
// WebTorrent tracker and a real Nostr relay, and the app served there with
// those as its only relays and no STUN server.

// roomSite is the app served inside a namespace with its relays.
type roomSite struct {
	ns   *netns
	base string // http://10.233.X.1:PORT
}

// newRoomSite starts the relays and the app. relays false serves the app
// with none, so that only the BroadcastChannel or codes can connect.
func newRoomSite(t testing.TB, relays bool) *roomSite {
	t.Helper()
	bin, root := theApp(t)
	return newRoomSiteOf(t, bin, root, relays)
}

// newRoomSiteOf is newRoomSite for a given build of the app.
func newRoomSiteOf(t testing.TB, bin, root string, relays bool) *roomSite {
	t.Helper()
	ns := newNetns(t)
	flags := []string{"-stun", "none", "-trackers", "none", "-relays", "none"}
	if relays {
		flags = []string{"-stun", "none", "-trackers", ns.StartTracker(t), "-relays", ns.StartNostrRelay(t)}
	}
	srv := ns.StartApp(t, bin, root, flags...)
	return &roomSite{ns: ns, base: srv.URL}
}

// newRoomSiteWith serves the app with exactly these relay lists.
func newRoomSiteWith(t testing.TB, ns *netns, trackers, relays []string) *roomSite {
	t.Helper()
	bin, root := theApp(t)
	srv := ns.StartApp(t, bin, root, "-stun", "none", "-trackers", strings.Join(trackers, ","), "-relays", strings.Join(relays, ","))
	return &roomSite{ns: ns, base: srv.URL}
}

// player opens a browser in the namespace with name stored as the
// player's name. A friend on a first visit is newcomer instead.
func (s *roomSite) player(t testing.TB, name string) context.Context {
	t.Helper()
	ctx := s.ns.Browser(t)
	if err := chromedp.Run(ctx,
		chromedp.Navigate(s.base+"/"),
		clientReady(),
		chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("longhall.name", %q)`, `"`+name+`"`), nil),
	); err != nil {
		t.Fatalf("%s's browser: %v", name, err)
	}
	return ctx
}

// newcomer opens a browser in the namespace with a fresh profile: nothing
// in storage, the way a friend meets a room link for the first time.
func (s *roomSite) newcomer(t testing.TB) context.Context {
	t.Helper()
	return s.ns.Browser(t)
}

// joinFirstTime opens the link in a newcomer's browser, types the name on
// the invitation page, presses Join, and waits until the page shows the
// player seated; then the player presses ready. It returns the seat.
func joinFirstTime(t testing.TB, ctx context.Context, link, name, invitation string) int {
	t.Helper()
	start := time.Now()
	var says string
	within(t, ctx, name+" opening the link on a first visit",
		chromedp.Navigate(link), clientReady(),
		chromedp.WaitVisible("#join-name", chromedp.ByQuery),
		chromedp.Text("#invitation", &says, chromedp.ByQuery))
	// The invitation says what it is for before anyone joins.
	if !strings.Contains(says, invitation) {
		t.Errorf("the invitation reads %q, want it to say %q", says, invitation)
	}
	screenshot(t, ctx, "room-invitation")
	within(t, ctx, name+" typing a name and joining",
		chromedp.SendKeys("#join-name", name, chromedp.ByQuery),
		chromedp.Click("#join", chromedp.ByQuery))
	var seat int
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Run(c, chromedp.Poll(`(() => {
	  const li = [...document.querySelectorAll('#seats .seat')].find(li => li.querySelector('.who').textContent.endsWith('· you'));
	  return li && document.querySelector('#ready') ? Number(li.id.slice(5)) + 1 : false;
	})()`, &seat, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		roomFailure(t, ctx, name+" typed a name and pressed Join but was never seated", err)
	}
	within(t, ctx, name+" pressing ready", chromedp.Click("#ready", chromedp.ByQuery),
		chromedp.Poll(`(document.querySelector('#ready') || {}).textContent === 'Not ready yet'`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	t.Logf("%s, on a first visit, was seated and ready %v after opening the link", name, time.Since(start).Round(time.Millisecond))
	return seat - 1
}

// openRoom makes ctx's player host a Red North room for n and returns the
// link to share.
func (s *roomSite) openRoom(t testing.TB, ctx context.Context, n int) string {
	t.Helper()
	return s.openRoomOf(t, ctx, "rednorth", n)
}

// openRoomOf makes ctx's player host a room of the game for n.
func (s *roomSite) openRoomOf(t testing.TB, ctx context.Context, game string, n int) string {
	t.Helper()
	var link string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(s.base+"/games/"+game+"/?pace=0"),
		clientReady(),
		chromedp.SetValue("#room-players", fmt.Sprint(n), chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#room-players').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.Click("#open-room", chromedp.ByQuery),
		chromedp.WaitVisible("#room-link", chromedp.ByQuery),
		chromedp.Poll(`(document.querySelector('#room-link') || {}).value || ''`, &link, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)),
	); err != nil {
		t.Fatalf("opening a room: %v", err)
	}
	if !strings.Contains(link, "/room/#r=") || !strings.Contains(link, "&k=") {
		t.Fatalf("the room link is %q", link)
	}
	return link
}

// seatedAt waits until ctx's page shows its player in a seat, and
// returns that seat's number.
func seatedAt(t testing.TB, ctx context.Context, who string) int {
	t.Helper()
	// Seat numbers count from 1 here, as 0 would read as "not yet".
	var seat int
	if err := chromedp.Run(ctx, chromedp.Poll(`(() => {
	  const li = [...document.querySelectorAll('#seats .seat')].find(li => li.querySelector('.who').textContent.endsWith('· you'));
	  return li ? Number(li.id.slice(5)) + 1 : false;
	})()`, &seat, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		roomFailure(t, ctx, who+" was never seated", err)
	}
	return seat - 1
}

// driven counts what a driver did, for the log.
type driven struct {
	acts, picks, waits int
	actWait, looking   time.Duration
}

func (d *driven) String() string {
	return fmt.Sprintf("%d actions (%v until applied), %d card menus, %d looks while others played (%v looking in all)",
		d.acts, d.actWait.Round(time.Millisecond), d.picks, d.waits, d.looking.Round(time.Millisecond))
}

// playToTheEnd has ctx's player click through its decisions until the
// result shows, or until stop is closed; it returns the result's title.
func playToTheEnd(ctx context.Context, stop <-chan struct{}, d *driven) (string, error) {
	before := ""
	for n := 0; n < 20000; n++ {
		select {
		case <-stop:
			return "", nil
		default:
		}
		var res string
		t0 := time.Now()
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(roomVersion, &before),
			chromedp.Evaluate(fmt.Sprintf(rnStep, n), &res),
		); err != nil {
			return "", err
		}
		d.looking += time.Since(t0)
		switch {
		case res == "over":
			var title string
			err := chromedp.Run(ctx, chromedp.Poll(`(document.querySelector('.rn-result-title') || {}).textContent || ''`, &title,
				chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
			return title, err
		case strings.HasPrefix(res, "act "):
			// Wait for the host to apply it (a new version) or refuse it.
			d.acts++
			t1 := time.Now()
			var moved bool
			chromedp.Run(ctx, chromedp.Poll(fmt.Sprintf(`%s !== %q || !!document.querySelector('.rn-result') || !!document.querySelector('[role=alert]')`, roomVersion, before), &moved,
				chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(3*time.Second)))
			d.actWait += time.Since(t1)
		case res == "pick":
			d.picks++
			wait, cancel := context.WithTimeout(ctx, 3*time.Second)
			chromedp.Run(wait, chromedp.WaitVisible(".rn-tray", chromedp.ByQuery))
			cancel()
		default:
			d.waits++
			if err := chromedp.Run(ctx, chromedp.Sleep(80*time.Millisecond)); err != nil {
				return "", err
			}
		}
	}
	return "", fmt.Errorf("no result after 20000 looks at the table")
}

// sameLog waits until ctx's game log is as long as other's (and not empty).
func sameLog(t testing.TB, ctx, other context.Context, who string) {
	t.Helper()
	want := logLines(t, other)
	var got string
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`(%s) === %q`, rnLogCount, want), nil, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		chromedp.Run(ctx, chromedp.Evaluate(rnLogCount, &got))
		t.Errorf("%s shows %q, where the others show %q", who, got, want)
	}
	if want == "Game log (0)" {
		t.Errorf("%s: the log is empty mid-game", who)
	}
}

// logLines reads the page's game log summary ("Game log (N)").
func logLines(t testing.TB, ctx context.Context) string {
	var s string
	if err := chromedp.Run(ctx, chromedp.Evaluate(rnLogCount, &s)); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRoomThreePlayersAcrossBrowsers: Gordon opens a room, Rikki and Hakka
// open its link in their own browsers and sit down (Hakka on his first
// visit: he types his name on the invitation page), and the three play Red
// North to the result. Midway Rikki reloads and re-takes his seat, and
// then the host reloads: the guests wait, the room resumes, and the game
// ends the same for everyone.
func TestRoomThreePlayersAcrossBrowsers(t *testing.T) {
	began := time.Now()
	site := newRoomSite(t, true)
	host := site.player(t, "Gordon")
	link := site.openRoom(t, host, 3)
	t.Logf("room link %s", link)

	guests := map[string]context.Context{"Rikki": site.player(t, "Rikki"), "Hakka": site.newcomer(t)}
	seats := map[string]int{"Gordon": seatedAt(t, host, "Gordon")}
	start := time.Now()
	if err := chromedp.Run(guests["Rikki"], chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	seats["Rikki"] = seatedAt(t, guests["Rikki"], "Rikki")
	t.Logf("Rikki seated at %d after %v", seats["Rikki"], time.Since(start).Round(time.Millisecond))
	if err := chromedp.Run(guests["Rikki"], chromedp.Click("#ready", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	seats["Hakka"] = joinFirstTime(t, guests["Hakka"], link, "Hakka", "Gordon invites you to play Red North")
	if len(map[int]bool{seats["Gordon"]: true, seats["Rikki"]: true, seats["Hakka"]: true}) != 3 {
		t.Fatalf("players share seats: %v", seats)
	}
	// Table talk reaches everyone.
	var heard string
	within(t, guests["Rikki"], "chatting",
		chromedp.SendKeys("#chat-input", "Skål!", chromedp.ByQuery),
		chromedp.Click(`#chat button[type="submit"]`, chromedp.ByQuery))
	within(t, host, "hearing the chat", chromedp.Poll(`(document.querySelector('#chat .lines li') || {}).textContent || ''`, &heard,
		chromedp.WithPollingInterval(50*time.Millisecond)))
	if heard != "Rikki: Skål!" {
		t.Errorf("the host heard %q", heard)
	}
	screenshot(t, guests["Rikki"], "room-guest-lobby")
	var startOK bool
	if err := chromedp.Run(host,
		chromedp.Poll(`!document.querySelector('#start').disabled`, &startOK, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)),
	); err != nil {
		roomFailure(t, host, "the host could never start", err)
	}
	screenshot(t, host, "room-host-lobby")
	var overflow bool
	within(t, host, "viewing the host's lobby on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	if overflow {
		t.Error("the host's lobby scrolls sideways on a 390-px phone")
	}
	screenshot(t, host, "room-host-lobby-phone")
	within(t, host, "back to a desktop window", chromedp.EmulateViewport(1280, 900))
	if err := chromedp.Run(host, chromedp.Click("#start", chromedp.ByQuery), chromedp.WaitVisible(".rn-board", chromedp.ByQuery)); err != nil {
		roomFailure(t, host, "starting", err)
	}

	all := map[string]context.Context{"Gordon": host, "Rikki": guests["Rikki"], "Hakka": guests["Hakka"]}
	play := func(stop <-chan struct{}) map[string]string {
		var mu sync.Mutex
		var wg sync.WaitGroup
		titles := map[string]string{}
		for name, ctx := range all {
			wg.Go(func() {
				var d driven
				title, err := playToTheEnd(ctx, stop, &d)
				mu.Lock()
				defer mu.Unlock()
				t.Logf("%s: %v", name, &d)
				if err != nil {
					t.Errorf("%s: %v", name, err)
				}
				titles[name] = title
			})
		}
		wg.Wait()
		return titles
	}
	// A few rounds of play, then stop for the reloads.
	stop := make(chan struct{})
	time.AfterFunc(4*time.Second, func() { close(stop) })
	play(stop)
	screenshot(t, guests["Hakka"], "room-guest-midgame")
	// Friends open links on phones: the room must fit one.
	within(t, guests["Hakka"], "viewing the room on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	if overflow {
		t.Error("the room scrolls sideways on a 390-px phone")
	}
	screenshot(t, guests["Hakka"], "room-guest-phone")
	within(t, guests["Hakka"], "back to a desktop window", chromedp.EmulateViewport(1280, 900))

	t.Logf("%v: played a while; Rikki reloads", time.Since(began).Round(time.Millisecond))
	// Rikki reloads: the same seat, the game where it was.
	if err := chromedp.Run(guests["Rikki"], chromedp.Reload(), clientReady()); err != nil {
		t.Fatal(err)
	}
	if s := seatedAt(t, guests["Rikki"], "Rikki after his reload"); s != seats["Rikki"] {
		t.Fatalf("Rikki came back to seat %d, not %d", s, seats["Rikki"])
	}
	if err := chromedp.Run(guests["Rikki"], chromedp.WaitVisible(".rn-board", chromedp.ByQuery)); err != nil {
		roomFailure(t, guests["Rikki"], "Rikki's board after his reload", err)
	}
	// Nobody moves while the table waits: Rikki gets back the whole log,
	// as long as Hakka's, who never left.
	sameLog(t, guests["Rikki"], guests["Hakka"], "Rikki after his reload")

	t.Logf("%v: Rikki is back; the host reloads", time.Since(began).Round(time.Millisecond))
	// The host reloads: the guests see the link drop, then come back.
	hostLog := logLines(t, host)
	if err := chromedp.Run(host, chromedp.Reload(), clientReady()); err != nil {
		t.Fatal(err)
	}
	var waiting bool
	if err := chromedp.Run(guests["Hakka"], chromedp.Poll(`(document.querySelector('#banner') || {}).dataset?.link === 'reconnecting' || false`, &waiting,
		chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Logf("Hakka never showed the reconnecting banner (the host may have come back first): %v", err)
	} else {
		screenshot(t, guests["Hakka"], "room-guest-host-away")
	}
	if s := seatedAt(t, host, "Gordon after his reload"); s != seats["Gordon"] {
		t.Fatalf("the host came back to seat %d", s)
	}
	for name, ctx := range guests {
		var back bool
		if err := chromedp.Run(ctx, chromedp.Poll(`(document.querySelector('#banner') || {}).dataset?.link !== 'reconnecting' && !!document.querySelector('.rn-board')`, &back,
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second))); err != nil {
			roomFailure(t, ctx, name+" never came back after the host's reload", err)
		}
	}
	sameLog(t, host, guests["Hakka"], "the host after his reload")
	if after := logLines(t, host); after != hostLog {
		t.Errorf("the host's log read %q before his reload and %q after", hostLog, after)
	}

	// The host pauses: the guests are told, and can do nothing until the
	// host resumes.
	var paused string
	// A script click: the sticky status bar may cover a scrolled-to button.
	within(t, host, "pausing", chromedp.Evaluate(`document.querySelector('#pause').click()`, nil))
	within(t, guests["Rikki"], "seeing the pause", chromedp.Poll(`(document.querySelector('#banner') || {}).textContent || ''`, &paused,
		chromedp.WithPollingInterval(50*time.Millisecond)))
	if !strings.Contains(paused, "paused") {
		t.Errorf("during the pause Rikki's banner reads %q", paused)
	}
	var controls int
	within(t, guests["Rikki"], "counting controls while paused", chromedp.Evaluate(`document.querySelectorAll('.rn-board [data-action]:not([disabled])').length`, &controls))
	if controls != 0 {
		t.Errorf("Rikki is offered %d actions while the game is paused", controls)
	}
	within(t, host, "resuming", chromedp.Poll(`(document.querySelector('#pause') || {}).textContent === 'Resume the game'`, nil,
		chromedp.WithPollingInterval(50*time.Millisecond)), chromedp.Evaluate(`document.querySelector('#pause').click()`, nil))
	within(t, guests["Rikki"], "seeing the game resume", chromedp.Poll(`!((document.querySelector('#banner') || {}).textContent || '').includes('paused')`, nil,
		chromedp.WithPollingInterval(50*time.Millisecond)))

	t.Logf("%v: everyone is back; playing to the end", time.Since(began).Round(time.Millisecond))
	titles := play(nil)
	t.Logf("%v: the game is over", time.Since(began).Round(time.Millisecond))
	if t.Failed() {
		return
	}
	if titles["Gordon"] == "" || titles["Gordon"] != titles["Rikki"] || titles["Gordon"] != titles["Hakka"] {
		t.Fatalf("the players saw different results: %q", titles)
	}
	if !strings.Contains(titles["Gordon"], "Ragnarok is over") {
		t.Errorf("the result reads %q", titles["Gordon"])
	}
	screenshot(t, guests["Rikki"], "room-end-rikki")

	// The host deals a rematch at the same table; every guest gets the new
	// game, with a fresh log.
	within(t, host, "dealing a rematch", chromedp.Click("#rematch", chromedp.ByQuery))
	for name, ctx := range guests {
		within(t, ctx, name+" seeing the rematch", chromedp.Poll(`!document.querySelector('.rn-result') && `+roomVersion+` !== '' && Number(`+roomVersion+`) < 3 && (document.querySelector('#gamelog summary') || {}).textContent !== undefined`, nil,
			chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	if s := seatedAt(t, guests["Rikki"], "Rikki in the rematch"); s != seats["Rikki"] {
		t.Errorf("Rikki sits at %d in the rematch, not %d", s, seats["Rikki"])
	}
}

// TestRoomTwoTabsOverBroadcastChannel: with no relay at all, a second tab
// of the host's browser joins through the BroadcastChannel.
func TestRoomTwoTabsOverBroadcastChannel(t *testing.T) {
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
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second))); err != nil || state != "not ready" {
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
	within(t, host, "opening the room again", chromedp.Click("a.save.room", chromedp.ByQuery))
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
	site := newRoomSite(t, false)
	host := site.player(t, "Gordon")
	link := site.openRoom(t, host, 2)
	guest := site.player(t, "Rikki")
	var offer, answer string
	within(t, guest, "opening the link", chromedp.Navigate(link), clientReady())
	within(t, guest, "opening the code panel", chromedp.WaitVisible("#guest-code summary", chromedp.ByQuery), chromedp.Click("#guest-code summary", chromedp.ByQuery))
	within(t, guest, "making the guest's code", chromedp.Click("#make-offer", chromedp.ByQuery),
		chromedp.Poll(`(document.querySelector('#my-offer') || {}).value || ''`, &offer, chromedp.WithPollingInterval(50*time.Millisecond)))
	screenshot(t, guest, "room-code-offer")
	if err := chromedp.Run(host,
		chromedp.Click("#host-code summary", chromedp.ByQuery),
		chromedp.SetValue("#offer-code", offer, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#offer-code').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
		chromedp.Click("#answer-code", chromedp.ByQuery),
		chromedp.Poll(`(document.querySelector('#my-answer') || {}).value || ''`, &answer, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)),
	); err != nil {
		roomFailure(t, host, "answering the code", err)
	}
	screenshot(t, host, "room-code-answer")
	if err := chromedp.Run(guest,
		chromedp.SetValue("#answer-input", answer, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#answer-input').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
		chromedp.Click("#use-answer", chromedp.ByQuery),
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
		chromedp.WaitVisible("#elsewhere", chromedp.ByQuery),
		chromedp.Text("#elsewhere h1", &says, chromedp.ByQuery))
	if says != "This room is open in another tab" {
		t.Errorf("the second host tab says %q", says)
	}
	var hosts int
	within(t, second, "counting hosts", chromedp.Evaluate(`document.querySelectorAll('#seats, #invite').length`, &hosts))
	if hosts != 0 {
		t.Error("the second tab shows the room while the first hosts it")
	}
	screenshot(t, second, "room-host-elsewhere")

	within(t, second, "taking the room over", chromedp.Click("#take-over", chromedp.ByQuery), chromedp.WaitVisible("#invite", chromedp.ByQuery))
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

// TestRoomMeetsDespiteDeadAndSilentRelays: the site lists trackers and
// Nostr relays of which some refuse connections and some accept and never
// answer; one of each kind works. Host and guest still meet, the host's
// Connection line says which relays answer and which do not, and the
// guest's says which one brought it to the host.
func TestRoomMeetsDespiteDeadAndSilentRelays(t *testing.T) {
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
	err := chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`(() => { const up = (document.querySelector('#linkstats') || {dataset: {}}).dataset.relaysUp || '';
	  return up.includes(%q) && up.includes(%q); })()`, strip(liveTracker), strip(liveRelay)), nil, chromedp.WithPollingInterval(100*time.Millisecond)))
	cancel()
	if err != nil {
		t.Errorf("the host never listed both live relays as answering: %v", err)
	}
	within(t, host, "reading which relays answer",
		chromedp.Evaluate(`document.querySelector('#linkstats').dataset.relaysUp || ''`, &up),
		chromedp.Evaluate(`document.querySelector('#linkstats').dataset.relaysDown || ''`, &down))
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
	within(t, guest, "reading how the guest came", chromedp.Poll(`(document.querySelector('#linkstats') || {dataset: {}}).dataset.via || ''`, &via, chromedp.WithPollingInterval(100*time.Millisecond)))
	if !strings.Contains(via, strip(liveTracker)) && !strings.Contains(via, strip(liveRelay)) && !strings.Contains(via, "other tabs") {
		t.Errorf("the guest came through %q", via)
	}
	t.Logf("the guest reached the host through %s", via)
}
