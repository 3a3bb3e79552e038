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
