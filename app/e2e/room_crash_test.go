//go:build linux

package e2e

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestRoomGuestsBrowserKilledComesBackToItsSeat (issue 38): a guest's
// browser is killed mid-game, as a phone's system or a crash kills it, and
// started again on the same profile; it opens the room link again and is
// back in its seat, with nothing lost, and the game goes on. Killed on its
// own turn, it has its move to make again; killed just after its move,
// while the host decides, the move is in the host's record and its next
// move comes. (The page had seated it seconds before: localStorage, which
// reaches the disk in batches, had lost its seat's token; web/longhall.js
// keeps it in IndexedDB too.)
func TestRoomGuestsBrowserKilledComesBackToItsSeat(t *testing.T) {
	t.Parallel()
	for _, afterMoving := range []bool{false, true} {
		name := "on its turn"
		if afterMoving {
			name = "after its move"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			back := killedGuestComesBack(t, afterMoving)
			t.Logf("Rikki back in his seat, his move to make, %v after his browser was killed", back.Round(time.Millisecond))
		})
	}
}

// killedGuestComesBack plays a 2-seat Red North room, Gordon hosting, Rikki
// a guest on a profile of his own, until Rikki has a move (and, when
// afterMoving, makes it); kills Rikki's browser, starts it again on that
// profile and opens the link; and returns how long after the kill Rikki
// had a move to make again.
func killedGuestComesBack(t *testing.T, afterMoving bool) time.Duration {
	r := rikkiOnAKeptProfile(t)
	link, host, guest, kill, guestHome, profile := r.link, r.host, r.guest, r.kill, r.guestHome, r.profile
	var moved string
	before := len(recordOf(t, host))
	if afterMoving {
		moved = rikkiMoves(t, guest)
		within(t, host, "the host applying Rikki's move", chromedp.Poll(fmt.Sprintf(`(%s).length > %d`, hostRecord, before), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	record := recordOf(t, host)

	kill()
	killed := time.Now()
	again, _ := guestHome.BrowserOn(t, profile, false)
	within(t, again, "opening the link again", chromedp.Navigate(link))
	if afterMoving {
		// Rikki's move stands; the host plays on until Rikki has another.
		if his := guestsMoves(record, before); len(his) == 0 {
			t.Fatalf("Rikki's move %s is not in the host's record: %v", moved, record[before:])
		}
		rikkiHasAMove(t, host, again)
	} else {
		c, cancel := context.WithTimeout(again, stepLimit)
		defer cancel()
		if err := chromedp.Run(c, chromedp.Poll(enabledMoves+` > 0`, nil, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
			roomFailure(t, again, "Rikki never came back to his seat", err)
		}
	}
	back := time.Since(killed)
	if now := recordOf(t, host); len(now) < len(record) || !slices.Equal(now[:len(record)], record) {
		t.Errorf("the host's record changed under Rikki's return: %v, then %v", record, now)
	}
	// And the game goes on: Rikki's move is applied.
	before = len(recordOf(t, host))
	rikkiMoves(t, again)
	within(t, host, "the host applying Rikki's move after his return", chromedp.Poll(fmt.Sprintf(`(%s).length > %d`, hostRecord, before), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	return back
}

// TestRoomASeatWhoseTokenIsLostIsGivenBack (issue 38): a guest's browser
// is killed mid-game and its storage is gone with it (Rikki comes back
// on a fresh profile, as from a phone that cleared the site's data). The
// table does not wait in silence: the host reads that Rikki's seat is
// empty, with the choice to wait or let a bot play; Rikki, back as a
// stranger through the invitation page, watches, reads that Rikki is away
// and asks for the seat; the host gives it to him, and he plays on from
// where his seat was, the host's record unchanged.
func TestRoomASeatWhoseTokenIsLostIsGivenBack(t *testing.T) {
	t.Parallel()
	r := rikkiOnAKeptProfile(t)
	rig, base, link, host, kill, guestHome := r.rig, r.base, r.link, r.host, r.kill, r.guestHome
	record := recordOf(t, host)

	kill()
	killed := time.Now()
	stranger := rig.Site(guestHome, base).newcomer(t)
	within(t, stranger, "Rikki, on a fresh profile, joining through the invitation",
		chromedp.Navigate(link), clientReady(), chromedp.WaitVisible("#join-name", byQuery),
		chromedp.SendKeys("#join-name", "Rikki", byQuery), chromedp.Click("#join", byQuery))

	// Nobody waits in silence: the host is given the choice, the
	// newcomer (a watcher) told who is away and offered the seat.
	var hostSays, strangerSays string
	within(t, host, "the host told of the empty seat", chromedp.Poll(`(document.querySelector('#away-1') || {}).textContent || ''`, &hostSays,
		chromedp.WithPollingInterval(100*time.Millisecond)))
	told := time.Since(killed)
	if !strings.Contains(hostSays, "Rikki's seat is empty: wait, or let a bot play it.") {
		t.Errorf("the host reads %q", hostSays)
	}
	within(t, host, "the host's choices", chromedp.WaitVisible("#away-wait-1", byQuery), chromedp.WaitVisible("#away-bot-1", byQuery))
	within(t, stranger, "Rikki told who is away", chromedp.Poll(`document.querySelector('#claim-1') ? document.querySelector('#away-1').textContent : ''`, &strangerSays,
		chromedp.WithPollingInterval(100*time.Millisecond)))
	if !strings.Contains(strangerSays, "Rikki is away, and the game waits for them.") {
		t.Errorf("the newcomer reads %q", strangerSays)
	}
	screenshot(t, host, "room-away-host")
	screenshot(t, stranger, "room-away-stranger")
	within(t, stranger, "Rikki asking for his seat", chromedp.Click("#claim-1", byQuery),
		chromedp.Poll(`(document.querySelector('#away-1') || {}).textContent.includes('You asked the host')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	within(t, host, "the host giving Rikki his seat", chromedp.WaitVisible(`[id^="give-1-"]`, byQuery))
	screenshot(t, host, "room-away-claimed-host")
	within(t, host, "the host giving Rikki his seat", chromedp.Click(`[id^="give-1-"]`, byQuery))
	c, cancel := context.WithTimeout(stranger, stepLimit)
	defer cancel()
	if err := chromedp.Run(c, chromedp.Poll(enabledMoves+` > 0`, nil, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		roomFailure(t, stranger, "Rikki was given his seat but has no move", err)
	}
	back := time.Since(killed)
	if now := recordOf(t, host); !slices.Equal(now[:min(len(now), len(record))], record) {
		t.Errorf("the host's record changed while the seat changed hands: %v, then %v", record, now)
	}
	within(t, host, "the notes gone", chromedp.Poll(`!document.querySelector('#away-1')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	before := len(recordOf(t, host))
	rikkiMoves(t, stranger)
	within(t, host, "the host applying Rikki's move", chromedp.Poll(fmt.Sprintf(`(%s).length > %d`, hostRecord, before), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	t.Logf("the host told of the empty seat %v after the kill; Rikki back in his seat, on a new profile, %v after it", told.Round(time.Millisecond), back.Round(time.Millisecond))
}

// keptRoom is a 2-seat Red North room across the NAT rig whose game has
// started: Gordon hosts, Rikki plays in a browser on a profile of its own,
// which kill ends at once (every process) and which a browser started on
// profile finds as it was.
type keptRoom struct {
	rig         *natRig
	base, link  string
	host, guest context.Context
	kill        func()
	guestHome   *natHome
	profile     string
}

// rikkiOnAKeptProfile opens a keptRoom and plays until Rikki has a move.
func rikkiOnAKeptProfile(t *testing.T) keptRoom {
	t.Helper()
	r := keptRoom{rig: newNATRig(t, natOrdinary, natOrdinary), profile: keptProfile(t)}
	r.base = r.rig.StartApp(t, "-stun", r.rig.STUN)
	hostHome := r.rig.Homes[0]
	r.guestHome = r.rig.Homes[1]
	r.host = r.rig.Site(hostHome, r.base).player(t, "Gordon")
	r.guest, r.kill = r.guestHome.BrowserOn(t, r.profile, false)
	within(t, r.guest, "Rikki's name", chromedp.Navigate(r.base+"/"), clientReady(),
		chromedp.Evaluate(`localStorage.setItem("longhall.name", '"Rikki"')`, nil))
	r.link = r.rig.Site(hostHome, r.base).openRoom(t, r.host, 2)
	startWith(t, r.host, r.guest, r.link, "#table")
	rikkiHasAMove(t, r.host, r.guest)
	return r
}

// keptProfile is a Chromium profile directory of the test's own, removed
// with it, for a browser the test kills and starts again.
func keptProfile(t testing.TB) string {
	t.Helper()
	profile, err := os.MkdirTemp("", "longhall-chromium-kept-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(profile) })
	return profile
}
