//go:build linux

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Friends on two builds of the app in one room, and a new build that
// arrives mid-game (issue 38, versions). Two builds are the same app.wasm
// served from two trees, one with a file changed and written later: its
// version (a hash of web/) differs, and its build time (web/'s newest
// file) is later, which is all a page knows of its build.

// laterBuild makes a tree whose web/ is root's with one stylesheet changed
// and dated at: a build of the app other than root's, built at that time.
// The wasm and its compressed copies are root's own (hard links, dated as
// they are), so that its server starts at once.
func laterBuild(t *testing.T, root, mark string, at time.Time) string {
	t.Helper()
	dir := t.TempDir()
	if err := copyTree(filepath.Join(root, "web"), filepath.Join(dir, "web")); err != nil {
		t.Fatal(err)
	}
	link := func(from, to string) error {
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.Link(from, to)
	}
	if err := link(filepath.Join(root, "web", "app.wasm"), filepath.Join(dir, "web", "app.wasm")); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(root, "build", "compressed")
	filepath.WalkDir(cache, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "app.wasm@") {
			rel, _ := filepath.Rel(cache, p)
			link(p, filepath.Join(dir, "build", "compressed", rel))
		}
		return nil
	})
	css := filepath.Join(dir, "web", "longhall.css")
	f, err := os.OpenFile(css, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString("\n/* " + mark + " */\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chtimes(css, at, at)
	}
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// Reading a page. An expression that others extend (versionsNote, then
// === and the words wanted) is in parentheses: a || "" === b reads as
// a || ("" === b), true of any words at all.
const (
	versionsNote  = `((document.querySelector('#versions-note') || {}).textContent || '')`
	updateOffered = `(() => { const n = document.querySelector('#update-ready:not([hidden])'); return !!n && n.getClientRects().length > 0; })()`
	pageVersion   = `goappGetenv('GOAPP_VERSION')`
	pageBuilt     = `goappGetenv('LONGHALL_BUILT') || ''`
)

// TestTwoBuildsInOneRoom: Gordon opens a room on the site's older build;
// the site is updated, and Rikki joins on the newer one. Each is told, in
// words, whose app is older and should reload; Gordon's page, in the
// lobby, offers the new version, and Gordon takes it: the room reopens on
// the newer build, Rikki back in his seat, and the words go. Mid-game a
// newer build still arrives: it installs and waits, no page reloads and
// none offers it until the game has ended, when both do. Rikki takes it,
// and in the rematch each is told again whose app is older, for after
// this game.
func TestTwoBuildsInOneRoom(t *testing.T) {
	t.Parallel()
	bin, root := theApp(t)
	ns := newNetns(t)
	flags := []string{"-stun", "none", "-trackers", ns.StartTracker(t), "-relays", ns.StartNostrRelay(t)}
	serve := func(dir, addr string) *server {
		cmd := ns.Command(bin, append([]string{"serve", "-addr", addr, "-dir", dir}, flags...)...)
		cmd.Dir = moduleRoot()
		return launchServer(t, cmd)
	}
	srv := serve(root, ns.Addr+":0")
	site := &roomSite{ns: ns, base: srv.URL}
	addr := strings.TrimPrefix(srv.URL, "http://")
	// Built later than root's files (its newest is a moment old at most)
	// and than each other, whatever the clock's second.
	newer := laterBuild(t, root, "a newer build", time.Now().Add(time.Minute))
	newest := laterBuild(t, root, "the newest build", time.Now().Add(2*time.Minute))

	// The namespace's address is no secure origin, where browsers keep
	// service workers: each browser is told to take it for one.
	secure := "--unsafely-treat-insecure-origin-as-secure=" + srv.URL
	host := ns.Browser(t, secure)
	within(t, host, "Gordon opening the app",
		chromedp.Navigate(site.base+"/"), clientReady(),
		chromedp.Evaluate(`localStorage.setItem("longhall.name", '"Gordon"')`, nil))
	within(t, host, "Gordon's service worker taking the page",
		chromedp.Poll(`navigator.serviceWorker.controller !== null`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	link := site.openRoomOf(t, host, "rednorth", 2)
	older, olderBuilt := buildOf(t, host, "Gordon")

	// The site is updated; Rikki, on a first visit, gets the newer build.
	srv.Stop()
	srv = serve(newer, addr)
	guest := ns.Browser(t, secure)
	joinFirstTime(t, guest, link, "Rikki", "Gordon invites you to play Red North")
	newerVersion, newerBuilt := buildOf(t, guest, "Rikki")
	if newerVersion == older || newerVersion == "" || newerBuilt <= olderBuilt {
		t.Fatalf("Gordon runs build %q (built %d) and Rikki %q (built %d): want two builds, Rikki's the later", older, olderBuilt, newerVersion, newerBuilt)
	}
	saysSteadily(t, host, "Gordon, the host, in the lobby", "Your app is older than Rikki’s: reload now to update; the room is saved and reopens.")
	saysSteadily(t, guest, "Rikki, in the lobby", "Gordon’s app (the host’s) is older than yours: they should reload now; their room is saved.")
	// Gordon's page, told its app is older, looked for the new version.
	within(t, host, "Gordon offered the new version in the lobby",
		chromedp.Poll(updateOffered, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	var offer string
	within(t, host, "reading the offer", chromedp.Text("#update-ready", &offer, byQuery))
	if !strings.Contains(offer, "A new version of Longhall is ready.") || !strings.Contains(offer, "Reload now") {
		t.Errorf("the offer reads %q", offer)
	}
	screenshot(t, host, "versions-host-older-lobby")
	screenshot(t, guest, "versions-guest-newer-lobby")

	// Gordon takes it: the page reloads into the newer build, and the
	// room reopens from its save with Rikki in his seat.
	within(t, host, "Gordon taking the new version",
		chromedp.Evaluate(`window.versionsMark = 'before'`, nil),
		chromedp.Click("#update-reload", byQuery))
	reloaded(t, host, "Gordon")
	now, nowBuilt := buildOf(t, host, "Gordon, after the reload")
	var caches []string
	within(t, host, "reading Gordon's caches",
		chromedp.Evaluate(`caches.keys()`, &caches, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if now != newerVersion || nowBuilt != newerBuilt {
		t.Errorf("after the reload Gordon runs build %q (built %d), want %q (built %d)", now, nowBuilt, newerVersion, newerBuilt)
	}
	if len(caches) != 1 || caches[0] != "longhall-"+newerVersion {
		t.Errorf("after the update the site's caches are %q, want the new build's alone", caches)
	}
	if s := seatedAt(t, host, "Gordon after the update"); s != 0 {
		t.Errorf("Gordon is back at seat %d", s)
	}
	for name, ctx := range map[string]context.Context{"Gordon": host, "Rikki": guest} {
		within(t, ctx, name+"'s words about builds going",
			chromedp.Poll(`!document.querySelector('#versions-note') && !!document.querySelector('#seats')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	within(t, host, "starting",
		chromedp.Poll(`!!document.querySelector('#start') && !document.querySelector('#start').disabled`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible(".rn-board .lh-main", byQuery))

	// Mid-game, a newer build arrives: each page finds it (as it does
	// every hour, or when shown again), installs it, and keeps the game.
	srv.Stop()
	serve(newest, addr) // stopped with the test
	players := map[string]context.Context{"Gordon": host, "Rikki": guest}
	for name, ctx := range players {
		within(t, ctx, name+" finding the newest build mid-game",
			chromedp.Evaluate(`window.versionsMark = 'mid-game'; longhallCheckUpdate()`, nil),
			chromedp.Poll(`window.longhallUpdateReady === true`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	titles := map[string]string{}
	for name, ctx := range players {
		wg.Go(func() {
			d := driven{}
			title, err := playToTheEnd(ctx, nil, &d)
			mu.Lock()
			defer mu.Unlock()
			t.Logf("%s: %v", name, &d)
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			titles[name] = title
		})
		// A little way into the game: nothing offered, nothing reloaded.
		var offered bool
		within(t, ctx, name+" mid-game", chromedp.Evaluate(updateOffered, &offered))
		if offered {
			t.Errorf("%s's page offers the new version mid-game", name)
		}
	}
	screenshot(t, host, "versions-host-midgame-update-waiting")
	wg.Wait()
	if t.Failed() {
		return
	}
	for name, ctx := range players {
		var mark string
		within(t, ctx, name+" offered the new version after the game",
			chromedp.Poll(updateOffered, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
			chromedp.Evaluate(`window.versionsMark || ''`, &mark))
		if mark != "mid-game" {
			t.Errorf("%s's page reloaded during the game (its mark reads %q)", name, mark)
		}
	}
	screenshot(t, host, "versions-host-after-game")
	screenshot(t, guest, "versions-guest-after-game")

	// Rikki takes it, Gordon not yet: now Gordon's app is the older.
	within(t, guest, "Rikki taking the newest build", chromedp.Click("#update-reload", byQuery))
	reloaded(t, guest, "Rikki")
	if v, built := buildOf(t, guest, "Rikki, after the reload"); v == newerVersion || built <= newerBuilt {
		t.Fatalf("Rikki reloaded into build %q (built %d): want one later than %q (built %d)", v, built, newerVersion, newerBuilt)
	}
	saysSteadily(t, host, "Gordon, the host, after the game", "Your app is older than Rikki’s: reload now to update; the room is saved and reopens.")
	saysSteadily(t, guest, "Rikki, after the game", "Gordon’s app (the host’s) is older than yours: they should reload now; their room is saved.")
	screenshot(t, guest, "versions-guest-newest-after-game")

	// A rematch on two builds: each is told again, for after this game,
	// and Gordon's page, whose new version waits, keeps it for then.
	for name, ctx := range players {
		within(t, ctx, name+": watching the table as the rematch is dealt", chromedp.Evaluate(watchTable, nil))
	}
	within(t, host, "dealing a rematch", chromedp.Click("#rematch", byQuery))
	// The words change once the rematch's first state is drawn, and keep
	// reading so; the finished game's end, had it come back meanwhile (its
	// after-game row, the offer of the new version), would show in what
	// the tables were seen to show.
	saysSteadily(t, host, "Gordon, the host, in the rematch", "Your app is older than Rikki’s: reload after this game to update; the room is saved and reopens.")
	saysSteadily(t, guest, "Rikki, in the rematch", "Gordon’s app (the host’s) is older than yours: they should reload after this game.")
	for name, ctx := range players {
		var seen []string
		within(t, ctx, name+": what the table showed as the rematch was dealt", chromedp.Evaluate(tableSeen, &seen))
		if !slices.Equal(seen, []string{"the end", "in play"}) {
			t.Errorf("%s's page showed %q as the rematch was dealt, want the last game's end, then the rematch in play", name, seen)
		}
	}
	var keeps bool
	within(t, host, "Gordon's page keeping the new version for after the rematch",
		chromedp.Evaluate(`!`+updateOffered+` && window.longhallUpdateReady === true`, &keeps))
	if !keeps {
		t.Error("Gordon's page offers the new version in the rematch, or no longer has it waiting")
	}
	screenView(t, host, "versions-host-older-rematch")
	screenView(t, guest, "versions-guest-newer-rematch")
}

// buildOf reads which build ctx's page runs: go-app's version and when the
// server said the build was made. A page without that time cannot order
// two builds (every note would read "different builds"): the server
// binary is then one from before LONGHALL_BUILT, and the test says so.
func buildOf(t *testing.T, ctx context.Context, who string) (version string, built int64) {
	t.Helper()
	var text string
	within(t, ctx, "reading "+who+"'s build", chromedp.Evaluate(pageVersion, &version), chromedp.Evaluate(pageBuilt, &text))
	built, err := strconv.ParseInt(text, 10, 64)
	if err != nil || built <= 0 {
		t.Fatalf("%s's page says its build %q was made at %q: the server (LONGHALL_BIN) sets no LONGHALL_BUILT; build it again (make native)", who, version, text)
	}
	return version, built
}

// reloaded waits until ctx's page has reloaded (the mark the test set on
// the old page is gone) and the app has rendered the new one. A look
// while the page navigates fails, and is only a look.
func reloaded(t *testing.T, ctx context.Context, who string) {
	t.Helper()
	for guard := time.Now().Add(stepLimit); ; time.Sleep(100 * time.Millisecond) {
		var done bool
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := chromedp.Run(c, chromedp.Evaluate(`window.versionsMark === undefined && document.documentElement.dataset.client === 'ready'`, &done))
		cancel()
		if err == nil && done {
			return
		}
		if time.Now().After(guard) {
			roomFailure(t, ctx, who+"'s page never reloaded into the new version", err)
		}
	}
}

// Watching the table: each of the room page's screens it passes through
// ("no table", "the end" of a game with its after-game row, a game "in
// play"), in order, from the moment the watch starts (tableSeen).
const (
	watchTable = `(() => {
  window.tableSeen = [];
  const look = () => {
    const s = !document.querySelector('#table') ? 'no table' : document.querySelector('#after-game') ? 'the end' : 'in play';
    if (s !== window.tableSeen[window.tableSeen.length - 1]) window.tableSeen.push(s);
  };
  look();
  if (window.tableWatch) window.tableWatch.disconnect();
  window.tableWatch = new MutationObserver(look);
  window.tableWatch.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
  return true;
})()`
	tableSeen = `window.tableSeen || []`
)

// Watching the words about builds: every text #versions-note takes, in
// order, from the moment the watch starts (a MutationObserver sees each
// change, however brief, that a look now and then would miss).
const (
	watchVersions = `(() => {
  window.versionsSeen = [];
  const read = () => (document.querySelector('#versions-note') || {}).textContent || '';
  let last = read();
  if (window.versionsWatch) window.versionsWatch.disconnect();
  window.versionsWatch = new MutationObserver(() => {
    const now = read();
    if (now !== last) { last = now; window.versionsSeen.push(now); }
  });
  window.versionsWatch.observe(document.documentElement, {subtree: true, childList: true, characterData: true});
  return last;
})()`
	versionsSeen = `window.versionsSeen || []`
)

// steadyFor is how long the words must keep reading the same once they
// read as they should: the page draws them anew at every change of the
// room, and a flip back (a lobby, a welcome or a state saying otherwise)
// would come within it.
const steadyFor = 1500 * time.Millisecond

// saysSteadily waits until ctx's page says want about builds, and then
// that it keeps saying it for steadyFor: any other text meanwhile, even
// for a moment, fails the test.
func saysSteadily(t *testing.T, ctx context.Context, who, want string) {
	t.Helper()
	var got string
	c, cancel := context.WithTimeout(ctx, stepLimit)
	defer cancel()
	err := chromedp.Run(c, chromedp.Poll(versionsNote+` === `+jsString(want), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		chromedp.Run(ctx, chromedp.Evaluate(versionsNote, &got))
		t.Errorf("%s reads %q, want %q", who, got, want)
		return
	}
	var first string
	within(t, ctx, who+": watching the words", chromedp.Evaluate(watchVersions, &first))
	time.Sleep(steadyFor)
	var seen []string
	within(t, ctx, who+": reading what the words were", chromedp.Evaluate(versionsSeen, &seen))
	t.Logf("%s reads: %s", who, want)
	if first != want {
		seen = append([]string{first}, seen...)
	}
	for _, s := range seen {
		if s != want {
			t.Errorf("%s read %q, then in the next %v: %q", who, want, steadyFor, seen)
			return
		}
	}
}
