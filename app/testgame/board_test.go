package testgame

import (
	"testing"

	"longhall/app/ui/boardtest"
	hands "longhall/rules/testgame"
)

// Every legal action of Hands has its control on the board.
func TestBoard(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: hands.ID})
}
