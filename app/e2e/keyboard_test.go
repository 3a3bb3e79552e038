//go:build linux

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// kbStep is one look at a table by a player with a keyboard: it reports
// "over" at the result, "wait" when the player has nothing to do, or the
// control it means to use (as its place among the table's controls, the
// order the arrow keys follow), where the focus is, and what the focused
// element is. Which control it means follows gameStep: after a pick, one
// of the actions the pick opened; otherwise a pick two times in three. It
// looks once the page has drawn two frames, as a person would: the page
// gives the focus to the choice in the frame after a change.
const kbStep = `(async () => {
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const t = document.querySelector('#table');
  if (!t) return JSON.stringify({what: 'none'});
  if (document.querySelector('#after-game')) return JSON.stringify({what: 'over'});
  const n = %d;
  const all = [...t.querySelectorAll('[data-action]:not([disabled]), [data-pick]')].filter(c => c.getClientRects().length);
  const key = el => el.dataset.action + ':' + (el.dataset.args || '');
  const acts = all.filter(el => el.dataset.action);
  const picks = all.filter(el => el.dataset.pick !== undefined && el.dataset.pick !== 'none');
  const a = document.activeElement;
  const out = {what: 'use', focus: all.indexOf(a), on: a ? a.tagName + '#' + a.id + '.' + a.className : ''};
  let target = null;
  if (window.lhPicked) {
    window.lhPicked = false;
    const fresh = acts.filter(el => !window.lhBefore.has(key(el)));
    if (fresh.length) target = fresh[n %% fresh.length];
  }
  if (!target && picks.length && (n %% 3 !== 0 || !acts.length)) {
    window.lhBefore = new Set(acts.map(key));
    window.lhPicked = true;
    target = picks[n %% picks.length];
  }
  if (!target && acts.length) target = acts[n %% acts.length];
  if (!target) return JSON.stringify({what: 'wait'});
  out.target = all.indexOf(target);
  out.count = all.length;
  out.pick = !target.dataset.action;
  return JSON.stringify(out);
})()`

// awaited makes Evaluate wait for the promise the script returns.
func awaited(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// kbControls names the table's controls, in order.
const kbControls = `[...document.querySelectorAll('#table [data-action]:not([disabled]), #table [data-pick]')].filter(c => c.getClientRects().length).map(c => (c.dataset.action || 'pick') + ':' + (c.dataset.args || c.dataset.pick || '')).join(' ')`

// kbLook is what kbStep saw.
type kbLook struct {
	What          string
	Focus, Target int
	Count         int
	On            string
	Pick          bool
}

// focusShows says whether the focused control shows its focus: an
// outline at least 2 px wide, in a colour apart from the page's.
const focusShows = `(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'nothing has the focus';
  if (!a.matches(':focus-visible')) return 'the focus is not shown (no :focus-visible) on ' + a.outerHTML.slice(0, 120);
  const cs = getComputedStyle(a);
  if (cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) < 2) return 'no outline on ' + a.outerHTML.slice(0, 120);
  return '';
})()`

// startByKeyboard starts the game on ctx's set-up page as a person with
// only a keyboard does: Tab until the Start button has the focus, then
// Enter.
func startByKeyboard(t testing.TB, ctx context.Context) {
	t.Helper()
	for tabs := 0; ; tabs++ {
		if tabs == 80 {
			t.Fatal("80 presses of Tab never reached the Start button")
		}
		var on string
		within(t, ctx, "tabbing to Start", chromedp.KeyEvent(kb.Tab), chromedp.Evaluate(`document.activeElement.id`, &on))
		if on == "start" {
			break
		}
	}
	within(t, ctx, "starting with Enter", chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible("#table", byQuery))
}

// kbPlayer plays a table with key presses only (issue 26), one decision at
// a time: at every decision the arrow keys to the control it means (Tab
// when nothing in the table has the focus) and Enter or Space to use it.
// At each new choice the focus must be on the choice already (it comes
// first), and the focused control must show it.
type kbPlayer struct {
	t    testing.TB
	id   string
	n    int  // the choices made, as gameStep counts them
	shot bool // the first decision reached by keyboard is photographed
	kbStats
}

// kbStats counts what playing by keyboard took.
type kbStats struct {
	decisions, presses, tabs, focused int
	late                              int      // keys pressed as the bots moved the table on
	last                              []string // the last looks, for a failure
	waited, answered                  time.Duration
	lost                              map[string]int // where the focus was when a decision began off the controls
}

func (s kbStats) String() string {
	return fmt.Sprintf("%d decisions, %d key presses, %d of them Tab, %d too late for a table the bots moved on; the focus was on a control already at %d decisions; %.1f s waiting for the table, %.1f s for it to answer a key; elsewhere: %v", s.decisions, s.presses, s.tabs, s.late, s.focused, s.waited.Seconds(), s.answered.Seconds(), s.lost)
}

// alertsNow is the text of the table's refusals on the screen.
const alertsNow = `[...document.querySelectorAll('#table [role=alert]')].map(e => e.textContent).join(' ')`

// step looks at the table once: "over" at the result, "wait" (after a
// moment) when the player has nothing to do, else "use" once it has used
// the control it meant and the table has answered.
func (p *kbPlayer) step(ctx context.Context) (string, error) {
	var raw, before string
	lookAt := time.Now()
	if err := chromedp.Run(ctx, chromedp.Evaluate(roomVersion, &before), chromedp.Evaluate(fmt.Sprintf(kbStep, p.n), &raw, awaited)); err != nil {
		return "", err
	}
	var l kbLook
	if err := json.Unmarshal([]byte(raw), &l); err != nil {
		return "", fmt.Errorf("kbStep said %q: %v", raw, err)
	}
	p.last = append(p.last[max(len(p.last)-9, 0):], before+" "+raw)
	switch l.What {
	case "over":
		return "over", nil
	case "use":
	default:
		err := chromedp.Run(ctx, chromedp.Sleep(30*time.Millisecond))
		p.waited += time.Since(lookAt)
		return "wait", err
	}
	p.decisions++
	if l.Focus >= 0 {
		p.focused++
	} else {
		if p.lost == nil {
			p.lost = map[string]int{}
		}
		p.lost[l.On]++
	}
	// Tab until a control of the table has the focus.
	for tries := 0; l.Focus < 0; tries++ {
		if tries == 100 {
			return "", fmt.Errorf("decision %d: 100 presses of Tab never reached a control of the table (the focus is on %s)", p.decisions, l.On)
		}
		if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Tab), chromedp.Evaluate(fmt.Sprintf(kbStep, p.n), &raw, awaited)); err != nil {
			return "", err
		}
		p.tabs++
		p.presses++
		json.Unmarshal([]byte(raw), &l)
		if l.What != "use" {
			return "wait", nil
		}
	}
	if !p.shot {
		var why string
		if err := chromedp.Run(ctx, chromedp.Evaluate(focusShows, &why)); err != nil {
			return "", err
		}
		if why != "" {
			p.t.Errorf("%s: %s", p.id, why)
		}
		screenView(p.t, ctx, "keyboard-"+p.id)
		p.shot = true
	}
	// The arrow keys to the control meant, the shorter way round.
	ahead := (l.Target - l.Focus + l.Count) % l.Count
	key, presses := kb.ArrowRight, ahead
	if back := l.Count - ahead; back < ahead {
		key, presses = kb.ArrowLeft, back
	}
	for range presses {
		if err := chromedp.Run(ctx, chromedp.KeyEvent(key)); err != nil {
			return "", err
		}
		p.presses++
	}
	var at int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll('#table [data-action]:not([disabled]), #table [data-pick]')].filter(c => c.getClientRects().length).indexOf(document.activeElement)`, &at)); err != nil {
		return "", err
	}
	if at != l.Target {
		// The bots may have moved on meanwhile, and the controls with
		// them: look again. On the same table it is a fault.
		var now string
		if err := chromedp.Run(ctx, chromedp.Evaluate(roomVersion, &now)); err != nil {
			return "", err
		}
		if now == before {
			return "", fmt.Errorf("decision %d: the arrow keys brought the focus to control %d, not %d", p.decisions, at, l.Target)
		}
		return "wait", chromedp.Run(ctx, chromedp.Evaluate(`window.lhPicked = false`, nil))
	}
	use := kb.Enter
	if p.n%2 == 1 {
		use = " "
	}
	var controls, alerts string
	if err := chromedp.Run(ctx, chromedp.Evaluate(kbControls, &controls), chromedp.Evaluate(alertsNow, &alerts), chromedp.KeyEvent(use)); err != nil {
		return "", err
	}
	p.presses++
	p.n++
	if l.Pick {
		// The pick opens its actions in the next frame.
		c, cancel := context.WithTimeout(ctx, 3*time.Second)
		chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`%s !== %q`, kbControls, controls), nil, chromedp.WithPollingInterval(10*time.Millisecond)))
		cancel()
		return "use", nil
	}
	// The table answers: a new version, the result, or a refusal (one
	// that was not on the screen before the key).
	var refused, now string
	sent := time.Now()
	c, cancel := context.WithTimeout(ctx, 5*time.Second)
	chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`%s !== %q || !!document.querySelector('#after-game') || (%s || %q) !== %q`, roomVersion, before, alertsNow, alerts, alerts), nil,
		chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Evaluate(alertsNow, &refused),
		chromedp.Evaluate(roomVersion, &now))
	cancel()
	p.answered += time.Since(sent)
	switch {
	case refused == "" || refused == alerts:
	case now != before:
		// A bot answered the same prompt first (a reaction window):
		// the table moved on under the key, and said so (session's
		// moved_on). Look again.
		p.late++
	default:
		return "", fmt.Errorf("decision %d: the table refused control %d (%s): %s", p.decisions, l.Target, controls, refused)
	}
	return "use", nil
}

// checkKeyboardGame checks a whole game played by keyboard: the focus was
// on the choice already at (nearly) every decision, and the polite live
// region says the last move.
func checkKeyboardGame(t testing.TB, ctx context.Context, p *kbPlayer) {
	t.Helper()
	// The choice comes first: at a new decision the focus is on one of
	// its controls already, but for a rare frame the page drew anew just
	// then.
	if p.focused*10 < p.decisions*9 {
		t.Errorf("%s: the focus was on a control at only %d of %d decisions (elsewhere: %v)", p.id, p.focused, p.decisions, p.lost)
	}
	var said string
	within(t, ctx, "the live region", chromedp.Text("#announce", &said, byQuery, chromedp.NodeReady))
	if !strings.Contains(said, "Last move: ") {
		t.Errorf("%s: the live region says %q at the end", p.id, said)
	}
	t.Logf("%s by keyboard: %s; the live region says %q", p.id, p.kbStats, said)
}
