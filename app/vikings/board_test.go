package vikings

import (
	"encoding/json"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	vk "longhall/rules/vikings"
)

func TestBoardIsRegistered(t *testing.T) {
	if _, ok := ui.LookupGame(vk.ID); !ok {
		t.Fatal("no board registered for vikings")
	}
}

// TestBoardOffersEveryLegalActionAndNothingElse runs the kit's board
// check on whole games: each legal action has exactly one control (a
// card's, once the card is picked when it has several; a sea space for the
// monster; a button), and no control offers an action that is not legal.
func TestBoardOffersEveryLegalActionAndNothingElse(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: vk.ID, Expand: func(p ui.BoardProps) []app.UI {
		var v vk.View
		if err := json.Unmarshal(p.View, &v); err != nil {
			t.Fatal(err)
		}
		props := &ui.Props[vk.View]{BoardProps: p, V: &v}
		var out []app.UI
		for c, actions := range sortChoices(&v, p.Legal).byCard {
			if len(actions) > 1 {
				out = append(out, &Board{Props: props, sel: c + 1})
			}
		}
		return out
	}})
}
