package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// RulesDrawer is the rules at the table: a button in the status bar that
// opens the game's rules summary over the side of the table, so a player
// can check a rule without leaving the game.
type RulesDrawer struct {
	app.Compo
	Game string
	open bool
}

// Render draws the button, and the drawer when it is open.
func (d *RulesDrawer) Render() app.UI {
	g, err := rules.Lookup(d.Game)
	if err != nil {
		return app.Span()
	}
	info := g.Info()
	return app.Div().Class("rules-drawer").Body(
		app.Button().Type("button").ID("rules-open").Class("button quiet rules-button").
			Aria("expanded", d.open).Aria("controls", "rules-panel").Text("Rules").OnClick(d.toggle),
		app.If(d.open, func() app.UI {
			return app.Aside().ID("rules-panel").Class("rules-panel parchment").Aria("label", info.Name+" rules").Body(
				app.Div().Class("rules-head").Body(
					app.H2().Text(info.Name+": the rules in brief"),
					app.Button().Type("button").ID("rules-close").Class("button quiet").Aria("label", "Close the rules").Text("Close").OnClick(d.toggle),
				),
				app.Range(info.Summary).Slice(func(i int) app.UI { return app.P().Text(info.Summary[i]) }),
			)
		}),
	)
}

func (d *RulesDrawer) toggle(ctx app.Context, e app.Event) { d.open = !d.open }
