//go:build linux

package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEverySaveLeavesInOneFileAndComesBack: a game started on one device
// leaves, with every other save, in one file from the hall (issue 37's
// "export all saves at once"); the hall of a fresh device opens that file
// and has the game to continue; a damaged saves file is refused in words
// and changes nothing.
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
	within(t, other, "opening the saves file",
		chromedp.SetUploadFiles("#open-record", []string{file}, byQuery),
		chromedp.WaitVisible("#open-done", byQuery), chromedp.Text("#open-done", &said, byQuery),
		chromedp.WaitVisible("#continue", byQuery),
		chromedp.Evaluate(`document.querySelectorAll('.saves a.save').length`, &listed))
	screenshot(t, other, "home-saves-brought-back")
	if listed != 1 || !strings.Contains(said, "Brought back 1 game") {
		t.Fatalf("after the saves file the hall lists %d saves and says %q", listed, said)
	}
	within(t, other, "continuing the game", chromedp.Click(".saves a.save", byQuery), clientReady(), chromedp.WaitVisible("#table", byQuery))

	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(t.TempDir(), "damaged.json")
	os.WriteFile(damaged, []byte(strings.Replace(string(data), `"game":"rednorth"`, `"game":"chess"`, 1)), 0o644)
	within(t, other, "opening a damaged saves file", chromedp.Navigate(base+"/"), clientReady(),
		chromedp.SetUploadFiles("#open-record", []string{damaged}, byQuery),
		chromedp.WaitVisible("#open-error", byQuery), chromedp.Text("#open-error", &said, byQuery),
		chromedp.Evaluate(`document.querySelectorAll('.saves a.save').length`, &listed))
	if !strings.Contains(said, "nothing was changed") || listed != 1 {
		t.Errorf("a damaged saves file: the hall says %q and lists %d saves", said, listed)
	}
}
