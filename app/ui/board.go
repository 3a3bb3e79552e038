package ui

import (
	"encoding/json"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// ActAction is the go-app action a board raises with a rules.Action value
// when its player chooses one. The table (local or a room) handles it.
const ActAction = "longhall/act"

// BoardProps is everything a game's board needs to draw one seat's table.
// The view arrives as JSON, exactly as a remote peer receives it, so local
// and networked play share one path.
type BoardProps struct {
	Game    string           `json:"game"`
	Seat    rules.Seat       `json:"seat"`
	Names   []string         `json:"names"`
	View    json.RawMessage  `json:"view"`
	Legal   []rules.Action   `json:"legal"`
	Pending []rules.Prompt   `json:"pending"`
	Result  *rules.Result    `json:"result"`
	Log     []rules.LogEntry `json:"log"`
}

// Board builds a game's board from its props.
type Board func(BoardProps) app.UI

var boards sync.Map // game id -> Board

// RegisterBoard makes a game's board available to the tables. Board
// packages call it from init.
func RegisterBoard(gameID string, b Board) { boards.Store(gameID, b) }

// LookupBoard finds a game's board.
func LookupBoard(gameID string) (Board, bool) {
	b, ok := boards.Load(gameID)
	if !ok {
		return nil, false
	}
	return b.(Board), true
}

// Act raises the ActAction for a chosen action.
func Act(ctx app.Context, a rules.Action) {
	ctx.NewActionWithValue(ActAction, a)
}
