//go:build linux

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

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
// takes (after scaling), and the scale it is drawn at.
const boardSize = `(() => {
  const W = innerWidth, H = innerHeight, area = document.querySelector('#board-area'), board = document.querySelector('#board-area > *');
  if (!area || !board) return null;
  const a = area.getBoundingClientRect(), b = board.getBoundingClientRect();
  const clip = r => Math.max(0, Math.min(r.right, W) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, H) - Math.max(r.top, 0)) / (W * H);
  // The drawing as seen: within its area, which scrolls a board drawn
  // larger than it.
  const seen = {left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom)};
  return {area: clip(a), board: clip(seen), scale: parseFloat(board.dataset.scale) || 1};
})()`

type boardShare struct {
	Area  float64 `json:"area"`
	Board float64 `json:"board"` // the drawing, as much of it as its area shows
	Scale float64 `json:"scale"`
}

// TestWebKitTablesMatchChromium plays every game on one device to its end
// in WebKit and in Chromium, the same deal and the same choices (so the
// same game: seeded bots, and a driver whose choice at a decision is
// drawn from the decision: drawnStep), at 1280×800 and 390×844, with
// the full-view test's modules (Raiders' on the phone). At every decision of the player's, in both engines, every
// control must be clickable where it stands and no text drawn under 11
// CSS px (the full-view check, controlsInView); and the board's area and
// its drawing in view must take the same share of the screen in both,
// within 10 points, the board drawn at the same scale within 0.1.
func TestWebKitTablesMatchChromium(t *testing.T) {
	t.Parallel()
	// Raiders and Vikings, the longest, are tests of their own, first of
	// all (a_long_test.go).
	for _, id := range []string{"rednorth", "northerners"} {
		for _, size := range tableSizes {
			t.Run(size.name+"/"+id, func(t *testing.T) {
				t.Parallel() // a browser of each engine, and a game
				webKitMatchesChromium(t, id, size)
			})
		}
	}
}

// webKitMatchesChromium plays game id at size in Chromium, then in WebKit,
// and compares them (TestWebKitTablesMatchChromium).
func webKitMatchesChromium(t *testing.T, id string, size screenSize) {
	base := serveApp(t, theApp)
	setup := "/games/" + id + "/?seed=" + fullViewSeeds[id]
	step := id + " at " + size.name
	ctx := newBrowser(t)
	cr := chromiumPage(ctx)
	within(t, ctx, "setting up "+step+" in Chromium", chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(withPace(base+setup, 0)), clientReady())
	// The phone's games with the full-view test's modules.
	var modules *gameModules
	if size.name == "phone" {
		modules = fullViewModules[id]
	}
	want := playDecisions(t, cr, step, modules)

	wk := startWebKit(t)
	site := wk.useFrameSite(t, base)
	wk.must(t, step, wk.SetViewport(size.width, size.height))
	wk.must(t, step, wk.Navigate(withPace(site+setup, 0)))
	wk.must(t, step, wk.ClientReady())
	got := playDecisions(t, wk.pageOps, step, modules)
	if errs, _ := wk.PageErrors(); len(errs) > 0 {
		t.Errorf("%s: WebKit's console has errors:\n%s", step, strings.Join(errs, "\n"))
	}
	compareEngines(t, step, got, want, wk.Version)
}

// decisionLook is one of the player's decisions as an engine draws it.
type decisionLook struct {
	Key   string // decisionKey: the table's version, a hash of its state, what it offers
	Board boardShare
	Check viewCheck
}

// decisionKey names the decision a table shows: the table's version, what
// the decision offers, and a hash of what the board and the player's own
// area say (the state the decision is taken in, whatever its version).
const decisionKey = `(() => {
  const t = document.querySelector('#table');
  let h = 2166136261;
  for (const sel of ['#board-area', '#own']) {
    const text = (document.querySelector(sel) || {}).textContent || '';
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  }
  return t.dataset.version + ' ' + h + ' ' + [...t.querySelectorAll('[data-action]:not([disabled]), [data-pick]')].map(c => (c.dataset.action || 'pick') + ':' + (c.dataset.args || c.dataset.pick || '')).join(' ');
})()`

// playDecisions starts the game whose set-up page p shows, with its
// modules on, and plays it to its end, every prompt asked and each choice
// drawn from what the decision offers as the click is made, a bot deciding
// too answering first, and only a decision looked at taken (lookDrawnAt),
// looking at every decision: the full-view check (any problem fails the
// test) and the board's share of the screen once the page has settled.
func playDecisions(t *testing.T, p pageOps, step string, modules *gameModules) []decisionLook {
	t.Helper()
	if modules != nil {
		for _, on := range modules.On {
			p.must(t, step+": turning on "+on[0], p.eval(fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, on[0], on[1]), nil))
		}
	}
	p.must(t, step+": starting", p.eval(`document.querySelector('#start').click()`, nil))
	p.must(t, step+": starting", p.Poll(`!!document.querySelector('#table')`, nil, stepLimit))
	// Every prompt asked, none passed for the player after a delay drawn
	// at random: the same game in both engines.
	p.must(t, step+": asking every prompt", p.eval(`(() => { const s = document.querySelector('#autopass-choice'); if (s) { s.value = 'off'; s.dispatchEvent(new Event('change', {bubbles: true})); } return true; })()`, nil))
	var looks []decisionLook
	fails := 0
	for i := 0; ; i++ {
		if i > 20000 {
			t.Fatalf("%s in %s: no end after %d looks and %d decisions", step, p.browser, i, len(looks))
		}
		now := p.lookAtDecision(t, step)
		if now.Moment == "turn" || now.Moment == "choice" {
			d := decisionLook{Key: now.Key, Board: now.Board, Check: now.Check}
			if len(looks) == 0 || looks[len(looks)-1].Key != d.Key {
				looks = append(looks, d)
				if len(looks) == 1 {
					p.shot(t, p.browser+"-table-"+strings.ReplaceAll(step, " ", "-"), false)
				}
				if len(d.Check.Problems) > 0 && fails < 3 {
					fails++
					name := fmt.Sprintf("%s-failure-%s-%d", p.browser, strings.ReplaceAll(step, " ", "-"), fails)
					p.shot(t, name, false)
					t.Errorf("%s, decision %d in %s: %s (screenshot %s)", step, len(looks), p.browser, strings.Join(d.Check.Problems, "; "), name)
				}
			}
		}
		key := ""
		if now.Moment == "turn" || now.Moment == "choice" {
			key = now.Key
		}
		res, err := p.lookDrawnAt(key)
		p.must(t, step, err)
		if res == "over" {
			return looks
		}
	}
}

// stateOf is a decision's key without the table's version: the decision
// and the state it is taken in.
func stateOf(key string) string {
	_, state, _ := strings.Cut(key, " ")
	return state
}

// decisionNow is one look at a table, in one call to the page: its
// moment (tableMoment) and, at a decision, whether the page has settled,
// the full-view check, the decision's key and the board's share, all of
// one moment. (A look a call each took a WebDriver round trip each.)
const decisionNow = `(() => {
  const moment = ` + tableMoment + `;
  if (moment !== 'turn' && moment !== 'choice') return {moment};
  return {moment, settled: ` + pageSettled + `, check: ` + controlsInView + `, key: ` + decisionKey + `, board: ` + boardSize + `};
})()`

// decisionSeen is what decisionNow sees.
type decisionSeen struct {
	Moment  string     `json:"moment"`
	Settled bool       `json:"settled"`
	Check   viewCheck  `json:"check"`
	Key     string     `json:"key"`
	Board   boardShare `json:"board"`
}

// lookAtDecision looks at the table until the page has settled (with
// problems, for settledLooks looks in a row over settledFor: see
// lookUntilSettled), or until it shows no decision.
func (p pageOps) lookAtDecision(t *testing.T, step string) decisionSeen {
	t.Helper()
	var s settling
	for guard := time.Now().Add(stepLimit / 3); ; time.Sleep(50 * time.Millisecond) {
		var now decisionSeen
		p.must(t, step, p.eval(decisionNow, &now))
		if now.Moment != "turn" && now.Moment != "choice" {
			return now
		}
		if (now.Settled && len(now.Check.Problems) == 0) || s.enough(now.Settled) || time.Now().After(guard) {
			return now
		}
	}
}

// compareEngines holds WebKit's decisions (got) to Chromium's (want): the
// two engines must have played the same game, decision for decision, and
// at each decision the board must be given the same room. (The version is
// left out: a bot that answers at once in one engine and a moment later in
// the other moves the version, not the game. The same game follows from
// choices drawn from each decision, a pick waited for until it shows
// (pickShown: one looked at again too soon was clicked twice, dropped, and
// the games parted), a decision a bot takes too left to the bot first
// (drawnInTurn), and none taken without being looked at (lookDrawnAt).)
func compareEngines(t *testing.T, step string, got, want []decisionLook, version string) {
	t.Helper()
	chromium := map[string]decisionLook{}
	for _, w := range want {
		chromium[stateOf(w.Key)] = w
	}
	worst, at, both, parted := 0.0, 0, 0, -1
	for i, g := range got {
		w, ok := chromium[stateOf(g.Key)]
		if !ok {
			if parted < 0 {
				parted = i
			}
			continue
		}
		both++
		d := max(math.Abs(g.Board.Area-w.Board.Area), math.Abs(g.Board.Board-w.Board.Board))
		if d > worst {
			worst, at = d, i+1
		}
		if d > 0.10 || math.Abs(g.Board.Scale-w.Board.Scale) > 0.10 {
			t.Errorf("%s, decision %d: the board's area takes %.0f%% of the screen in WebKit, %.0f%% in Chromium; its drawing in view %.0f%% / %.0f%%; its scale %.2f / %.2f (WebKit: %s; Chromium: %s)",
				step, i+1, 100*g.Board.Area, 100*w.Board.Area, 100*g.Board.Board, 100*w.Board.Board, g.Board.Scale, w.Board.Scale, g.Check.Layout, w.Check.Layout)
		}
	}
	if both != len(got) || len(got) != len(want) {
		t.Errorf("%s: the engines played different games: %d of WebKit's %d decisions are among Chromium's %d", step, both, len(got), len(want))
	}
	if parted >= 0 {
		other := "none"
		if parted < len(want) {
			other = want[parted].Key
		}
		t.Logf("%s: the first decision WebKit met and Chromium did not, decision %d: %.200q (Chromium's decision %d: %.200q)", step, parted+1, got[parted].Key, parted+1, other)
	}
	t.Logf("%s: %d decisions in WebKit %s, %d in Chromium, %d in the same state in both; the board's share differs by %.0f points at most (decision %d)", step, len(got), version, len(want), both, 100*worst, at)
}

// chromiumPage is ctx's page as pageOps, for the steps written once for
// every engine.
func chromiumPage(ctx context.Context) pageOps {
	return pageOps{
		browser: "chromium",
		eval: func(expr string, out any) error {
			if out == nil {
				return chromedp.Run(ctx, chromedp.Evaluate(expr, nil))
			}
			var raw []byte
			if err := chromedp.Run(ctx, chromedp.Evaluate(expr, &raw)); err != nil {
				return err
			}
			return json.Unmarshal(raw, out)
		},
		screenshot: func(path string, full bool) error {
			var png []byte
			if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
				return err
			}
			return os.WriteFile(path, png, 0o644)
		},
	}
}
