package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// endless finds an animation told to run forever, in shorthand or alone.
var endless = regexp.MustCompile(`animation(-iteration-count)?\s*:[^;}]*\binfinite\b`)

// TestNoAnimationRunsForever: no style sheet of the site animates anything
// endlessly. An endless animation keeps the page drawing frames for as long
// as it shows: a phone's battery while a player thinks, and a tenth of a
// core in a browser without a GPU (Red North's "choosing" pulse did, until
// 28 November 2026). A few beats draw the eye as well.
func TestNoAnimationRunsForever(t *testing.T) {
	sheets, err := filepath.Glob(filepath.Join("..", "..", "web", "*.css"))
	if err != nil || len(sheets) == 0 {
		t.Fatalf("no style sheets under web/ (%v)", err)
	}
	for _, sheet := range sheets {
		b, err := os.ReadFile(sheet)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range endless.FindAll(b, -1) {
			t.Errorf("%s: %s", filepath.Base(sheet), m)
		}
	}
}
