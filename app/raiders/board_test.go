package raiders

import (
	"encoding/json"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	"longhall/rules"
	rd "longhall/rules/raiders"
)

func TestBoardIsRegistered(t *testing.T) {
	if _, ok := ui.LookupGame(rd.ID); !ok {
		t.Fatal("no board registered for raiders")
	}
}

// TestBoardOffersEveryLegalActionAndNothingElse runs the kit's board
// check on whole games: each legal action has exactly one control (on the
// building, raid space, offering, card or die it acts on, or a button),
// and no control offers an action that is not legal.
// The modules' parts are checked the same way, each module alone and both
// (fewer games: the race detector makes each slow).
func TestBoardOffersEveryLegalActionAndNothingElse(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: rd.ID, Expand: pairsOpen(t), Configs: []rules.Config{{Players: 2}, {Players: 3}, {Players: 4}}})
	on := func(players int, heroes, fame string) rules.Config {
		return rules.Config{Players: players, Options: map[string]string{rd.HeroesOption.Key: heroes, rd.FameOption.Key: fame}}
	}
	boardtest.Run(t, boardtest.Suite{Game: rd.ID, Games: 2, Expand: pairsOpen(t), Configs: []rules.Config{
		on(2, rd.On, rd.Off), on(3, rd.Off, rd.On), on(2, rd.On, rd.On), on(4, rd.On, rd.On),
	}})
}

// pairsOpen draws the board with each first argument of the actions that
// come by the dozen picked: they are offered there.
func pairsOpen(t *testing.T) func(p ui.BoardProps) []app.UI {
	return func(p ui.BoardProps) []app.UI {
		var v rd.View
		if err := json.Unmarshal(p.View, &v); err != nil {
			t.Fatal(err)
		}
		props := &ui.Props[rd.View]{BoardProps: p, V: &v}
		var out []app.UI
		for k := range sortChoices(&v, p.Legal).pairs {
			out = append(out, &Board{Props: props, sel: k + 1})
		}
		return out
	}
}
