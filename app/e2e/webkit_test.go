//go:build linux

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Safari's engine, WebKit, beside Chromium: half of the friends who open a
// link hold an iPhone. This WebKit has no WebRTC, so rooms are not tested
// in it (README's browser table); everything a player does on one device
// is: the app, its service worker, offline play, and every game's table at
// a desk's size and a phone's, which must pass the same full-view check as
// Chromium's and give the board the same room.

// TestWebKitPlaysOffline: as TestFirefoxPlaysOffline, in WebKit: the
// service worker installs from 127.0.0.1 and takes the page on a reload;
// with the server gone, a game's set-up page loads and a game against a
// bot starts and goes on.
func TestWebKitPlaysOffline(t *testing.T) {
	t.Parallel()
	bin, root := theApp(t)
	srv := startServer(t, bin, root)
	wk := startWebKit(t)
	wk.must(t, "sizing the window", wk.SetViewport(1280, 800))
	playsOffline(t, wk, srv)
}

// boardSize is what a table gives its board, as the player sees it: the
// share of the screen the board's area takes and the share its drawing
// takes (after scaling), and the smallest text on the board in CSS px
// as drawn.
const boardSize = `(() => {
  const W = innerWidth, H = innerHeight, area = document.querySelector('#board-area'), board = document.querySelector('#board-area > *');
  if (!area || !board) return null;
  const a = area.getBoundingClientRect(), b = board.getBoundingClientRect();
  const clip = r => Math.max(0, Math.min(r.right, W) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, H) - Math.max(r.top, 0)) / (W * H);
  // The drawing as seen: within its area, which scrolls a board drawn
  // larger than it.
  const seen = {left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom)};
  return {area: clip(a), board: clip(seen), scale: parseFloat(board.dataset.scale) || 1, width: b.width, height: b.height};
})()`

type boardShare struct {
	Area   float64 `json:"area"`
	Board  float64 `json:"board"` // the drawing, as much of it as its area shows
	Scale  float64 `json:"scale"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// webkitDecisions is how many of the player's decisions each game is
// played for in WebKit: enough to see the opening's choices (a card, a
// space, a dialog), few enough to stay quick.
const webkitDecisions = 4

// TestWebKitTablesMatchChromium plays every game on one device in WebKit
// and in Chromium, the same deal, at 1280×800 and 390×844: at each of the
// player's first decisions every control must be clickable where it stands
// in WebKit, and at the first the board's area and its drawing in view must
// take the same share of the screen in both engines, within 10 points, the
// board drawn at the same scale within 0.1.
func TestWebKitTablesMatchChromium(t *testing.T) {
	t.Parallel()
	bin, root := theApp(t)
	base := startServer(t, bin, root).URL
	games := []string{"rednorth", "raiders", "vikings", "northerners"}
	setup := func(id string) string { return "/games/" + id + "/?seed=" + fullViewSeeds[id] }
	// Chromium's boards first, the yardstick, in one browser: a Chromium
	// each cost about 8 CPU-s for two page loads (make test-cpu).
	cr := newBrowser(t)
	want := map[string]boardShare{}
	for _, id := range games {
		for _, size := range tableSizes {
			want[id+" at "+size.name] = chromiumBoard(t, cr, base+setup(id), size)
		}
	}
	for _, id := range games {
		t.Run(id, func(t *testing.T) {
			// A WebKit each, side by side: one for the four games in turn
			// made this the phase's longest test.
			t.Parallel()
			wk := startWebKit(t)
			site := wk.useFrameSite(t, base)
			for _, size := range tableSizes {
				want := want[id+" at "+size.name]
				got := webkitBoard(t, wk, site+setup(id), id, size)
				t.Logf("%s at %s: board area %.0f%% / %.0f%%, drawing in view %.0f%% / %.0f%%, scale %.2f / %.2f (%.0f×%.0f / %.0f×%.0f px) in WebKit %s / Chromium",
					id, size.name, 100*got.Area, 100*want.Area, 100*got.Board, 100*want.Board, got.Scale, want.Scale, got.Width, got.Height, want.Width, want.Height, wk.Version)
				if d := math.Abs(got.Scale - want.Scale); d > 0.10 {
					t.Errorf("%s at %s: the board is drawn at scale %.2f in WebKit, %.2f in Chromium", id, size.name, got.Scale, want.Scale)
				}
				if d := math.Abs(got.Area - want.Area); d > 0.10 {
					t.Errorf("%s at %s: the board's area takes %.0f%% of the screen in WebKit, %.0f%% in Chromium", id, size.name, 100*got.Area, 100*want.Area)
				}
				if d := math.Abs(got.Board - want.Board); d > 0.10 {
					t.Errorf("%s at %s: the board's drawing in view takes %.0f%% of the screen in WebKit, %.0f%% in Chromium", id, size.name, 100*got.Board, 100*want.Board)
				}
			}
		})
	}
}

// chromiumBoard opens a game's table at size in Chromium and measures its
// board at the player's first decision.
func chromiumBoard(t *testing.T, ctx context.Context, setup string, size screenSize) boardShare {
	t.Helper()
	within(t, ctx, "setting up in Chromium", chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(withPace(setup, 0)), clientReady(),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery))
	if _, err := checkControls(ctx); err != nil {
		t.Fatal(err)
	}
	var s string
	within(t, ctx, "measuring the board in Chromium", chromedp.Evaluate(`JSON.stringify(`+boardSize+`)`, &s))
	var b boardShare
	if err := json.Unmarshal([]byte(s), &b); err != nil {
		t.Fatal(err)
	}
	return b
}

// webkitBoard opens a game's table at size in WebKit, measures its board
// at the player's first decision, and plays on to check the controls at
// each of the next decisions.
func webkitBoard(t *testing.T, wk *webkit, setup, id string, size screenSize) boardShare {
	t.Helper()
	step := id + " at " + size.name
	wk.must(t, step, wk.SetViewport(size.width, size.height))
	wk.must(t, step, wk.Navigate(withPace(setup, 0)))
	wk.must(t, step, wk.ClientReady())
	wk.must(t, step+": starting", wk.Click("#start"))
	var table bool
	wk.must(t, step+": starting", wk.Poll(`!!document.querySelector('#table')`, &table, stepLimit))
	var first boardShare
	decisions := 0
	for n := 0; decisions < webkitDecisions; n++ {
		if n > 300 {
			t.Fatalf("%s: %d decisions after %d looks", step, decisions, n)
		}
		var moment string
		wk.must(t, step, wk.Eval(tableMoment, &moment))
		if moment == "turn" || moment == "choice" {
			v, err := wk.checkControls()
			wk.must(t, step, err)
			if decisions == 0 {
				wk.must(t, step, wk.Eval(boardSize, &first))
				wk.shot(t, "webkit-table-"+id+"-"+size.name, false)
			}
			decisions++
			if len(v.Problems) > 0 {
				name := fmt.Sprintf("webkit-failure-%s-%s", id, size.name)
				wk.shot(t, name, false)
				t.Errorf("%s, decision %d in WebKit: %s (screenshot %s)", step, decisions, strings.Join(v.Problems, "; "), name)
				break
			}
		}
		res, err := wk.look(n)
		wk.must(t, step, err)
		if res == "over" {
			break
		}
	}
	if errs, _ := wk.PageErrors(); len(errs) > 0 {
		t.Errorf("%s: WebKit's console has errors:\n%s", step, strings.Join(errs, "\n"))
	}
	return first
}
