//go:build linux

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// A host that holds (issue 22): a browser that carries the host player's
// token is refused and the host's table plays on; a guest that floods the
// host is cut off, kept out for a growing time, and removed for the room
// at the third time, while everyone reads who was cut off and why.

// holdKeepChannels makes a page keep the data channels it opens, so that
// the test can write raw messages on one, as a hostile script would.
const holdKeepChannels = `(() => {
  if (window.lhChannels || !window.RTCPeerConnection) return;
  window.lhChannels = [];
  const create = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const dc = create.apply(this, args);
    window.lhChannels.push(dc);
    return dc;
  };
})()`

// holdFlood sends a hundred well-formed pings at once on the page's open
// data channel, ten times what the host lets a guest send in a burst, and
// says how many went.
const holdFlood = `(() => {
  const dc = (window.lhChannels || []).filter(d => d.readyState === 'open').pop();
  if (!dc) return 0;
  const enc = new TextEncoder();
  for (let i = 0; i < 100; i++) dc.send(enc.encode(JSON.stringify({v: 1, kind: 'ping', body: {n: 100000 + i}})));
  return 100;
})()`

// holdHostToken reads the host's own player's token for its one room, and
// the room's key, from the host's storage.
const holdHostToken = `(() => {
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k.startsWith('longhall.room.')) continue;
    const h = JSON.parse(localStorage.getItem(k));
    if (h && h.token) return [k.slice('longhall.room.'.length), h.token];
  }
  return [];
})()`

const holdBanner = `(document.querySelector('#banner') || {}).textContent || ''`

// holdLink reads the page's link state from its banner.
const holdLink = `((document.querySelector('#banner') || {dataset: {}}).dataset.link || '')`

func TestRoomHoldsAgainstAHostileGuest(t *testing.T) {
	t.Parallel()
	bin, root := theTestBuild(t) // cut-offs of 5 s, then 10 s (game_testgame.go)
	site := newRoomSiteOf(t, bin, root, true)
	host := site.player(t, "Gordon")
	rikki := site.player(t, "Rikki")
	within(t, rikki, "keeping Rikki's data channels", chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(holdKeepChannels).Do(ctx)
		return err
	}))
	link := site.openRoom(t, host, 2)
	startWith(t, host, rikki, link, ".rn-board .lh-main")

	// Mallory's browser carries the host player's token (a copied
	// profile, a shared device): she is refused, and Gordon plays on.
	var keyToken []string
	within(t, host, "reading the host's token", chromedp.Evaluate(holdHostToken, &keyToken))
	if len(keyToken) != 2 {
		t.Fatalf("no token in the host's storage: %v", keyToken)
	}
	mallory := site.player(t, "Mallory")
	var refused string
	within(t, mallory, "Mallory opening the link with the host's token",
		chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem('longhall.token.' + %q, JSON.stringify(%q))`, keyToken[0], keyToken[1]), nil),
		chromedp.Navigate(link), clientReady(),
		chromedp.Poll(holdLink+` === 'removed'`, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(holdBanner, &refused))
	if !strings.Contains(refused, "host's own seat") {
		t.Errorf("Mallory's banner reads %q; want it to say the seat is the host's own", refused)
	}
	screenshot(t, mallory, "room-hold-host-token-refused")
	playOn(t, "after Mallory's try", host, rikki)

	// Rikki floods the host, three times.
	for round, keptOut := range []time.Duration{5 * time.Second, 10 * time.Second, 0} {
		var sent int
		flooded := time.Now() // the host cuts him off after this
		within(t, rikki, "Rikki flooding", chromedp.Evaluate(holdFlood, &sent))
		if sent == 0 {
			t.Fatalf("round %d: Rikki's page has no open data channel", round+1)
		}
		var banner string
		within(t, rikki, "Rikki cut off",
			chromedp.Poll(holdLink+` === 'removed'`, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)),
			chromedp.Evaluate(holdBanner, &banner))
		var told string
		// This round's line, not only the last round's: one more system
		// line than rounds before.
		within(t, host, "the host told", chromedp.Poll(fmt.Sprintf(`(() => {
		  const lines = [...document.querySelectorAll('#chat .lines li.system')].map(l => l.textContent);
		  return lines.length > %d ? lines.join(' | ') : '';
		})()`, round), &told, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)))
		t.Logf("round %d: Rikki reads %q; the room reads %q", round+1, banner, told)
		if keptOut == 0 {
			if !strings.Contains(banner, "removed you from this room") {
				t.Errorf("the third flood: Rikki reads %q; want him removed", banner)
			}
			if !strings.Contains(told, "Rikki was removed from the room") {
				t.Errorf("the room reads %q; want it to say Rikki was removed", told)
			}
			break
		}
		if want := fmt.Sprintf("come back in %d seconds", int(keptOut/time.Second)); !strings.Contains(banner, want) {
			t.Errorf("round %d: Rikki reads %q; want %q", round+1, banner, want)
		}
		if want := fmt.Sprintf("Rikki was cut off for %d seconds", int(keptOut/time.Second)); !strings.Contains(told, want) {
			t.Errorf("round %d: the room reads %q; want %q", round+1, told, want)
		}
		if round == 0 {
			screenshot(t, rikki, "room-hold-cut-off")
			screenshot(t, host, "room-hold-host-told")
		}
		// Back at once (a reload, as a flooding script would reconnect):
		// kept out.
		// A busy machine may take longer to reload the page than the time
		// he is kept out: then he is back in, which is right too, and
		// this round says nothing of keeping him out. Let in before his
		// time is up, he was not kept out.
		cut := time.Now()
		// Kept out, or back in his seat (his link is connected for a moment
		// either way, before the host answers).
		var link string
		within(t, rikki, "Rikki back at once", chromedp.Reload(), clientReady(),
			chromedp.Poll(`(() => {
			  if (`+holdLink+` === 'removed') return 'removed';
			  const li = [...document.querySelectorAll('#seats .seat')].find(li => li.querySelector('.who').textContent.endsWith('· you'));
			  return li && `+holdLink+` === 'connected' ? 'seated' : '';
			})()`, &link, chromedp.WithPollingInterval(50*time.Millisecond)),
			chromedp.Evaluate(holdBanner, &banner))
		switch back := time.Since(flooded); {
		case link == "removed" && !strings.Contains(banner, "were cut off"):
			t.Errorf("round %d: reloading at once, Rikki reads %q; want him told he was cut off", round+1, banner)
		case link == "seated" && back < keptOut:
			t.Errorf("round %d: reloading at once, Rikki was back in his seat %v after his flood, before his %v were up", round+1, back.Round(time.Millisecond), keptOut)
		case link == "seated":
			t.Logf("round %d: the reload took %v, longer than the %v he was kept out: back in at once", round+1, time.Since(cut).Round(time.Millisecond), keptOut)
		}
		// Once the time is up he is back in his seat.
		time.Sleep(time.Until(cut.Add(keptOut + 500*time.Millisecond)))
		within(t, rikki, "Rikki back after the cut-off", chromedp.Reload(), clientReady())
		if seat := seatedAt(t, rikki, "Rikki after the cut-off"); seat != 1 {
			t.Fatalf("round %d: Rikki came back to seat %d", round+1, seat)
		}
	}
	// Removed: a reload does not bring him back, and a bot plays his seat.
	var banner string
	within(t, rikki, "Rikki trying again", chromedp.Reload(), clientReady(),
		chromedp.Poll(holdLink+` === 'removed'`, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)),
		chromedp.Evaluate(holdBanner, &banner))
	if !strings.Contains(banner, "removed you from this room") {
		t.Errorf("removed, Rikki reads %q after a reload", banner)
	}
	within(t, host, "a bot in Rikki's seat", chromedp.Poll(`(document.querySelector('#seat-1') || {dataset: {}}).dataset.state === 'bot'`, nil,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)))
	screenshot(t, host, "room-hold-flooder-removed")
	playOn(t, "with a bot in Rikki's seat", host)
}

// playOn has the players click through their decisions until the host's
// table has moved on by a few actions: the game goes on.
func playOn(t *testing.T, when string, host context.Context, others ...context.Context) {
	t.Helper()
	var v0 int
	var version string
	within(t, host, "reading the version", chromedp.Evaluate(roomVersion, &version))
	fmt.Sscan(version, &v0)
	stop := make(chan struct{})
	done := make(chan error, 1+len(others))
	for _, ctx := range append([]context.Context{host}, others...) {
		go func() {
			_, err := playToTheEnd(ctx, stop, &driven{until: v0 + 3})
			done <- err
		}()
	}
	deadline := time.After(60 * time.Second)
	for range 1 + len(others) {
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("playing on %s: %v", when, err)
			}
		case <-deadline:
			close(stop)
			roomFailure(t, host, "the game did not go on "+when, fmt.Errorf("still at version %d", v0))
		}
	}
	var link string
	within(t, host, "reading the host's link", chromedp.Evaluate(holdLink, &link))
	if link != "connected" {
		t.Errorf("%s the host's page reads link %q", when, link)
	}
}

// TestRoomGuestTakesHisSeatBackFromAnotherTab: Rikki opens the room's
// link again in a second tab (the same browser, the same storage), which
// takes his seat; the first tab says so and offers it back, and one click
// takes it back, the second tab stepping aside the same way.
func TestRoomGuestTakesHisSeatBackFromAnotherTab(t *testing.T) {
	t.Parallel()
	site := newRoomSite(t, true)
	host := site.player(t, "Gordon")
	rikki := site.player(t, "Rikki")
	link := site.openRoom(t, host, 2)
	within(t, rikki, "Rikki joining", chromedp.Navigate(link), clientReady())
	if seat := seatedAt(t, rikki, "Rikki"); seat != 1 {
		t.Fatalf("Rikki sits at %d", seat)
	}
	other, cancel := chromedp.NewContext(rikki) // a second tab of his browser
	defer cancel()
	// The tab opens on its own context, not within's: chromedp ties a
	// tab to the context of its first Run.
	if err := chromedp.Run(other); err != nil {
		t.Fatal(err)
	}
	within(t, other, "Rikki opening the link in a second tab", chromedp.Navigate(link), clientReady())
	if seat := seatedAt(t, other, "Rikki's second tab"); seat != 1 {
		t.Fatalf("the second tab sits at %d", seat)
	}
	var button string
	within(t, rikki, "the first tab told", chromedp.WaitVisible("#elsewhere #take-over", byQuery),
		chromedp.Text("#elsewhere #take-over", &button, byQuery))
	if button != "Take my seat back" {
		t.Errorf("the first tab offers %q", button)
	}
	screenshot(t, rikki, "room-seat-taken-elsewhere")
	var onTop bool
	within(t, rikki, "checking the button is on top", chromedp.Evaluate(`(() => {
	  const b = document.querySelector('#elsewhere #take-over'), r = b.getBoundingClientRect();
	  return r.bottom <= window.innerHeight && b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
	})()`, &onTop))
	if !onTop {
		t.Error("the take-back button is off the screen or covered")
	}
	within(t, rikki, "taking the seat back", chromedp.Click("#elsewhere #take-over", byQuery))
	if seat := seatedAt(t, rikki, "Rikki back in the first tab"); seat != 1 {
		t.Fatalf("back in the first tab Rikki sits at %d", seat)
	}
	within(t, other, "the second tab stepping aside", chromedp.WaitVisible("#elsewhere #take-over", byQuery))
	var seats string
	within(t, host, "reading the host's seats", chromedp.Text("#seat-1", &seats, byQuery))
	if !strings.Contains(seats, "Rikki") {
		t.Errorf("the host's seat 1 reads %q", seats)
	}
}
