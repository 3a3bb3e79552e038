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

// kbDecisions is how many of the person's decisions each game is played
// for by keyboard: every kind of choice the openings hold (cards, spaces,
// menus, dialogs, the turn's end), where a whole game's thousands of key
// presses repeated them (the kit draws every decision's controls alike).
// The test game, Hands, is played to its result.
const kbDecisions = 40

// TestEveryGamePlaysByKeyboardAlone (issue 26): each listed game, set up
// and played at 1280×800 with the keyboard only, for kbDecisions of the
// person's decisions or to its result: Tab to the Start button, then at
// every decision the arrow keys to the control meant (Tab when nothing in
// the table has the focus) and Enter or Space to use it. At each new
// choice the focus is on the choice already (it comes first), the focused
// control shows it, and the polite live region says the last move.
func TestEveryGamePlaysByKeyboardAlone(t *testing.T) {
	t.Parallel()
	base := serveApp(t, theTestBuild)
	games := servedGames(t, base)
	for _, id := range games {
		t.Run(id, func(t *testing.T) {
			t.Parallel() // a browser and a game of its own
			ctx := newBrowser(t)
			within(t, ctx, "the set-up page", chromedp.EmulateViewport(1280, 800),
				chromedp.Navigate(base+"/games/"+id+"/?seed=5&pace=0"), clientReady(), chromedp.WaitVisible("#start", byQuery))
			tabs := 0
			for ; tabs < 80; tabs++ {
				var on string
				within(t, ctx, "tabbing to Start", chromedp.KeyEvent(kb.Tab), chromedp.Evaluate(`document.activeElement.id`, &on))
				if on == "start" {
					break
				}
			}
			if tabs == 80 {
				t.Fatal("80 presses of Tab never reached the Start button")
			}
			within(t, ctx, "starting with Enter", chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible("#table", byQuery))
			c, cancel := context.WithTimeout(ctx, testLimit)
			defer cancel()
			stats, err := playByKeyboard(t, c, id)
			if err != nil {
				t.Logf("the last looks at the table: %s", strings.Join(stats.last, "\n"))
				roomFailure(t, ctx, id+" by keyboard: "+stats.String(), err)
			}
			// The choice comes first: at a new decision the focus is on
			// one of its controls already, but for a rare frame the page
			// drew anew just then.
			if stats.focused*10 < stats.decisions*9 {
				t.Errorf("the focus was on a control at only %d of %d decisions (elsewhere: %v)", stats.focused, stats.decisions, stats.lost)
			}
			var said string
			within(t, ctx, "the live region", chromedp.Text("#announce", &said, byQuery, chromedp.NodeReady))
			if !strings.Contains(said, "Last move: ") {
				t.Errorf("the live region says %q at the end", said)
			}
			screenView(t, ctx, "keyboard-last-"+id)
			t.Logf("%s by keyboard: %s; the live region says %q", id, stats, said)
		})
	}
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

// playByKeyboard plays ctx's table with key presses only, to its result or
// for kbDecisions decisions.
func playByKeyboard(t *testing.T, ctx context.Context, id string) (kbStats, error) {
	var s kbStats
	shot := false
	for n, looks := 0, 0; looks < 20000; looks++ {
		var raw, before string
		lookAt := time.Now()
		if err := chromedp.Run(ctx, chromedp.Evaluate(roomVersion, &before), chromedp.Evaluate(fmt.Sprintf(kbStep, n), &raw, awaited)); err != nil {
			return s, err
		}
		var l kbLook
		if err := json.Unmarshal([]byte(raw), &l); err != nil {
			return s, fmt.Errorf("kbStep said %q: %v", raw, err)
		}
		s.last = append(s.last[max(len(s.last)-9, 0):], before+" "+raw)
		switch l.What {
		case "over":
			return s, nil
		case "use":
			if s.decisions >= kbDecisions {
				return s, nil
			}
		default:
			if err := chromedp.Run(ctx, chromedp.Sleep(30*time.Millisecond)); err != nil {
				return s, err
			}
			s.waited += time.Since(lookAt)
			continue
		}
		s.decisions++
		if l.Focus >= 0 {
			s.focused++
		} else {
			if s.lost == nil {
				s.lost = map[string]int{}
			}
			s.lost[l.On]++
		}
		// Tab until a control of the table has the focus.
		for tries := 0; l.Focus < 0; tries++ {
			if tries == 100 {
				return s, fmt.Errorf("decision %d: 100 presses of Tab never reached a control of the table (the focus is on %s)", s.decisions, l.On)
			}
			if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Tab), chromedp.Evaluate(fmt.Sprintf(kbStep, n), &raw, awaited)); err != nil {
				return s, err
			}
			s.tabs++
			s.presses++
			json.Unmarshal([]byte(raw), &l)
			if l.What != "use" {
				break
			}
		}
		if l.What != "use" {
			continue
		}
		if !shot {
			// The first decision reached by keyboard shows its focus.
			var why string
			if err := chromedp.Run(ctx, chromedp.Evaluate(focusShows, &why)); err != nil {
				return s, err
			}
			if why != "" {
				t.Errorf("%s: %s", id, why)
			}
			screenView(t, ctx, "keyboard-"+id)
			shot = true
		}
		// The arrow keys to the control meant, the shorter way round.
		ahead := (l.Target - l.Focus + l.Count) % l.Count
		key, presses := kb.ArrowRight, ahead
		if back := l.Count - ahead; back < ahead {
			key, presses = kb.ArrowLeft, back
		}
		for range presses {
			if err := chromedp.Run(ctx, chromedp.KeyEvent(key)); err != nil {
				return s, err
			}
			s.presses++
		}
		var at int
		if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll('#table [data-action]:not([disabled]), #table [data-pick]')].filter(c => c.getClientRects().length).indexOf(document.activeElement)`, &at)); err != nil {
			return s, err
		}
		if at != l.Target {
			// The bots may have moved on meanwhile, and the controls with
			// them: look again. On the same table it is a fault.
			var now string
			if err := chromedp.Run(ctx, chromedp.Evaluate(roomVersion, &now)); err != nil {
				return s, err
			}
			if now == before {
				return s, fmt.Errorf("decision %d: the arrow keys brought the focus to control %d, not %d", s.decisions, at, l.Target)
			}
			window := `window.lhPicked = false`
			chromedp.Run(ctx, chromedp.Evaluate(window, nil))
			continue
		}
		use := kb.Enter
		if n%2 == 1 {
			use = " "
		}
		var controls string
		if err := chromedp.Run(ctx, chromedp.Evaluate(kbControls, &controls), chromedp.KeyEvent(use)); err != nil {
			return s, err
		}
		s.presses++
		n++
		if l.Pick {
			// The pick opens its actions in the next frame.
			c, cancel := context.WithTimeout(ctx, 3*time.Second)
			chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`%s !== %q`, kbControls, controls), nil, chromedp.WithPollingInterval(10*time.Millisecond)))
			cancel()
		} else {
			var refused, now string
			sent := time.Now()
			c, cancel := context.WithTimeout(ctx, 5*time.Second)
			chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`%s !== %q || !!document.querySelector('#after-game') || !!document.querySelector('[role=alert]')`, roomVersion, before), nil,
				chromedp.WithPollingInterval(20*time.Millisecond)),
				chromedp.Evaluate(`[...document.querySelectorAll('#table [role=alert]')].map(e => e.textContent).join(' ')`, &refused),
				chromedp.Evaluate(roomVersion, &now))
			cancel()
			s.answered += time.Since(sent)
			switch {
			case refused == "":
			case now != before:
				// A bot answered the same prompt first (a reaction
				// window): the table moved on under the key, and said
				// so (session's moved_on). Look again.
				s.late++
			default:
				return s, fmt.Errorf("decision %d: the table refused control %d (%s): %s", s.decisions, l.Target, controls, refused)
			}
		}
	}
	return s, fmt.Errorf("no result after 20000 looks at the table")
}
