package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// Pieces every board draws, so that no two games draw them twice. Each
// takes an extra class for the game's own look; the kit's classes
// (longhall.css) give the shape.

// Token is a small pill: a marker a player holds ("First Player"), a
// count, a chip of colour.
func Token(class, text string) app.UI {
	return app.Span().Class(strings.TrimSpace("token " + class)).Text(text)
}

// Step is one step of a Track: its name and a line under it.
type Step struct {
	Name, Note string
}

// Track is a row of steps with the current one marked and those before it
// dimmed: rounds, a score track, a countdown. now is the index of the
// current step (-1 for none; len(steps) when all are done).
func Track(class, label string, steps []Step, now int) app.UI {
	items := make([]app.UI, len(steps))
	for i, s := range steps {
		c := "track-step"
		switch {
		case i == now:
			c += " now"
		case i < now:
			c += " done"
		}
		items[i] = app.Li().Class(c).Aria("current", i == now).Body(
			app.Span().Class("track-name").Text(s.Name),
			app.If(s.Note != "", func() app.UI { return app.Span().Class("track-note").Text(s.Note) }),
		)
	}
	return app.Ol().Class(strings.TrimSpace("track "+class)).Aria("label", label).Body(items...)
}

// Revealed is what a player held hidden (a hand, face-down cards), drawn
// beside their name when a replay shows everything (rules.Everyone): a
// labelled row of the board's own card pieces.
func Revealed(label string, cards []app.UI) app.UI {
	if len(cards) == 0 {
		cards = []app.UI{Span("hand-empty", "none")}
	}
	return Div("revealed", Span("revealed-label", label+":"), Div("hand-cards", cards...))
}

// Hand is the viewer's hand: a titled row of cards (the board draws the
// cards, as controls where they take an action).
func Hand(class string, cards []app.UI) app.UI {
	n := len(cards)
	if n == 0 {
		cards = []app.UI{app.Span().Class("hand-empty").Text("No cards in hand")}
	}
	return app.Section().Class(strings.TrimSpace("hand "+class)).Aria("label", "Your hand").Body(
		app.H2().Class("hand-title").Body(app.Text("Your hand"), app.Span().Class("hand-count").Text(" · "+rules.Count(n, "card"))),
		app.Div().Class("hand-cards").Body(cards...),
	)
}
