//go:build linux

package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// gameLogLines reads the game log as it shows on screen, oldest first, one
// string an entry: its number (or "—" for a line between actions, such as
// who took back what), then its lines.
const gameLogLines = `[...document.querySelectorAll('#gamelog > ol > li')].map(li => {
  const lines = [li.querySelector(':scope > span'), ...li.querySelectorAll(':scope > ul > li')].filter(e => e).map(e => e.textContent);
  return (li.classList.contains('aside') ? '—' : li.getAttribute('value')) + '. ' + lines.join(' / ');
})`

// handsChoice is a Hands card the viewer may play now.
const handsChoice = `document.querySelector('#table button[data-action=choose]:not([disabled])')`

// TestRoomLogReadsTheSameAfterTheHostReloads (issue 39): Gordon hosts a
// room of Hands (the test game) with the least time to answer, Rikki is
// his guest. Gordon plays a card and takes it back, and plays again;
// Rikki lets his time run out, and the game plays his lowest card. With
// those two lines in the log that a replay of the record does not give
// (session.Save.Log), Gordon reloads his page: his table resumes from its
// save, Rikki's page comes back by itself, and each reads its log as it
// did before, line for line, in its own words (Gordon's take-back names
// his card to him only). A round played after it follows on both.
func TestRoomLogReadsTheSameAfterTheHostReloads(t *testing.T) {
	t.Parallel()
	bin, root := theTestBuild(t)
	site := newRoomSiteOf(t, bin, root, true)
	host := site.player(t, "Gordon")
	rikki := site.player(t, "Rikki")
	link := site.openRoomOf(t, host, "hand-test", 2)
	var least string
	within(t, host, "the least time to answer a room may have",
		chromedp.WaitReady("#room-answer-time", byQuery),
		chromedp.Evaluate(`String(Math.min(...[...document.querySelectorAll('#room-answer-time option')].map(o => Number(o.value)).filter(n => n > 0)))`, &least))
	within(t, host, "setting it", choose("#room-answer-time", least))
	startWith(t, host, rikki, link, "#table .hands-seats")
	poll(t, rikki, "Rikki reads the time to answer", fmt.Sprintf(`((document.querySelector('#answer-time') || {}).textContent || '').startsWith('Time to answer: %s seconds')`, least))

	// Rikki never plays: his time runs out every round, and the game
	// plays his lowest card. (The host runs one seat's clock at a time,
	// the first that has to choose: Rikki's runs once Gordon has chosen.)
	// Gordon plays at once and takes his card back before Rikki's time is
	// out; should the machine be too busy for that (Rikki's card played
	// first, turning the round up, or Gordon's own time out), he tries
	// again next round.
	var tookBack, ranOut bool
	for round := 1; !tookBack || !ranOut; round++ {
		if round > 3 {
			t.Fatalf("after %d rounds Gordon took back a card: %v; Rikki's time ran out: %v", round-1, tookBack, ranOut)
		}
		var v int
		var hand string
		poll(t, host, "Gordon's turn to choose", `!!`+handsChoice)
		within(t, host, "Gordon's hand", chromedp.Evaluate(`Number(`+roomVersion+`)`, &v), chromedp.Evaluate(handsHand, &hand))
		if hostPlaysAt(t, host, v) {
			poll(t, host, "Gordon offered a take-back", fmt.Sprintf(`!!document.querySelector('#undo') || Number(%s) >= %d`, roomVersion, v+2))
			var undone bool
			within(t, host, "Gordon takes his card back", chromedp.Evaluate(`(() => { const u = document.querySelector('#undo'); if (!u) return false; u.click(); return true; })()`, &undone))
			if undone {
				poll(t, host, "Gordon's card back in his hand", fmt.Sprintf(`Number(%s) === %d && %s === %s && !!%s || Number(%s) >= %d`,
					roomVersion, v, handsHand, jsString(hand), handsChoice, roomVersion, v+2))
				if hostPlaysAt(t, host, v) {
					tookBack = true
					screenView(t, host, "log-reload-took-back")
				}
			}
		}
		for _, p := range []struct {
			who string
			ctx context.Context
		}{{"Gordon", host}, {"Rikki", rikki}} {
			poll(t, p.ctx, p.who+" sees the round turned up", fmt.Sprintf(`Number(%s) >= %d`, roomVersion, v+2))
		}
		poll(t, rikki, "Rikki's log", `(`+gameLogLines+`).join('\n').includes("Rikki's time to answer ran out")`)
		ranOut = true
		t.Logf("round %d: Gordon took back a card: %v", round, tookBack)
	}
	screenView(t, rikki, "log-reload-ran-out")

	// No time to answer from here on, so that no line comes while the
	// logs are read and the host reloads; then a round played by both.
	within(t, host, "no time to answer", choose("#room-answer-time", "0"))
	for _, ctx := range []context.Context{host, rikki} {
		poll(t, ctx, "no time to answer", `(document.querySelector('#answer-time') || {}).textContent === 'Time to answer: no limit'`)
	}
	var v int
	within(t, host, "the version", chromedp.Evaluate(`Number(`+roomVersion+`)`, &v))
	bothPlay(t, host, rikki, v)
	v += 2

	before := map[string][]string{"Gordon": logOnScreen(t, host, v), "Rikki": logOnScreen(t, rikki, v)}
	for who, lines := range before {
		t.Logf("%s's log before the reload:\n\t%s", who, strings.Join(lines, "\n\t"))
	}
	if g := strings.Join(before["Gordon"], "\n"); !strings.Contains(g, "Gordon took back: play card") || !strings.Contains(g, "Rikki's time to answer ran out") {
		t.Errorf("Gordon's log lacks his take-back or Rikki's time running out")
	}
	if r := strings.Join(before["Rikki"], "\n"); !strings.Contains(r, "Gordon took back a move") || strings.Contains(r, "Gordon took back: play") || !strings.Contains(r, "Rikki's time to answer ran out") {
		t.Errorf("Rikki's log lacks Gordon's take-back or his time running out, or names Gordon's card")
	}
	showLog(t, host, "log-reload-host-before")

	within(t, host, "Gordon reloads", chromedp.Reload(), clientReady())
	if s := seatedAt(t, host, "Gordon after his reload"); s != 0 {
		t.Fatalf("Gordon came back to seat %d", s)
	}
	// Rikki's page comes back by itself: Gordon's page sees him connected
	// (a fresh host knows no guest until its link is back), and Rikki's
	// its table at the same version.
	poll(t, host, "Gordon's table again", fmt.Sprintf(`!!document.querySelector('#table .hands-seats') && Number(%s) === %d`, roomVersion, v))
	poll(t, host, "Rikki back in the room", `(document.querySelector('#seat-1') || {dataset: {}}).dataset.state === 'connected'`)
	poll(t, rikki, "Rikki's table again", fmt.Sprintf(`(document.querySelector('#banner') || {dataset: {}}).dataset.link !== 'reconnecting' && !!document.querySelector('#table .hands-seats') && Number(%s) === %d`, roomVersion, v))
	after := map[string][]string{}
	for who, ctx := range map[string]context.Context{"Gordon": host, "Rikki": rikki} {
		after[who] = logUntil(ctx, before[who])
		if !slices.Equal(after[who], before[who]) {
			t.Errorf("%s's log changed with the host's reload:\n%s", who, lineDiff(before[who], after[who]))
		}
	}
	showLog(t, host, "log-reload-host-after")
	showLog(t, rikki, "log-reload-guest-after")

	// And play goes on: a round after the reload follows the same log.
	bothPlay(t, host, rikki, v)
	for who, ctx := range map[string]context.Context{"Gordon": host, "Rikki": rikki} {
		if now := logOnScreen(t, ctx, v+2); len(now) <= len(before[who]) || !slices.Equal(now[:len(before[who])], before[who]) {
			t.Errorf("after a round more %s's log reads:\n\t%s", who, strings.Join(now, "\n\t"))
		}
	}
}

// showLog scrolls the page's log into view and takes a picture of it.
func showLog(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	within(t, ctx, "showing the log", chromedp.ScrollIntoView("#gamelog", byQuery), settle())
	screenView(t, ctx, name)
}

// hostPlaysAt has the host's page play a card if its table is at version
// v and offers one, and says whether it did.
func hostPlaysAt(t testing.TB, host context.Context, v int) bool {
	t.Helper()
	var played bool
	within(t, host, "Gordon plays a card", chromedp.Evaluate(fmt.Sprintf(`(() => { const b = %s; if (Number(%s) !== %d || !b) return false; b.click(); return true; })()`, handsChoice, roomVersion, v), &played))
	return played
}

// bothPlay has the host and the guest each play a card in the round at
// version v, and waits until both tables have turned it up.
func bothPlay(t *testing.T, host, guest context.Context, v int) {
	t.Helper()
	for _, ctx := range []context.Context{host, guest} {
		poll(t, ctx, "a card to play", fmt.Sprintf(`Number(%s) >= %d && !!%s`, roomVersion, v, handsChoice))
		within(t, ctx, "playing a card", chromedp.Evaluate(handsChoice+`.click()`, nil))
	}
	for _, ctx := range []context.Context{host, guest} {
		poll(t, ctx, "the round turned up", fmt.Sprintf(`Number(%s) >= %d`, roomVersion, v+2))
	}
}

// logOnScreen waits until the page shows the table at version v with as
// many numbered entries in its log as that version's actions, and reads
// the log.
func logOnScreen(t *testing.T, ctx context.Context, v int) []string {
	t.Helper()
	poll(t, ctx, "the log of the table at its version", fmt.Sprintf(`Number(%s) === %d && document.querySelectorAll('#gamelog > ol > li:not(.aside)').length === %[2]d`, roomVersion, v))
	var lines []string
	within(t, ctx, "reading the log", chromedp.Evaluate(gameLogLines, &lines))
	return lines
}

// logUntil reads the page's log until it reads want, or until a step's
// hang guard has passed, and returns the last reading.
func logUntil(ctx context.Context, want []string) []string {
	var got []string
	for deadline := time.Now().Add(stepLimit); ; time.Sleep(50 * time.Millisecond) {
		got = nil
		c, cancel := context.WithTimeout(ctx, stepLimit)
		err := chromedp.Run(c, chromedp.Evaluate(gameLogLines, &got))
		cancel()
		if err == nil && slices.Equal(got, want) || time.Now().After(deadline) {
			return got
		}
	}
}

// lineDiff shows two readings of a log side by side, line by line.
func lineDiff(before, after []string) string {
	var b strings.Builder
	for i := range max(len(before), len(after)) {
		var x, y string
		if i < len(before) {
			x = before[i]
		}
		if i < len(after) {
			y = after[i]
		}
		mark := " "
		if x != y {
			mark = "≠"
		}
		fmt.Fprintf(&b, "%s before: %q\n  after:  %q\n", mark, x, y)
	}
	return b.String()
}
