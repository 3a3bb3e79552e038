package rednorth

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	rn "longhall/rules/rednorth"
)

// The one registration that makes Red North playable in the app.
func init() {
	ui.Register(rn.ID, "/web/rednorth.css", func(p *ui.Props[rn.View]) app.UI { return &Board{Props: p} })
}

// Board is the Red North table for one seat. Props come from the table
// page; the selection and the state of the Resolution panel are the
// board's own.
type Board struct {
	app.Compo
	Props *ui.Props[rn.View]

	sel        int    // selected position of the viewer's Party, plus one; 0 for none
	seen       string // the decision the pick was made in
	reportKey  string // the Resolution panel the player last opened or closed
	reportOpen bool
}

// OnUpdate drops the selection whenever the decision changes: the card
// it named may have moved or lost its actions.
func (b *Board) OnUpdate(ctx app.Context) { ui.DropStalePick(&b.Props.BoardProps, &b.seen, &b.sel) }

// Render draws the table.
func (b *Board) Render() app.UI {
	v := b.Props.V
	t := &table{b: b, p: &b.Props.BoardProps, v: v, c: sortChoices(v, b.Props.Legal)}
	others, self := ui.SeatOrder(v.Players, rules.Seat(v.Seat))
	foes := make([]app.UI, len(others))
	for i, s := range others {
		foes[i] = t.seat(int(s))
	}
	return ui.Layout{
		Class: "rn-board",
		Board: []app.UI{
			t.banner(),
			t.result(),
			t.report(),
			app.Div().Class("rn-foes", "rn-n"+strconv.Itoa(len(others))).Body(foes...),
			t.centre(),
		},
		// A resolved round's news leads the choice, in view whatever the
		// player is asked next.
		Choice: append([]app.UI{t.announce()}, t.actions()...),
		// The player's own area: the Raiding Party with its live totals,
		// and the hand.
		Own:        []app.UI{t.seat(int(self)), t.hand()},
		OwnSummary: "Your Raiding Party and hand: " + rules.Count(len(v.Hand), "card"),
		// The Party's cards and the God say why their actions are closed.
		Shown: func(rules.Refusal) bool { return true },
	}.Draw(&b.Props.BoardProps).Attr("data-round", v.Round).Attr("data-phase", v.Phase)
}

// table is one render of the board: the decoded view and the legal
// actions sorted onto their controls.
type table struct {
	b *Board
	p *ui.BoardProps
	v *rn.View
	c choices
}

// name is a seat's player name.
func (t *table) name(s int) string { return t.p.Name(rules.Seat(s)) }

// holder names who holds a token, if anyone.
func (t *table) holder(s int) string {
	if s < 0 {
		return "nobody yet"
	}
	return t.name(s)
}

// actCard is a card that takes a when clicked.
func (t *table) actCard(l look, a rules.Action) app.UI {
	return l.named(ui.Control(a, l.class+" rn-can", "", l.parts()...), l.label+". "+a.String()).Title(l.label).Attr(ui.Text, l.label).
		Attr(ui.ColourAttr, l.colour)
}

// named gives a card control its words (WCAG 2.5.3, label in name): a
// card whose face shows words is named by them, as shown ("2 Raider
// green", what a voice-control user reads out), and what it is in full
// and what clicking does is its description; a face-down card shows no
// words and is named by what.
func (l look) named(el app.HTMLButton, what string) app.HTMLButton {
	if l.back {
		return el.Aria("label", what)
	}
	return el.Aria("description", what)
}

// pickCard is a card of the viewer's Party that opens its actions (and
// says why its others are closed, if the rules close some: why).
func (t *table) pickCard(l look, pos int, why string) app.UI {
	class := l.class + " rn-can"
	if t.b.sel == pos+1 {
		class += " rn-sel"
	}
	el := l.named(ui.Pick(&t.b.sel, pos+1, pos, class, l.label, l.parts()...), l.label+": choose an action for this card").
		Attr(ui.Text, l.label).Attr(ui.ColourAttr, l.colour)
	if why != "" {
		el = el.Attr(ui.Why, why)
	}
	return el
}

// tokens shows who holds the three special tokens.
func (t *table) tokens(class string, first, tie, champ int) app.UI {
	return ui.Div(class,
		ui.Token("t-first", "First Player: "+t.holder(first)),
		ui.Token("t-tie", "Tie Breaker: "+t.holder(tie)),
		ui.Token("t-champ", "Champion: "+t.holder(champ)),
	)
}

// banner shows the round, phase, turn, tokens and piles.
func (t *table) banner() app.UI {
	v := t.v
	now := v.Round - 1
	if v.Phase == rn.PhaseOver {
		now = 3
	}
	rounds := ui.Track("rn-rounds", "Rounds", []ui.Step{{Name: "Spring", Note: "1 VP"}, {Name: "Summer", Note: "2 VP"}, {Name: "Ragnarok", Note: "3 VP"}}, now)
	phase := " · " + phaseName(v.Phase)
	if v.Turn >= 0 && v.Phase == rn.PhaseActions {
		phase += " · " + t.name(v.Turn) + " to act"
	}
	piles := "Deck " + strconv.Itoa(v.DeckCount) + " · Discard " + strconv.Itoa(len(v.Discard))
	for _, c := range v.SetAside {
		piles += " · Set aside for Thor: " + c.Name
	}
	return ui.Div("rn-banner",
		rounds,
		app.P().Class("rn-phase").Body(ui.Strong(v.RoundName), app.Text(phase)),
		t.tokens("rn-tokens", v.FirstPlayer, v.TieBreaker, v.Champion),
		ui.Para("rn-piles", piles),
	)
}
