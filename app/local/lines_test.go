package local

import (
	"encoding/json"
	"testing"
)

// A game's own log lines live and go with its save: forgotten with it,
// and none removes them.
func TestAGamesLogLinesGoWithItsSave(t *testing.T) {
	st := &MemStore{}
	lines := json.RawMessage(`[{"after":0,"event":{"kind":"undo","seat":0,"text":"Ann took back a move"}}]`)
	if err := SaveLines(st, "g1", lines); err != nil {
		t.Fatal(err)
	}
	if got := LoadLines(st, "g1"); string(got) != string(lines) {
		t.Fatalf("read back %s", got)
	}
	if err := SaveLines(st, "g1", nil); err != nil || LoadLines(st, "g1") != nil {
		t.Fatalf("none kept: %v, %s", err, LoadLines(st, "g1"))
	}
	SaveLines(st, "g1", lines)
	if err := Forget(st, "g1"); err != nil || LoadLines(st, "g1") != nil {
		t.Fatalf("a forgotten game's lines: %v, %s", err, LoadLines(st, "g1"))
	}
}
