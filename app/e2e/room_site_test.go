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

// player opens a browser in the namespace with name stored as the
// player's name (and Chromium's flags, if any). A friend on a first visit is newcomer instead.
func (s *roomSite) player(t testing.TB, name string, flags ...string) context.Context {
	t.Helper()
	ctx := s.ns.Browser(t, flags...)
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
		chromedp.WaitVisible("#join-name", byQuery),
		chromedp.Text("#invitation", &says, byQuery))
	// The invitation says what it is for before anyone joins.
	if !strings.Contains(says, invitation) {
		t.Errorf("the invitation reads %q, want it to say %q", says, invitation)
	}
	screenshot(t, ctx, "room-invitation")
	within(t, ctx, name+" typing a name and joining",
		chromedp.SendKeys("#join-name", name, byQuery),
		chromedp.Click("#join", byQuery))
	var seat int
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Run(c, chromedp.Poll(`(() => {
	  const li = [...document.querySelectorAll('#seats .seat')].find(li => li.querySelector('.who').textContent.endsWith('· you'));
	  return li && document.querySelector('#ready') ? Number(li.id.slice(5)) + 1 : false;
	})()`, &seat, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		roomFailure(t, ctx, name+" typed a name and pressed Join but was never seated", err)
	}
	within(t, ctx, name+" pressing ready", chromedp.Click("#ready", byQuery),
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
		chromedp.SetValue("#room-players", fmt.Sprint(n), byQuery),
		chromedp.Evaluate(`document.querySelector('#room-players').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.Click("#open-room", byQuery),
		chromedp.WaitVisible("#room-link", byQuery),
		chromedp.Poll(`(document.querySelector('#room-link') || {}).value || ''`, &link, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)),
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
	})()`, &seat, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit))); err != nil {
		roomFailure(t, ctx, who+" was never seated", err)
	}
	return seat - 1
}

// startWith seats guest through link (at seat 1), has them press ready,
// and has host start the game; it returns when host's page shows board
// (a selector of the game's table).
func startWith(t testing.TB, host, guest context.Context, link, board string) {
	t.Helper()
	within(t, guest, "the guest joining", chromedp.Navigate(link), clientReady())
	if seat := seatedAt(t, guest, "the guest"); seat != 1 {
		t.Fatalf("the guest sits at %d", seat)
	}
	within(t, guest, "the guest ready", chromedp.Click("#ready", byQuery))
	within(t, host, "starting",
		chromedp.Poll(`!document.querySelector('#start').disabled`, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible(board, byQuery))
}
