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

// rnStep is one look at the Red North board from the test's player: it
// reports the state of the table and, when the player may act, clicks one
// of the offered controls. Controls carry data-action (an action the board
// raises) or data-pick (a Raiding Party card that opens its menu of
// actions). The choice depends only on how many clicks came before, n: an
// open menu is answered first; otherwise two clicks in three open a Party
// card's menu when there is one, and the third takes the n-th control of
// all, so the game tries many kinds of action and still always moves on
// (Party actions run out: each spends a face-down card or a Glory token).
const rnStep = `(() => {
  const b = document.querySelector('.rn-board');
  if (!b) return 'none';
  if (document.querySelector('.rn-result')) return 'over';
  const n = %d;
  const tray = [...b.querySelectorAll('.rn-tray [data-action]:not([disabled])')];
  // Read what a control does before clicking it: the click redraws the table.
  if (tray.length) { const el = tray[Math.floor(n / 2) %% tray.length]; const kind = el.dataset.action; el.click(); return 'act ' + kind; }
  const picks = [...b.querySelectorAll('[data-pick]:not([data-pick="none"])')];
  if (picks.length && n %% 3 !== 0) { picks[n %% picks.length].click(); return 'pick'; }
  const all = [...b.querySelectorAll('[data-action]:not([disabled])'), ...picks];
  if (!all.length) return 'wait';
  const el = all[n %% all.length];
  const kind = el.dataset.action;
  el.click();
  return kind ? 'act ' + kind : 'pick';
})()`

// rnLogCount is the number of lines in the game log, which grows with every
// applied action.
const rnLogCount = `(document.querySelector('.log summary') || {textContent: ''}).textContent`

func TestRedNorthWholeGameAgainstBots(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)

	// Set up: one person and two bots.
	var tableURL string
	var names []string
	if err := chromedp.Run(ctx,
		// A fixed seed: the same deal every run, so what the game shows (a
		// closed action that says why) does not depend on chance.
		chromedp.Navigate(withPace(base+"/games/rednorth/?seed=5", 0)), // instant bots: the page hands ?pace= on
		clientReady(),
		chromedp.SetValue("#players", "3", byQuery),
		chromedp.Evaluate(`document.querySelector('#players').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.WaitVisible("#seat-2-kind", byQuery),
		chromedp.SetValue("#seat-1-kind", "bot", byQuery),
		chromedp.Evaluate(`document.querySelector('#seat-1-kind').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.SetValue("#seat-2-kind", "bot", byQuery),
		chromedp.Evaluate(`document.querySelector('#seat-2-kind').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.Evaluate(`[...document.querySelectorAll('.setup .seat input')].map(i => i.value)`, &names),
	); err != nil {
		t.Fatalf("setting up the game: %v", err)
	}
	screenshot(t, ctx, "rednorth-setup")
	var scrolled float64
	if err := chromedp.Run(ctx,
		chromedp.Click("#start", byQuery),
		chromedp.WaitVisible(".rn-board .lh-main", byQuery),
		chromedp.Evaluate(`window.location.href`, &tableURL),
		chromedp.Evaluate(`window.scrollY`, &scrolled),
	); err != nil {
		t.Fatalf("setting up the game: %v", err)
	}
	if scrolled != 0 {
		t.Errorf("the table opens scrolled %v px down", scrolled)
	}
	// Deploying: the player's move, and the hand is what they use.
	ownAreaInView(t, ctx, "deploying at 1280×800", ".rn-hand .hand-cards")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle())
	ownAreaInView(t, ctx, "deploying on a 390-px phone", ".rn-hand .hand-cards")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle())
	if !strings.Contains(tableURL, "/play/rednorth/") || !strings.Contains(tableURL, "save=") {
		t.Fatalf("the start button led to %s", tableURL)
	}

	shot := map[string]bool{}
	phoneDone := false
	var res string
	clicks := 0
	for n := 0; ; n++ {
		if n > 5000 || clicks > 400 {
			t.Fatalf("the game did not end after %d looks at the table and %d clicks", n, clicks)
		}
		// Each Resolution gets a screenshot while its panel is open.
		var round string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const r = document.querySelector('.rn-report.rn-open'); return r ? r.dataset.round : ''; })()`, &round)); err != nil {
			t.Fatal(err)
		}
		if name := map[string]string{"1": "rednorth-spring", "2": "rednorth-summer", "3": "rednorth-ragnarok"}[round]; name != "" && !shot[name] {
			shot[name] = true
			if round != "3" {
				// A resolved round is announced in the player's own area,
				// in view, wherever the report itself is.
				ownAreaInView(t, ctx, "after a Resolution", "#rn-announce")
			}
			screenshot(t, ctx, name)
		}
		// The first open card menu and the first places to put a card.
		var extra string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector('.rn-tray') ? 'rednorth-menu' : document.querySelector('.rn-slot') ? 'rednorth-places' : ''`, &extra)); err != nil {
			t.Fatal(err)
		}
		if extra != "" && !shot[extra] {
			shot[extra] = true
			screenshot(t, ctx, extra)
		}
		// A Party action the rules close says why: on the card (its
		// title, a tap) or in the card's menu.
		if !shot["rednorth-why-not"] {
			var why string
			within(t, ctx, "looking for a reason", chromedp.Evaluate(`(() => { const r = document.querySelector('.rn-tray .lh-refused .lh-why, #table .rn-mine [data-why]'); return r ? r.dataset.why || r.textContent : ''; })()`, &why))
			if why != "" && (tapShowsWhy(t, ctx) || clickableNow(ctx, ".rn-tray .lh-refused")) {
				shot["rednorth-why-not"] = true
				screenshot(t, ctx, "rednorth-why-not")
				t.Logf("a closed action says why: %q", why)
			}
		}
		if !phoneDone && phoneMoment(t, ctx) {
			phoneDone = true
			// Player Actions: the player's move, made with the Party.
			ownAreaInView(t, ctx, "acting at 1280×800", ".rn-mine .rn-party")
			screenshot(t, ctx, "rednorth-actions")
			phoneShot(t, ctx)
		}
		var before string
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(roomVersion, &before),
			chromedp.Evaluate(fmt.Sprintf(rnStep, clicks), &res),
		); err != nil {
			t.Fatal(err)
		}
		switch {
		case res == "over":
		case strings.HasPrefix(res, "act "):
			clicks++
			t.Logf("click %d: %s", clicks, res)
			// Wait until the table has applied it (a new version).
			var grew bool
			if err := chromedp.Run(ctx, chromedp.Poll(fmt.Sprintf(`%s !== %q || !!document.querySelector('.rn-result')`, roomVersion, before), &grew,
				chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(stepLimit))); err != nil {
				failure(t, ctx, fmt.Sprintf("click %d (%s): the table did not take the action: %v", clicks, res, err))
			}
			continue
		case res == "pick":
			clicks++
			wait, stop := context.WithTimeout(ctx, 60*time.Second)
			err := chromedp.Run(wait, chromedp.WaitVisible(".rn-tray", byQuery))
			stop()
			if err != nil {
				failure(t, ctx, fmt.Sprintf("click %d: picking a Party card opened no actions: %v", clicks, err))
			}
			continue
		default: // the bots are thinking, or the board is drawing
			if err := chromedp.Run(ctx, chromedp.Sleep(20*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		break
	}

	var title, reason string
	var finals []string
	if err := chromedp.Run(ctx,
		chromedp.Text(".rn-result-title", &title, byQuery),
		chromedp.Text(".rn-reason", &reason, byQuery),
		texts(".rn-final-row", &finals),
	); err != nil {
		t.Fatal(err)
	}
	named := false
	for _, who := range names {
		named = named || strings.HasSuffix(title, "Winner: "+who)
	}
	if !named || !strings.Contains(title, "Ragnarok is over") {
		t.Errorf("the result says %q, which names none of the players %q as the winner", title, names)
	}
	if reason == "" || len(finals) != 3 {
		t.Errorf("the result gives reason %q and %d final scores, want a reason and 3 scores", reason, len(finals))
	}
	if !shot["rednorth-ragnarok"] {
		screenshot(t, ctx, "rednorth-ragnarok")
	}
	screenshot(t, ctx, "rednorth-end")
	for _, name := range []string{"rednorth-spring", "rednorth-summer"} {
		if !shot[name] {
			t.Errorf("no screenshot %s: its Resolution panel never showed open", name)
		}
	}
	if !phoneDone {
		phoneShot(t, ctx)
	}
	if !shot["rednorth-why-not"] {
		t.Error("in a whole game, no Party card's menu said why one of its actions was closed")
	}

	// The rules are at the table.
	var rulesText string
	within(t, ctx, "opening the rules", chromedp.Click("#rules-open", byQuery),
		chromedp.WaitVisible("#rules-panel", byQuery), chromedp.Text("#rules-panel", &rulesText, byQuery))
	if !strings.Contains(rulesText, "Ragnarok") {
		t.Errorf("the rules drawer reads %q", rulesText)
	}
	within(t, ctx, "closing the rules", chromedp.Click("#rules-close", byQuery), chromedp.WaitNotPresent("#rules-panel", byQuery))
	// The status bar marks the last move: the newest line of the log.
	var last, newest string
	within(t, ctx, "reading the last move", chromedp.Text("#last-move", &last, byQuery),
		chromedp.Evaluate(`document.querySelector('#gamelog ol > li.last > span').textContent`, &newest))
	if !strings.HasSuffix(last, newest) {
		t.Errorf("the status bar's last move reads %q, the log's newest line %q", last, newest)
	}
	// A rematch: the same seats, a new game, at the same table (its
	// address opens the new game); the finished game stays in the hall's
	// list, under a save of its own.
	within(t, ctx, "dealing a rematch", chromedp.Click("#rematch", byQuery),
		chromedp.Poll(`!!document.querySelector('.rn-board') && !document.querySelector('.rn-result') && `+roomVersion+` !== '' && Number(`+roomVersion+`) < 10`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	var seated []string
	within(t, ctx, "reading the new table's seats", chromedp.Evaluate(`[...document.querySelectorAll('.rn-seat .rn-name')].map(e => e.textContent).sort()`, &seated))
	want := append([]string(nil), names...)
	slices.Sort(want)
	if !slices.Equal(seated, want) {
		t.Errorf("the new game seats %q, want %q", seated, want)
	}
	var lines []string
	within(t, ctx, "the hall's list after the rematch", chromedp.Navigate(base+"/"), clientReady(), chromedp.WaitVisible("#continue", byQuery),
		chromedp.Evaluate(`[...document.querySelectorAll('.saves a.save small')].map(e => e.textContent)`, &lines))
	if len(lines) != 2 || strings.Contains(lines[0], "finished") || !strings.Contains(lines[1], "finished") {
		t.Errorf("after the rematch the hall lists %q, want the new game, then the finished one", lines)
	}
}

// ownAreaInView checks, when it is the player's move, that everything they
// act with (every element matching sel) is wholly on the screen and the
// topmost element where it stands (nothing covers it), after only the
// scrolling the page does itself, and that the status bar is opaque
// (nothing under it looks clickable). One card of five below the fold is
// a card the player must scroll to find.
func ownAreaInView(t *testing.T, ctx context.Context, when, sel string) {
	t.Helper()
	clickableWhereItStands(t, ctx, when, sel, true)
}

// clickableWhereItStands is ownAreaInView for every element matching sel,
// or for the first one only.
func clickableWhereItStands(t *testing.T, ctx context.Context, when, sel string, every bool) {
	t.Helper()
	measure := fmt.Sprintf(`(() => {
		const res = (() => {
		  let els = [...document.querySelectorAll(%q)];
		  const bar = document.querySelector('#status');
		  if (!els.length || !bar) return 'missing ' + (!els.length ? %q : 'the status bar');
		  if (!%v) els = els.slice(0, 1);
		  for (const [i, el] of els.entries()) {
		    const r = el.getBoundingClientRect(), which = els.length > 1 ? '(' + (i+1) + ' of ' + els.length + ') ' : '';
		    if (r.top < -1 || r.bottom > window.innerHeight + 1 || r.left < -1 || r.right > window.innerWidth + 1) return which + 'outside the screen: ' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' of ' + window.innerHeight;
		    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		    if (!hit || !(el.contains(hit) || hit.contains(el))) return which + 'covered by ' + (hit ? hit.tagName + '.' + hit.className : 'nothing');
		  }
		  const bg = getComputedStyle(bar).backgroundColor;
		  if (bg.startsWith('rgba') && !bg.endsWith(', 1)')) return 'the status bar is see-through: ' + bg;
		  return 'ok';
		})();
		return {problems: res === 'ok' ? [] : [res], settled: `+pageSettled+`};
	})()`, sel, sel, every)
	v, _ := lookUntilSettled(func() (viewCheck, error) {
		var v viewCheck
		within(t, ctx, "measuring "+when, chromedp.Evaluate(measure, &v))
		return v, nil
	})
	if len(v.Problems) > 0 {
		screenshot(t, ctx, "own-area-failure")
		t.Errorf("%s: the player's %s is %s", when, sel, v.Problems[0])
	}
}

// failure ends the test with what the table showed: its status line, any
// refusal, and a screenshot.
func failure(t *testing.T, ctx context.Context, msg string) {
	t.Helper()
	var status []string
	chromedp.Run(ctx, texts(".status, .error, .rn-act", &status))
	screenshot(t, ctx, "rednorth-failure")
	t.Fatalf("%s\ntable: %q", msg, status)
}

// phoneMoment is the first Summer turn of the person, a full table for the
// phone screenshot.
func phoneMoment(t *testing.T, ctx context.Context) bool {
	t.Helper()
	var ok bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
	  const b = document.querySelector('.rn-board');
	  return !!b && b.dataset.round === '2' && b.dataset.phase === 'actions' && !!b.querySelector('[data-pick]');
	})()`, &ok)); err != nil {
		t.Fatal(err)
	}
	return ok
}

// phoneShot takes the table at 390 px wide and checks nothing scrolls
// sideways.
func phoneShot(t *testing.T, ctx context.Context) {
	t.Helper()
	var overflow bool
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)),
		settle(),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow),
	); err != nil {
		t.Fatal(err)
	}
	if overflow {
		t.Error("the Red North table scrolls sideways on a 390-px phone")
	}
	if phoneMoment(t, ctx) {
		ownAreaInView(t, ctx, "acting on a 390-px phone", ".rn-mine .rn-party")
	}
	screenshot(t, ctx, "rednorth-phone")
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(1280, 900), settle()); err != nil {
		t.Fatal(err)
	}
}

// TestHotSeatAsksForTheDeviceBeforeAnyHand: two people share one device.
// The README promises a pass-the-device screen before any hidden card is
// shown: at the start (deployment is simultaneous, so someone's hand would
// show at once) and after a reload.
func TestHotSeatAsksForTheDeviceBeforeAnyHand(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	handOver := func(step string) {
		t.Helper()
		var shown bool
		if err := chromedp.Run(ctx,
			chromedp.WaitVisible("#handover-ready", byQuery),
			chromedp.Evaluate(`!!document.querySelector('.rn-board, .rn-hand')`, &shown),
		); err != nil {
			failure(t, ctx, step+": no pass-the-device screen: "+err.Error())
		}
		if shown {
			t.Errorf("%s: the table shows a board behind the pass-the-device screen", step)
		}
		screenshot(t, ctx, "hotseat-handover")
		if err := chromedp.Run(ctx, chromedp.Click("#handover-ready", byQuery), chromedp.WaitVisible(".rn-board .lh-main", byQuery)); err != nil {
			failure(t, ctx, step+": the table did not show after the hand-over: "+err.Error())
		}
	}
	if err := chromedp.Run(ctx,
		// A fixed seed: the same deal every run, so what the game shows (a
		// closed action that says why) does not depend on chance.
		chromedp.Navigate(withPace(base+"/games/rednorth/?seed=5", 0)), // instant bots: the page hands ?pace= on
		clientReady(),
		chromedp.SetValue("#seat-1-kind", "person", byQuery),
		chromedp.Evaluate(`document.querySelector('#seat-1-kind').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.Click("#start", byQuery),
	); err != nil {
		t.Fatalf("setting up a two-person game: %v", err)
	}
	handOver("at the start")
	if err := chromedp.Run(ctx, chromedp.Reload(), clientReady()); err != nil {
		t.Fatal(err)
	}
	handOver("after a reload")
}

// clickableNow says the first element matching sel is on the screen and
// the topmost element at its centre.
func clickableNow(ctx context.Context, sel string) bool {
	var ok bool
	chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`(() => {
	  const el = document.querySelector(%q);
	  if (!el) return false;
	  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
	  return x > 0 && y > 0 && x < innerWidth && y < innerHeight && el.contains(document.elementFromPoint(x, y));
	})()`, sel), &ok))
	return ok
}

// tapShowsWhy taps the first thing in view that the rules close now and
// that is no control, and checks that its reason shows at once; it reports
// false when none is in view (a refused button shows its reason on itself).
func tapShowsWhy(t testing.TB, ctx context.Context) bool {
	t.Helper()
	var at []float64
	var text, want string
	within(t, ctx, "finding something closed", chromedp.Evaluate(`(() => {
	  for (const c of document.querySelectorAll('#table [data-why][data-text]')) {
	    if (c.closest('[data-action], [data-pick], button')) continue;
	    const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
	    if (x > 0 && y > 0 && x < innerWidth && y < innerHeight && c.contains(document.elementFromPoint(x, y))) { window.lhWhy = c.dataset.why; return [x, y]; }
	  }
	  return [];
	})()`, &at))
	if len(at) != 2 {
		return false
	}
	within(t, ctx, "a tap on it", chromedp.MouseClickXY(at[0], at[1]), settle(),
		chromedp.Evaluate(`(document.querySelector('#card-text') || {}).textContent || ''`, &text), chromedp.Evaluate(`window.lhWhy`, &want))
	if !strings.Contains(text, "Not now: "+want) {
		t.Errorf("a tap on something closed shows %q, want its reason %q", text, want)
	}
	screenView(t, ctx, "why-not-tap")
	within(t, ctx, "hiding the reason", chromedp.Evaluate(`document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))`, nil))
	return true
}
