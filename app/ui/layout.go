package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// The table's layout, written once for every game, the way the best
// digital tables do it: the board takes the main area; the current
// choice's buttons sit under the prompt in the action bar at the top; the
// viewer's own area (pieces, hand), the other players and the log share a
// side column. On a phone the side column becomes a sheet under the board
// that folds to one line and opens on a tap (or by itself when the choice
// is made there). Nothing is sticky over the board: each region scrolls on
// its own, and longhall.js scales the board to fit its area and scrolls
// each region to the controls of the choice at hand.

// Layout is a board's parts, for the table to place.
type Layout struct {
	Class   string   // the board's own class on the layout ("rn-board")
	Board   []app.UI // the shared board: the main area
	Choice  []app.UI // the current choice's buttons, a picked card's menu, Cancel
	Own     []app.UI // the viewer's own pieces and hand (drawn for a seated viewer only)
	Players []app.UI // the other players' panels
	// OwnSummary is the sheet's folded line on a phone ("Your hand: 7
	// cards"); "Your area" when empty.
	OwnSummary string
	// Shown says the board shows refusal r on the element it concerns
	// (a card, a space: see Why); the kit lists the others beside the
	// choice. Nil: the board shows none.
	Shown func(r rules.Refusal) bool
}

// Draw lays the parts out for p's table. The returned element is the
// board's root: a board may add attributes (data-round) to it.
func (l Layout) Draw(p *BoardProps) app.HTMLDiv {
	l.Choice, l.Own, l.Players = present(l.Choice), present(l.Own), present(l.Players)
	if listed := notShown(p.Refused, l.Shown); len(listed) > 0 {
		l.Choice = append(l.Choice, Refusals(listed))
	}
	if passes := passUntil(p.Passes, p.Passing); passes != nil {
		l.Choice = append(l.Choice, passes)
	}
	seated := p.Seat >= 0 && len(l.Own) > 0
	summary := l.OwnSummary
	if summary == "" {
		summary = "Your area"
	}
	if !seated {
		summary = "Players and log"
	}
	return app.Div().Class(strings.TrimSpace("lh-layout "+l.Class)).Body(
		// Always there, empty or not, so that the regions after it keep
		// their elements (and their scroll and scale) from move to move.
		// A landmark while it holds a choice: the regions of the table are
		// the choice, the board and the side (the viewer's area inside it).
		app.Div().ID("choice").Class("lh-choice").Attr("role", landmarkIf(len(l.Choice) > 0)).Aria("label", "Your choice").Body(l.Choice...),
		// A landmark that the keyboard can reach, so that a board larger
		// than its area scrolls with the arrow keys too.
		app.Div().ID("board-area").Class("lh-main").Attr("role", "region").Aria("label", "Board").TabIndex(0).
			Body(app.Div().Class("lh-board").Body(l.Board...)),
		app.Aside().ID("side").Class("lh-side").Attr("data-sheet", "closed").Aria("label", "Players and log").Body(
			// The sheet's handle on a phone: longhall.js opens and folds it.
			app.Button().Type("button").ID("sheet-handle").Class("lh-handle").Aria("controls", "side").Body(
				app.Span().Class("lh-handle-text").Text(summary),
				app.Span().Class("lh-handle-mark").Aria("hidden", true),
			),
			app.If(seated, func() app.UI {
				return app.Section().ID("own").Class("lh-own").Aria("label", "Your area").Body(l.Own...)
			}),
			app.If(len(l.Players) > 0, func() app.UI {
				return app.Div().Class("lh-players").Body(l.Players...)
			}),
			// Always there (hidden when empty), so that the log after it
			// keeps its place.
			app.Div().Class("lh-extra").Body(p.Side...),
			GameLog(p.Log),
		),
	)
}

// landmarkIf is the role of a region that is a landmark only when on,
// "" (no role: go-app draws no empty attribute) otherwise.
func landmarkIf(on bool) string {
	if on {
		return "region"
	}
	return ""
}

// Own is a Layout's Own: the viewer's area, drawn only for a seated
// viewer (a spectator has none, and its parts may not draw for one).
func Own(seated bool, draw func() []app.UI) []app.UI {
	if !seated {
		return nil
	}
	return draw()
}

// present drops the parts a board left out (nil).
func present(items []app.UI) []app.UI {
	out := items[:0:0]
	for _, it := range items {
		if it != nil {
			out = append(out, it)
		}
	}
	return out
}

// notShown is the refusals a board leaves to the kit.
func notShown(refused []rules.Refusal, shown func(rules.Refusal) bool) []rules.Refusal {
	if shown == nil {
		return refused
	}
	var out []rules.Refusal
	for _, r := range refused {
		if !shown(r) {
			out = append(out, r)
		}
	}
	return out
}

// Why is the attribute of an element that stands for an action refused
// now: its value is the reason in words, which the element shows too (its
// title, its long-press text, a line on it: see WhyText and WhyNot).
const Why = "data-why"

// RefusedWhy is the reason the rules give for refusing the viewer the
// first action match accepts, or "" when they refuse none.
func (p *BoardProps) RefusedWhy(match func(rules.Action) bool) string {
	for _, r := range p.Refused {
		if match(r.Action) {
			return r.Why
		}
	}
	return ""
}

// WhyText is an element's whole text with the reason it is refused now, if
// any: for its title and long press.
func WhyText(text, why string) string {
	if why == "" {
		return text
	}
	if !strings.HasSuffix(text, ".") {
		text += "."
	}
	return text + " Not now: " + why + "."
}

// WhyNot is the reason drawn on a refused element, or nothing.
func WhyNot(why string) app.UI {
	if why == "" {
		return nil
	}
	return Span("lh-why", why)
}

// Refusals draws the actions a player would expect to take and cannot, each
// as a disabled button that says why (rules.Explainer): a control missing
// without a word reads as a fault of the table.
func Refusals(refused []rules.Refusal) app.UI {
	items := make([]app.UI, len(refused))
	for i, r := range refused {
		items[i] = app.Button().Type("button").Class("button lh-refused").Disabled(true).
			Attr("data-refused", ActionKey(r.Action)).Attr(Why, r.Why).Title(r.Action.String()+": "+r.Why).
			Body(Span("lh-refused-what", r.Action.String()), Span("lh-why", r.Why))
	}
	return app.Div().Class("buttons lh-refusals").Body(items...)
}

// passUntil offers the standing passes beside the game's own Pass, or
// says which the viewer holds, with the way to be asked again; nil when
// neither.
func passUntil(passes []string, passing string) app.UI {
	button := func(id, until, text string) app.UI {
		return app.Button().Type("button").ID(id).Class("button quiet").Text(text).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(PassUntilAction, until) }, app.EventScope("pass-until", until))
	}
	if passing != "" {
		words := "You pass for the rest of this round."
		if passing == "turn" {
			words = "You pass until your turn."
		}
		return app.P().ID("passing").Class("lh-passing").Body(app.Text(words+" "), button("pass-off", "off", "Ask me again"))
	}
	var items []app.UI
	for _, until := range passes {
		switch until {
		case "turn":
			items = append(items, button("pass-turn", until, "Pass until my turn"))
		case "round":
			items = append(items, button("pass-round", until, "Pass this round"))
		}
	}
	if len(items) == 0 {
		return nil
	}
	return app.Div().ID("pass-until").Class("buttons lh-pass-until").Body(items...)
}
