package e2e

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

func TestHomePageListsTheGames(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	expectHomeListsRedNorth(t, ctx, base)
	screenshot(t, ctx, "home-desktop")
	// `make run` serves the wasm compressed: a LAN party downloads 2 MB,
	// not 10, on every device.
	var sizes []float64
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
	  const e = performance.getEntriesByType('resource').find(e => e.name.endsWith('/web/app.wasm') && e.decodedBodySize > 0);
	  return e ? [e.encodedBodySize, e.decodedBodySize] : [];
	})()`, &sizes)); err != nil {
		t.Fatal(err)
	}
	if len(sizes) != 2 || sizes[0] <= 0 || sizes[0] > sizes[1]/3 {
		t.Errorf("app.wasm came over the wire as %v bytes (encoded, decoded); want it compressed", sizes)
	} else {
		t.Logf("app.wasm: %.0f bytes on the wire for %.0f", sizes[0], sizes[1])
	}
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle()); err != nil {
		t.Fatal(err)
	}
	var overflow bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow)); err != nil {
		t.Fatal(err)
	}
	if overflow {
		t.Error("the home page scrolls sideways on a 390-px phone")
	}
	screenshot(t, ctx, "home-phone")
}

func TestPlayerNameIsKeptInTheBrowser(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	var got string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/"),
		clientReady(),
		chromedp.SendKeys("#player-name", "Astrid", byQuery),
		chromedp.Click(`.namefield button[type="submit"]`, byQuery),
		chromedp.WaitVisible(`.namefield [role="status"]`, byQuery),
		chromedp.Reload(),
		clientReady(),
		settle(),
		chromedp.Value("#player-name", &got, byQuery),
	); err != nil {
		t.Fatal(err)
	}
	if got != "Astrid" {
		t.Fatalf("after a reload the name is %q, want Astrid", got)
	}
}

// TestOfflineReloadStillRenders proves the PWA: once the service worker has
// cached the app, a reload with the network cut and the server gone still
// renders the app, and so does another page of it.
func TestOfflineReloadStillRenders(t *testing.T) {
	t.Parallel()
	bin, root := theApp(t)
	srv := startServer(t, bin, root)
	ctx := newBrowser(t)
	offlineCheck(t, ctx, srv.URL, srv.Stop, "offline")
}

// earlyModule is whether the page compiled the wasm itself, from the top
// of the page (app/commands/loader.go's earlyWasm), as a later visit does.
const earlyModule = `(async () => self.longhallWasm !== undefined && (await self.longhallWasm) instanceof WebAssembly.Module)()`

// wasmFetches counts the page's fetches of app.wasm: one on a first
// visit (the early preload, which go-app's loader takes over), none on a
// later one, which reads the service worker's cache itself
// (app/commands/loader.go).
const wasmFetches = `performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('/web/app.wasm')).length`

func offlineCheck(t *testing.T, ctx context.Context, base string, stopServer func(), shot string) {
	t.Helper()
	var controlled bool
	var first, later int
	var early bool
	if err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/"),
		clientReady(),
		chromedp.Evaluate(wasmFetches, &first),
		chromedp.Poll(`navigator.serviceWorker.controller !== null`, &controlled, chromedp.WithPollingTimeout(stepLimit)),
	); err != nil {
		t.Fatalf("the service worker never took control: %v", err)
	}
	if first != 1 {
		t.Errorf("a first visit fetched app.wasm %d times, want once (the preload, taken over by the loader)", first)
	}
	stopServer()
	var names []string
	if err := chromedp.Run(ctx,
		goOffline(),
		chromedp.Reload(),
		clientReady(),
		texts(".games .game h3", &names),
		chromedp.Evaluate(wasmFetches, &later),
		chromedp.Evaluate(earlyModule, &early, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
	); err != nil {
		t.Fatalf("offline reload: %v", err)
	}
	if len(names) == 0 {
		t.Fatal("offline, the home page lists no games")
	}
	if later != 0 {
		t.Errorf("a later visit fetched app.wasm %d times, want none: it reads the service worker's cache", later)
	}
	if !early {
		t.Error("a later visit's page did not compile the wasm early (self.longhallWasm)")
	}
	screenshot(t, ctx, shot+"-home")
	var title string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/games/rednorth/"),
		clientReady(),
		chromedp.Text("h1", &title, byQuery),
	); err != nil {
		t.Fatalf("offline game page: %v", err)
	}
	if title != "Red North" {
		t.Fatalf("offline game page shows %q", title)
	}
}

// TestStaticSiteWorksAtRootAndUnderASubPath serves `longhall dist` output
// with a plain file server, as GitHub Pages or any static host would.
func TestStaticSiteWorksAtRootAndUnderASubPath(t *testing.T) {
	t.Parallel()
	bin, root := theApp(t)
	for _, prefix := range []string{"", "/longhall"} {
		t.Run("prefix="+prefix, func(t *testing.T) {
			out := t.TempDir()
			cmd := exec.Command(bin, "dist", "-dir", root, "-out", out, "-prefix", prefix, "-fast")
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("dist: %v\n%s", err, msg)
			}
			for _, f := range []string{"index.html", "games/rednorth/index.html", "web/app.wasm", "web/app.wasm.gz", "web/app.wasm.br", "app-worker.js", "manifest.webmanifest"} {
				if !fileExists(out + "/" + f) {
					t.Errorf("dist lacks %s", f)
				}
			}
			url, stop := serveDir(t, out, prefix)
			ctx := newBrowser(t)
			var hrefs []string
			if err := chromedp.Run(ctx,
				chromedp.Navigate(url+"/"),
				clientReady(),
				chromedp.Evaluate(`[...document.querySelectorAll('.game a.button')].map(a => a.getAttribute('href'))`, &hrefs),
			); err != nil {
				t.Fatal(err)
			}
			// Every game's link carries the prefix; Red North's is there.
			if !slices.Contains(hrefs, prefix+"/games/rednorth/#setup") {
				t.Errorf("game links %q, want %q among them", hrefs, prefix+"/games/rednorth/#setup")
			}
			for _, h := range hrefs {
				if !strings.HasPrefix(h, prefix+"/games/") {
					t.Errorf("game link %q lacks the prefix %q", h, prefix)
				}
			}
			name := "dist-root"
			if prefix != "" {
				name = "dist-subpath"
			}
			offlineCheck(t, ctx, url, stop, name)
		})
	}
}

// expectHomeListsRedNorth opens the home page and checks that the wasm has
// rendered the list of games with Red North in it.
func expectHomeListsRedNorth(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	var names []string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/"),
		clientReady(),
		texts(".games .game h3", &names),
	); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(names, "Red North") {
		t.Fatalf("home lists %q, want Red North among them", names)
	}
}

// TestASavedGameAsksToStay: the first save of a game asks the browser to
// keep the site's storage (navigator.storage.persist), and the home page's
// Continue list says that the saves may be deleted exactly when the
// browser has not promised to keep them (a fresh headless Chromium does
// not promise; Safari deletes after seven days without a visit).
func TestASavedGameAsksToStay(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	var asked bool
	var seen struct {
		Kept  bool
		Note  string
		Saves int
	}
	within(t, ctx, "a first game",
		chromedp.Navigate(base+"/"), clientReady(), settle(),
		chromedp.Evaluate(`'longhallPersist' in window`, &asked))
	if asked {
		t.Fatal("the storage was asked to stay before anything was saved")
	}
	within(t, ctx, "starting a game",
		chromedp.Navigate(base+"/games/rednorth/"), clientReady(),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery),
		chromedp.Evaluate(`'longhallPersist' in window`, &asked))
	if !asked {
		t.Fatal("a game was saved and the browser was not asked to keep the storage")
	}
	within(t, ctx, "back in the hall",
		chromedp.Navigate(base+"/"), clientReady(), chromedp.WaitVisible("#continue", byQuery), settle(),
		chromedp.Evaluate(`(async () => ({
		  Kept: await navigator.storage.persisted(),
		  Note: (document.querySelector('#storage-note') || {}).textContent || '',
		  Saves: document.querySelectorAll('.saves a.save').length,
		}))()`, &seen, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	screenshot(t, ctx, "home-saves-may-go")
	t.Logf("the browser kept the storage: %v; the note: %q", seen.Kept, seen.Note)
	if seen.Saves != 1 {
		t.Errorf("the hall lists %d saves, want the one game", seen.Saves)
	}
	if seen.Kept == (seen.Note != "") {
		t.Errorf("the browser promised to keep the storage: %v, and the hall says %q", seen.Kept, seen.Note)
	}
	if !seen.Kept && !strings.Contains(seen.Note, "Safari after seven days") {
		t.Errorf("the hall's note says %q", seen.Note)
	}
}
