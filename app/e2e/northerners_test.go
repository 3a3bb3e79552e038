//go:build linux

package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestNorthernersWholeGameAgainstBots: a person sets up Northerners
// against a bot and plays it to the result, at 1280×800 and on a 390-px
// phone. The map is drawn with the villages, Kaupang squares, the Spirit
// Shaman and the blessing circles; the action bars and the turn's end are
// in view in the dock without scrolling, and so is the harvest's choice of
// what to resolve; the table never scrolls sideways.
func TestNorthernersWholeGameAgainstBots(t *testing.T) {
	bin, root := theApp(t)
	srv := startServer(t, bin, root)
	ctx := newBrowser(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	var tableURL string
	within(t, ctx, "the set-up page", chromedp.Navigate(srv.URL+"/games/northerners/"), clientReady())
	screenView(t, ctx, "northerners-setup")
	within(t, ctx, "setting up", chromedp.Click("#start", chromedp.ByQuery), chromedp.WaitVisible(".nn-board", chromedp.ByQuery),
		chromedp.Evaluate(`location.href`, &tableURL))
	var board map[string]int
	within(t, ctx, "reading the map", chromedp.Evaluate(`({squares: document.querySelectorAll('.nn-map .nn-sq').length,
	  villages: document.querySelectorAll('.nn-village').length, kaupang: document.querySelectorAll('.nn-kaupangsq').length,
	  shaman: document.querySelectorAll('.nn-shaman').length, circles: document.querySelectorAll('.nn-circle').length,
	  spaces: document.querySelectorAll('.nn-bars .nn-space').length})`, &board))
	if board["squares"] != 81 || board["villages"] != 4 || board["kaupang"] != 4 || board["shaman"] != 1 || board["circles"] != 8 || board["spaces"] != 17 {
		t.Errorf("the table shows %v", board)
	}

	// With instant bots, play to the person's second turn: its harvest
	// (a programmed action to click), then its action phase.
	within(t, ctx, "instant bots", chromedp.Navigate(tableURL+"&pace=0"), clientReady(), chromedp.WaitVisible(".nn-board", chromedp.ByQuery))
	const ownTurn = `!!document.querySelector('.nn-buttons [data-action="end"]')`
	const harvest = `!!document.querySelector('.nn-own [data-action="resolve"]')`
	var acting, harvesting bool
	for n := 0; n < 300 && !acting; n++ {
		within(t, ctx, "looking at the table", chromedp.Evaluate(ownTurn, &acting))
		if acting {
			break
		}
		if _, _, err := look(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	if !acting {
		t.Fatal("the person never got a turn")
	}
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), chromedp.Sleep(200*time.Millisecond),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "a turn at 1280×800", `.nn-buttons [data-action="end"]`)
	mapInView(t, ctx, "a turn at 1280×800")
	ownAreaInView(t, ctx, "the bars at 1280×800", `.nn-bars [data-action="action"]`)
	screenView(t, ctx, "northerners-turn")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "a turn on a 390-px phone", `.nn-buttons [data-action="end"]`)
	mapInView(t, ctx, "a turn on a 390-px phone")
	noSidewaysScroll(t, ctx, "a turn")
	screenView(t, ctx, "northerners-turn-phone")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), chromedp.Sleep(200*time.Millisecond))
	// Place on the first action offered, end the turn, and play on to the
	// harvest.
	within(t, ctx, "placing", chromedp.Click(`.nn-bars [data-action="action"]`, chromedp.ByQuery), chromedp.Sleep(200*time.Millisecond))
	for n := 0; n < 300 && !harvesting; n++ {
		within(t, ctx, "looking for the harvest", chromedp.Evaluate(harvest, &harvesting))
		if harvesting {
			break
		}
		if _, _, err := look(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	if !harvesting {
		t.Fatal("the person never harvested")
	}
	within(t, ctx, "the top", chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "the harvest at 1280×800", `.nn-own [data-action="resolve"]`)
	mapInView(t, ctx, "the harvest at 1280×800")
	screenView(t, ctx, "northerners-harvest")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "the harvest on a 390-px phone", `.nn-own [data-action="resolve"]`)
	mapInView(t, ctx, "the harvest on a 390-px phone")
	screenView(t, ctx, "northerners-harvest-phone")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), chromedp.Sleep(200*time.Millisecond))

	end, err := drive(ctx, 0, nil)
	if err != nil || end != "over" {
		roomFailure(t, ctx, "Northerners did not reach the result", fmt.Errorf("%s %v", end, err))
	}
	var status string
	within(t, ctx, "reading the result", chromedp.Text("#status .status-now", &status, chromedp.ByQuery))
	if status == "" {
		t.Error("the result says nothing")
	}
	screenshot(t, ctx, "northerners-end")
	t.Logf("northerners: %s", status)
}

// mapInView checks that the whole map is on the screen above the dock:
// its squares are the controls of many choices.
func mapInView(t *testing.T, ctx context.Context, when string) {
	t.Helper()
	var res string
	within(t, ctx, "measuring the map "+when, chromedp.Evaluate(`(() => {
	  const m = document.querySelector('.nn-map'), dock = document.querySelector('#dock');
	  if (!m || !dock) return 'missing';
	  const r = m.getBoundingClientRect(), d = dock.getBoundingClientRect();
	  if (r.top < 0 || r.bottom > d.top + 2) return 'the map runs ' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' and the dock starts at ' + Math.round(d.top);
	  return 'ok';
	})()`, &res))
	if res != "ok" {
		screenshot(t, ctx, "map-failure")
		t.Errorf("%s: %s", when, res)
	}
}
