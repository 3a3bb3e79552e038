package ui

import (
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

// Issue 26, "whose turn it is, the last move and a resolved round are
// announced (a polite live region), without flooding": one region says
// the last move (with what it resolved, up to three lines) and whose move
// it is; the lines on the screen are not live, so nothing is said twice.
func TestAMoveIsAnnouncedOnce(t *testing.T) {
	p := BoardProps{Seat: 0, Names: []string{"Ada", "Bo"}, Pending: []rules.Prompt{{Seat: 0, Text: "Draft a card"}},
		Log: []rules.LogEntry{{N: 1, Lines: []string{"Bo drafts a card"}}, {N: 2, Lines: []string{"Bo passes", "The round ends", "Ada scores 3", "Bo scores 1"}}}}
	html := app.HTMLString(StatusBar(p, nil))
	if n := strings.Count(html, `role="status"`) + strings.Count(html, "aria-live"); n != 1 {
		t.Errorf("%d live regions in the status bar:\n%s", n, html)
	}
	want := "Last move: Bo passes; The round ends; Ada scores 3. Your move, Ada: Draft a card."
	if !strings.Contains(html, `id="announce"`) || !strings.Contains(html, ">"+want+"</div>") {
		t.Errorf("the announcement is not %q:\n%s", want, html)
	}
	// At the end the last move's last line is often the result: it is
	// said once.
	p.Pending, p.Result = nil, &rules.Result{Reason: "Ada wins with 9 VP."}
	p.Log = append(p.Log, rules.LogEntry{N: 3, Lines: []string{"Ada raids", "Ada wins with 9 VP."}})
	want = "Last move: Ada raids; Ada wins with 9 VP."
	if html := app.HTMLString(StatusBar(p, nil)); !strings.Contains(html, ">"+want+"</div>") {
		t.Errorf("the announcement at the end is not %q:\n%s", want, html)
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
