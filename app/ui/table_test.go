package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
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
