package pages

import (
	"context"
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/rules"
)

// Handing the table over (online.Table.MoveHost): the host picks a
// seated player ("Let them host"), reads what it means, and confirms; the
// room closes here and this page opens its link as a guest, while the
// other player's page hosts the room from the save it kept. Each page
// says what happened once it has changed hands (a note kept in the tab's
// storage across the change of page).

// handOverNoteKey keeps, in the tab's storage, the words a page shows
// once the table has changed hands.
const handOverNoteKey = "longhall.handOverNote"

// handOverPanel asks the host to confirm handing the table to p.handTo.
func (p *roomPage) handOverPanel() app.UI {
	s := p.handTo
	if s == nil || p.host == nil {
		return nil
	}
	if p.handing {
		return app.Div().ID("handover").Class("away-note").Attr("role", "status").Body(
			app.P().Text(fmt.Sprintf("Handing the table to %s…", s.Name)))
	}
	return app.Div().ID("handover").Class("away-note").Attr("role", "dialog").Aria("label", "Hand the table over").Body(
		app.P().Text(fmt.Sprintf("Let %s host? %s’s device will run the game from now on and keep its hidden cards, as yours does now; you play on as a guest.", s.Name, s.Name)),
		app.Div().Class("row").Body(
			app.Button().ID("handover-confirm").Class("button primary").Text("Hand the table to "+s.Name).
				OnClick(func(ctx app.Context, e app.Event) { p.handOver(ctx) }),
			app.Button().ID("handover-cancel").Class("button quiet").Text("Cancel").
				OnClick(func(ctx app.Context, e app.Event) { p.handTo = nil }),
		),
	)
}

// handOver hands the table to p.handTo's device and, once it has it,
// opens the room's link here as a guest.
func (p *roomPage) handOver(ctx app.Context) {
	s, host := p.handTo, p.host
	if s == nil || host == nil || p.handing {
		return
	}
	p.handing = true
	base := pageBase()
	live := p.live
	live.Async(func() {
		link, err := host.MoveHost(context.Background(), s.Member, base)
		live.Dispatch(func(ctx app.Context) {
			p.handing, p.handTo = false, nil
			if err != nil {
				p.try(err)
				return
			}
			ctx.SessionStorage().Set(handOverNoteKey, fmt.Sprintf("%s hosts the table now: their device keeps the game’s hidden cards, as yours did. You play on from here.", s.Name))
			p.host = nil // closed by HandOver
			ctx.Navigate(link)
		})
	})
}

// hostHandedTable opens, as its host, the room the host handed to this
// device (View.HostsNow).
func (p *roomPage) hostHandedTable(ctx app.Context, key string) {
	note := "You host the table now: this device keeps the game’s hidden cards, as the last host’s did. Keep this page open until the game ends."
	if p.view.TookOver {
		note = "The host’s device went quiet for " + quietWords(p.quiet) + ", and they had chosen you: you host the table now, and this device keeps the game’s hidden cards. Keep this page open until the game ends."
	}
	ctx.SessionStorage().Set(handOverNoteKey, note)
	if p.guest != nil {
		p.guest.Close()
		p.guest = nil
	}
	ctx.Navigate(hostURL(key))
}

// handOverNote takes, once, the words kept for this page when the table
// changed hands.
func handOverNote(ctx app.Context) string {
	var note string
	if ctx.SessionStorage().Get(handOverNoteKey, &note) == nil && note != "" {
		ctx.SessionStorage().Del(handOverNoteKey)
	}
	return note
}

// successorField lets the host choose a player whose device hosts the
// room should this one go quiet (off by default), and says what that
// means; a successor's own page says it was chosen.
func (p *roomPage) successorField() app.UI {
	v := p.view
	s := v.Snap.State
	if s == nil || s.Result != nil || v.Snap.Lobby == nil {
		return nil
	}
	if p.host == nil {
		if !v.Standby {
			return nil
		}
		return app.P().ID("successor-note").Class("hint").Text("The host chose you to host should their device go quiet for " + quietWords(p.quiet) + ": this device keeps a copy of the game, hidden cards included.")
	}
	var names []online.SeatStatus
	for _, seat := range v.Snap.Lobby.Seats {
		if seat.Kind == online.SeatHuman && !seat.Host {
			names = append(names, seat)
		}
	}
	if len(names) == 0 {
		return nil
	}
	chosen := v.Successor
	return app.Div().Class("option").Body(
		app.Label().For("successor").Text("Should this device go quiet for "+quietWords(p.quiet)+", let this player host:"),
		app.Select().ID("successor").OnChange(func(ctx app.Context, e app.Event) {
			n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
			if err != nil {
				return
			}
			p.try(p.host.SetSuccessor(rules.Seat(n), n >= 0))
		}).Body(
			app.Option().Value("-1").Selected(chosen == rules.Spectator).Text("nobody"),
			app.Range(names).Slice(func(i int) app.UI {
				return app.Option().Value(strconv.Itoa(int(names[i].Seat))).Selected(names[i].Seat == chosen).Text(names[i].Name)
			}),
		),
		app.If(chosen != rules.Spectator, func() app.UI {
			return app.P().Class("hint").Text("Their device keeps a copy of the game, hidden cards included, to take over from.")
		}),
	)
}
