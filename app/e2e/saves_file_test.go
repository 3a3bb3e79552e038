//go:build linux

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"longhall/app/online"
)

// TestEverySaveLeavesInOneFileAndComesBack: a game started on one device
// leaves, with every other save, in one file from the hall (issue 37's
// "export all saves at once"); the hall of a fresh device opens that file,
// though larger than a game record may be (2 MB), as a full device's may
// be, and has the game to continue; a damaged saves file is refused in
// words and changes nothing, as is a file over a saves file's 8 MB; a file
// of more games than the device keeps (12) says which did not fit.
func TestEverySaveLeavesInOneFileAndComesBack(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	downloads := watchDownloads(t, ctx)
	within(t, ctx, "starting a game",
		chromedp.Navigate(base+"/games/rednorth/"), clientReady(),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery))
	var said string
	within(t, ctx, "saving every game to a file",
		chromedp.Navigate(base+"/"), clientReady(), chromedp.WaitVisible("#export-saves", byQuery),
		chromedp.Click("#export-saves", byQuery), chromedp.WaitVisible("#open-done", byQuery), chromedp.Text("#open-done", &said, byQuery))
	file := downloads.next(t, regexp.MustCompile(`^longhall-saves-\d{4}-\d\d-\d\d\.json$`))
	if !strings.Contains(said, "Saved 1 game and 0 rooms") {
		t.Errorf("the hall says %q after saving to a file", said)
	}

	other := newBrowser(t)
	var listed int
	within(t, other, "a fresh device's hall", chromedp.Navigate(base+"/"), clientReady(),
		chromedp.Evaluate(`document.querySelectorAll('.saves a.save').length`, &listed))
	if listed != 0 {
		t.Fatalf("a fresh device lists %d saves", listed)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// write keeps a file to open, made from the saves file: json
	// passes over the field it has been padded with, if any.
	write := func(name string, pad int, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(`{"pad":"`+strings.Repeat("x", pad)+`",`+string(data[1:])), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	within(t, other, "opening the saves file, padded past 2 MB",
		chromedp.SetUploadFiles("#open-record", []string{write("large.json", 3<<20, data)}, byQuery),
		chromedp.WaitVisible("#open-done", byQuery), chromedp.Text("#open-done", &said, byQuery),
		chromedp.WaitVisible("#continue", byQuery),
		chromedp.Evaluate(`document.querySelectorAll('.saves a.save').length`, &listed))
	screenshot(t, other, "home-saves-brought-back")
	if listed != 1 || !strings.Contains(said, "Brought back 1 game") {
		t.Fatalf("after the saves file the hall lists %d saves and says %q", listed, said)
	}
	within(t, other, "continuing the game", chromedp.Click(".saves a.save", byQuery), clientReady(), chromedp.WaitVisible("#table", byQuery))

	damaged := write("damaged.json", 0, []byte(strings.Replace(string(data), `"game":"rednorth"`, `"game":"chess"`, 1)))
	within(t, other, "opening a damaged saves file", chromedp.Navigate(base+"/"), clientReady(),
		chromedp.SetUploadFiles("#open-record", []string{damaged}, byQuery),
		chromedp.WaitVisible("#open-error", byQuery), chromedp.Text("#open-error", &said, byQuery),
		chromedp.Evaluate(`document.querySelectorAll('.saves a.save').length`, &listed))
	if !strings.Contains(said, "nothing was changed") || listed != 1 {
		t.Errorf("a damaged saves file: the hall says %q and lists %d saves", said, listed)
	}

	within(t, other, "opening a file over 8 MB",
		chromedp.SetUploadFiles("#open-record", []string{write("huge.json", 8<<20, data)}, byQuery),
		chromedp.WaitVisible("#open-error", byQuery), chromedp.Poll(`document.getElementById('open-error').textContent.includes('8 MB')`, nil),
		chromedp.Text("#open-error", &said, byQuery))
	if !strings.Contains(said, "larger than 8 MB") {
		t.Errorf("a file over 8 MB: the hall says %q", said)
	}

	// Twelve more copies of the game, each an hour older than the last:
	// with the game here, the oldest does not fit.
	var f online.SavesFile
	if err := json.Unmarshal(data, &f); err != nil || len(f.Games) != 1 {
		t.Fatalf("the saves file holds %d games: %v", len(f.Games), err)
	}
	for i := range 12 {
		g := *f.Games[0] // a game on one device: no room part to share
		g.ID = fmt.Sprintf("older-%d", i+1)
		g.Updated = g.Updated.Add(-time.Duration(i+1) * time.Hour)
		f.Games = append(f.Games, &g)
	}
	more, _ := json.Marshal(f)
	within(t, other, "opening a file of more games than fit",
		chromedp.SetUploadFiles("#open-record", []string{write("more.json", 0, more)}, byQuery),
		chromedp.WaitVisible("#open-done", byQuery), chromedp.Text("#open-done", &said, byQuery),
		chromedp.Evaluate(`document.querySelectorAll('.saves a.save').length`, &listed))
	screenshot(t, other, "home-saves-did-not-fit")
	if !strings.Contains(said, "1 older game did not fit: only the 12 most recent are kept. Not brought back, still in the file: Red North") || listed != 12 {
		t.Errorf("a file of more games than fit: the hall says %q and lists %d saves", said, listed)
	}
}
