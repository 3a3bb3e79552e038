package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestEveryGamePageFitsAPhone: each game's page (its rules and set-up) at
// 390 px wide is no wider than the screen, so that nothing a player needs,
// Start the game above all, lies off its right edge. A select as wide as
// its longest option once pushed Raiders' page to 790 px.
func TestEveryGamePageFitsAPhone(t *testing.T) {
	t.Parallel()
	bin, root := theApp(t)
	srv := startServer(t, bin, root)
	ctx := newBrowser(t)
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	for _, game := range []string{"rednorth", "raiders", "vikings", "northerners"} {
		var width struct {
			Page, Screen float64
			Widest       string
		}
		within(t, ctx, "the "+game+" page", chromedp.Navigate(srv.URL+"/games/"+game+"/"), clientReady(), settle(),
			chromedp.Poll(`!!document.querySelector('main select')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
			chromedp.Evaluate(`(() => {
			  const wide = [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > screen.width + 1)
			    .map((el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' ' + Math.round(el.getBoundingClientRect().width) + 'px');
			  return {Page: document.documentElement.scrollWidth, Screen: screen.width, Widest: wide.slice(0, 5).join(', ')};
			})()`, &width))
		screenshot(t, ctx, "game-page-phone-"+game)
		// screen.width, not innerWidth: a phone's layout viewport grows
		// to the page's width, and innerWidth with it.
		if width.Page > width.Screen {
			t.Errorf("%s's page is %.0f px wide on a %.0f-px phone; past the edge: %s", game, width.Page, width.Screen, width.Widest)
		}
	}
}
