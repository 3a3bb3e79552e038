package pages

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
)

// invitePanel is the host's way to bring friends in: the link, a QR code
// of it, where guests find the room, and connection codes for when no
// relay works.
type invitePanel struct {
	app.Compo
	Host   *online.Table
	Relays string

	copied bool
}

func (p *invitePanel) Render() app.UI {
	link := p.Host.Link(pageBase())
	var qr app.UI = app.Text("")
	if svg, err := online.QR(link); err == nil {
		qr = app.Div().Class("qr").Attr("role", "img").Aria("label", "QR code of the room link").Body(app.Raw(svg))
	}
	return app.Section().ID("invite").Class("panel invite").Aria("labelledby", "invite-title").Body(
		app.H2().ID("invite-title").Text("Invite friends"),
		app.P().Class("hint").Text("Send this link to the people you play with. Whoever opens it joins this table; keep this page open while you play."),
		app.Div().Class("row").Body(
			app.Input().ID("room-link").Type("text").ReadOnly(true).Value(link).Aria("label", "Room link").
				OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
			app.Button().ID("copy-link").Class("button").Text(ifElse(p.copied, "Copied", "Copy link")).OnClick(p.copy),
		),
		qr,
		app.P().ID("relays").Class("hint").Text(p.Relays),
		&codePanel{Host: p.Host},
	)
}

// pageBase is this page's address without query or fragment: where a
// room link points.
func pageBase() string {
	u := app.Window().URL()
	u.RawQuery, u.Fragment = "", ""
	return u.String()
}

func (p *invitePanel) copy(ctx app.Context, e app.Event) {
	in := app.Window().GetElementByID("room-link")
	in.Call("select")
	// The clipboard API needs a secure page; the old command works on any.
	if clip := app.Window().Get("navigator").Get("clipboard"); clip.Truthy() && app.Window().Get("isSecureContext").Bool() {
		clip.Call("writeText", in.Get("value"))
	} else {
		app.Window().Get("document").Call("execCommand", "copy")
	}
	p.copied = true
	ctx.After(2*time.Second, func(ctx app.Context) { p.copied = false })
}

func ifElse(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
