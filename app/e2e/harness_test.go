package e2e

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"longhall/app/online"
	"longhall/app/signal"
)

// build is the app under test, made once per test binary.
var build struct {
	once sync.Once
	bin  string // the native longhall binary
	root string // holds web/ with app.wasm
	err  error
}

func moduleRoot() string {
	wd, _ := os.Getwd()
	return filepath.Join(wd, "..", "..")
}

// theApp returns the built app, building it when the environment names no
// build.
func theApp(t testing.TB) (bin, root string) {
	t.Helper()
	build.once.Do(func() {
		if b, r := os.Getenv("LONGHALL_BIN"), os.Getenv("LONGHALL_ROOT"); b != "" && r != "" {
			build.bin, build.root = b, r
			return
		}
		dir, err := os.MkdirTemp("", "longhall-e2e-build-")
		if err != nil {
			build.err = err
			return
		}
		build.bin, build.root = filepath.Join(dir, "longhall"), dir
		build.err = buildApp(moduleRoot(), "./app", build.bin, dir)
	})
	if build.err != nil {
		t.Fatalf("building the app: %v", build.err)
	}
	return build.bin, build.root
}

// testBuild is the app built with -tags testgame: it also plays Hands, the
// suites' tiny game, registered with one line in a test-only file.
var testBuild struct {
	once sync.Once
	bin  string
	root string
	err  error
}

// theTestBuild returns the test build of the app, building it once.
func theTestBuild(t testing.TB) (bin, root string) {
	t.Helper()
	testBuild.once.Do(func() {
		dir, err := os.MkdirTemp("", "longhall-e2e-testbuild-")
		if err != nil {
			testBuild.err = err
			return
		}
		testBuild.bin, testBuild.root = filepath.Join(dir, "longhall"), dir
		testBuild.err = buildApp(moduleRoot(), "./app", testBuild.bin, dir, "testgame")
	})
	if testBuild.err != nil {
		t.Fatalf("building the test build: %v", testBuild.err)
	}
	return testBuild.bin, testBuild.root
}

// wasmBuildArgs are the arguments of `go build` for a wasm like the
// Makefile's: -trimpath and its compiler flags (LONGHALL_WASM_FLAGS,
// which make exports), then args.
func wasmBuildArgs(args ...string) []string { return wasmBuildArgsWith(wasmFlags(), args...) }

// wasmBuildArgsWith is wasmBuildArgs with flags in place of the Makefile's.
func wasmBuildArgsWith(flags []string, args ...string) []string {
	return append(append([]string{"build", "-trimpath"}, flags...), args...)
}

// wasmFlags are the Makefile's flags for a browser build.
func wasmFlags() []string { return strings.Fields(os.Getenv("LONGHALL_WASM_FLAGS")) }

// upstreamGoAppFlags are wasmFlags without the module file that points
// go-app at Longhall's copy without its server half: a build with go-app
// as its users get it.
func upstreamGoAppFlags() []string {
	var flags []string
	for _, f := range wasmFlags() {
		if !strings.HasPrefix(f, "-modfile=") {
			flags = append(flags, f)
		}
	}
	return flags
}

// buildApp builds a go-app program twice: natively into bin, and for wasm
// into root/web/app.wasm next to a copy of the module's web/ directory.
func buildApp(module, pkg, bin, root string, tags ...string) error {
	return buildAppFlags(module, pkg, bin, root, wasmFlags(), tags...)
}

// buildAppFlags is buildApp with flags for the wasm's go build in place of
// the Makefile's.
func buildAppFlags(module, pkg, bin, root string, flags []string, tags ...string) error {
	if err := copyTree(filepath.Join(module, "web"), filepath.Join(root, "web")); err != nil {
		return err
	}
	native := exec.Command("go", "build", "-tags="+strings.Join(tags, ","), "-o", bin, pkg)
	native.Dir = module
	if out, err := native.CombinedOutput(); err != nil {
		return fmt.Errorf("native build: %v\n%s", err, out)
	}
	wasm := exec.Command("go", wasmBuildArgsWith(flags, "-tags="+strings.Join(tags, ","), "-ldflags=-s -w", "-o", filepath.Join(root, "web", "app.wasm"), pkg)...)
	wasm.Dir = module
	wasm.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := wasm.CombinedOutput(); err != nil {
		return fmt.Errorf("wasm build: %v\n%s", err, out)
	}
	return nil
}

func copyTree(from, to string) error {
	return filepath.Walk(from, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		target := filepath.Join(to, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if info.Name() == "app.wasm" || strings.HasSuffix(path, ".br") || strings.HasSuffix(path, ".gz") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// server is a running `longhall serve`.
type server struct {
	URL string
	cmd *exec.Cmd
}

// startServer runs `bin serve` on a random loopback port and waits for it
// to print its address. It stops when the test ends.
func startServer(t testing.TB, bin, root string) *server {
	t.Helper()
	return launchServer(t, exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-dir", root))
}

// launchServer starts a `serve` command and waits for the line that gives
// its address ("... running at http://HOST:PORT/ ..."). It stops when the
// test ends.
func launchServer(t testing.TB, cmd *exec.Cmd) *server {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", cmd.Path, err)
	}
	s := &server{cmd: cmd}
	t.Cleanup(s.Stop)
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("%s printed no address: %v", cmd.Path, err)
	}
	for _, f := range strings.Fields(line) {
		if strings.HasPrefix(f, "http://") {
			s.URL = strings.TrimSuffix(f, "/")
		}
	}
	if s.URL == "" {
		t.Fatalf("no address in %q", line)
	}
	go io.Copy(io.Discard, stdout)
	return s
}

// Stop ends the server; safe to call twice.
func (s *server) Stop() {
	if s.cmd.Process != nil && s.cmd.ProcessState == nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	}
}

// serveDir serves a directory with a plain file server, as any static host
// would, under prefix ("" for the root). It returns the site's URL.
func serveDir(t testing.TB, dir, prefix string) (string, func()) {
	t.Helper()
	var h http.Handler = http.FileServer(http.Dir(dir))
	if prefix != "" {
		h = http.StripPrefix(prefix, h)
	}
	url, stop := serveHandler(t, h)
	return url + prefix, stop
}

// serveHandler serves h on a loopback port until the test ends (or stop).
// It returns the server's URL.
func serveHandler(t testing.TB, h http.Handler) (url string, stop func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	stop = func() { srv.Close() }
	t.Cleanup(stop)
	return "http://" + ln.Addr().String(), stop
}

// openApp serves a build of the app (theApp or theTestBuild) on loopback
// and starts a fresh browser for it: where most browser tests begin. It
// returns the site's address and the browser.
func openApp(t testing.TB, build func(testing.TB) (bin, root string)) (base string, ctx context.Context) {
	t.Helper()
	return serveApp(t, build), newBrowser(t)
}

// serveApp serves a build of the app on loopback, for tests whose
// browsers are their subtests' own; it returns the site's address.
func serveApp(t testing.TB, build func(testing.TB) (bin, root string)) string {
	t.Helper()
	bin, root := build(t)
	return startServer(t, bin, root).URL
}

// aRoomLink is the link a host would share for a new room of game with
// seats seats, hosted by host (written as a host writes it: signal's room,
// online's invitation), under base (the site's address, or "" for a path).
// No host serves it: it is enough for a friend's first look at a room.
func aRoomLink(t testing.TB, base, game, host string, seats int) string {
	t.Helper()
	room, err := signal.NewRoom()
	if err != nil {
		t.Fatal(err)
	}
	return room.Link(base+"/room/") + "&" + online.Invitation{Game: game, Host: host, Seats: seats}.Fragment()
}

// newBrowser starts a headless Chromium with a fresh profile. Each call is
// a separate browser process, as separate players need. Its life is
// limited only against a hang (testLimit): tests run side by side on a
// busy machine.
func newBrowser(t testing.TB) context.Context {
	t.Helper()
	return newBrowserFor(t, testLimit)
}

// newBrowserFor is newBrowser for a test that needs the browser longer
// than eight minutes.
func newBrowserFor(t testing.TB, limit time.Duration) context.Context {
	t.Helper()
	if _, err := exec.LookPath("chromium"); err != nil {
		t.Fatal("Debian's chromium is needed for browser tests: apt-get install chromium (make test installs it as root)")
	}
	// Not t.TempDir: Chromium's helpers may still write to the profile for
	// a moment after the browser is gone, which fails TempDir's clean-up.
	profile, err := os.MkdirTemp("", "longhall-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath("chromium"),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-features", strings.Join(unusedChromiumFeatures, ",")),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, limit)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// unusedChromiumFeatures are Chromium's features that a test browser has no
// use for and pays for at every start: Chromium 156 loads its address
// bar's two popups (WebUI pages, in a renderer of their own) even when
// headless, about 1 CPU-second a browser, in a suite that starts over a
// hundred browsers on a CPU-bound machine. A browser given features of its
// own to disable (netns.Browser) gets these too: Chromium reads only the
// last --disable-features.
var unusedChromiumFeatures = []string{"WebUIOmniboxPopup", "WebUIOmniboxAimPopup"}

// byQuery finds elements by CSS selector, as chromedp.ByQuery does, and
// looks again every 25 ms while they are not there or not as asked
// (chromedp's default is every 5 ms: each look is a round trip through
// the browser, and the browser phase is CPU-bound).
func byQuery(s *chromedp.Selector) {
	chromedp.ByQuery(s)
	chromedp.RetryInterval(25 * time.Millisecond)(s)
}

// clientReady waits until the wasm has rendered the page (the server
// pre-renders the same HTML, so visible text proves nothing).
func clientReady() chromedp.Action {
	return chromedp.WaitVisible(`html[data-client="ready"]`, byQuery)
}

// pageSettled is true once the page has laid itself out since its last
// change (web/longhall.js's longhallSettled), and on a page that is hidden,
// which draws no frames and so lays nothing out until it is shown.
const pageSettled = `(document.hidden || !window.longhallSettled || window.longhallSettled())`

// settle waits until the page has settled (pageSettled) after the next
// frame: the wait a test needs after resizing the screen or clicking
// before it looks at the layout, however busy the machine.
func settle() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		for guard := time.Now().Add(stepLimit / 2); time.Now().Before(guard); {
			var settled bool
			err := chromedp.Evaluate(`new Promise(resolve => {
			  const done = () => resolve(`+pageSettled+`);
			  if (document.hidden) return done();
			  requestAnimationFrame(() => requestAnimationFrame(done));
			  setTimeout(done, 1000);
			})`, &settled, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }).Do(ctx)
			if err != nil || settled {
				return err
			}
		}
		return nil // the checks that follow say what is wrong
	})
}

// goOffline cuts the page off the network, as a device in airplane mode.
func goOffline() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if err := network.Enable().Do(ctx); err != nil {
			return err
		}
		if err := network.OverrideNetworkState(true, 0, 0, 0).Do(ctx); err != nil {
			return err
		}
		_, err := network.EmulateNetworkConditionsByRule(true, []*network.Conditions{{URLPattern: ""}}).Do(ctx)
		return err
	})
}

// screenshot saves a full-page PNG under the artifacts folder.
func screenshot(t testing.TB, ctx context.Context, name string) { shoot(t, ctx, name, true) }

// screenView saves what the screen shows now, as a player sees it (the
// status bar at the top, the board and the side column or sheet).
func screenView(t testing.TB, ctx context.Context, name string) { shoot(t, ctx, name, false) }

func shoot(t testing.TB, ctx context.Context, name string, full bool) {
	t.Helper()
	var png []byte
	// A screenshot is evidence, not the test: one that stalls is skipped.
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	start := time.Now()
	// A tab behind another draws no frames, so bring it to the front.
	capture := chromedp.CaptureScreenshot(&png)
	if full {
		capture = chromedp.FullScreenshot(&png, 100)
	}
	if err := chromedp.Run(sctx, page.BringToFront(), capture); err != nil {
		t.Logf("screenshot %s skipped: %v", name, err)
		return
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Logf("screenshot %s took %v", name, d.Round(time.Millisecond))
	}
	dir, ok := artifacts(t)
	if !ok {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Error(err)
	}
}

// artifacts is the folder screenshots go to (LONGHALL_ARTIFACTS, or
// artifacts/ at the module's root), made if need be.
func artifacts(t testing.TB) (string, bool) {
	t.Helper()
	dir := os.Getenv("LONGHALL_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(moduleRoot(), "artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Error(err)
		return "", false
	}
	return dir, true
}

// texts returns the text of every element matching a CSS selector.
func texts(selector string, out *[]string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => e.textContent.trim())`, selector), out)
}

// within runs actions and fails the test naming the step if they fail or
// hang. The limit is a hang guard, not a speed test: a step that takes a
// second on a quiet machine may take ten with other browsers beside it.
func within(t testing.TB, ctx context.Context, step string, actions ...chromedp.Action) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, stepLimit)
	defer cancel()
	if err := chromedp.Run(c, actions...); err != nil {
		roomFailure(t, ctx, step, err)
	}
}

func roomFailure(t testing.TB, ctx context.Context, what string, err error) {
	t.Helper()
	var banner string
	shot, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	chromedp.Run(shot, chromedp.Evaluate(`(document.querySelector('#banner') || {}).textContent + ' | ' + [...document.querySelectorAll('.error')].map(e => e.textContent).join(' | ')`, &banner))
	screenshot(t, shot, "room-failure")
	t.Fatalf("%s: %v (page says: %s)", what, err, banner)
}

// stepLimit bounds one step of a browser test (within): only a hang
// exceeds it.
const stepLimit = 60 * time.Second

// testLimit bounds a whole game or test in a browser: a hang guard too.
// A game that takes a minute on a quiet machine took three with two runs
// of make test and a CPU hog beside it, and failed on a limit of three.
const testLimit = 8 * time.Minute

// roomVersion is the version of the state a table shows (local or room).
const roomVersion = `((document.querySelector('#table') || {dataset: {}}).dataset.version || '')`

// viewCheck is a look at the table by controlsInView (fullview_test.go).
type viewCheck struct {
	Problems []string `json:"problems"`
	Share    float64  `json:"share"`
	Layout   string   `json:"layout"` // where the screen went
	// ScrolledOut: the board's controls out of its area's view, a
	// scroll of the board away.
	ScrolledOut int `json:"scrolledOut"`
	// Smallest: the smallest text drawn in view on the table, in CSS px
	// as drawn (its scale counted), and what it is.
	Smallest     float64 `json:"smallest"`
	SmallestWhat string  `json:"smallestWhat"`
	Controls     int     `json:"controls"`
	Marked       int     `json:"marked"` // pieces marked as changed by the last move
	Why          int     `json:"why"`    // things the rules close now that say why
	// Settled: pageSettled, so what the check saw is what a player sees.
	Settled bool `json:"settled"`
}

// settledLooks is how many looks in a row at a settled page must find
// problems, over settledFor at least, before they count: the page may
// still be drawing a change the wasm has not yet made when a look finds
// it settled, and on a busy machine (the longest games start together)
// the wasm took more than three looks' 150 ms to make it (CI: a phone's
// sheet still open as far as the hand a card was picked from, the menu
// drawn above it). A problem that stays is still found, a moment later.
const (
	settledLooks = 3
	settledFor   = 2 * time.Second
)

// settling counts the looks in a row that found a settled page with
// problems.
type settling struct {
	looks int
	first time.Time
}

// enough says whether this look, at a page settled or not, makes the
// problems count.
func (s *settling) enough(settled bool) bool {
	if !settled {
		s.looks = 0
		return false
	}
	if s.looks == 0 {
		s.first = time.Now()
	}
	s.looks++
	return s.looks >= settledLooks && time.Since(s.first) >= settledFor
}

// lookUntilSettled looks at the page until a look is final and returns
// it: one with no problems, or one whose problems the page, settled for
// settledLooks looks in a row, has not cleared. A busy machine takes
// longer to settle; it never makes a look final sooner. Past a hang guard
// the last look is final whatever it is.
func lookUntilSettled(look func() (viewCheck, error)) (viewCheck, error) {
	var s settling
	for guard := time.Now().Add(stepLimit / 3); ; time.Sleep(50 * time.Millisecond) {
		v, err := look()
		if err != nil || len(v.Problems) == 0 {
			return v, err
		}
		if s.enough(v.Settled) || time.Now().After(guard) {
			return v, nil
		}
	}
}

// withPace adds ?pace=MS to a game's set-up page, which hands it on to
// the table: how long bots seem to think (0 for at once).
func withPace(setup string, ms int) string {
	sep := "?"
	if strings.Contains(setup, "?") {
		sep = "&"
	}
	return fmt.Sprintf("%s%space=%d", setup, sep, ms)
}
