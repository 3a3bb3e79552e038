package raiders

import (
	"testing"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
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
func TestBoardOffersEveryLegalActionAndNothingElse(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: rd.ID})
}
