package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// Pieces: a board marks the pieces of its table (a space, a card, a
// player's panel) with data-ref, a name unique on the page, and the kit
// marks those the last move changed (longhall.js compares each piece's
// text before and after every move, so a board says nothing of moves).

// Ref is the data-ref attribute's name.
const Ref = "data-ref"

// Text is the attribute that holds a card's whole text, for a board to
// put on every card (with the same words as its title, shown on hover):
// a long press shows it on a touch screen (longhall.js).
const Text = "data-text"

// The control convention: every legal action is taken by clicking the
// element that shows it (a card, a place, a group), and whatever the board
// draws no element for becomes a plain labelled button, so each legal
// action has exactly one control. Controls carry the action as
// data-action and data-args, which is what the browser driver reads.

// Control is an element that takes a legal action when clicked. Its
// handler is scoped by the action: go-app keeps the first handler of a
// closure at a given place in the page, with the values it captured then,
// so without the scope a control that now shows another action would
// still take the old one.
func Control(a rules.Action, class, aria string, body ...app.UI) app.HTMLButton {
	return app.Button().Type("button").Class(class).
		Attr("data-action", a.Kind).Attr("data-args", ArgsText(a.Args)).
		Title(a.String()).Aria("label", aria).
		OnClick(func(ctx app.Context, e app.Event) { Act(ctx, a) }, app.EventScope(ActionKey(a))).Body(body...)
}

// ActionButton is a labelled button that takes a.
func ActionButton(a rules.Action, text, class string) app.UI {
	return Control(a, strings.TrimSpace("button "+class), "", app.Text(text))
}

// Sort hands each legal action to place, which puts it on the element
// that shows it and reports whether it did; the actions no element took
// are returned, in order, for plain buttons (see Buttons).
func Sort(legal []rules.Action, place func(rules.Action) bool) (left []rules.Action) {
	for _, a := range legal {
		if !place(a) {
			left = append(left, a)
		}
	}
	return left
}

// Buttons draws the left-over actions as plain buttons, worded by text
// (the action's label when text is nil).
func Buttons(class string, actions []rules.Action, text func(rules.Action) string) app.UI {
	if len(actions) == 0 {
		return nil
	}
	items := make([]app.UI, len(actions))
	for i, a := range actions {
		label := a.String()
		if text != nil {
			label = text(a)
		}
		items[i] = ActionButton(a, label, "")
	}
	return app.Div().Class(strings.TrimSpace("buttons " + class)).Body(items...)
}

// Picks: an element that holds several legal actions opens them when
// clicked, without taking one. The board keeps which is picked (an int, 0
// for none) and draws the picked element's actions as buttons, with a
// CancelPick. A pick carries data-pick, which the browser driver reads.

// TogglePick is the handler that picks to in *sel, or drops the pick when
// to is already picked.
func TogglePick(sel *int, to int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if *sel == to {
			*sel = 0
			return
		}
		*sel = to
	}
}

// Pick is a button that toggles the pick to, pressed while picked; key is
// its data-pick, and scopes its handler.
func Pick(sel *int, to int, key any, class, title string, body ...app.UI) app.HTMLButton {
	on := *sel == to
	b := app.Button().Type("button").Class(class).Attr("data-pick", key).Aria("pressed", on).
		OnClick(TogglePick(sel, to), app.EventScope("pick", key, on)).Body(body...)
	if title != "" {
		b = b.Title(title)
	}
	return b
}

// CancelPick is the button that drops the pick.
func CancelPick(sel *int) app.UI {
	return app.Button().Type("button").Class("button quiet").Attr("data-pick", "none").Text("Cancel").
		OnClick(func(ctx app.Context, e app.Event) { *sel = 0 }, app.EventScope("pick", "none"))
}

// ActionKey names an action uniquely among the legal ones (labels aside).
func ActionKey(a rules.Action) string { return a.Kind + ":" + ArgsText(a.Args) }

// ArgsText writes an action's arguments as "1,2".
func ArgsText(args []int) string {
	parts := make([]string, len(args))
	for i, n := range args {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// SeatOrder lists the seats as the viewer sees them around the table: the
// others clockwise from the viewer's left, then the viewer. A spectator
// (me outside the table) sees every seat in turn order, and self is -1.
func SeatOrder(players int, me rules.Seat) (others []rules.Seat, self rules.Seat) {
	if me < 0 || int(me) >= players {
		for s := range players {
			others = append(others, rules.Seat(s))
		}
		return others, -1
	}
	for k := 1; k < players; k++ {
		others = append(others, (me+rules.Seat(k))%rules.Seat(players))
	}
	return others, me
}

// DropStalePick drops the pick in *sel when the decision the props offer
// (the log's length and the legal actions) differs from the one last seen
// in *seen, and keeps it otherwise: the page around a board redraws it for
// reasons of its own (a room's link figures, a chat line), and an open
// pick must outlive those.
func DropStalePick(p *BoardProps, seen *string, sel *int) {
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(p.Log)))
	for _, a := range p.Legal {
		b.WriteByte(' ')
		b.WriteString(ActionKey(a))
	}
	if k := b.String(); k != *seen {
		*seen, *sel = k, 0
	}
}
