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

// TestRoomHostSeatsAHardBot: a host fills a room's empty seat with a bot,
// makes it a hard one with the seat's own control (issue 25: chosen per
// seat in rooms too), and plays on; the bot's moves reach the table under
// its name.
func TestRoomHostSeatsAHardBot(t *testing.T) {
	t.Parallel()
	site := newRoomSite(t, false)
	// The site is a secure origin to this browser, as a real one (https)
	// is: the Screen Wake Lock is only for those.
	host := site.player(t, "Gordon", "--unsafely-treat-insecure-origin-as-secure="+site.base)
	site.openRoom(t, host, 2)
	empty := 1 - seatedAt(t, host, "Gordon")
	level := fmt.Sprintf("#bot-level-%d", empty)
	hard := fmt.Sprintf(`(document.querySelector('#seat-%d .who') || {textContent: ''}).textContent.includes('(hard bot)')`, empty)
	within(t, host, "adding a bot and making it hard",
		chromedp.Click(fmt.Sprintf("#bot-%d", empty), byQuery), chromedp.WaitVisible(level, byQuery),
		setField(level, "hard", "change"),
		chromedp.Poll(hard, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	screenView(t, host, "room-hard-bot")
	within(t, host, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)),
		chromedp.ScrollIntoView(level, byQuery), settle())
	clickableOnPage(t, host, "the bot's level on a phone", level)
	screenView(t, host, "room-hard-bot-phone")
	within(t, host, "a desktop", chromedp.EmulateViewport(1280, 800),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible(".rn-board .lh-main", byQuery))
	// Hosting a game, the page keeps the screen on (issue 38), while it
	// is shown (the test's tab is brought to the front: a headless
	// browser's tabs are otherwise hidden).
	wakeLock := func(what, want string) {
		t.Helper()
		var got string
		c, cancel := context.WithTimeout(host, stepLimit)
		defer cancel()
		if err := chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`(document.documentElement.dataset.wakeLock || '') === %q`, want), nil, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
			chromedp.Run(host, chromedp.Evaluate(`(document.documentElement.dataset.wakeLock || '') + ' (' + document.visibilityState + ')'`, &got))
			t.Errorf("%s: the Screen Wake Lock reads %q, want %q", what, got, want)
		}
	}
	within(t, host, "showing the host's tab", page.BringToFront())
	wakeLock("hosting a game", "held")
	// Play until the table has moved on a few times: the bot moved too.
	c, cancel := context.WithTimeout(host, testLimit)
	defer cancel()
	d := driven{until: 12}
	if _, err := playToTheEnd(c, nil, &d); err != nil {
		roomFailure(t, host, "playing with a hard bot", err)
	}
	var log []string
	within(t, host, "reading the log", texts(".log li", &log))
	named := false
	for _, line := range log {
		named = named || strings.Contains(line, "(hard bot)")
	}
	if !named {
		t.Errorf("the log names no move of the hard bot: %q", log)
	}
	wakeLock("still hosting, after a dozen moves", "held")
	within(t, host, "back to the hall", chromedp.Click("#back-to-games, .status-home", byQuery))
	wakeLock("in the hall", "released")
}

// clickableOnPage fails the test unless the element sel is on the screen
// and is what a tap at its middle would reach.
func clickableOnPage(t *testing.T, ctx context.Context, what, sel string) {
	t.Helper()
	var res string
	within(t, ctx, "measuring "+what, chromedp.Evaluate(fmt.Sprintf(`(() => {
	  const el = document.querySelector(%q);
	  if (!el) return 'missing';
	  const r = el.getBoundingClientRect();
	  if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) return 'outside the screen';
	  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
	  return el.contains(hit) ? '' : 'covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing');
	})()`, sel), &res))
	if res != "" {
		t.Errorf("%s: %s", what, res)
	}
}
