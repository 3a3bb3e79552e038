package boardtest

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
)

// A board that draws one action's control twice (a card in the hand and
// again in a menu, say) fails: each legal action has exactly one control.
func TestAControlDrawnTwiceIsCaught(t *testing.T) {
	play := rules.Action{Kind: "play", Args: []int{3}, Label: "play card 3"}
	pass := rules.Action{Kind: "pass", Label: "pass"}
	tests := []struct {
		name  string
		board app.UI
		twice string // the key found twice, "" for none
	}{
		{"each once", app.Div().Body(ui.Control(play, "", "", app.Text("3")), ui.Control(pass, "", "", app.Text("pass"))), ""},
		{"a card twice", app.Div().Body(ui.Control(play, "", "", app.Text("3")), app.Div().Body(ui.Control(play, "", "", app.Text("again")))), ui.ActionKey(play)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			offered := Controls(app.HTMLString(tc.board))
			if len(offered) < 2 {
				t.Fatalf("the board's controls read as %v", offered)
			}
			k, twice := drawnTwice(offered)
			if twice != (tc.twice != "") || k != tc.twice {
				t.Errorf("drawnTwice(%v) = %q, %v; want %q", offered, k, twice, tc.twice)
			}
		})
	}
}

// The view of everything counts as holding more than the spectator's when
// any field but the viewer's seat differs.
func TestEveryonesViewIsComparedButForTheSeat(t *testing.T) {
	tests := []struct {
		name     string
		all, pub string
		same     bool
	}{
		{"only the seat differs", `{"seat":-2,"deck":3}`, `{"seat":-1,"deck":3}`, true},
		{"hands shown", `{"seat":-2,"deck":3,"hands":[[1]]}`, `{"seat":-1,"deck":3}`, false},
		{"a field differs", `{"seat":-2,"deck":3}`, `{"seat":-1,"deck":4}`, false},
		{"not objects", `[1]`, `[1]`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := sameBut([]byte(tc.all), []byte(tc.pub), "seat"); got != tc.same {
				t.Fatalf("sameBut(%s, %s) = %v, want %v", tc.all, tc.pub, got, tc.same)
			}
		})
	}
}

// A board's words are checked as the log's are: "1 dice" on a raid space
// fails, "1 die" and "2 dice" pass, and so do the words in a piece's
// title and long-press text.
func TestABoardsCountsAgreeWithTheirNouns(t *testing.T) {
	tests := []struct {
		name  string
		board app.UI
		bad   string // the phrase caught, "" for none
	}{
		{"well counted", app.Div().Body(app.Span().Text("1 die"), app.Span().Text("2 dice: 10→2"), app.Span().Title("3 cards in hand").Text("3")), ""},
		{"one with a plural", app.Div().Body(app.Span().Text("harbour 5"), app.Span().Text("1 dice: 10→2 16→4")), "1 dice: 10→2 16→4"},
		{"in a title", app.Div().Body(app.Button().Title("Deck: 1 cards").Text("Deck")), "Deck: 1 cards"},
		{"in a long press's text", app.Div().Body(app.Span().DataSet("text", "Take 2 provision").Text("Mill")), "Take 2 provision"},
		{"escaped text", app.Div().Body(app.Span().Text("Ann & Bob: an Jarl")), "Ann & Bob: an Jarl"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			phrase, why := badlyWorded(app.HTMLString(tc.board))
			if phrase != tc.bad || (why == "") != (tc.bad == "") {
				t.Errorf("badlyWorded = %q, %q; want %q caught", phrase, why, tc.bad)
			}
		})
	}
}
