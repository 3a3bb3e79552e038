//go:build linux

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestVikingsAsksOnlyWhatMatters: one person against a bot, holding Loki
// the Trickster (issue 39, "Prompts that matter"). The person sails with
// their own wind cards, and is never asked to react to them: nobody
// cancels their own entry, and a prompt the host answers at once for a
// person alone with bots is not shown. When the bot plays, the person is
// asked (Pass and Loki, and the standing passes beside them); they choose
// "Pass until my turn", and are not asked again until their own turn,
// the table saying meanwhile that they pass. At both moments every control
// of the choice, the standing passes' buttons included, is clickable where
// it stands at 1280×800 and on a 390-px phone.
//
// Every state the page draws is recorded as it is drawn (a
// MutationObserver), so "never asked" covers the states that came and
// went between two looks of the test.
func TestVikingsAsksOnlyWhatMatters(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	// Seed 66 deals the person (the first seat, who begins) Loki the
	// Trickster and five wind cards, and no other event (rules/vikings New).
	// The bots think for a second or two (?pace=1000), so that a standing
	// pass holds long enough to be looked at; nothing waits on it.
	var name string
	within(t, ctx, "setting up Vikings", chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(withPace(base+"/games/vikings/?seed=66", 1000)), clientReady(),
		chromedp.Value("#seat-0-name", &name, byQuery))
	if name == "" {
		t.Fatal("the set-up page names nobody in the first seat")
	}
	within(t, ctx, "starting", chromedp.Click("#start", byQuery), chromedp.WaitVisible(".vk-board .lh-main", byQuery),
		chromedp.Evaluate(recordTable, nil))
	var hand []string
	within(t, ctx, "reading the hand", texts(".vk-hand .vk-card", &hand))
	if !strings.Contains(strings.Join(hand, "|"), "Loki the Trickster") {
		t.Fatalf("seed 66 dealt the person %q: no Loki the Trickster", hand)
	}

	p := &promptPlayer{t: t, ctx: ctx, name: name}
	passingSeen := map[string]bool{}
	// Two of the bot's turns at least (two turns of the person's before
	// them), and until a standing pass has been looked at on both screens.
	for cycle := 1; cycle <= 2 || len(passingSeen) < len(tableSizes); cycle++ {
		if cycle > 12 {
			t.Fatalf("in %d of the bot's turns, a standing pass never showed long enough to be looked at on both screens (seen on %v)", cycle-1, passingSeen)
		}
		// Play up to a prompt in the bot's turn that matters: Loki may
		// cancel the bot's entry.
		p.playUntil("asked")
		var offered struct {
			Pass, Loki, Turn, Round bool
		}
		within(t, ctx, "reading the prompt", chromedp.Evaluate(`({
		  Pass: !!document.querySelector('#table [data-action="pass"]'),
		  Loki: [...document.querySelectorAll('#table [data-action="event"]')].some(e => e.textContent.includes('Loki')),
		  Turn: !!document.querySelector('#pass-turn'), Round: !!document.querySelector('#pass-round')})`, &offered))
		if !offered.Pass || !offered.Loki || !offered.Turn || !offered.Round {
			t.Fatalf("asked about the bot's entry, the person is offered %+v; want Pass, Loki and both standing passes", offered)
		}
		if cycle == 1 {
			// The prompt waits for the person: nothing moves meanwhile.
			for _, size := range tableSizes {
				p.lookAt(size, "vikings-standing-pass-"+size.name, "#pass-turn, #pass-round")
			}
		}
		// "Pass until my turn": this prompt is answered, and the next
		// ones are, until the person's turn.
		var from int
		var before string
		within(t, ctx, "passing until my turn", chromedp.Evaluate(roomVersion, &before))
		within(t, ctx, "passing until my turn",
			chromedp.Evaluate(`(() => { const i = window.lhRec.length; document.querySelector('#pass-turn').click(); return i; })()`, &from),
			chromedp.Poll(`!!document.querySelector('#passing') || `+movedOn(before), nil, chromedp.WithPollingInterval(20*time.Millisecond)))
		p.holding = true
		for _, size := range tableSizes {
			if !passingSeen[size.name] && p.lookWhilePassing(size) {
				passingSeen[size.name] = true
			}
		}
		p.playUntil("own")
		p.holding = false
		p.checkHeld(from)
	}
	p.checkNeverAskedAboutOwn()
	if t.Failed() {
		t.Logf("the states drawn:\n%s", p.tail(1000))
	}
	t.Logf("%d decisions of the person, %d sails of their own, %d states drawn", p.acts, p.sails, p.recorded())
}

// recordTable records every state of the table as the page draws it, in
// window.lhRec: the version, the status line, the controls offered (each
// data-action and the start of its words), the top of the stack, and the
// standing passes offered or held. A MutationObserver's callback runs
// after each change of the page and before it is painted, so no state the
// player could see is missed.
const recordTable = `(() => {
  window.lhRec = [];
  let last = '';
  const snap = () => {
    const t = document.querySelector('#table');
    if (!t) return;
    const s = {
      v: t.dataset.version || '',
      status: ((document.querySelector('#status .status-now') || {}).textContent || '').trim(),
      acts: [...t.querySelectorAll('[data-action]:not([disabled])')].map(e => e.dataset.action + ':' + e.textContent.trim().slice(0, 24)),
      top: ((t.querySelector('.vk-stack .vk-entry') || {}).textContent || '').trim(),
      passTurn: !!document.querySelector('#pass-turn'),
      passRound: !!document.querySelector('#pass-round'),
      passing: ((document.querySelector('#passing') || {}).textContent || '').trim(),
      undo: !!document.querySelector('#undo'),
      over: !!document.querySelector('#after-game'),
    };
    const key = JSON.stringify(s);
    if (key !== last && window.lhRec.length < 20000) { last = key; window.lhRec.push(s); }
  };
  new MutationObserver(snap).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  snap();
  return true;
})()`

// tableRecord is one state recordTable saw drawn.
type tableRecord struct {
	V        string   `json:"v"`
	Status   string   `json:"status"`
	Acts     []string `json:"acts"`
	Top      string   `json:"top"`
	PassTurn bool     `json:"passTurn"`
	Round    bool     `json:"passRound"`
	Passing  string   `json:"passing"`
	Undo     bool     `json:"undo"`
	Over     bool     `json:"over"`
}

// offers reports whether the state offered an action of kind.
func (r tableRecord) offers(kind string) bool {
	for _, a := range r.Acts {
		if strings.HasPrefix(a, kind+":") {
			return true
		}
	}
	return false
}

// promptStep is one move of the person in TestVikingsAsksOnlyWhatMatters.
// In their turn they sail once with a wind card and end it; they discard
// anything but Loki; asked to react or respond they pass, but stop
// ("asked") at a prompt in the bot's turn where Loki may cancel the bot's
// entry and the standing passes are offered. While a standing pass holds
// (lhHolding) they press nothing that answers, and stop at their turn
// ("own"); a Pass offered meanwhile is "asked while passing".
const promptStep = `(() => {
  if (document.querySelector('#after-game')) return 'over';
  const t = document.querySelector('#table');
  if (!t || !window.lhRec) return 'no table';
  const q = s => t.querySelector(s);
  const end = q('.vk-buttons [data-action="end"]'), pass = q('[data-action="pass"]');
  if (window.lhHolding) {
    if (end) return 'own';
    if (pass) return 'asked while passing';
  } else if (end) {
    const sail = q('.vk-hand [data-action="sail"]');
    if (!window.lhSailed && sail) { window.lhSailed = true; sail.click(); return 'act sail'; }
    window.lhSailed = false;
    end.click();
    return 'act end';
  }
  if (pass) {
    const top = (q('.vk-stack .vk-entry') || {textContent: ''}).textContent;
    const loki = [...t.querySelectorAll('[data-action="event"]')].some(e => e.textContent.includes('Loki'));
    if (loki && document.querySelector('#pass-turn') && !top.startsWith(%q)) return 'asked';
    pass.click();
    return 'act pass';
  }
  const discard = [...t.querySelectorAll('.vk-hand [data-action="discard"]')].find(b => !b.textContent.includes('Loki'));
  if (discard) { discard.click(); return 'act discard'; }
  const other = q('[data-action]:not([disabled])');
  if (other) { other.click(); return 'act ' + other.dataset.action; }
  return 'wait';
})()`

// promptPlayer plays the person's seat of TestVikingsAsksOnlyWhatMatters
// and checks what the page recorded.
type promptPlayer struct {
	t       *testing.T
	ctx     context.Context
	name    string // the person's name at the table
	holding bool   // a standing pass holds: press nothing that answers
	acts    int
	sails   int
}

// playUntil plays the person's moves (promptStep) until the step says
// want. The game is long: it ending first fails the test.
func (p *promptPlayer) playUntil(want string) {
	p.t.Helper()
	step := fmt.Sprintf(promptStep, p.name+"'s ")
	within(p.t, p.ctx, "holding or not", chromedp.Evaluate(fmt.Sprintf(`window.lhHolding = %t`, p.holding), nil))
	c, cancel := context.WithTimeout(p.ctx, testLimit)
	defer cancel()
	for {
		var before, res string
		if err := chromedp.Run(c, chromedp.Evaluate(roomVersion, &before), chromedp.Evaluate(step, &res)); err != nil {
			roomFailure(p.t, p.ctx, "playing until "+want, err)
		}
		switch {
		case res == want:
			return
		case res == "over", res == "no table", res == "asked while passing":
			p.t.Errorf("the last states drawn: %s", p.tail(12))
			roomFailure(p.t, p.ctx, "playing until "+want, fmt.Errorf("the person's step says %q", res))
		case strings.HasPrefix(res, "act "):
			p.acts++
			if res == "act sail" {
				p.sails++
			}
			// Until the page shows what the click did (movedOn): the next
			// step reads it. A hang guard only: the step looks again.
			w, stop := context.WithTimeout(c, 5*time.Second)
			chromedp.Run(w, chromedp.Poll(movedOn(before), nil, chromedp.WithPollingInterval(20*time.Millisecond)))
			stop()
		default:
			if err := chromedp.Run(c, chromedp.Sleep(40*time.Millisecond)); err != nil {
				roomFailure(p.t, p.ctx, "playing until "+want, err)
			}
		}
	}
}

// standingInView checks the standing passes' buttons (they take no
// action of the game, so controlsInView does not count them) as it checks
// the game's controls: each drawn, wholly on the screen, the topmost
// element at its centre, clear of every other control, its words at least
// leastText px as drawn. It also says what #passing says.
const standingInView = `(() => {
  const W = innerWidth, H = innerHeight, problems = [], ids = [];
  const t = document.querySelector('#table');
  const others = t ? [...t.querySelectorAll('[data-action]:not([disabled]), [data-pick], button')] : [];
  for (const el of document.querySelectorAll('#pass-turn, #pass-round, #pass-off')) {
    const id = '#' + el.id, r = el.getBoundingClientRect();
    ids.push(id);
    if (!el.getClientRects().length || r.width < 1 || r.height < 1) { problems.push(id + ' is not drawn'); continue; }
    if (r.left < 0 || r.top < 0 || r.right > W + 0.5 || r.bottom > H + 0.5) problems.push(id + ' is not wholly on the screen: ' + [r.left, r.top, r.right, r.bottom].map(Math.round));
    const x = r.left + r.width / 2, y = r.top + r.height / 2, hit = document.elementFromPoint(x, y);
    if (!hit || !el.contains(hit)) problems.push(id + ' is covered by ' + (hit ? (hit.id ? '#' + hit.id : hit.tagName.toLowerCase() + '.' + String(hit.className).trim().split(/\s+/).join('.')) : 'nothing'));
    if (r.height < 24) problems.push(id + ' is ' + Math.round(r.height) + ' px high, under 24');
    let z = 1;
    for (let a = el; a && a !== t; a = a.parentElement) if (a.dataset && a.dataset.scale) z *= parseFloat(a.dataset.scale);
    const px = parseFloat(getComputedStyle(el).fontSize) * z;
    if (px < ` + leastText + ` - 0.05) problems.push(id + "'s words are drawn at " + px.toFixed(1) + ' px');
    for (const o of others) {
      if (o === el || o.contains(el) || el.contains(o) || !o.getClientRects().length) continue;
      const q = o.getBoundingClientRect();
      const w = Math.min(r.right, q.right) - Math.max(r.left, q.left), h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
      if (w > 1 && h > 1) problems.push(id + ' overlaps ' + (o.id ? '#' + o.id : (o.dataset.action || o.dataset.pick || o.className)));
    }
  }
  const passing = document.querySelector('#passing');
  if (passing) {
    const r = passing.getBoundingClientRect();
    if (r.top < 0 || r.bottom > H + 0.5 || r.left < 0 || r.right > W + 0.5) problems.push('#passing is not wholly on the screen');
  }
  return {problems, ids, passing: passing ? passing.textContent.trim() : ''};
})()`

// standingCheck is a look by standingInView.
type standingCheck struct {
	Problems []string `json:"problems"`
	IDs      []string `json:"ids"`
	Passing  string   `json:"passing"`
}

// look looks at the table at size as the full-view check does
// (controlsInView, until the page has settled), and at the standing
// passes' buttons (standingInView), and saves what the screen shows as
// shot. It returns the standing passes' look, whose problems it has not
// reported.
func (p *promptPlayer) look(size screenSize, shot string) (viewCheck, standingCheck) {
	p.t.Helper()
	within(p.t, p.ctx, "a "+size.name+"'s screen", chromedp.EmulateViewport(size.width, size.height), settle(),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil), settle())
	var sc standingCheck
	v, err := lookUntilSettled(func() (viewCheck, error) {
		var v viewCheck
		var s string
		if err := chromedp.Run(p.ctx, chromedp.Evaluate(`JSON.stringify([`+controlsInView+`, `+standingInView+`])`, &s)); err != nil {
			return v, err
		}
		var both [2]json.RawMessage
		if err := json.Unmarshal([]byte(s), &both); err != nil {
			return v, err
		}
		if err := json.Unmarshal(both[0], &v); err != nil {
			return v, err
		}
		sc = standingCheck{}
		if err := json.Unmarshal(both[1], &sc); err != nil {
			return v, err
		}
		// The standing passes' problems count as the look's, so that the
		// page is given the time to settle them too.
		v.Problems = append(v.Problems, sc.Problems...)
		return v, nil
	})
	if err != nil {
		roomFailure(p.t, p.ctx, "looking at the table", err)
	}
	screenView(p.t, p.ctx, shot)
	return v, sc
}

// lookAt looks at a prompt that waits for the person (nothing changes
// meanwhile) at size: every control, and the standing passes' buttons
// (want: each must be there), in view; then back to the desktop.
func (p *promptPlayer) lookAt(size screenSize, shot, want string) {
	p.t.Helper()
	v, sc := p.look(size, shot)
	if len(v.Problems) > 0 {
		p.t.Errorf("the prompt at %dx%d: %s (screenshot %s)", size.width, size.height, strings.Join(v.Problems, "; "), shot)
	}
	if got := strings.Join(sc.IDs, ", "); got != want {
		p.t.Errorf("the prompt at %dx%d shows the standing passes %q, want %q (screenshot %s)", size.width, size.height, got, want, shot)
	}
	p.desktop()
}

// lookWhilePassing looks at the table at size while the standing pass
// holds, as lookAt does. It reports false, and nothing else, when the
// pass ended before the look (the bots play on meanwhile, and a busy
// machine may look late): the next of the bot's turns is looked at then.
func (p *promptPlayer) lookWhilePassing(size screenSize) bool {
	p.t.Helper()
	shot := "vikings-passing-" + size.name
	v, sc := p.look(size, shot)
	defer p.desktop()
	if sc.Passing == "" {
		p.t.Logf("the standing pass was over before the %s's look", size.name)
		return false
	}
	if len(v.Problems) > 0 {
		p.t.Errorf("a standing pass at %dx%d: %s (screenshot %s)", size.width, size.height, strings.Join(v.Problems, "; "), shot)
	}
	if got := strings.Join(sc.IDs, ", "); got != "#pass-off" || !strings.HasPrefix(sc.Passing, "You pass until your turn.") {
		p.t.Errorf("a standing pass at %dx%d shows %q and the buttons %q; want it to say so, and #pass-off (screenshot %s)", size.width, size.height, sc.Passing, got, shot)
	}
	return true
}

// desktop brings the screen back to 1280×800, where the game is played.
func (p *promptPlayer) desktop() {
	p.t.Helper()
	within(p.t, p.ctx, "back to a desktop's screen", chromedp.EmulateViewport(1280, 800), settle())
}

// records reads what the page drew.
func (p *promptPlayer) records() []tableRecord {
	p.t.Helper()
	var recs []tableRecord
	within(p.t, p.ctx, "reading the states drawn", chromedp.Evaluate(`window.lhRec || []`, &recs))
	return recs
}

func (p *promptPlayer) recorded() int { return len(p.records()) }

// tail says the last n states drawn.
func (p *promptPlayer) tail(n int) string {
	recs := p.records()
	var lines []string
	for _, r := range recs[max(0, len(recs)-n):] {
		lines = append(lines, r.String())
	}
	return strings.Join(lines, "\n")
}

func (r tableRecord) String() string {
	return fmt.Sprintf("v%s %q acts %v top %q passes %t/%t passing %q undo %t", r.V, r.Status, r.Acts, r.Top, r.PassTurn, r.Round, r.Passing, r.Undo)
}

// asked matches the status line of a prompt to react or respond
// addressed to the viewer (ui.statusText: "Your move, NAME: ...").
var asked = regexp.MustCompile(`^Your move, [^:]*: (React|Respond) to`)

// ownTop reports whether the top of the stack drawn in r is the person's
// own entry, still to resolve.
func (p *promptPlayer) ownTop(r tableRecord) bool {
	return strings.HasPrefix(r.Top, p.name+"'s ") && !strings.Contains(r.Top, "· resolved") && !strings.Contains(r.Top, "· cancelled")
}

// checkNeverAskedAboutOwn: in no state drawn was the person asked to
// react while the top of the stack was their own entry (no Pass offered,
// no status line asking), and such states were drawn (the person's own
// cards on the stack while the bot was asked).
func (p *promptPlayer) checkNeverAskedAboutOwn() {
	p.t.Helper()
	recs := p.records()
	own := 0
	for i, r := range recs {
		if !p.ownTop(r) {
			continue
		}
		own++
		if r.offers("pass") || r.offers("event") || asked.MatchString(r.Status) {
			p.t.Errorf("state %d of %d drawn: the person is asked about their own entry: %s", i, len(recs), r)
		}
	}
	if own == 0 || p.sails == 0 {
		p.t.Errorf("the person sailed %d times, and %d states drawn had their own entry on top: the test saw nothing of what it is about", p.sails, own)
	}
}

// checkHeld: from the state recorded at from (when "Pass until my turn"
// was clicked) to the person's next turn, every state drawn said that the
// person passes and none asked them to react or respond, in words or with
// a control; and their turn says so no longer.
func (p *promptPlayer) checkHeld(from int) {
	p.t.Helper()
	recs := p.records()
	saying, reached := 0, false
	for i := from; i < len(recs) && !reached; i++ {
		r := recs[i]
		if r.offers("end") {
			reached = true
			if r.Passing != "" {
				p.t.Errorf("at the person's turn the table still says %q", r.Passing)
			}
			break
		}
		// (The first state is the prompt the click answered.)
		if i == from {
			continue
		}
		if r.offers("pass") || asked.MatchString(r.Status) {
			p.t.Errorf("state %d drawn, after \"Pass until my turn\": the person is asked again before their turn: %s", i, r)
		}
		if r.Passing == "" {
			p.t.Errorf("state %d drawn, after \"Pass until my turn\": the table does not say that the person passes: %s", i, r)
		}
		saying++
	}
	if !reached {
		p.t.Errorf("the states drawn after \"Pass until my turn\" never reach the person's turn:\n%s", p.tail(12))
	}
	if saying == 0 {
		p.t.Errorf("no state was drawn between \"Pass until my turn\" and the person's turn")
	}
}
