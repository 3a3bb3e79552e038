//go:build linux

package e2e

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	rd "longhall/rules/raiders"
)

// TestRaidersTableAgainstBots: a person sets up Raiders of the North Sea
// against a bot and plays to their first work turn, at 1280×800 and on a
// 390-px phone. What to decide is in view without scrolling (the cards to
// keep, then the village and the own area) and the table never scrolls
// sideways. (The game goes on to its result, which names the winner with
// the scores term by term, in TestEveryTableInFullView.)
func TestRaidersTableAgainstBots(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	var options []string
	within(t, ctx, "the set-up page", chromedp.Navigate(withPace(base+"/games/raiders/", 0)), clientReady(),
		chromedp.Evaluate(`[...document.querySelectorAll('.setup select option')].map(o => o.textContent)`, &options))
	if !slices.Contains(options, "balanced: more for the seats after the start player") {
		t.Errorf("the set-up page offers %q, not the balanced start", options)
	}
	screenView(t, ctx, "raiders-setup")
	within(t, ctx, "setting up", chromedp.Click("#start", byQuery), chromedp.WaitVisible(".rd-board .lh-main", byQuery))
	// The modules are off by default: no Mead Hall, no Township.
	var moduleParts bool
	within(t, ctx, "looking for module parts", chromedp.Evaluate(`!!document.querySelector('.rd-hall') ||
	  [...document.querySelectorAll('.rd-sub, .rd-building strong')].some(e => e.textContent === 'The Township' || e.textContent === 'Mead Hall')`, &moduleParts))
	if moduleParts {
		t.Error("the base game shows the Mead Hall or the Township")
	}
	// Set-up: keep 3 of 5 by returning 2, clicking cards in the hand.
	ownAreaInView(t, ctx, "keeping cards at 1280×800", `.rd-hand [data-action="return"]`)
	screenView(t, ctx, "raiders-keep")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle())
	ownAreaInView(t, ctx, "keeping cards on a 390-px phone", `.rd-hand [data-action="return"]`)
	noSidewaysScroll(t, ctx, "keeping cards")
	screenView(t, ctx, "raiders-keep-phone")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle())

	// Play on (the bots are instant: the set-up page handed ?pace=0 on)
	// until the person works in the village (places or takes a worker), and
	// look at it on both screens.
	c, stop := context.WithTimeout(ctx, testLimit)
	defer stop()
	var placing bool
	for n := 0; n < 300 && !placing; n++ {
		// Each look waits for what it clicked to be applied, so once the
		// village offers a worker nothing is in flight: the table waits
		// for the person.
		within(t, c, "looking at the table", chromedp.Evaluate(`!!document.querySelector('.rd-building[data-action]')`, &placing))
		if !placing {
			if _, _, err := look(c, n); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !placing {
		t.Fatal("the person never got a work turn")
	}
	within(t, ctx, "the top", chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	inView(t, ctx, "working at 1280×800", `.rd-building[data-action]`)
	screenView(t, ctx, "raiders-turn")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle(),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	inView(t, ctx, "working on a 390-px phone", `.rd-building[data-action]`)
	noSidewaysScroll(t, ctx, "a work turn")
	screenView(t, ctx, "raiders-turn-phone")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle())

}

// inView checks that the first element matching sel is on the screen and
// nothing covers it.
func inView(t *testing.T, ctx context.Context, when, sel string) {
	t.Helper()
	clickableWhereItStands(t, ctx, when, sel, false)
}

// noSidewaysScroll checks that the page is no wider than the screen.
func noSidewaysScroll(t *testing.T, ctx context.Context, when string) {
	t.Helper()
	var overflow bool
	within(t, ctx, "measuring the width", chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	if overflow {
		t.Errorf("%s: the table scrolls sideways", when)
	}
}

// TestRaidersWithBothModulesAgainstBots: a person turns Hall of Heroes and
// Fields of Fame on at the set-up page, drafts a starting hand by clicking
// cards and charms the crowd at the Mead Hall against a bot. The draft and
// the Mead Hall's row are in view at 1280×800 and on a 390-px phone. The
// rest of such a game, to a result that scores quests and fame, is
// TestEveryTableInFullView's: its phone plays Raiders with both modules.
func TestRaidersWithBothModulesAgainstBots(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	within(t, ctx, "the set-up page", chromedp.Navigate(withPace(base+"/games/raiders/", 0)), clientReady(),
		choose("#opt-heroes", "on"), choose("#opt-fame", "on"))
	screenView(t, ctx, "raiders-modules-setup")
	within(t, ctx, "setting up", chromedp.Click("#start", byQuery), chromedp.WaitVisible(".rd-board .lh-main", byQuery))
	var parts map[string]bool
	within(t, ctx, "looking for the modules", chromedp.Evaluate(`({hall: !!document.querySelector('.rd-hall'),
	  township: [...document.querySelectorAll('.rd-sub')].some(h => h.textContent === 'The Township')})`, &parts))
	if !parts["hall"] || !parts["township"] {
		t.Errorf("the table with both modules shows %v", parts)
	}

	// The draft: hire one, pass one left, one right, by clicking cards.
	ownAreaInView(t, ctx, "drafting at 1280×800", `.rd-hand [data-action="draft"]`)
	screenView(t, ctx, "raiders-draft")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle())
	ownAreaInView(t, ctx, "drafting on a 390-px phone", `.rd-hand [data-action="draft"]`)
	noSidewaysScroll(t, ctx, "drafting")
	screenView(t, ctx, "raiders-draft-phone")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle())
	for i := range 3 {
		if _, _, err := look(ctx, i); err != nil {
			t.Fatal(err)
		}
	}

	// Play on until the person may work, and charm the crowd at the Mead
	// Hall.
	mead := fmt.Sprintf(`.rd-building[data-action="place"][data-args="%d"]`, rd.MeadHall)
	var ready bool
	for n := 0; n < 300 && !ready; n++ {
		within(t, ctx, "looking at the table", chromedp.Evaluate(fmt.Sprintf(`!!document.querySelector(%q)`, mead), &ready))
		if !ready {
			if _, _, err := look(ctx, n); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !ready {
		t.Fatal("the person was never offered the Mead Hall")
	}
	within(t, ctx, "the top", chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	inView(t, ctx, "the Mead Hall at 1280×800", mead)
	within(t, ctx, "going to the Mead Hall", chromedp.Click(mead, byQuery),
		chromedp.WaitVisible(`.rd-hall [data-action="charm"]`, byQuery))
	inView(t, ctx, "charming the crowd at 1280×800", `.rd-hall [data-action="charm"]:last-of-type`)
	screenView(t, ctx, "raiders-mead-hall")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle())
	inView(t, ctx, "charming the crowd on a 390-px phone", `.rd-hall [data-action="charm"]:last-of-type`)
	noSidewaysScroll(t, ctx, "the Mead Hall")
	screenView(t, ctx, "raiders-mead-hall-phone")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle())
	var hand, handAfter int
	within(t, ctx, "charming the crowd", chromedp.Evaluate(`document.querySelectorAll('.rd-hand .rd-card').length`, &hand),
		chromedp.Click(`.rd-hall [data-action="charm"]`, byQuery),
		chromedp.WaitNotPresent(`.rd-hall [data-action="charm"]`, byQuery),
		chromedp.Evaluate(`document.querySelectorAll('.rd-hand .rd-card').length`, &handAfter))
	if handAfter != hand+1 {
		t.Errorf("charming the crowd took the hand from %d to %d cards", hand, handAfter)
	}

	screenshot(t, ctx, "raiders-modules-charmed")
}
