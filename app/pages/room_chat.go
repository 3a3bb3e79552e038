package pages

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
)

// chatPanel is table talk: the lines so far and a line to send.
type chatPanel struct {
	app.Compo
	Lines []online.ChatLine
	Send  func(string) error

	draft  string
	notice string
}

func (c *chatPanel) Render() app.UI {
	return app.Section().ID("chat").Class("panel chat").Aria("labelledby", "chat-title").Body(
		app.H2().ID("chat-title").Text("Table talk"),
		app.Ol().Class("lines").Body(app.Range(c.Lines).Slice(func(i int) app.UI {
			l := c.Lines[i]
			if l.System {
				// The host's rules speaking: who was cut off, and why.
				return app.Li().Class("system").Body(app.Em().Text(l.Text))
			}
			return app.Li().Body(app.Strong().Text(l.Name+": "), app.Span().Text(l.Text))
		})),
		app.Form().Class("row").OnSubmit(c.submit).Body(
			app.Input().ID("chat-input").Type("text").MaxLength(200).Aria("label", "Say something").
				Placeholder("Say something to the table").Value(c.draft).
				OnInput(func(ctx app.Context, e app.Event) { c.draft = ctx.JSSrc().Get("value").String() }),
			app.Button().Type("submit").Class("button").Text("Say"),
		),
		app.If(c.notice != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(c.notice) }),
	)
}

func (c *chatPanel) submit(ctx app.Context, e app.Event) {
	e.PreventDefault()
	if strings.TrimSpace(c.draft) == "" {
		return
	}
	if err := c.Send(c.draft); err != nil {
		c.notice = online.Words(err)
		return
	}
	c.draft, c.notice = "", ""
}
