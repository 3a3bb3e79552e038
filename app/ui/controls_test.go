package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

func TestSeatOrderPutsTheViewerLast(t *testing.T) {
	for _, tc := range []struct {
		players int
		me      rules.Seat
		others  []rules.Seat
		self    rules.Seat
	}{
		{3, 0, []rules.Seat{1, 2}, 0},
		{4, 2, []rules.Seat{3, 0, 1}, 2},
		{2, 1, []rules.Seat{0}, 1},
		{3, -1, []rules.Seat{0, 1, 2}, -1},
	} {
		others, self := SeatOrder(tc.players, tc.me)
		if !slices.Equal(others, tc.others) || self != tc.self {
			t.Errorf("SeatOrder(%d, %d) = %v, %d; want %v, %d", tc.players, tc.me, others, self, tc.others, tc.self)
		}
	}
}

// Every legal action lands on exactly one control: the ones the board
// places, and plain buttons for the rest, each carrying its action for
// the browser driver.
func TestSortAndButtonsCoverEveryLegalAction(t *testing.T) {
	legal := []rules.Action{
		{Kind: "play", Args: []int{3}, Label: "Play card 3"},
		{Kind: "play", Args: []int{7}, Label: "Play card 7"},
		{Kind: "pass", Label: "Pass"},
	}
	var placed []rules.Action
	left := Sort(legal, func(a rules.Action) bool {
		if a.Kind == "play" {
			placed = append(placed, a)
			return true
		}
		return false
	})
	if len(placed) != 2 || len(left) != 1 || left[0].Kind != "pass" {
		t.Fatalf("placed %v, left %v", placed, left)
	}
	html := app.HTMLString(app.Div().Body(Control(placed[0], "card", "Card 3"), Buttons("", left, nil)))
	for _, want := range []string{`data-action="play"`, `data-args="3"`, `data-action="pass"`, ">Pass<"} {
		if !strings.Contains(html, want) {
			t.Errorf("the controls lack %s:\n%s", want, html)
		}
	}
	if Buttons("", nil, nil) != nil {
		t.Error("no actions left over still draws a row of buttons")
	}
}

func TestStatusWording(t *testing.T) {
	names := []string{"Gordon", "Rikki", "Ragna (bot)", "Bjorn (bot)"}
	bot := func(s rules.Seat) bool { return s >= 2 }
	for _, tc := range []struct {
		name    string
		seat    rules.Seat
		pending []rules.Seat
		want    string
	}{
		{"your move alone", 0, []rules.Seat{0}, "Your move, Gordon: decide."},
		{"your move and a bot", 0, []rules.Seat{0, 2}, "Your move, Gordon: decide. Ragna (bot) decides too."},
		{"your move and two others", 0, []rules.Seat{0, 1, 2}, "Your move, Gordon: decide. Rikki and Ragna (bot) decide too."},
		{"a bot thinks", 0, []rules.Seat{2}, "Ragna (bot) is thinking…"},
		{"two bots think", 0, []rules.Seat{2, 3}, "Ragna (bot) and Bjorn (bot) are thinking…"},
		{"a person and a bot", 0, []rules.Seat{1, 3}, "Waiting for Rikki and Bjorn (bot)."},
		{"a spectator", rules.Spectator, []rules.Seat{1}, "Waiting for Rikki."},
		// A replay asks nobody anything: it names who decides next, the
		// viewer too, without the prompt put to them.
		{"a replay, the viewer's move", 0, []rules.Seat{0}, "Replay: Gordon decides next."},
		{"a replay, two decide", 1, []rules.Seat{1, 2}, "Replay: Rikki and Ragna (bot) decide next."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := BoardProps{Seat: tc.seat, Names: names, Replay: strings.HasPrefix(tc.name, "a replay")}
			for _, s := range tc.pending {
				p.Pending = append(p.Pending, rules.Prompt{Seat: s, Text: "decide"})
			}
			if got := statusText(p, bot); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// A pick toggles: clicked it is picked, clicked again dropped; Cancel
// drops any; its HTML carries data-pick and aria-pressed for the driver.
func TestPickToggles(t *testing.T) {
	sel := 0
	TogglePick(&sel, 3)(app.Context{}, app.Event{})
	if sel != 3 {
		t.Fatalf("picked %d, want 3", sel)
	}
	if html := app.HTMLString(Pick(&sel, 3, 2, "card", "Choose")); !strings.Contains(html, `data-pick="2"`) || !strings.Contains(html, `aria-pressed`) {
		t.Errorf("a picked pick draws as %s", html)
	}
	TogglePick(&sel, 3)(app.Context{}, app.Event{})
	if sel != 0 {
		t.Errorf("picking it again left %d", sel)
	}
	sel = 5
	if html := app.HTMLString(CancelPick(&sel)); !strings.Contains(html, `data-pick="none"`) {
		t.Errorf("Cancel draws as %s", html)
	}
}
