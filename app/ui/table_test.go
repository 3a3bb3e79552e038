package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// The status bar's main line names the viewer apart (a phone leaves the
// name out), and says any other line as it is.
func TestStatusNowSetsTheViewerApart(t *testing.T) {
	for _, tc := range []struct {
		name, text, who, rest string
	}{
		{"the viewer's move", "Your move, Ada: Draft a card.", `<span class="status-who">Your move, Ada: </span>`, "Draft a card."},
		{"another's move", "Waiting for Bo.", "", "Waiting for Bo."},
	} {
		got := app.HTMLString(statusNow(tc.text, "Your move, Ada: "))
		if !strings.Contains(got, tc.rest) || (tc.who == "") == strings.Contains(got, "status-who") || !strings.Contains(got, tc.who) {
			t.Errorf("%s: %q, want %q apart and %q", tc.name, got, tc.who, tc.rest)
		}
	}
}

// An action the game refuses, with its reason, shows in the choice bar as
// a disabled button that says why, and is no control.
func TestLayoutSaysWhyAnActionIsNotOpen(t *testing.T) {
	p := &BoardProps{Seat: 0, Refused: []rules.Refusal{{Action: rules.Action{Kind: "subdue", Label: "Subdue Eyvind"}, Why: "needs 3 silver; you have 0"}}}
	html := app.HTMLString(Layout{Board: []app.UI{Para("", "board")}}.Draw(p))
	for _, want := range []string{`data-refused="subdue:"`, "Subdue Eyvind", "needs 3 silver; you have 0", "disabled"} {
		if !strings.Contains(html, want) {
			t.Errorf("the layout lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "data-action") {
		t.Error("a refused action is drawn as a control")
	}
}

// Issue 23: log numbers that skip (7 → 10). Actions the game tells with
// the next one have no entry, so entries are numbered by their place in
// the log; data-n keeps the action's number.
func TestTheGameLogsNumbersDoNotSkip(t *testing.T) {
	html := app.HTMLString(GameLog([]rules.LogEntry{
		{N: 7, Lines: []string{"Ada deploys a card"}},
		{N: 10, Lines: []string{"Bo reinforces"}},
		{N: 11, Lines: []string{"Ada passes"}},
	}))
	var items []string
	for line := range strings.Lines(html) {
		if strings.Contains(line, "<li ") && strings.Contains(line, "data-n=") {
			items = append(items, line)
		}
	}
	if len(items) != 3 {
		t.Fatalf("the log has %d entries:\n%s", len(items), html)
	}
	for i, n := range []int{7, 10, 11} {
		value, action := fmt.Sprintf(`value="%d"`, i+1), fmt.Sprintf(`data-n="%d"`, n)
		if !strings.Contains(items[i], value) || !strings.Contains(items[i], action) {
			t.Errorf("the log's entry %d reads %s; want %s and %s", i+1, strings.TrimSpace(items[i]), value, action)
		}
	}
}
