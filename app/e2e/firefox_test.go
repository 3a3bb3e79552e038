//go:build linux

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Rooms and offline play in Firefox ESR too: players meet in whatever
// browser they have, so a room must work between Firefox and Chromium
// either way round, and Firefox's table must pass the same full-view check
// as Chromium's.

// seatedJS is the seat (counted from 1) the page shows its player in, or
// false, as seatedAt reads it.
const seatedJS = `(() => {
  const li = [...document.querySelectorAll('#seats .seat')].find(li => li.querySelector('.who').textContent.endsWith('· you'));
  return li ? Number(li.id.slice(5)) + 1 : false;
})()`

// rnResultTitle is Red North's result, as every player should read it.
const rnResultTitle = `(document.querySelector('.rn-result-title') || {}).textContent || ''`

// TestARoomBetweenFirefoxAndChromium: in a namespace with a real tracker
// and Nostr relay, Firefox hosts a 2-player room of Red North and Chromium
// joins through the link; they play it to the result, Firefox's table
// passing controlsInView at each of its decisions at 1280×800. Then
// Chromium hosts and Firefox joins, and they play another.
func TestARoomBetweenFirefoxAndChromium(t *testing.T) {
	t.Parallel()
	began := time.Now()
	site := newRoomSite(t, true)
	ff := site.ns.Firefox(t)
	t.Logf("%s up in %v", ff.Version, time.Since(began).Round(time.Millisecond))
	ff.must(t, "opening the app", ff.Navigate(site.base+"/"))
	ff.must(t, "opening the app", ff.ClientReady())
	ff.must(t, "naming the player", ff.Eval(fmt.Sprintf(`localStorage.setItem("longhall.name", %q)`, `"Gordon"`), nil))
	ff.must(t, "a desktop screen", ff.SetViewport(tableSizes[0].width, tableSizes[0].height))
	cr := site.player(t, "Rikki")

	t.Run("firefox hosts", func(t *testing.T) {
		start := time.Now()
		link := ff.openRoom(t, site.base, "rednorth", 2)
		within(t, cr, "Chromium opens the link", chromedp.Navigate(link))
		crSeat := seatedAt(t, cr, "Rikki in Chromium")
		within(t, cr, "Chromium is ready", chromedp.Click("#ready", byQuery))
		var seat int
		ff.must(t, "the host's seat", ff.Poll(seatedJS, &seat, stepLimit))
		if seat-1 == crSeat {
			t.Fatalf("Firefox and Chromium both sit at seat %d", crSeat)
		}
		ff.must(t, "starting", ff.Poll(`!document.querySelector('#start').disabled`, nil, stepLimit))
		t.Logf("seated and ready after %v", time.Since(start).Round(time.Millisecond))
		ff.must(t, "starting", ff.Click("#start"))
		ff.must(t, "starting", ff.Poll(`!!document.querySelector('#table')`, nil, stepLimit))
		playFirefoxAndChromium(t, ff, cr, "host")
		t.Logf("played in %v", time.Since(start).Round(time.Millisecond))
	})
	if t.Failed() {
		return
	}
	t.Run("chromium hosts", func(t *testing.T) {
		start := time.Now()
		link := site.openRoom(t, cr, 2)
		crSeat := seatedAt(t, cr, "Rikki hosting in Chromium")
		ff.must(t, "opening the link", ff.Navigate(link))
		ff.must(t, "opening the link", ff.ClientReady())
		var seat int
		ff.must(t, "Firefox taking a seat", ff.Poll(`document.querySelector('#ready') && `+seatedJS, &seat, stepLimit))
		if seat-1 == crSeat {
			t.Fatalf("Firefox and Chromium both sit at seat %d", crSeat)
		}
		ff.must(t, "Firefox is ready", ff.Click("#ready"))
		within(t, cr, "starting", chromedp.Poll(`!document.querySelector('#start').disabled`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
			chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery))
		playFirefoxAndChromium(t, ff, cr, "guest")
		t.Logf("played in %v", time.Since(start).Round(time.Millisecond))
	})
}

// playFirefoxAndChromium plays a started Red North room to its result:
// Chromium's player clicks through with drive, Firefox's with the same
// gameStep, and Firefox's table passes controlsInView at every decision.
// Both must end on the same version and read the same result.
func playFirefoxAndChromium(t *testing.T, ff *firefox, cr context.Context, role string) {
	c, cancel := context.WithTimeout(cr, testLimit)
	defer cancel()
	type ending struct {
		end string
		err error
	}
	crDone := make(chan ending, 1)
	go func() {
		end, err := drive(c, 0, nil)
		crDone <- ending{end, err}
	}()

	deadline := time.Now().Add(testLimit)
	checked := map[string]bool{}
	shot := map[string]bool{}
	checks, controls, fails, marked, acts := 0, 0, 0, 0, 0
	crEnded := false
	for n := 0; ; n++ {
		if n >= 5000 || time.Now().After(deadline) {
			// Both pages, to tell a stuck player from a lost link.
			ff.shot(t, "firefox-failure", true)
			roomFailure(t, cr, "Chromium's page, as Firefox ("+role+") waits", fmt.Errorf("Firefox saw no result after %d looks at the table (Chromium's player ended: %v)", n, crEnded))
		}
		if !crEnded {
			select {
			case e := <-crDone:
				// Chromium's player stops at the result; an error
				// there will not be mended by Firefox waiting.
				crEnded = true
				if e.err != nil || e.end != "over" {
					ff.shot(t, "firefox-failure", true)
					roomFailure(t, cr, "Chromium's player stopped", fmt.Errorf("%s %v", e.end, e.err))
				}
				crDone <- e
			default:
			}
		}
		var at []string // the moment, and the table's version
		ff.must(t, "looking at the table", ff.Eval(`[`+tableMoment+`, `+roomVersion+`]`, &at))
		// Once per moment of each version: waiting for the other player
		// changes nothing on this table.
		if moment := at[0]; (moment == "turn" || moment == "choice") && !checked[at[0]+at[1]] {
			checked[at[0]+at[1]] = true
			v, err := ff.checkControls()
			ff.must(t, "checking the controls", err)
			checks++
			controls += v.Controls
			if v.Marked > 0 {
				marked++
			}
			if len(v.Problems) > 0 && fails < 3 {
				fails++
				name := fmt.Sprintf("firefox-fullview-failure-%s-%d", role, fails)
				ff.shot(t, name, false)
				t.Errorf("Firefox (%s) at 1280x800, version %s: %s (screenshot %s)", role, at[1], strings.Join(v.Problems, "; "), name)
			}
		}
		if m := at[0]; m != "" && !shot[m] {
			shot[m] = true
			ff.shot(t, "firefox-room-"+role+"-"+m, false)
		}
		res, err := ff.look(n)
		ff.must(t, "playing", err)
		if strings.HasPrefix(res, "act ") {
			acts++
		}
		if res == "over" {
			break
		}
	}
	if checks == 0 || controls == 0 || acts == 0 {
		t.Errorf("Firefox (%s) checked %d tables (%d controls) and took %d actions in a whole game", role, checks, controls, acts)
	}
	// As playInFullView asks of Chromium's table.
	if marked*2 < checks {
		t.Errorf("Firefox (%s): the board marks the last move at only %d of %d decisions", role, marked, checks)
	}
	t.Logf("Firefox (%s): %d actions; %d tables, %d controls checked in full view; the last move marked at %d", role, acts, checks, controls, marked)

	select {
	case e := <-crDone:
		if e.err != nil || e.end != "over" {
			roomFailure(t, cr, "Chromium never reached the result", fmt.Errorf("%s %v", e.end, e.err))
		}
	case <-c.Done():
		roomFailure(t, cr, "Chromium never reached the result", c.Err())
	}
	screenView(t, cr, "firefox-room-"+role+"-chromium-end")

	var ffTitle, crTitle, ffVersion, crVersion string
	ff.must(t, "reading the result", ff.Poll(rnResultTitle, &ffTitle, stepLimit))
	ff.must(t, "reading the version", ff.Eval(roomVersion, &ffVersion))
	within(t, cr, "reading the result", chromedp.Poll(rnResultTitle, &crTitle, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Evaluate(roomVersion, &crVersion))
	if ffTitle != crTitle || ffVersion != crVersion {
		t.Errorf("Firefox (%s) ends at version %s with %q, Chromium at %s with %q", role, ffVersion, ffTitle, crVersion, crTitle)
	}
	if errs, err := ff.PageErrors(); err != nil || len(errs) > 0 {
		t.Errorf("Firefox's page threw: %q %v", errs, err)
	}
	t.Logf("both read %q at version %s", ffTitle, ffVersion)
}

// TestFirefoxPlaysOffline: as TestOfflineReloadStillRenders for Chromium.
// Firefox installs the service worker from 127.0.0.1 (a secure context),
// which controls the page after a reload; with the server gone, a game's
// set-up page still loads and a game against a bot starts and goes on.
func TestFirefoxPlaysOffline(t *testing.T) {
	t.Parallel()
	bin, root := theApp(t)
	srv := startServer(t, bin, root)
	playsOffline(t, startFirefox(t), srv)
}

// outsideBrowser is a page in a browser chromedp cannot drive (Firefox,
// WebKit), as the tests use it.
type outsideBrowser interface {
	Navigate(url string) error
	Reload() error
	Eval(expr string, out any) error
	Click(selector string) error
	PageErrors() ([]string, error)
	Poll(expr string, out any, limit time.Duration) error
	ClientReady() error
	shot(t testing.TB, name string, full bool)
	look(n int) (string, error)
	must(t testing.TB, step string, err error)
	name() string
}

// playsOffline: the app's service worker installs and takes the page on a
// reload; with the server stopped, a game's set-up page still opens, a
// game starts, and its table loads and plays on against instant bots.
func playsOffline(t *testing.T, b outsideBrowser, srv *server) {
	t.Helper()
	b.must(t, "opening the app", b.Navigate(srv.URL+"/"))
	b.must(t, "opening the app", b.ClientReady())
	var active bool
	b.must(t, "the service worker installing", b.Eval(`navigator.serviceWorker.ready.then(r => !!r.active)`, &active))
	if !active {
		t.Fatal("the service worker is ready but not active")
	}
	b.must(t, "reloading", b.Reload())
	b.must(t, "reloading", b.ClientReady())
	var worker string
	b.must(t, "the service worker controlling the page after a reload",
		b.Poll(`navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL`, &worker, stepLimit))
	t.Logf("controlled by %s", worker)

	srv.Stop()
	if r, err := http.Get(srv.URL + "/"); err == nil {
		r.Body.Close()
		t.Fatal("the server still answers after it was stopped")
	}
	b.must(t, "the set-up page offline", b.Navigate(srv.URL+"/games/rednorth/"))
	b.must(t, "the set-up page offline", b.ClientReady())
	var title string
	b.must(t, "the set-up page offline", b.Eval(`(document.querySelector('h1') || {}).textContent`, &title))
	if title != "Red North" {
		t.Fatalf("offline, the set-up page shows %q", title)
	}
	b.shot(t, b.name()+"-offline-setup", false)
	// The set-up's default: the player and a bot.
	b.must(t, "starting a game offline", b.Click("#start"))
	b.must(t, "starting a game offline", b.Poll(`!!document.querySelector('#table')`, nil, stepLimit))
	var tableURL string
	b.must(t, "starting a game offline", b.Eval(`location.href`, &tableURL))
	// A whole load of the table's page offline, with instant bots.
	b.must(t, "the table offline", b.Navigate(tableURL+"&pace=0"))
	b.must(t, "the table offline", b.ClientReady())
	version := 0
	for n := 0; version < 8; n++ {
		if n > 500 {
			b.must(t, "playing offline", fmt.Errorf("the game stands at version %d after %d looks", version, n))
		}
		res, err := b.look(n)
		b.must(t, "playing offline", err)
		var v string
		b.must(t, "playing offline", b.Eval(roomVersion, &v))
		fmt.Sscan(v, &version)
		if res == "over" {
			break
		}
	}
	b.shot(t, b.name()+"-offline-table", false)
	if errs, err := b.PageErrors(); err != nil || len(errs) > 0 {
		t.Errorf("the page threw: %q %v", errs, err)
	}
	t.Logf("offline, the game went on to version %d", version)
}

// openRoom makes Firefox's player host a room of the game for n, as
// roomSite.openRoomOf does in Chromium, and returns the link to share.
func (f *firefox) openRoom(t testing.TB, base, game string, n int) string {
	t.Helper()
	f.must(t, "the set-up page", f.Navigate(base+"/games/"+game+"/?pace=0"))
	f.must(t, "the set-up page", f.ClientReady())
	f.must(t, "choosing the seats", f.Eval(fmt.Sprintf(`(() => {
	  const s = document.querySelector('#room-players');
	  s.value = %q;
	  s.dispatchEvent(new Event('change', {bubbles: true}));
	})()`, fmt.Sprint(n)), nil))
	f.must(t, "opening a room", f.Click("#open-room"))
	var link string
	f.must(t, "opening a room", f.Poll(`(document.querySelector('#room-link') || {}).value || ''`, &link, stepLimit))
	if !strings.Contains(link, "/room/#r=") || !strings.Contains(link, "&k=") {
		t.Fatalf("Firefox's room link is %q", link)
	}
	return link
}
