//go:build linux

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHotSeatClockCounts: a game on one device has the time to answer a
// room has, chosen at its set-up (Hands, the test game, whose choices may
// time out). The hand-over screen says how long the next person has; once
// they hold the device the status bar's clock counts down.
func TestHotSeatClockCounts(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theTestBuild)
	within(t, ctx, "setting up a two-person game with 15 seconds to answer",
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(base+"/games/hand-test/?pace=0"), clientReady(),
		choose("#seat-1-kind", "person"), choose("#answer-time", "15"),
		chromedp.Click("#start", byQuery),
		chromedp.WaitVisible("#handover-ready", byQuery))
	var handover string
	poll(t, ctx, "the hand-over screen's clock", `!!document.querySelector('.handover #clock')`)
	within(t, ctx, "reading the hand-over screen", chromedp.Text(".handover #clock", &handover, byQuery))
	if !strings.HasPrefix(handover, "Player 1 has ") || !strings.HasSuffix(handover, " s left to answer.") {
		t.Errorf("the hand-over screen says %q; want how long Player 1 has (the first seat's name on a fresh device)", handover)
	}
	screenView(t, ctx, "clock-hotseat-handover")
	const readClock = `(() => { const c = document.querySelector('#status #clock'); return c ? [+c.dataset.left, c.textContent] : [0, '']; })()`
	var first, later []any
	within(t, ctx, "taking the device", chromedp.Click("#handover-ready", byQuery), chromedp.WaitVisible("#table .hands-seats", byQuery))
	poll(t, ctx, "the table's clock", `!!document.querySelector('#status #clock')`)
	within(t, ctx, "reading the clock", chromedp.Evaluate(readClock, &first))
	if !clickableNow(ctx, "#status #clock") {
		t.Error("the clock is covered")
	}
	screenView(t, ctx, "clock-hotseat-table")
	// It counts down: the seconds drop below the first reading (how fast
	// the page redraws is the machine's business; that it does, the test's).
	a, _ := first[0].(float64)
	if a < 1 || a > 15 || !strings.HasPrefix(first[1].(string), "You: ") {
		t.Errorf("the clock read %v: want your seconds, at most 15", first)
	}
	poll(t, ctx, "the clock counting down", fmt.Sprintf(`(() => { const c = document.querySelector('#status #clock'); return !c || +c.dataset.left < %v; })()`, a))
	within(t, ctx, "reading the clock again", chromedp.Evaluate(readClock, &later))
	t.Logf("the clock read %v, then %v", first, later)
}
