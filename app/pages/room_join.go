package pages

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"
	"longhall/rules"
)

// joinForm is what a friend sees on opening a room link for the first
// time: what they are invited to, and a name to join with.
type joinForm struct {
	app.Compo
	Invitation online.Invitation
	OnJoin     func(ctx app.Context, name string)

	name   string
	notice string
}

func (f *joinForm) Render() app.UI {
	return app.Form().Class("panel joinname").OnSubmit(f.submit).Body(
		invitation(f.Invitation),
		app.Label().For("join-name").Text("Your name at the table"),
		app.Div().Class("row").Body(
			app.Input().ID("join-name").Type("text").MaxLength(ui.MaxNameRunes).AutoFocus(true).
				Placeholder("e.g. Astrid").Value(f.name).
				OnInput(func(ctx app.Context, e app.Event) { f.name = ctx.JSSrc().Get("value").String() }),
			app.Button().ID("join").Type("submit").Class("button primary").Text("Join the room"),
		),
		app.If(f.notice != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(f.notice) }),
	)
}

func (f *joinForm) submit(ctx app.Context, e app.Event) {
	e.PreventDefault()
	name := ui.CleanName(f.name)
	if name == "" {
		f.notice = "Tell the table your name first."
		return
	}
	if err := ui.SetPlayerName(ctx, name); err != nil {
		f.notice = "Your name could not be kept on this device: " + err.Error()
		return
	}
	f.notice = ""
	f.OnJoin(ctx, name)
}

// invitation says what a link invites a friend to: the game, the host,
// the seats, as far as the link tells.
func invitation(in online.Invitation) app.UI {
	who := "You are"
	if in.Host != "" {
		who = in.Host + " invites you"
	}
	g, err := rules.Lookup(in.Game)
	if err != nil {
		return app.Div().ID("invitation").Body(app.H1().Text(who + " to a table"))
	}
	info := g.Info()
	facts := []app.UI{app.Span().Text(players(info)), app.Span().Text(fmt.Sprintf("%d–%d min", info.Minutes[0], info.Minutes[1]))}
	if in.Seats > 0 {
		facts = append([]app.UI{app.Span().ID("invite-seats").Text(fmt.Sprintf("A table of %d", in.Seats))}, facts...)
	}
	return app.Div().ID("invitation").Body(
		app.H1().Text(who+" to play "+info.Name),
		app.P().Class("lead").Text(info.Pitch),
		app.P().Class("facts").Body(facts...),
		app.P().Class("hint").Text("Tell the table your name and join: you sit at the first free seat, and the host starts the game when everyone is ready. Nothing to install."),
	)
}

// elsewhereKind says what another tab or device took from this one.
type elsewhereKind int

const (
	hostsElsewhere elsewhereKind = iota // another tab hosts the room
	hostMoved                           // another tab took the hosting over
	seatMoved                           // the player's seat moved to another tab or device
)

// elsewhere tells a host whose room is open in another tab (or has moved
// to one) that a room has one host, and offers to host it here; or a
// guest whose seat another tab or device took, and offers it back.
func elsewhere(kind elsewhereKind, takeOver app.EventHandler) app.UI {
	title, text, button := "This room is open in another tab",
		"A room has one host, and another tab of this browser hosts this one. Play there, or take the room over here: the other tab steps down and the guests follow you.",
		"Take over here"
	switch kind {
	case hostMoved:
		title, text, button = "This room moved to another tab",
			"Another tab of this browser took this room over; the game goes on there. Nothing was lost.",
			"Take it back here"
	case seatMoved:
		title, text, button = "Your seat is played elsewhere now",
			"You opened this room again in another tab or on another device, and the newest one holds your seat. Play there, or take your seat back here: the other one steps aside. Nothing was lost.",
			"Take my seat back"
	}
	return app.Section().ID("elsewhere").Class("panel").Attr("role", "alert").Body(
		app.H1().Text(title),
		app.P().Text(text),
		app.Div().Class("row").Body(
			app.Button().ID("take-over").Class("button primary").Text(button).OnClick(takeOver),
			app.A().Class("button quiet").Href(ui.Path("/")).Text("Back to the hall"),
		),
	)
}
