//go:build linux

package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestRoomHostsPageFrozenAndThawed (issue 38): a phone freezes a page it
// has sent to the background (the host switched apps, to send the link):
// no script of it runs, no message of its links is read. The host's page
// is frozen for 30 s (CDP's Page.setWebLifecycleState, the freeze Chromium
// applies to background tabs) while Rikki, the guest, makes his move.
// Rikki is told in words that the game waits for the host, whose phone may
// have put the page in the background; once the host's page is thawed,
// play resumes, Rikki's move applied and nothing lost, and goes on both
// ways. (Measured before the fix: the freeze closed the host's sockets to
// the relays, every offer Rikki sent meanwhile was lost, and his next one
// came 14 s after the thaw. BenchmarkRoomHostFrozen reports the time.)
func TestRoomHostsPageFrozenAndThawed(t *testing.T) {
	t.Parallel()
	f := hostFrozenAndThawed(t, 30*time.Second, false)
	if !strings.Contains(f.Told, "stopped answering") || !strings.Contains(f.Told, "background") || !strings.Contains(f.Told, "waits for the host") {
		t.Errorf("Rikki reads %q while the host's page is frozen; want it to say the host stopped answering, why it may be, and that the game waits", f.Told)
	}
	if f.Late != f.Told {
		t.Errorf("Rikki read %q at first and %q at 30 s", f.Told, f.Late)
	}
	t.Logf("Rikki told %.1f s after the freeze: %q", f.ToldAfter.Seconds(), f.Told)
	t.Logf("thawed after 30 s: Rikki's move applied %v after, his link back %v after", f.Applied.Round(time.Millisecond), f.Resumed.Round(time.Millisecond))
}

// BenchmarkRoomHostFrozen reports how soon play resumes after a host's
// page is frozen for 30 s and thawed: the guest's move, made during the
// freeze, applied by the host.
func BenchmarkRoomHostFrozen(b *testing.B) {
	f := hostFrozenAndThawed(b, 30*time.Second, false)
	bench(b, "room-host-frozen-30s-move-applied-after-thaw", float64(f.Applied.Milliseconds()), "ms")
	bench(b, "room-host-frozen-guest-told-after", float64(f.ToldAfter.Milliseconds()), "ms")
	f = hostFrozenAndThawed(b, 30*time.Second, true)
	bench(b, "room-host-discarded-30s-move-applied-after-return", float64(f.Applied.Milliseconds()), "ms")
}

// TestRoomHostsPageDiscardedAndBack (issue 38): a phone short of memory
// discards a page in the background (its renderer is gone) and loads it
// again when the person comes back to the tab. The host's renderer is
// crashed (CDP's Page.crash) and, 30 s later, the tab loads the room page
// again: the room resumes from the host's save, Rikki's move made
// meanwhile applied and nothing lost.
func TestRoomHostsPageDiscardedAndBack(t *testing.T) {
	t.Parallel()
	f := hostFrozenAndThawed(t, 30*time.Second, true)
	if !strings.Contains(f.Told, "stopped answering") && !strings.Contains(f.Told, "dropped") {
		t.Errorf("Rikki reads %q while the host's page is gone", f.Told)
	}
	t.Logf("Rikki told %.1f s after the host's page was discarded: %q", f.ToldAfter.Seconds(), f.Told)
	t.Logf("loaded again after 30 s: Rikki's move applied %v after, his link back %v after", f.Applied.Round(time.Millisecond), f.Resumed.Round(time.Millisecond))
}

// frozenHost is what hostFrozenAndThawed saw.
type frozenHost struct {
	Told, Late string        // the guest's banner at first, and when the host is thawed
	ToldAfter  time.Duration // from the freeze to the guest's banner saying so
	// Applied and Resumed run from the thaw to the host applying the
	// guest's move and the guest's page connected again.
	Applied, Resumed time.Duration
}

// hostFrozenAndThawed plays a 2-seat Red North room, Gordon hosting and
// Rikki a guest, until Rikki has a move; freezes Gordon's page (or, when
// discarded, crashes its renderer), has Rikki move, thaws the page (loads
// it again) after frozen, and plays on both ways.
func hostFrozenAndThawed(t testing.TB, frozen time.Duration, discarded bool) frozenHost {
	rig := newNATRig(t, natOrdinary, natOrdinary)
	base := rig.StartApp(t, "-stun", rig.STUN)
	host := rig.Site(rig.Homes[0], base).player(t, "Gordon")
	guest := rig.Site(rig.Homes[1], base).player(t, "Rikki")
	link := rig.Site(rig.Homes[0], base).openRoom(t, host, 2)
	startWith(t, host, guest, link, "#table")
	rikkiHasAMove(t, host, guest)
	record := recordOf(t, host)

	var f frozenHost
	var roomURL string
	within(t, host, "the room's address", chromedp.Location(&roomURL))
	if discarded {
		// Page.crash answers nothing: the renderer is gone.
		c, cancel := context.WithTimeout(host, 2*time.Second)
		chromedp.Run(c, page.Crash())
		cancel()
	} else {
		within(t, host, "freezing the host's page", page.SetWebLifecycleState(page.SetWebLifecycleStateStateFrozen))
	}
	at := time.Now()
	moved := rikkiMoves(t, guest)
	within(t, guest, "Rikki told the host is away", chromedp.Poll(`(() => { const b = document.querySelector('#banner'); return b && b.dataset.link !== 'connected' ? b.textContent : ''; })()`, &f.Told,
		chromedp.WithPollingInterval(100*time.Millisecond)))
	f.ToldAfter = time.Since(at)
	screenshot(t, guest, "room-host-frozen-guest")
	time.Sleep(frozen - time.Since(at))
	within(t, guest, "what Rikki reads at the thaw", chromedp.Evaluate(`(document.querySelector('#banner') || {}).textContent || ''`, &f.Late))

	if discarded {
		within(t, host, "the host's tab loading the room again", chromedp.Navigate(roomURL))
	} else {
		within(t, host, "thawing the host's page", page.SetWebLifecycleState(page.SetWebLifecycleStateStateActive))
	}
	thawed := time.Now()
	within(t, host, "the host applying Rikki's move", chromedp.Poll(fmt.Sprintf(`(%s).length > %d`, hostRecord, len(record)), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	f.Applied = time.Since(thawed)
	within(t, guest, "Rikki connected again", chromedp.Poll(`(document.querySelector('#banner') || {dataset: {}}).dataset.link === 'connected'`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	f.Resumed = time.Since(thawed)
	now := recordOf(t, host)
	if !slices.Equal(now[:len(record)], record) || len(guestsMoves(now, len(record))) != 1 {
		t.Errorf("the host's record after the thaw: %v, then %v (Rikki moved %s once)", record, now, moved)
	}
	playBothWays(t, host, guest, 2)
	settled(t, host, guest)
	if !discarded {
		// A page the back-forward cache gives back loads again, and the
		// room resumes (Chromium keeps no page with a peer connection in
		// that cache, so the event is made here as a browser sends it).
		within(t, guest, "Rikki's page shown again from the back-forward cache",
			chromedp.Evaluate(`window.lhBeforeShow = true; window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))`, nil))
		// The page loads again: a look may meet the old document's
		// context as it goes, and is made again.
		for deadline := time.Now().Add(stepLimit); ; {
			var back bool
			err := chromedp.Run(guest, chromedp.Evaluate(`!window.lhBeforeShow && (document.querySelector('#banner') || {dataset: {}}).dataset.link === 'connected'`, &back))
			if err == nil && back {
				break
			}
			if time.Now().After(deadline) {
				roomFailure(t, guest, "Rikki's page back from the cache", fmt.Errorf("not back in the room (%v)", err))
			}
			time.Sleep(50 * time.Millisecond)
		}
		if s := seatedAt(t, guest, "Rikki back from the cache"); s != 1 {
			t.Errorf("Rikki is back from the cache at seat %d", s)
		}
		playBothWays(t, host, guest, 1)
		settled(t, host, guest)
	}
	return f
}
