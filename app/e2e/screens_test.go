package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestEveryGamePageFitsAPhone: each game's page (its rules and set-up) at
// 390 px wide is no wider than the screen, so that nothing a player needs,
// Start the game above all, lies off its right edge. A select as wide as
// its longest option once pushed Raiders' page to 790 px.
func TestEveryGamePageFitsAPhone(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	for _, game := range []string{"rednorth", "raiders", "vikings", "northerners"} {
		var width struct {
			Page, Screen float64
			Widest       string
		}
		within(t, ctx, "the "+game+" page", chromedp.Navigate(base+"/games/"+game+"/"), clientReady(), settle(),
			chromedp.Poll(`!!document.querySelector('main select')`, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)),
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
		// And with every option chosen: each module turned on, then each
		// choice of each select, one after another.
		var every struct {
			Tried int
			Wide  []string
		}
		within(t, ctx, "every option of the "+game+" page", chromedp.Evaluate(everyOptionFits, &every,
			func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
		t.Logf("%s: %d options tried on a phone", game, every.Tried)
		if every.Tried == 0 || len(every.Wide) > 0 {
			t.Errorf("%s's page with its options (%d tried) is wider than a %.0f-px phone: %s", game, every.Tried, width.Screen, strings.Join(every.Wide, "; "))
		}
	}
}

// everyOptionFits turns on every checkbox of a game page's set-up and
// then chooses every option of every select, in turn, as a player would
// (a change event each), and after the page has drawn itself anew
// (no change to the page for 200 ms) notes any choice after which the
// page is wider than the screen.
const everyOptionFits = `(async () => {
  const quiet = () => new Promise(resolve => {
    let last = performance.now();
    const mo = new MutationObserver(() => { last = performance.now(); });
    mo.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    const check = () => { if (performance.now() - last > 200) { mo.disconnect(); resolve(); } else setTimeout(check, 50); };
    setTimeout(check, 50);
  });
  const wide = [];
  let tried = 0;
  const look = (what) => {
    tried++;
    if (document.documentElement.scrollWidth > screen.width) wide.push(what + ': ' + document.documentElement.scrollWidth + ' px');
  };
  for (const box of document.querySelectorAll('main input[type=checkbox]')) {
    if (!box.checked && !box.disabled) { box.click(); await quiet(); look('#' + box.id + ' on'); }
  }
  // The selects may change as options are chosen: looked up by id anew.
  const ids = [...document.querySelectorAll('main select')].map(s => s.id);
  for (const id of ids) {
    const count = (document.getElementById(id) || {options: []}).options.length;
    for (let i = 0; i < count; i++) {
      const sel = document.getElementById(id);
      if (!sel || sel.disabled || i >= sel.options.length) break;
      sel.selectedIndex = i;
      sel.dispatchEvent(new Event('input', {bubbles: true}));
      sel.dispatchEvent(new Event('change', {bubbles: true}));
      await quiet();
      look('#' + id + ' = ' + sel.options[i].value);
    }
  }
  return {Tried: tried, Wide: wide};
})()`

// TestABrowserWithoutWebRTCSaysSo: a friend's browser has no WebRTC (an
// embedded browser, a locked-down phone; WebKitGTK here has none). As
// soon as the friend joins, the banner says so in plain words, with what
// to try, while the game goes through the relays (no host answers here:
// the words come before any relay could). Asked for a connection code,
// the room page says why there is none, in words, not with a code word
// from deep inside the wasm.
func TestABrowserWithoutWebRTCSaysSo(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	link := aRoomLink(t, base, "rednorth", "Astrid", 3)
	var banner, note string
	var joined time.Time
	within(t, ctx, "a browser without WebRTC opens a room link",
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(`delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;`).Do(ctx)
			return err
		}),
		chromedp.Navigate(link), clientReady(),
		chromedp.SendKeys("#join-name", "Sigrid", byQuery), chromedp.Click("#join", byQuery),
		chromedp.ActionFunc(func(context.Context) error { joined = time.Now(); return nil }),
		chromedp.Poll(`(t => t.includes('WebRTC') && t)((document.querySelector('#banner') || {}).textContent || '')`, &banner,
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)))
	// Said, not asserted: a busy machine may take longer (make bench's
	// figures are the timings).
	t.Logf("the banner said it %v after Join was clicked", time.Since(joined).Round(time.Millisecond))
	for _, want := range []string{"cannot make direct connections", "no WebRTC", "relays", "Safari, Chrome or Firefox"} {
		if !strings.Contains(banner, want) {
			t.Errorf("joining without WebRTC, the banner says %q; want it to say %q", banner, want)
		}
	}
	within(t, ctx, "asking for a code without WebRTC",
		chromedp.WaitVisible("#guest-code summary", byQuery), chromedp.Click("#guest-code summary", byQuery),
		chromedp.Click("#make-offer", byQuery),
		// The answer, once the panel is no longer busy making the code
		// (its button comes back): "Making your code…" comes first.
		chromedp.Poll(`!document.querySelector('#make-offer').disabled && (document.querySelector('#code-note') || {}).textContent || ''`, &note, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)))
	screenshot(t, ctx, "room-no-webrtc")
	if !strings.Contains(note, "no WebRTC") || strings.Contains(note, "syscall") {
		t.Errorf("asked for a code without WebRTC, the page says %q; want it to say the browser has no WebRTC", note)
	}
}

// TestNothingSitsUnderTheNotch: on a phone with a notch and a home bar
// (an iPhone's 47 and 34 px; the app asks for viewport-fit=cover, so the
// page reaches under both), no button or link of the hall or of a table
// lies under either.
func TestNothingSitsUnderTheNotch(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	const top, bottom, height = 47, 34, 844
	within(t, ctx, "an iPhone with a notch", chromedp.EmulateViewport(390, height, chromedp.EmulateScale(3), chromedp.EmulateMobile),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return emulation.SetSafeAreaInsetsOverride(&emulation.SafeAreaInsets{Top: top, Bottom: bottom}).Do(ctx)
		}))
	under := fmt.Sprintf(`[...document.querySelectorAll('a[href], button, select, input, [data-action]')]
	  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
	  .map((el) => [el, el.getBoundingClientRect()])
	  .filter(([el, r]) => r.width && r.height && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth && (r.top < %d || r.bottom > innerHeight - %d))
	  .map(([el, r]) => (el.id || el.textContent.trim().slice(0, 20) || el.tagName) + ' ' + Math.round(r.top) + '–' + Math.round(r.bottom))`, top, bottom)
	var home, table []string
	within(t, ctx, "the hall", chromedp.Navigate(base+"/"), clientReady(), settle(), chromedp.Evaluate(under, &home))
	screenView(t, ctx, "notch-home")
	within(t, ctx, "a game of Red North against a bot", chromedp.Navigate(base+"/games/rednorth/"), clientReady(),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery), settle(),
		chromedp.Evaluate(under, &table))
	screenView(t, ctx, "notch-table")
	if len(home) > 0 || len(table) > 0 {
		t.Errorf("under the notch or the home bar: in the hall %v, at the table %v", home, table)
	}
}
