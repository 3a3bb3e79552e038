//go:build linux

package e2e

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pageOps are the steps a test takes in a page of a browser that chromedp
// cannot drive (Firefox, WebKit), written once over the two things every
// driver gives: evaluating JavaScript and taking a screenshot. The test's
// JavaScript (gameStep, controlsInView, roomVersion) is the same in every
// engine.
type pageOps struct {
	browser    string // "firefox", "webkit": in screenshots' names and errors
	eval       func(expr string, out any) error
	screenshot func(path string, full bool) error
}

func (p pageOps) name() string { return p.browser }

// Poll evaluates expr every 50 ms until its value is truthy, and decodes
// that value into out (unless out is nil).
func (p pageOps) Poll(expr string, out any, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	var v json.RawMessage
	for {
		if err := p.eval(expr, &v); err != nil {
			return err
		}
		switch strings.TrimSpace(string(v)) {
		case "null", "false", "0", `""`:
		default:
			if out == nil {
				return nil
			}
			return json.Unmarshal(v, out)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s: %.60q still %s after %v", p.browser, expr, v, limit)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// ClientReady waits until the wasm has rendered the page.
func (p pageOps) ClientReady() error {
	return p.Poll(`!!document.querySelector('html[data-client="ready"]')`, nil, stepLimit)
}

// shot saves what the screen shows (or the whole page) under the
// artifacts folder, as screenView and screenshot do for Chromium.
func (p pageOps) shot(t testing.TB, name string, full bool) {
	t.Helper()
	dir, ok := artifacts(t)
	if !ok {
		return
	}
	// A screenshot is evidence, not the test: one that fails is skipped.
	if err := p.screenshot(filepath.Join(dir, name+".png"), full); err != nil {
		t.Logf("screenshot %s skipped: %v", name, err)
	}
}

// must fails the test at a step that went wrong, with what the page says
// and a screenshot, as roomFailure does for Chromium.
func (p pageOps) must(t testing.TB, step string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var says string
	p.eval(`(document.querySelector('#banner') || {}).textContent + ' | ' + [...document.querySelectorAll('.error')].map(e => e.textContent).join(' | ')`, &says)
	p.shot(t, p.browser+"-failure", true)
	t.Fatalf("%s: %s: %v (page says: %s; screenshot %s-failure)", p.browser, step, err, says, p.browser)
}

// look is games_test.go's look: one gameStep (the n-th choice) and, after
// a click, a wait until the table moves on or refuses.
func (p pageOps) look(n int) (string, error) {
	var at []string // the version before, and what the step did
	if err := p.eval(`[`+roomVersion+`, `+fmt.Sprintf(gameStep, n)+`]`, &at); err != nil {
		return "", err
	}
	p.settle(at[0], at[1])
	return at[1], nil
}

// settle waits, after a step that did res at version before, until the
// page shows what it did: a table moved on (or refusing) after an
// action, the pick pressed after a pick. A slow answer is only looked at
// again; a driver gone shows at the next look.
func (p pageOps) settle(before, res string) {
	switch {
	case strings.HasPrefix(res, "act "):
		p.Poll(movedOn(before), nil, 5*time.Second)
	case res == "pick":
		p.Poll(pickShown(before), nil, 5*time.Second)
	case res != "over":
		time.Sleep(40 * time.Millisecond)
	}
}

// lookDrawn is look with the choice drawn from the decision the page
// shows at the moment of the click (a hash of what it offers, reckoned
// in the page's own script: drawnStep), so that a table that moved on between a test's
// looks is answered as itself: the same decision, the same answer, in
// every engine.
func (p pageOps) lookDrawn() (string, error) { return p.lookWith(drawnStep) }

// lookDrawnAt is lookDrawn that leaves a decision a bot takes too to the
// bot first (drawnInTurn: the order in which the host hears the two
// answers is then the same however busy the machine, and so is the game),
// and that acts only on the decision looked at last (key, a decisionKey;
// "" when the look found none): a table that moved on since is looked at
// again first, so that no decision is taken unseen, and two engines list
// the same decisions of the same game.
func (p pageOps) lookDrawnAt(key string) (string, error) {
	return p.lookWith(strings.Replace(drawnInTurn, "const now = ", fmt.Sprintf("if (%s !== %q) return 'wait';\n  const now = ", decisionKey, key), 1))
}

// lookWith looks at the page with a step script (drawnStep's kind).
func (p pageOps) lookWith(step string) (string, error) {
	var at []string
	if err := p.eval(`[`+roomVersion+`, `+step+`]`, &at); err != nil {
		return "", err
	}
	p.settle(at[0], at[1])
	return at[1], nil
}

// drawnStep is gameStep whose n is a hash (FNV-1a) of what the table
// offers, reckoned in the page.
var drawnStep = strings.Replace(fmt.Sprintf(gameStep, 0), "const n = 0;", `const n = (() => {
    const offered = [...t.querySelectorAll('[data-action]:not([disabled]), [data-pick]')].map(c => (c.dataset.action || 'pick') + ':' + (c.dataset.args || c.dataset.pick || '')).join(' ');
    let h = 2166136261;
    for (let i = 0; i < offered.length; i++) h = Math.imul(h ^ offered.charCodeAt(i), 16777619) >>> 0;
    return h % 1000003;
  })();`, 1)

// drawnInTurn is drawnStep that waits while a bot decides too (the status
// bar reads "… Ragna (bot) decides too."): a person and a bot answering
// one prompt at once (a Vikings reaction) reach the host in an order the
// machine's pace decides, and two engines' games parted there.
var drawnInTurn = strings.Replace(drawnStep, "const n = (() => {", `const now = (document.querySelector('#status .status-now') || {}).textContent || '';
  if (/ decides? too\.$/.test(now) && now.slice(now.indexOf('. ')).includes('bot)')) return 'wait';
  const n = (() => {`, 1)

// checkControls is fullview_test.go's checkControls.
func (p pageOps) checkControls() (viewCheck, error) {
	return lookUntilSettled(func() (viewCheck, error) {
		var v viewCheck
		err := p.eval(controlsInView, &v)
		return v, err
	})
}
