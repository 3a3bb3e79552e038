package pages

import (
	"context"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
)

// codePanel connects two devices by hand when no relay works: the guest
// makes an offer code and sends it to the host (any messenger), the host
// answers with a code the guest pastes. Exactly one of Host and Guest is
// set.
type codePanel struct {
	app.Compo
	Host  *online.Table
	Guest *online.Joining

	live   app.Context // the panel's own context, for answers that come later
	open   bool
	mine   string // the code this device shows (offer or answer)
	theirs string // the code pasted from the other device
	note   string
	busy   bool
}

func (c *codePanel) OnMount(ctx app.Context) { c.live = ctx }

func (c *codePanel) Render() app.UI {
	if c.Host != nil {
		return app.Details().ID("host-code").Class("codes").Open(c.open).On("toggle", c.toggle).Body(
			app.Summary().Text("No luck with the link? Connect a device by code"),
			app.P().Class("hint").Text("On the other device, open the link and choose “Connect by code”; paste its code here, then send back the answer this page shows."),
			app.Textarea().ID("offer-code").Aria("label", "The guest's code").Placeholder("Paste the guest's code").Text(c.theirs).OnInput(c.paste),
			app.Button().ID("answer-code").Class("button").Disabled(c.busy).Text("Make the answer").OnClick(c.answer),
			c.myCode("answer"),
			c.noteLine(),
		)
	}
	return app.Details().ID("guest-code").Class("panel codes").Open(c.open).On("toggle", c.toggle).Body(
		app.Summary().Text("Cannot reach the host? Connect by code"),
		app.P().Class("hint").Text("If the link does not find the host, make a code, send it to the host (any messenger), and paste the answer they send back."),
		app.Button().ID("make-offer").Class("button").Disabled(c.busy).Text("Make my code").OnClick(c.offer),
		c.myCode("offer"),
		app.Textarea().ID("answer-input").Aria("label", "The host's answer").Placeholder("Paste the host's answer").Text(c.theirs).OnInput(c.paste),
		app.Button().ID("use-answer").Class("button primary").Disabled(c.busy || c.mine == "").Text("Connect").OnClick(c.accept),
		c.noteLine(),
	)
}

func (c *codePanel) noteLine() app.UI {
	if c.note == "" {
		return app.Text("")
	}
	return app.P().ID("code-note").Class("hint").Attr("role", "status").Text(c.note)
}

func (c *codePanel) toggle(ctx app.Context, e app.Event) { c.open = ctx.JSSrc().Get("open").Bool() }

func (c *codePanel) paste(ctx app.Context, e app.Event) { c.theirs = ctx.JSSrc().Get("value").String() }

func (c *codePanel) myCode(kind string) app.UI {
	if c.mine == "" {
		return app.Text("")
	}
	var qr app.UI = app.P().Class("hint").Text("This code is too long for a QR code; copy it as text.")
	if svg, err := online.QR(c.mine); err == nil {
		qr = app.Div().Class("qr").Aria("label", "QR code of the "+kind).Body(app.Raw(svg))
	}
	return app.Div().Class("mycode").Body(
		app.Textarea().ID("my-"+kind).ReadOnly(true).Aria("label", "Your "+kind).Text(c.mine),
		qr,
	)
}

// later runs work off the UI goroutine and then hands its outcome back.
func (c *codePanel) later(work func() (string, error), done func(code string, err error)) {
	live := c.live
	live.Async(func() {
		code, err := work()
		live.Dispatch(func(app.Context) { done(code, err) })
	})
}

func (c *codePanel) answer(ctx app.Context, e app.Event) {
	h, offer := c.Host, c.theirs
	c.busy, c.note, c.mine = true, "Making the answer…", ""
	connected := func(err error) {
		c.live.Dispatch(func(app.Context) {
			if err != nil {
				c.note = "That device did not connect: " + online.Words(err)
			} else {
				c.note, c.mine, c.theirs = "Connected.", "", ""
			}
		})
	}
	c.later(func() (string, error) { return h.AnswerCode(context.Background(), offer, connected) },
		func(code string, err error) {
			c.busy = false
			if err != nil {
				c.note = online.Words(err)
				return
			}
			c.mine, c.note = code, "Send this answer back to the guest."
		})
}

func (c *codePanel) offer(ctx app.Context, e app.Event) {
	g := c.Guest
	c.busy, c.note, c.mine = true, "Making your code…", ""
	c.later(func() (string, error) { return g.OfferCode(context.Background()) },
		func(code string, err error) {
			c.busy = false
			if err != nil {
				c.note = online.Words(err)
				return
			}
			c.mine, c.note = code, "Send this code to the host, then paste their answer below."
		})
}

func (c *codePanel) accept(ctx app.Context, e app.Event) {
	g, answer := c.Guest, c.theirs
	c.busy, c.note = true, "Connecting…"
	c.later(func() (string, error) {
		cctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		return "", g.AcceptCode(cctx, answer)
	}, func(_ string, err error) {
		c.busy = false
		if err != nil {
			c.note = online.Words(err)
			return
		}
		c.note, c.mine, c.theirs = "Connected.", "", ""
	})
}
