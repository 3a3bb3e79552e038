package ui

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// The dock says what the viewer decides, never another seat's prompt.
func TestOwnPromptIsTheViewersOnly(t *testing.T) {
	pending := []rules.Prompt{{Seat: 0, Text: "Draft a card"}, {Seat: 1, Text: "Keep three"}}
	for _, tc := range []struct {
		name string
		seat rules.Seat
		want string
	}{
		{"the first seat", 0, `<p class="x">Draft a card</p>`},
		{"the second seat", 1, `<p class="x">Keep three</p>`},
		{"a seat not asked", 2, ""},
		{"a spectator", -1, ""},
	} {
		ui := OwnPrompt("x", &BoardProps{Seat: tc.seat, Pending: pending})
		got := ""
		if ui != nil {
			got = app.HTMLString(ui)
		}
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
