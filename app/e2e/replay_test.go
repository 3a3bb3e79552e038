//go:build linux

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"longhall/rules"
)

// replayLook is what a replay page shows.
type replayLook struct {
	Move, Version, Total, Seat int
	Board, Own, Status, Search string
	HasOwn                     bool
	Log, LastN, Controls       int
	Revealed                   int // players' hidden cards drawn beside them (everything shown)
	Seats                      []int
}

const replayLookJS = `(() => {
  const bar = document.querySelector('#replay-bar'), t = document.querySelector('#table');
  if (!bar || !t) return null;
  const log = [...document.querySelectorAll('#gamelog li[data-n]')].map(li => +li.dataset.n);
  const own = document.querySelector('#own');
  return {Move: +document.querySelector('#replay-slider').value, Version: +t.dataset.version, Total: +document.querySelector('#replay-slider').max,
    Seat: +bar.dataset.seat, Board: document.querySelector('#board-area').innerText, HasOwn: !!own, Own: own ? own.innerText : '',
    Status: document.querySelector('#status .status-now').textContent, Search: location.search,
    Log: log.length, LastN: log.length ? Math.max(...log) : 0,
    Controls: t.querySelectorAll('[data-action], [data-pick]:not([data-pick="none"])').length,
    Revealed: t.querySelectorAll('.revealed').length,
    Seats: [...document.querySelectorAll('#replay-seat option')].map(o => +o.value)};
})()`

// lookAtReplay reads the replay page once it shows move (any move when
// move < 0), and checks what every look must hold: the table is at that
// move, it offers no control, and its log stops there.
func lookAtReplay(t testing.TB, ctx context.Context, move int) replayLook {
	t.Helper()
	if move >= 0 {
		within(t, ctx, fmt.Sprintf("the replay at move %d", move), chromedp.Poll(
			fmt.Sprintf(`(document.querySelector('#table') || {dataset: {}}).dataset.version === '%d' && !!document.querySelector('#replay-bar')`, move), nil, chromedp.WithPollingInterval(20*time.Millisecond)))
	} else {
		// Any move, but the replay's: a page that has not opened yet (just
		// after the click on "Watch the replay") reads as an empty replay.
		within(t, ctx, "the replay", chromedp.Poll(`!!document.querySelector('#replay-bar') && !!document.querySelector('#table')`, nil, chromedp.WithPollingInterval(20*time.Millisecond)))
	}
	var l replayLook
	within(t, ctx, "looking at the replay", chromedp.Evaluate(replayLookJS, &l))
	if l.Version != l.Move || (move >= 0 && l.Move != move) {
		t.Fatalf("the replay's table is at version %d, its bar at move %d, want %d", l.Version, l.Move, move)
	}
	if l.Controls != 0 {
		t.Fatalf("a replay's table offers %d controls at move %d", l.Controls, l.Move)
	}
	if l.LastN > l.Move {
		t.Fatalf("at move %d the log already holds move %d", l.Move, l.LastN)
	}
	return l
}

func press(key string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		for _, typ := range []input.KeyType{input.KeyRawDown, input.KeyUp} {
			code := map[string]int64{"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}[key]
			if err := input.DispatchKeyEvent(typ).WithKey(key).WithCode(key).WithWindowsVirtualKeyCode(code).Do(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}

// setField types a value into a field as a person does: the value, then
// the event the page listens to.
func setField(sel, value, event string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const el = document.querySelector(%q); el.value = %q; el.dispatchEvent(new Event(%q, {bubbles: true})); })()`, sel, value, event), nil)
}

// downloads collects the browser's finished downloads: Chromium names the
// file before it has written it, so a test waits for its "completed" event
// rather than for the name to appear in the folder.
type downloads struct {
	dir  string
	done chan string // suggested file names, as each download completes
}

// watchDownloads lets ctx's browser download into a fresh folder and
// reports each finished download.
func watchDownloads(t testing.TB, ctx context.Context) *downloads {
	t.Helper()
	d := &downloads{dir: t.TempDir(), done: make(chan string, 8)}
	var mu sync.Mutex
	names := map[string]string{}
	// The events come to the tab that asked for them, not the browser.
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *browser.EventDownloadWillBegin:
			names[ev.GUID] = ev.SuggestedFilename
		case *browser.EventDownloadProgress:
			if ev.State == browser.DownloadProgressStateCompleted {
				d.done <- names[ev.GUID]
			}
		}
	})
	within(t, ctx, "downloads into a folder",
		browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(d.dir).WithEventsEnabled(true))
	return d
}

// next waits for the next finished download, checks its name and returns
// its path.
func (d *downloads) next(t testing.TB, name *regexp.Regexp) string {
	t.Helper()
	select {
	case suggested := <-d.done:
		if !name.MatchString(suggested) {
			t.Fatalf("the download is named %q, not like %s", suggested, name)
		}
		return filepath.Join(d.dir, suggested)
	case <-time.After(stepLimit):
		entries, _ := os.ReadDir(d.dir)
		t.Fatalf("no download finished in %v (%d files in the folder)", stepLimit, len(entries))
		return ""
	}
}

// TestReplayWatchSaveAndOpen: a Red North game against bots, played to the
// end, is watched move by move (forward, back, jumps, the keyboard, every
// seat's view), its record saved from the app, opened again from the home
// page and watched; damaged files are refused in words and lose nothing;
// a game in progress shows only its lone person's view.
func TestReplayWatchSaveAndOpen(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800))
	downloads := watchDownloads(t, ctx)

	// A whole game against a bot, an instant one (the set-up page hands
	// ?pace= on).
	within(t, ctx, "setting up Red North", chromedp.Navigate(withPace(base+"/games/rednorth/?seed=21", 0)), clientReady(),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery))
	c, cancel := context.WithTimeout(ctx, testLimit)
	end, err := drive(c, 0, nil)
	cancel()
	if err != nil || end != "over" {
		roomFailure(t, ctx, "the game did not reach its end", fmt.Errorf("%s %v", end, err))
	}
	var moves int
	var result string
	within(t, ctx, "reading the result", chromedp.Evaluate(`+document.querySelector('#table').dataset.version`, &moves),
		chromedp.Text("#status .status-now", &result, byQuery))
	screenView(t, ctx, "replay-result-screen")

	// The result screen saves the record.
	within(t, ctx, "saving the record from the result screen", chromedp.Click("#save-record", byQuery))
	named := regexp.MustCompile(`^longhall-rednorth-\d{4}-\d{2}-\d{2}( \(\d+\))?\.json$`)
	saved := downloads.next(t, named)
	rec := readSavedRecord(t, saved)
	if len(rec.Actions) != moves || rec.Game != "rednorth" {
		t.Fatalf("the saved record has %d actions of %q; the table played %d", len(rec.Actions), rec.Game, moves)
	}
	// The next download may take the same name.
	os.Remove(saved)

	// Watch the replay: it opens at the start, everything shown.
	within(t, ctx, "watching the replay", chromedp.Click("#watch-replay", byQuery), chromedp.WaitVisible("#replay-bar", byQuery))
	start := lookAtReplay(t, ctx, 0)
	if start.Total != moves || start.Log != 0 || start.Seat != -2 {
		t.Fatalf("the replay opens at %+v; want move 0 of %d, no log, everything shown", start, moves)
	}
	if want := []int{-1, 0, 1, -2}; !slices.Equal(start.Seats, want) {
		t.Fatalf("a finished game's views: %v, want %v (public, each seat, everything shown)", start.Seats, want)
	}
	screenView(t, ctx, "replay-desktop-start")

	// Forward with the button and the keyboard.
	within(t, ctx, "forward one move", chromedp.Click("#replay-forward", byQuery))
	one := lookAtReplay(t, ctx, 1)
	within(t, ctx, "four more with the arrow key", press("ArrowRight"), press("ArrowRight"), press("ArrowRight"), press("ArrowRight"))
	five := lookAtReplay(t, ctx, 5)
	if five.Log == 0 || five.LastN > 5 {
		t.Fatalf("the log at move 5 has %d entries up to %d", five.Log, five.LastN)
	}
	if five.Board+five.Own == start.Board+start.Own {
		t.Fatal("five moves in, the table looks as it did at the start")
	}
	if one.Status == start.Status && one.Board == start.Board && one.Own == start.Own && one.Log == start.Log {
		t.Fatal("the first move changed nothing on the page")
	}
	// Back, to either end, and jumps.
	within(t, ctx, "back one move", chromedp.Click("#replay-back", byQuery))
	lookAtReplay(t, ctx, 4)
	within(t, ctx, "to the end with End", press("End"))
	last := lookAtReplay(t, ctx, moves)
	if last.Status != result || last.LastN == 0 {
		t.Fatalf("the replay's end says %q (log to %d); the game's result said %q", last.Status, last.LastN, result)
	}
	within(t, ctx, "back to the start with Home", press("Home"))
	if again := lookAtReplay(t, ctx, 0); again.Board != start.Board || again.Own != start.Own || again.Log != 0 {
		t.Fatal("the start looks different the second time")
	}
	half := moves / 2
	within(t, ctx, "a jump with the slider", setField("#replay-slider", fmt.Sprint(half), "input"))
	mid := lookAtReplay(t, ctx, half)
	within(t, ctx, "a jump back with the slider", setField("#replay-slider", "5", "input"))
	if back5 := lookAtReplay(t, ctx, 5); back5.Board != five.Board || back5.Own != five.Own || back5.Log != five.Log || back5.Seat != five.Seat {
		t.Fatal("move 5 reached by a jump back looks different from move 5 reached step by step")
	}
	within(t, ctx, "back to the middle", setField("#replay-slider", fmt.Sprint(half), "input"))
	lookAtReplay(t, ctx, half)

	// Each seat's view, and everything shown again.
	views := map[int]replayLook{}
	for _, seat := range []int{-1, 0, 1, -2} {
		within(t, ctx, fmt.Sprintf("the view of seat %d", seat), choose("#replay-seat", fmt.Sprint(seat)),
			chromedp.Poll(fmt.Sprintf(`document.querySelector('#replay-bar').dataset.seat === '%d'`, seat), nil, chromedp.WithPollingInterval(20*time.Millisecond)))
		views[seat] = lookAtReplay(t, ctx, half)
	}
	if views[-1].HasOwn || !views[0].HasOwn || !views[1].HasOwn {
		t.Fatalf("own areas: public %v, seat 0 %v, seat 1 %v; want only the seats'", views[-1].HasOwn, views[0].HasOwn, views[1].HasOwn)
	}
	if views[0].Own == views[1].Own {
		t.Fatal("seat 0 and seat 1 see the same own area")
	}
	// Everything shown draws each player's hidden cards beside them, and
	// no view of one seat or of the public does.
	if mid.Seat != -2 || mid.Revealed < 2 || views[-2].Revealed != mid.Revealed || views[-1].Revealed+views[0].Revealed+views[1].Revealed != 0 {
		t.Errorf("hidden cards drawn at move %d: everything shown %d (seat %d), again %d; public %d, seat 0 %d, seat 1 %d; want both players' only when everything is shown",
			half, mid.Revealed, mid.Seat, views[-2].Revealed, views[-1].Revealed, views[0].Revealed, views[1].Revealed)
	}
	if views[-2].HasOwn {
		t.Error("everything shown draws an own area, as if it were a seat")
	}
	replayFitsTheScreen(t, ctx, "replay-desktop", 1280, 800)
	replayFitsTheScreen(t, ctx, "replay-phone", 390, 844)
	within(t, ctx, "a desktop again", chromedp.EmulateViewport(1280, 800))

	// Save the record from the replay.
	within(t, ctx, "saving the record from the replay", chromedp.Click("#replay-save", byQuery))
	file := downloads.next(t, named)
	if again := readSavedRecord(t, file); len(again.Actions) != moves || again.Seed != rec.Seed {
		t.Fatalf("the replay saved %d actions, seed %d; want %d, seed %d", len(again.Actions), again.Seed, moves, rec.Seed)
	}

	// Open it from the home page and watch it.
	within(t, ctx, "the home page", chromedp.Navigate(base+"/"), clientReady())
	screenView(t, ctx, "replay-home-open")
	within(t, ctx, "opening the saved record", chromedp.SetUploadFiles("#open-record", []string{file}, byQuery),
		chromedp.WaitVisible("#replay-bar", byQuery))
	opened := lookAtReplay(t, ctx, 0)
	if opened.Total != moves || !slices.Equal(opened.Seats, []int{-1, 0, 1, -2}) || !strings.Contains(opened.Search, "slot=opened") {
		t.Fatalf("the opened record: %d moves, views %v, at %s", opened.Total, opened.Seats, opened.Search)
	}
	within(t, ctx, "to the end of the opened record", press("End"))
	if l := lookAtReplay(t, ctx, moves); l.Status != result {
		t.Fatalf("the opened record ends with %q, want %q", l.Status, result)
	}
	within(t, ctx, "reloading the opened record", chromedp.Reload(), clientReady(), chromedp.WaitVisible("#replay-bar", byQuery))
	if l := lookAtReplay(t, ctx, 0); l.Total != moves {
		t.Fatalf("after a reload the opened record has %d moves, want %d", l.Total, moves)
	}

	// Damaged files are refused in words; nothing is lost.
	data, _ := os.ReadFile(file)
	var raw map[string]any
	json.Unmarshal(data, &raw)
	raw["actions"].([]any)[3].(map[string]any)["action"] = map[string]any{"kind": "steal-the-crown"}
	tampered, _ := json.Marshal(raw)
	dir := t.TempDir()
	for _, c := range []struct {
		name, file, says string
		drop             bool
	}{
		{"tampered.json", string(tampered), "damaged at move 4", false},
		{"cut.json", string(data[:len(data)/2]), "cut short", true},
		{"package.json", `{"name": "left-pad", "version": "1.3.0"}`, "not a Longhall game record", false},
		{"notes.txt", "Gordon won, I think.", "not JSON", true},
	} {
		path := filepath.Join(dir, c.name)
		os.WriteFile(path, []byte(c.file), 0o644)
		within(t, ctx, "the home page", chromedp.Navigate(base+"/"), clientReady())
		how := chromedp.SetUploadFiles("#open-record", []string{path}, byQuery)
		if c.drop {
			how = chromedp.Evaluate(fmt.Sprintf(`(() => {
			  const dt = new DataTransfer();
			  dt.items.add(new File([%q], %q, {type: 'application/json'}));
			  document.querySelector('main').dispatchEvent(new DragEvent('dragover', {dataTransfer: dt, bubbles: true, cancelable: true}));
			  document.querySelector('main').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
			})()`, c.file, c.name), nil)
		}
		var says, where string
		within(t, ctx, "offering "+c.name, how, chromedp.WaitVisible("#open-error", byQuery),
			chromedp.Text("#open-error", &says, byQuery), chromedp.Evaluate(`location.pathname`, &where))
		if !strings.Contains(says, c.says) || where != "/" {
			t.Errorf("%s: the home page says %q at %s; want a sentence with %q", c.name, says, where, c.says)
		}
		t.Logf("%s: %s", c.name, says)
		if c.name == "tampered.json" {
			screenView(t, ctx, "replay-refused")
		}
	}
	var listed int
	within(t, ctx, "the saved games are still there", chromedp.Evaluate(`document.querySelectorAll('.saves a[href*="/replay/?save="]').length`, &listed))
	if listed != 1 {
		t.Errorf("the home page lists %d games to watch, want the one played", listed)
	}
	within(t, ctx, "the opened record is still there", chromedp.Navigate(base+"/replay/?slot=opened"), clientReady(), chromedp.WaitVisible("#replay-bar", byQuery))
	if l := lookAtReplay(t, ctx, -1); l.Total != moves {
		t.Fatalf("after the refusals the opened record has %d moves, want %d", l.Total, moves)
	}

	// A game in progress shows only its lone person's view.
	within(t, ctx, "a new game", chromedp.Navigate(withPace(base+"/games/rednorth/", 0)), clientReady(),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery))
	c, cancel = context.WithTimeout(ctx, testLimit)
	end, err = drive(c, 6, nil)
	cancel()
	if err != nil || end != "played" {
		roomFailure(t, ctx, "the new game did not get going", fmt.Errorf("%s %v", end, err))
	}
	within(t, ctx, "watching it from the home page", chromedp.Navigate(base+"/"), clientReady(),
		chromedp.Click(`.saves li:first-child a[href*="/replay/?save="]`, byQuery), chromedp.WaitVisible("#replay-bar", byQuery))
	on := lookAtReplay(t, ctx, 0)
	if !slices.Equal(on.Seats, []int{-1, 0}) || on.Seat != 0 {
		t.Fatalf("a game in progress offers the views %v (showing %d); want the public one and its person's, seat 0", on.Seats, on.Seat)
	}
	within(t, ctx, "to where it is", press("End"))
	if l := lookAtReplay(t, ctx, on.Total); l.Total < 6 || l.Seats[1] != 0 {
		t.Fatalf("the game in progress ends its replay at move %d", l.Move)
	}
	screenView(t, ctx, "replay-in-progress")
}

// replayFitsTheScreen checks, at one screen size, that the replay's bar
// sits above the board without covering it, that each of its controls is
// in view and answers at its centre, and that the board keeps most of the
// screen.
func replayFitsTheScreen(t *testing.T, ctx context.Context, name string, w, h int64) {
	t.Helper()
	var r struct {
		Problems []string
		Share    float64
	}
	within(t, ctx, "a "+name+" screen", chromedp.EmulateViewport(w, h), settle(), chromedp.Evaluate(`(() => {
	  const W = innerWidth, H = innerHeight, problems = [];
	  const bar = document.querySelector('#replay-bar').getBoundingClientRect(), area = document.querySelector('#board-area').getBoundingClientRect();
	  if (bar.bottom > area.top + 1) problems.push('the bar (to ' + bar.bottom + ') reaches into the board (from ' + area.top + ')');
	  for (const el of document.querySelectorAll('#replay-bar button, #replay-bar input, #replay-bar select')) {
	    const b = el.getBoundingClientRect(), x = b.left + b.width / 2, y = b.top + b.height / 2;
	    if (b.width < 1 || x < 0 || y < 0 || x > W || y > H) { problems.push(el.id + ' is off the screen'); continue; }
	    const hit = document.elementFromPoint(x, y);
	    if (!hit || !(el === hit || el.contains(hit) || hit.contains(el))) problems.push(el.id + ' is covered by ' + (hit ? hit.id || hit.className : 'nothing'));
	  }
	  const cx = (area.left + area.right) / 2, cy = (area.top + area.bottom) / 2, hit = document.elementFromPoint(cx, cy);
	  if (!hit || !document.querySelector('#board-area').contains(hit)) problems.push('the middle of the board is covered by ' + (hit ? hit.id || hit.className : 'nothing'));
	  const vis = Math.max(0, Math.min(area.bottom, H) - Math.max(area.top, 0)) * Math.max(0, Math.min(area.right, W) - Math.max(area.left, 0));
	  return {Problems: problems, Share: vis / (W * H)};
	})()`, &r))
	screenView(t, ctx, name)
	if len(r.Problems) > 0 {
		t.Errorf("%s: %s", name, strings.Join(r.Problems, "; "))
	}
	t.Logf("%s: the board gets %.0f%% of the screen", name, 100*r.Share)
	if floor := 0.5; r.Share < floor {
		t.Errorf("%s: the board gets %.0f%% of the screen, under %.0f%%", name, 100*r.Share, 100*floor)
	}
}

func readSavedRecord(t testing.TB, path string) rules.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := rules.ReadRecord(f)
	if err != nil {
		t.Fatalf("the saved record %s does not read: %v", filepath.Base(path), err)
	}
	return rec
}

// TestRoomEndsWithAReplayForEveryone: when a room's game ends, a guest
// (not only the host) is offered "Watch the replay", which opens the
// whole game from the host's record, every seat's view choosable.
func TestRoomEndsWithAReplayForEveryone(t *testing.T) {
	t.Parallel()
	site := newRoomSite(t, true)
	host := site.player(t, "Gordon")
	rikki := site.player(t, "Rikki")
	link := site.openRoom(t, host, 2)
	startWith(t, host, rikki, link, ".rn-board .lh-main")
	titles := make(chan string, 2)
	for _, ctx := range []context.Context{host, rikki} {
		go func() {
			title, err := playToTheEnd(ctx, nil, &driven{})
			if err != nil {
				t.Error(err)
			}
			titles <- title
		}()
	}
	<-titles
	<-titles
	var version string
	within(t, rikki, "Rikki offered the replay", chromedp.WaitVisible("#watch-replay", byQuery), chromedp.Evaluate(roomVersion, &version))
	screenshot(t, rikki, "room-end-watch-replay")
	within(t, rikki, "Rikki watching the replay", chromedp.Click("#watch-replay", byQuery))
	l := lookAtReplay(t, rikki, -1)
	if fmt.Sprint(l.Total) != version {
		t.Errorf("the replay has %d moves; the game ended at version %s", l.Total, version)
	}
	if len(l.Seats) < 2 {
		t.Errorf("after the end the replay offers the seats %v, want every seat", l.Seats)
	}
	screenshot(t, rikki, "room-replay-guest")
}
