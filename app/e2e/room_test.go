//go:build linux

package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
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

// driven counts what a driver did, for the log.
type driven struct {
	acts, picks, waits int
	actWait, looking   time.Duration
	// think, when set, is about how long the player looks at a changed
	// table before choosing, as a person does (a test clicks at once): a
	// time drawn between think and twice that from rng, since no two people
	// take the same time.
	think time.Duration
	rng   *rand.Rand
	// until, when set, stops the player once the table reaches that
	// version (a phase of play that must not reach the end).
	until int
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
		if d.think > 0 {
			time.Sleep(d.think + time.Duration(d.rng.Int64N(int64(d.think))))
		}
		t0 := time.Now()
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(roomVersion, &before),
			chromedp.Evaluate(fmt.Sprintf(rnStep, n), &res),
		); err != nil {
			return "", err
		}
		d.looking += time.Since(t0)
		if v, err := strconv.Atoi(before); err == nil && d.until > 0 && v >= d.until {
			return "", nil
		}
		switch {
		case res == "over":
			var title string
			err := chromedp.Run(ctx, chromedp.Poll(`(document.querySelector('.rn-result-title') || {}).textContent || ''`, &title,
				chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)))
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
			chromedp.Run(wait, chromedp.WaitVisible(".rn-tray", byQuery))
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
	// Both pages are read at each look: the other page may itself be
	// drawing its log anew (a stress run read "" there once, and waited
	// for the host to show "" too).
	var got, want string
	for deadline := time.Now().Add(stepLimit); ; time.Sleep(50 * time.Millisecond) {
		got, want = logLines(t, ctx), logLines(t, other)
		if got == want && want != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("%s shows %q, where the others show %q", who, got, want)
			return
		}
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
	t.Parallel()
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
	if err := chromedp.Run(guests["Rikki"], chromedp.Click("#ready", byQuery)); err != nil {
		t.Fatal(err)
	}
	seats["Hakka"] = joinFirstTime(t, guests["Hakka"], link, "Hakka", "Gordon invites you to play Red North")
	if len(map[int]bool{seats["Gordon"]: true, seats["Rikki"]: true, seats["Hakka"]: true}) != 3 {
		t.Fatalf("players share seats: %v", seats)
	}
	// Table talk reaches everyone.
	var heard string
	within(t, guests["Rikki"], "chatting",
		chromedp.SendKeys("#chat-input", "Skål!", byQuery),
		chromedp.Click(`#chat button[type="submit"]`, byQuery))
	within(t, host, "hearing the chat", chromedp.Poll(`(document.querySelector('#chat .lines li') || {}).textContent || ''`, &heard,
		chromedp.WithPollingInterval(50*time.Millisecond)))
	if heard != "Rikki: Skål!" {
		t.Errorf("the host heard %q", heard)
	}
	screenshot(t, guests["Rikki"], "room-guest-lobby")
	var startOK bool
	if err := chromedp.Run(host,
		chromedp.Poll(`!document.querySelector('#start').disabled`, &startOK, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)),
	); err != nil {
		roomFailure(t, host, "the host could never start", err)
	}
	screenshot(t, host, "room-host-lobby")
	var overflow bool
	within(t, host, "viewing the host's lobby on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle(),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	if overflow {
		t.Error("the host's lobby scrolls sideways on a 390-px phone")
	}
	screenshot(t, host, "room-host-lobby-phone")
	within(t, host, "back to a desktop window", chromedp.EmulateViewport(1280, 900))
	if err := chromedp.Run(host, chromedp.Click("#start", byQuery), chromedp.WaitVisible(".rn-board .lh-main", byQuery)); err != nil {
		roomFailure(t, host, "starting", err)
	}

	all := map[string]context.Context{"Gordon": host, "Rikki": guests["Rikki"], "Hakka": guests["Hakka"]}
	play := func(stop <-chan struct{}, until int) map[string]string {
		var mu sync.Mutex
		var wg sync.WaitGroup
		titles := map[string]string{}
		for name, ctx := range all {
			wg.Go(func() {
				d := driven{until: until}
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
	// A few rounds of play, then stop for the reloads: for 4 seconds, and
	// never past the middle of the game (the pause below needs one going).
	stop := make(chan struct{})
	time.AfterFunc(4*time.Second, func() { close(stop) })
	play(stop, 30)
	screenshot(t, guests["Hakka"], "room-guest-midgame")
	// Friends open links on phones: the room must fit one.
	within(t, guests["Hakka"], "viewing the room on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle(),
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
	if err := chromedp.Run(guests["Rikki"], chromedp.WaitVisible(".rn-board .lh-main", byQuery)); err != nil {
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
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit))); err != nil {
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
	within(t, host, "pausing", chromedp.WaitReady("#pause", byQuery), chromedp.Evaluate(`document.querySelector('#pause').click()`, nil))
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

	// The host must go: he hands the table to Rikki's device (issue 38).
	// Everyone is told; every seat, log line and hidden card is where it
	// was, and Rikki hosts the rest of the game.
	t.Logf("%v: the host hands the table to Rikki", time.Since(began).Round(time.Millisecond))
	host, guests = handTableTo(t, host, guests, seats, "Rikki")
	all = map[string]context.Context{"Gordon": guests["Gordon"], "Rikki": host, "Hakka": guests["Hakka"]}

	t.Logf("%v: everyone is back; playing to the end", time.Since(began).Round(time.Millisecond))
	titles := play(nil, 0)
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
	screenshot(t, all["Rikki"], "room-end-rikki")

	// The host deals a rematch at the same table; every guest gets the new
	// game, with a fresh log.
	within(t, host, "dealing a rematch", chromedp.Click("#rematch", byQuery))
	for name, ctx := range guests {
		within(t, ctx, name+" seeing the rematch", chromedp.Poll(`!document.querySelector('.rn-result') && `+roomVersion+` !== '' && Number(`+roomVersion+`) < 3 && (document.querySelector('#gamelog summary') || {}).textContent !== undefined`, nil,
			chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	if s := seatedAt(t, guests["Gordon"], "Gordon in the rematch"); s != seats["Gordon"] {
		t.Errorf("Gordon sits at %d in the rematch, not %d", s, seats["Gordon"])
	}
}

// ownArea reads what a page shows of its own seat: its hand and hidden
// cards among them.
const ownArea = `(document.querySelector('.lh-own') || {innerText: ''}).innerText`

// handTableTo has the host's page hand the table to the player named to,
// whose page then hosts the room: it returns the new host's page and the
// guests' pages by name (the last host among them). Every page is checked
// back in its seat, with the same log, its own cards as they were, the
// record the same on the new host's device, and the words each reads.
func handTableTo(t *testing.T, host context.Context, guests map[string]context.Context, seats map[string]int, to string) (context.Context, map[string]context.Context) {
	t.Helper()
	pages := map[string]context.Context{"Gordon": host}
	for name, ctx := range guests {
		pages[name] = ctx
	}
	logs, own := map[string]string{}, map[string]string{}
	for name, ctx := range pages {
		logs[name] = logLines(t, ctx)
		var o string
		within(t, ctx, "reading "+name+"'s own cards", chromedp.Evaluate(ownArea, &o))
		own[name] = o
	}
	record := recordOf(t, host)
	// Script clicks: the seat list may sit under the sticky status bar.
	within(t, host, "choosing who hosts", chromedp.WaitReady(fmt.Sprintf("#handover-%d", seats[to]), byQuery),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector('#handover-%d').click()`, seats[to]), nil),
		chromedp.WaitVisible("#handover-confirm", byQuery))
	var asked string
	within(t, host, "reading the question", chromedp.Text("#handover", &asked, byQuery))
	if !strings.Contains(asked, "keep its hidden cards") {
		t.Errorf("the host is asked %q", asked)
	}
	screenshot(t, host, "room-handover-ask")
	began := time.Now()
	within(t, host, "handing the table over", chromedp.Evaluate(`document.querySelector('#handover-confirm').click()`, nil))

	newHost := pages[to]
	within(t, newHost, to+" hosting", chromedp.Poll(`location.search.includes('host=') && !!document.querySelector('#invite')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	rest := map[string]context.Context{}
	for name, ctx := range pages {
		if name != to {
			rest[name] = ctx
		}
	}
	for name, ctx := range pages {
		if s := seatedAt(t, ctx, name+" after the hand-over"); s != seats[name] {
			t.Errorf("%s is back at seat %d, not %d", name, s, seats[name])
		}
		within(t, ctx, name+" back at the table", chromedp.Poll(`(document.querySelector('#banner') || {dataset: {}}).dataset.link === 'connected' && !!document.querySelector('.rn-board')`, nil,
			chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	t.Logf("every page back at the table %v after the host confirmed", time.Since(began).Round(time.Millisecond))
	for name, ctx := range pages {
		if got := logLines(t, ctx); got != logs[name] {
			t.Errorf("%s's log read %q before the hand-over and %q after", name, logs[name], got)
		}
		var o string
		within(t, ctx, "reading "+name+"'s own cards again", chromedp.Evaluate(ownArea, &o))
		if o != own[name] {
			t.Errorf("%s's own area read %q before the hand-over and %q after", name, own[name], o)
		}
	}
	if now := recordOf(t, newHost); !slices.Equal(now, record) {
		t.Errorf("%s's device keeps the record %v; the host's was %v", to, now, record)
	}
	var note, oldNote, line string
	within(t, newHost, "what "+to+" reads", chromedp.Text("#handover-note", &note, byQuery))
	within(t, host, "what the last host reads", chromedp.Text("#handover-note", &oldNote, byQuery))
	if !strings.Contains(note, "You host the table now") || !strings.Contains(note, "hidden cards") {
		t.Errorf("%s reads %q", to, note)
	}
	if !strings.Contains(oldNote, to+" hosts the table now") {
		t.Errorf("the last host reads %q", oldNote)
	}
	for name, ctx := range rest {
		if name == "Gordon" {
			continue
		}
		within(t, ctx, name+" told who hosts", chromedp.Poll(`(() => { const all = [...document.querySelectorAll('#chat .lines li')].map(li => li.textContent).join('\n'); return all.includes('hosts from now on') ? all : ''; })()`, &line,
			chromedp.WithPollingInterval(50*time.Millisecond)))
		if !strings.Contains(line, to+" hosts from now on: "+to+"’s device keeps the game’s hidden cards now") {
			t.Errorf("%s's table talk reads %q", name, line)
		}
	}
	screenshot(t, newHost, "room-handover-new-host")
	screenshot(t, host, "room-handover-last-host")
	return newHost, rest
}
