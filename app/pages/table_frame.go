package pages

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"
	"longhall/rules"
)

// viewFrame is a seat's table as the runtime gives it (online.View), in the
// frame every table is drawn in: a room's, and a game's on one device. It
// reports false until the seat has been sent a table.
func viewFrame(v online.View, side []app.UI) (ui.Frame, bool) {
	s, l := v.Snap.State, v.Snap.Lobby
	if s == nil || l == nil {
		return ui.Frame{}, false
	}
	names := make([]string, len(l.Seats))
	bots := map[rules.Seat]bool{}
	for i, seat := range l.Seats {
		names[i] = seat.Name
		bots[seat.Seat] = seat.Kind == online.SeatBot
	}
	props := ui.BoardProps{
		Game: l.Game, Seat: s.Seat, Names: names, View: s.View, Legal: s.Legal, Refused: s.Refused,
		Pending: s.Prompts, Result: s.Result, Log: v.Log, Side: side, Undo: s.Undo,
		Passes: s.Passes, Passing: s.Passing,
	}
	if left, ok := v.Clock.Left(time.Now(), s.Version); ok && v.Snap.Paused == nil {
		props.Clock = &ui.Clock{Seat: v.Clock.Seat, Left: left}
	}
	if v.Link != online.Connected || v.Snap.Paused != nil || v.Waiting {
		props.Legal, props.Refused, props.Undo, props.Passes = nil, nil, "", nil // nothing can be sent now, or a move is still out
	}
	return ui.Frame{
		Props:   props,
		IsBot:   func(seat rules.Seat) bool { return bots[seat] },
		Version: s.Version,
	}, true
}

// clock redraws a table every second while a time to answer runs, so
// that its clock counts down: a room's and a game's on one device alike.
type clock struct{ ticking bool }

// tick starts the redraws when view's clock runs and none are due; each
// redraw asks view again, and stops once its clock has run out.
func (c *clock) tick(ctx app.Context, view func() online.View) {
	v := view()
	s := v.Snap.State
	if c.ticking || s == nil {
		return
	}
	if _, ok := v.Clock.Left(time.Now(), s.Version); !ok {
		return
	}
	c.ticking = true
	ctx.After(time.Second, func(ctx app.Context) {
		c.ticking = false
		c.tick(ctx, view)
	})
}

// rematchButton deals a new game at the same table once one has ended:
// the same seats, players, bots and options. A room's host and a game on
// one device both offer it, through the runtime's Rematch.
func rematchButton(deal func(ctx app.Context)) app.UI {
	return elem("button", "type", "button", "id", "rematch", "class", "button primary").Text("Rematch: same seats").
		On("click", func(ctx app.Context, _ app.Event) { deal(ctx) })
}
