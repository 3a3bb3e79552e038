// Package vikings draws Vikings: Warriors of the North's table: the sea
// as a grid of spaces with the harbours, villages, war camps, longships
// and the sea monster; the stack of cards and actions being answered; the
// players' crews, camps and hand sizes; and the player's own hand and
// choices beside the prompt. A hand or crew card with one action is its
// control; one with several opens them when picked. Moves of the sea
// monster are the sea's spaces.
package vikings

import (
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	vk "longhall/rules/vikings"
)

// The one registration that makes Vikings playable.
func init() {
	ui.Register(vk.ID, "/web/vikings.css", func(p *ui.Props[vk.View]) app.UI { return &Board{Props: p} })
}

// Board is the table for one seat; the picked card is the board's own.
type Board struct {
	app.Compo
	Props *ui.Props[vk.View]

	sel  int    // the picked card, plus one; 0 for none
	seen string // the decision the pick was made in
}

// OnUpdate drops the pick whenever the decision changes.
func (b *Board) OnUpdate(ctx app.Context) { ui.DropStalePick(&b.Props.BoardProps, &b.seen, &b.sel) }

// choices sorts the legal actions onto their controls.
type choices struct {
	byCard  map[int][]rules.Action // actions whose first arg is a card of the viewer's hand or crew
	crewOf  map[int]rules.Action   // take [card]: another player's crew member
	spaces  map[int]rules.Action   // monster [space], or the picked Stirs' space
	buttons []rules.Action
}

// cardKinds are the actions that belong to the card in their first arg.
var cardKinds = map[string]bool{
	vk.KindHero: true, vk.KindSail: true, vk.KindEvent: true, vk.KindUse: true,
	vk.KindDiscard: true, vk.KindOverboard: true,
}

func sortChoices(v *vk.View, legal []rules.Action) choices {
	c := choices{byCard: map[int][]rules.Action{}, crewOf: map[int]rules.Action{}, spaces: map[int]rules.Action{}}
	c.buttons = ui.Sort(legal, func(a rules.Action) bool {
		switch {
		case cardKinds[a.Kind] && len(a.Args) > 0:
			c.byCard[a.Args[0]] = append(c.byCard[a.Args[0]], a)
			return true
		case a.Kind == vk.KindTake:
			c.crewOf[a.Args[0]] = a
			return true
		case a.Kind == vk.KindMonster:
			c.spaces[a.Args[0]] = a
			return true
		}
		return false
	})
	return c
}

// Render draws the table.
func (b *Board) Render() app.UI {
	v := b.Props.V
	t := &table{b: b, p: &b.Props.BoardProps, v: v, c: sortChoices(v, b.Props.Legal)}
	others, self := ui.SeatOrder(len(v.Players), rules.Seat(v.Seat))
	foes := make([]app.UI, len(others))
	for i, s := range others {
		foes[i] = t.player(int(s))
	}
	return ui.Layout{
		Class:      "vk-board",
		Board:      []app.UI{t.result(), t.stack(), t.sea()},
		Choice:     t.choice(),
		Own:        ui.Own(self >= 0, func() []app.UI { return []app.UI{t.player(int(self)), t.hand()} }),
		OwnSummary: "Your crew and hand: " + rules.Count(len(v.Hand), "card"),
		// Cards say on themselves why they cannot be played; the kit lists
		// the closed standard actions.
		Shown:   func(r rules.Refusal) bool { return len(r.Action.Args) > 0 },
		Players: []app.UI{ui.Div("vk-players", foes...)},
	}.Draw(&b.Props.BoardProps)
}

// table is one render of the board.
type table struct {
	b *Board
	p *ui.BoardProps
	v *vk.View
	c choices
}

func (t *table) name(s int) string { return t.p.Name(rules.Seat(s)) }

// picked is the card whose actions are open, if any.
func (t *table) picked() (int, []rules.Action) {
	if t.b.sel == 0 {
		return -1, nil
	}
	c := t.b.sel - 1
	return c, t.c.byCard[c]
}

// choice is the bar under the prompt: the standard actions, or while a
// card's menu is open, that menu alone (its Cancel brings them back): a
// card with five uses and the standard actions beside them took half of a
// phone's screen.
func (t *table) choice() []app.UI {
	if m := t.menu(); m != nil {
		return []app.UI{m}
	}
	return []app.UI{ui.Buttons("vk-buttons", t.c.buttons, nil)}
}

// menu lists the picked card's actions (but moves of the sea monster,
// which are the sea's spaces).
func (t *table) menu() app.UI {
	c, actions := t.picked()
	if c < 0 || len(actions) == 0 {
		return nil
	}
	var items []app.UI
	for _, a := range actions {
		if a.Kind == vk.KindEvent && vk.KindOf(c) == vk.Stirs {
			continue
		}
		items = append(items, ui.ActionButton(a, a.String(), ""))
	}
	if vk.KindOf(c) == vk.Stirs {
		items = append(items, ui.Span("vk-hint", "Choose a space on the sea for the monster"))
	}
	items = append(items, ui.CancelPick(&t.b.sel))
	return ui.Div("vk-menu", items...)
}

// cardEl draws a card of the viewer's: its control when it has one
// action, a pick when it has several, else just the card.
func (t *table) cardEl(c int, class string, used bool) app.UI {
	body, text := cardBody(c), cardText(c)
	if used {
		class += " vk-used"
	}
	actions := t.c.byCard[c]
	// A card the rules close now says why (an event that may still sail
	// for its wind says it in its text only).
	why := t.p.RefusedWhy(func(a rules.Action) bool { return len(a.Args) == 1 && vk.KindOf(a.Args[0]) == vk.KindOf(c) })
	text = ui.WhyText(text, why)
	switch len(actions) {
	case 0:
		el := app.Div().Class(class).Title(text).Attr(ui.Text, text)
		if why != "" {
			el = el.Class("vk-refused").Attr(ui.Why, why)
			body = append(body, ui.WhyNot(why))
		}
		return el.Body(body...)
	case 1:
		return described(ui.Control(actions[0], class+" vk-can", "", body...), actions[0]).Title(text).Attr(ui.Text, text)
	}
	if t.b.sel == c+1 {
		class += " vk-sel"
	}
	return ui.Pick(&t.b.sel, c+1, c, class+" vk-can", text, body...).Attr(ui.Text, text)
}

// described gives a control that shows words (a card, a named space) its
// action as its description: it is named by what it shows, as shown
// (WCAG 2.5.3, label in name: "South wind, south, Sail one space south"
// is what a voice-control user reads out), and the description says
// what clicking does ("Sail south with South wind").
func described(el app.HTMLButton, a rules.Action) app.HTMLButton {
	return el.Aria("description", a.String())
}

// cardText is a card's whole text in one line, for its title.
func cardText(c int) string {
	if k := vk.DaughterColour(c); k >= 0 {
		return "Thane's daughter, " + vk.ColourNames[k]
	}
	kind := vk.Kinds[vk.KindOf(c)]
	s := kind.Name
	if w := vk.WindOf(c); w != vk.NoWind {
		s += " (" + windMark(w) + ")"
	}
	return s + ": " + kind.Text
}

// cardBody is a card's face: name, wind, text.
func cardBody(c int) []app.UI {
	if k := vk.DaughterColour(c); k >= 0 {
		return []app.UI{ui.Strong("Thane's daughter"), colourChip(k)}
	}
	k := vk.KindOf(c)
	kind := vk.Kinds[k]
	body := []app.UI{ui.Strong(kind.Name)}
	if w := vk.WindOf(c); w != vk.NoWind {
		body = append(body, windSpan(w))
	}
	if kind.Type == vk.Wind {
		// A wind card's arrow says it all; its line is for wide screens.
		return append(body, ui.Small("vk-text vk-windtext", kind.Text))
	}
	return append(body, ui.Small("vk-text", kind.Text))
}

// windMark is a wind as an arrow and a word.
func windMark(w int) string {
	if w == vk.AnyWind {
		return "✣ any wind"
	}
	return arrows[w] + " " + vk.DirNames[w]
}

// windSpan shows a wind as an arrow and a word; the arrow, which only
// draws the word, is hidden from screen readers.
func windSpan(w int) app.UI {
	mark, word := "✣", "any wind"
	if w != vk.AnyWind {
		mark, word = arrows[w], vk.DirNames[w]
	}
	return app.Span().Class("vk-wind").Body(app.Span().Aria("hidden", true).Text(mark+" "), app.Text(word))
}

var arrows = [4]string{"↑", "→", "↓", "←"}

// colourChip shows a colour on its colour, with its mark and its word:
// colour is never the only signal.
func colourChip(k int) app.UI {
	name := vk.ColourNames[k]
	return app.Span().Class("vk-col vk-c"+strconv.Itoa(k)).Attr(ui.ColourAttr, name).Body(ui.ColourMark(name), app.Text(name))
}

// hand draws the viewer's hand.
func (t *table) hand() app.UI {
	cards := make([]app.UI, len(t.v.Hand))
	for i, c := range t.v.Hand {
		cards[i] = t.cardEl(c, "vk-card", false)
	}
	return ui.Hand("vk-hand", cards)
}

// player draws a player's panel: colour, hand size, crew and war camp.
func (t *table) player(s int) app.UI {
	pv := t.v.Players[s]
	class := "vk-player vk-c" + strconv.Itoa(pv.Colour)
	if s == t.v.Turn && t.p.Result == nil {
		class += " vk-turn"
	}
	crew := make([]app.UI, len(pv.Crew))
	for i, c := range pv.Crew {
		used := slices.Contains(pv.Used, c)
		switch {
		case s == t.v.Seat:
			crew[i] = t.cardEl(c, "vk-card", used)
		case t.c.crewOf[c].Kind != "":
			a := t.c.crewOf[c]
			crew[i] = described(ui.Control(a, "vk-card vk-can", "", cardBody(c)...), a).Title(cardText(c)).Attr(ui.Text, cardText(c))
		case used:
			crew[i] = plainCard(c, "vk-card vk-used")
		default:
			crew[i] = plainCard(c, "vk-card")
		}
	}
	camp := make([]app.UI, len(pv.Camp))
	for i, c := range pv.Camp {
		camp[i] = colourChip(vk.DaughterColour(c))
	}
	// The panel's edge is the player's colour; its chip says which.
	colour := vk.ColourNames[pv.Colour]
	return app.Section().Class(class).Aria("label", t.name(s)+", "+colour).Attr(ui.ColourAttr, colour).Attr("data-seat", s).Attr(ui.Ref, "seat"+strconv.Itoa(s)).Body(
		ui.Div("vk-who", ui.Strong(t.name(s)), colourChip(pv.Colour),
			ui.Span("vk-count", rules.Count(pv.Hand, "card"))),
		ui.Div("vk-camp", append([]app.UI{ui.Span("vk-l", "War camp:")}, campOrNone(camp)...)...),
		app.If(len(crew) > 0, func() app.UI { return ui.Div("vk-crew", crew...) }),
		app.If(t.p.Seat == rules.Everyone, func() app.UI {
			// Everyone's view draws every hand, an empty one as "none".
			hand := make([]app.UI, len(pv.Cards))
			for i, c := range pv.Cards {
				hand[i] = plainCard(c, "vk-card")
			}
			return ui.Revealed("Hand", hand)
		}),
	)
}

// plainCard draws a card that offers nothing.
func plainCard(c int, class string) app.UI {
	return app.Div().Class(class).Title(cardText(c)).Attr(ui.Text, cardText(c)).Body(cardBody(c)...)
}

func campOrNone(camp []app.UI) []app.UI {
	if len(camp) == 0 {
		return []app.UI{ui.Span("vk-l", "empty")}
	}
	return camp
}

// result shows the end.
func (t *table) result() app.UI {
	if t.p.Result == nil {
		return nil
	}
	return ui.Section("vk-result", "The result", ui.Strong(t.p.Result.Reason))
}
