package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// A network profile for emulation: round trip, and throughput in bits per
// second each way.
type netProfile struct {
	name       string
	rtt        time.Duration
	down, up   float64 // bit/s
	cpuSlowing float64 // 1 is the machine's own speed
}

// The profiles of the phone issue: Lighthouse's mobile one (slow 4G, a
// mid-range phone's CPU) and a good 4G link on the same phone.
var (
	phoneProfile = netProfile{name: "phone", rtt: 150 * time.Millisecond, down: 1.6e6, up: 750e3, cpuSlowing: 4}
	good4G       = netProfile{name: "good-4g", rtt: 60 * time.Millisecond, down: 9e6, up: 9e6, cpuSlowing: 4}
)

// emulate puts the page on the profile's network and CPU, at a phone's
// screen.
func (p netProfile) emulate() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if err := network.Enable().Do(ctx); err != nil {
			return err
		}
		if _, err := network.EmulateNetworkConditionsByRule(false, []*network.Conditions{{
			Latency: float64(p.rtt.Milliseconds()), DownloadThroughput: p.down / 8, UploadThroughput: p.up / 8,
		}}).Do(ctx); err != nil {
			return err
		}
		if err := emulation.SetCPUThrottlingRate(p.cpuSlowing).Do(ctx); err != nil {
			return err
		}
		return chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile).Do(ctx)
	})
}

// unthrottled takes the page off any emulated network and CPU.
func unthrottled() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if _, err := network.EmulateNetworkConditionsByRule(false, []*network.Conditions{{DownloadThroughput: -1, UploadThroughput: -1}}).Do(ctx); err != nil {
			return err
		}
		return emulation.SetCPUThrottlingRate(1).Do(ctx)
	})
}

// interceptWasm hands every request for app.wasm to paused (with the
// browser's context to answer it in) instead of letting it through.
func interceptWasm(t testing.TB, ctx context.Context, paused func(id fetch.RequestID)) {
	t.Helper()
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			paused(e.RequestID)
		}
	})
	within(t, ctx, "intercepting the wasm", chromedp.ActionFunc(func(ctx context.Context) error {
		return fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "*app.wasm*", RequestStage: fetch.RequestStageRequest}}).Do(ctx)
	}))
}

// holdWasm keeps every request for app.wasm waiting until release is
// called: the page is then, for certain, as a visitor sees it before the
// app runs, however fast or slow the machine.
func holdWasm(t testing.TB, ctx context.Context) (release func()) {
	t.Helper()
	var mu sync.Mutex
	var held []fetch.RequestID
	released := false
	let := func(id fetch.RequestID) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error { return fetch.ContinueRequest(id).Do(ctx) })
	}
	interceptWasm(t, ctx, func(id fetch.RequestID) {
		mu.Lock()
		defer mu.Unlock()
		if !released {
			held = append(held, id)
			return
		}
		go chromedp.Run(ctx, let(id))
	})
	return func() {
		mu.Lock()
		ids := held
		held, released = nil, true
		mu.Unlock()
		for _, id := range ids {
			within(t, ctx, "letting the wasm through", let(id))
		}
	}
}

// navigateNow starts a navigation without waiting for the page's load
// event, which a held wasm (preloaded by the page) would hold up too.
func navigateNow(url string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		_, _, errText, _, err := page.Navigate(url).Do(ctx)
		if err == nil && errText != "" {
			err = fmt.Errorf("navigating to %s: %s", url, errText)
		}
		return err
	})
}

// beforeTheApp is what a page shows before the wasm runs: the text a
// visitor reads, how tall the loader is, and every button or field that
// would take a click although nothing would answer it.
const beforeTheApp = `(() => {
  const main = document.querySelector('main');
  const loader = document.getElementById('app-wasm-loader');
  const seen = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
  const live = [...document.querySelectorAll('button, input, select, textarea, summary, [role="button"], .button:not(a[href])')]
    .filter((el) => seen(el) && getComputedStyle(el).pointerEvents !== 'none')
    .map((el) => el.outerHTML.slice(0, 80));
  return {Text: main ? main.innerText : '', Client: document.documentElement.dataset.client || '',
    Loader: loader ? loader.getBoundingClientRect().height : -1, Live: live};
})()`

// openHeldBack opens path of the app on a fresh phone over slow mobile
// data with its wasm held back (holdWasm), waits until ready (a script) is
// true, and reads the page as a visitor sees it then.
func openHeldBack(t *testing.T, path, ready string) (ctx context.Context, release func(), before appNotYet) {
	t.Helper()
	base, ctx := openApp(t, theApp)
	release = holdWasm(t, ctx)
	within(t, ctx, "opening "+path+" on a slow phone", phoneProfile.emulate(), navigateNow(base+path),
		chromedp.Poll(ready, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)),
		chromedp.Evaluate(beforeTheApp, &before))
	return ctx, release, before
}

type appNotYet struct {
	Text, Client string
	Loader       float64
	Live         []string
}

// TestARoomLinkReadsBeforeTheAppRuns: a friend opens a room link on a
// phone over slow mobile data. Before the wasm has arrived, the page
// already says what they are invited to (the game, the host's name, the
// seats, all read from the link), with a slim loading line, not a
// full-screen loader; nothing on it looks as if it worked yet. Once the
// app runs, the same invitation asks for their name.
func TestARoomLinkReadsBeforeTheAppRuns(t *testing.T) {
	t.Parallel()
	// A host's name with characters a link escapes, and a replacement
	// pattern would misread ("$&" is the matched text).
	ctx, release, before := openHeldBack(t, aRoomLink(t, "", "rednorth", "Astrid $&", 3), `(document.querySelector('#invite-preview') || {}).hidden === false`)
	screenView(t, ctx, "first-visit-invitation-before-the-app")
	if before.Client != "" {
		t.Fatalf("the app ran although its wasm was held back (data-client=%q)", before.Client)
	}
	for _, want := range []string{"Astrid $& invites you to play Red North", "A table of 3", "Getting the table ready"} {
		if !strings.Contains(before.Text, want) {
			t.Errorf("before the app runs the invitation says %q; want it to say %q", before.Text, want)
		}
	}
	if strings.Contains(before.Text, "Opening the room") {
		t.Errorf("the invitation is shown, and still the page says it is opening the room: %q", before.Text)
	}
	if before.Loader < 0 || before.Loader > 8 {
		t.Errorf("the loader is %.0f px tall; want a slim line over the page (at most 8 px)", before.Loader)
	}
	if len(before.Live) > 0 {
		t.Errorf("before the app runs, %d controls take clicks that nothing answers: %v", len(before.Live), before.Live)
	}

	within(t, ctx, "the app arrives", unthrottled())
	release()
	var after appNotYet
	within(t, ctx, "the app runs", clientReady(), chromedp.WaitVisible("#join", byQuery), chromedp.Evaluate(beforeTheApp, &after))
	screenView(t, ctx, "first-visit-invitation-app")
	if !strings.Contains(after.Text, "Astrid $& invites you to play Red North") || !strings.Contains(after.Text, "A table of 3") {
		t.Errorf("once the app runs the invitation says %q", after.Text)
	}
	if !slices.ContainsFunc(after.Live, func(html string) bool { return strings.Contains(html, `id="join"`) }) {
		t.Errorf("once the app runs, the Join button takes no click: live controls %v", after.Live)
	}
}

// TestTheHomePageReadsBeforeTheAppRuns: the home page a first visitor
// sees before the wasm arrives is the hall itself (its games), under a
// slim loading line, with nothing that looks as if it worked yet.
func TestTheHomePageReadsBeforeTheAppRuns(t *testing.T) {
	t.Parallel()
	ctx, release, before := openHeldBack(t, "/", `document.readyState !== 'loading' && !!document.querySelector('#games')`)
	screenView(t, ctx, "first-visit-home-before-the-app")
	for _, want := range []string{"Red North", "Northerners", "Raiders of the North Sea", "Vikings: Warriors of the North"} {
		if !strings.Contains(before.Text, want) {
			t.Errorf("before the app runs the hall says %q; want it to name %q", before.Text, want)
		}
	}
	if before.Client != "" || before.Loader < 0 || before.Loader > 8 || len(before.Live) > 0 {
		t.Errorf("before the app runs: data-client %q, a loader %.0f px tall, live controls %v; want no client, a slim line, none", before.Client, before.Loader, before.Live)
	}
	within(t, ctx, "the app arrives", unthrottled())
	release()
	within(t, ctx, "the app runs", clientReady())
}

// TestAWasmThatCannotArriveSaysWhy: when app.wasm cannot be fetched (the
// network drops it), the slim loading line gives way to a notice at the
// top of the page that says what to do, and go-app's reason, readable,
// covering nothing: the top bar's link to the hall still takes a click.
func TestAWasmThatCannotArriveSaysWhy(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	interceptWasm(t, ctx, func(id fetch.RequestID) {
		go chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return fetch.FailRequest(id, network.ErrorReasonFailed).Do(ctx)
		}))
	})
	var failed struct {
		Text, Reason string
		Height       float64
		Covered      bool
	}
	within(t, ctx, "the hall without its wasm", navigateNow(base+"/"),
		chromedp.WaitVisible("#app-wasm-loader.failed", byQuery),
		chromedp.Evaluate(`(() => {
		  const label = document.getElementById('app-wasm-loader-label');
		  const brand = document.querySelector('.brand').getBoundingClientRect();
		  const there = document.elementFromPoint(brand.left + brand.width / 2, brand.top + brand.height / 2);
		  return {Text: document.getElementById('app-wasm-loader').innerText, Reason: label.innerText.trim(),
		    Height: label.getBoundingClientRect().height, Covered: !there || !there.closest('.brand')};
		})()`, &failed))
	screenView(t, ctx, "first-visit-wasm-failed")
	if !strings.Contains(failed.Text, "could not start") || failed.Reason == "" || failed.Height < 12 {
		t.Errorf("the wasm could not arrive, and the loader says %q (the reason %q in a line %.0f px tall); want what to do and the reason, readable", failed.Text, failed.Reason, failed.Height)
	}
	if failed.Covered {
		t.Error("the notice that the wasm could not arrive covers the top bar's link to the hall")
	}
}
