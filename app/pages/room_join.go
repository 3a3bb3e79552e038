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

// What an invitation says of the host and the seats; the pre-rendered
// preview (invitationPreview) fills in the same words from the link.
const (
	invitesYou = "%s invites you"
	aTableOf   = "A table of %d"
)

// invitation says what a link invites a friend to: the game, the host,
// the seats, as far as the link tells.
func invitation(in online.Invitation) app.UI {
	who := "You are"
	if in.Host != "" {
		who = fmt.Sprintf(invitesYou, in.Host)
	}
	g, err := rules.Lookup(in.Game)
	if err != nil {
		return app.Div().ID("invitation").Body(app.H1().Text(who + " to a table"))
	}
	var seats app.UI
	if in.Seats > 0 {
		seats = app.Span().ID("invite-seats").Text(fmt.Sprintf(aTableOf, in.Seats))
	}
	return invitationCard(g.Info(), app.Span().Text(who), seats)
}

// invitationCard is a game's invitation: who invites, the game, its pitch
// and facts (seats first, when known).
func invitationCard(info rules.Info, who, seats app.UI) app.UI {
	facts := []app.UI{app.Span().Text(players(info)), app.Span().Text(fmt.Sprintf("%d–%d min", info.Minutes[0], info.Minutes[1]))}
	if seats != nil {
		facts = append([]app.UI{seats}, facts...)
	}
	return app.Div().ID("invitation").Body(
		app.H1().Body(who, app.Text(" to play "+info.Name)),
		app.P().Class("lead").Text(info.Pitch),
		app.P().Class("facts").Body(facts...),
		app.P().Class("hint").Text("Tell the table your name and join: you sit at the first free seat, and the host starts the game when everyone is ready. Nothing to install."),
	)
}

// invitationPreview is pre-rendered into the room page for a friend's
// first visit, while the wasm loads: every game's invitation, hidden, with
// slots for the host's name and the seats. web/longhall.js reads the link
// (its fragment never reaches a server) and shows the one it names, so the
// friend reads what they are invited to before the app runs. It holds
// nothing that acts.
func invitationPreview() app.UI {
	cards := []app.UI{}
	for _, g := range ui.Games() {
		info := g.Info
		cards = append(cards, app.Div().Attr("data-game", info.ID).Hidden(true).Body(invitationCard(info,
			app.Span().Attr("data-slot", "who").Text("You are"),
			app.Span().Attr("data-slot", "seats").Hidden(true))))
	}
	return app.Div().ID("invite-preview").Class("panel joinname").Hidden(true).
		Attr("data-invites-you", invitesYou).Attr("data-table-of", aTableOf).
		Body(append(cards, app.P().Class("hint").Attr("role", "status").Text("Getting the table ready…"))...)
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
