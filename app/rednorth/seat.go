package rednorth

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"

	"longhall/rules"
	rn "longhall/rules/rednorth"
)

// seat draws one player's side of the table: name, tokens, VP, Glory, hand
// size, God, Outposts held and the Raiding Party in order.
func (t *table) seat(s int) app.UI {
	v := t.v
	sv := seatView(v, s)
	if sv == nil {
		return nil
	}
	mine := s == v.Seat
	class := "rn-seat"
	if mine {
		class += " rn-mine"
	}
	state, stateClass := t.seatState(sv)
	if stateClass == "acting" {
		class += " rn-turn"
	}
	name := t.name(s)
	head := []app.UI{app.H3().Class("rn-name").Text(name)}
	if mine {
		head = append(head, ui.Span("rn-you", "you"))
	}
	if state != "" {
		head = append(head, ui.Span("rn-state s-"+stateClass, state))
	}
	for _, tk := range [3]struct {
		holder      int
		class, text string
	}{{v.FirstPlayer, "t-first", "First Player"}, {v.TieBreaker, "t-tie", "Tie Breaker"}, {v.Champion, "t-champ", "Champion"}} {
		if tk.holder == s {
			head = append(head, ui.Token(tk.class, tk.text))
		}
	}
	holds := make([]app.UI, 0, len(sv.Outposts)+1)
	for _, c := range sv.Outposts {
		holds = append(holds, chip("rn-chip c-"+c, c, t.outpostName(c), t.outpostName(c)+", the "+c+" Outpost"))
	}
	if sv.God != nil {
		god := godLook(*sv.God, " rn-mini")
		why := ""
		if s == t.v.Seat {
			why = t.p.RefusedWhy(func(a rules.Action) bool { return a.Kind == rn.KindInvoke })
			god.label = ui.WhyText(god.label, why)
		}
		holds = append(holds, ui.Spans("rn-godslot", god.refused(why), ui.Span("rn-godtext", sv.God.Name+": "+sv.God.Power), ui.WhyNot(why)))
	} else if sv.Invoked {
		holds = append(holds, ui.Span("rn-chip c-none", "God invoked"))
	}
	var holdsUI app.UI
	if len(holds) > 0 {
		holdsUI = ui.Div("rn-holds", holds...)
	}
	var totals app.UI
	if mine {
		totals = t.totals(s)
	}
	return app.Section().Class(class).Attr("data-seat", s).Attr(ui.Ref, "seat"+strconv.Itoa(s)).Aria("label", name+"’s side of the table").Body(
		ui.Div("rn-seat-head", head...),
		ui.Div("rn-stats", stat("VP", sv.VP), stat("Glory", sv.Glory), stat("in hand", sv.HandCount)),
		holdsUI,
		totals,
		t.party(sv),
		app.If(t.p.Seat == rules.Everyone, func() app.UI { return t.held(sv) }),
	)
}

// held is the hand, in the view of everything (rules.Everyone), and
// the card Freya drew, while it waits; the Party shows its face-down
// cards itself.
func (t *table) held(sv *rn.SeatView) app.UI {
	cards := sortedHand(sv.Hand)
	items := make([]app.UI, len(cards))
	for i, c := range cards {
		items[i] = faceLook(c, nil, "").show()
	}
	if st := t.v.Step; st != nil && st.Seat == sv.Seat && st.Kind == rn.StepFreyaEnd && st.Card != nil {
		return ui.Div("", ui.Revealed("Hand", items), ui.Revealed("Freya drew", []app.UI{faceLook(*st.Card, nil, "").show()}))
	}
	return ui.Revealed("Hand", items)
}

// totals shows the viewer's raid points per Outpost colour as Resolution
// will count them, hidden cards included (the viewer sees its own).
func (t *table) totals(s int) app.UI {
	tt := t.v.RaidTotals(s)
	if len(tt) == 0 {
		return nil
	}
	items := make([]app.UI, 0, len(tt)+1)
	items = append(items, ui.Span("rn-sub", "Raid points:"))
	for _, ct := range tt {
		class := "rn-chip rn-total c-" + ct.Colour
		if !ct.Fought {
			class += " rn-idle"
		}
		name := t.outpostName(ct.Colour)
		items = append(items, chip(class, ct.Colour, name+" "+strconv.Itoa(ct.Points),
			name+" ("+ct.Colour+"): "+strconv.Itoa(ct.Points)+" raid points"))
	}
	return ui.Div("rn-totals", items...)
}

// chip is a chip in an Outpost's colour: its text leads with the colour's
// mark, and its title names the colour in words.
func chip(class, colour, text, title string) app.UI {
	return app.Span().Class(class).Attr(ui.ColourAttr, colour).Title(title).Body(ui.ColourMark(colour), app.Text(text))
}

func stat(what string, n int) app.UI {
	return ui.Spans("rn-stat", ui.Strong(strconv.Itoa(n)), app.Text(" "+what))
}

// seatState says what a seat is doing now, in words and as a class.
func (t *table) seatState(sv *rn.SeatView) (string, string) {
	v := t.v
	switch {
	case v.Phase == rn.PhaseOver:
		return "", ""
	case sv.Deploying:
		return "choosing…", "choosing"
	case v.Step != nil && v.Step.Seat == sv.Seat:
		return "deciding…", "acting"
	case v.Phase == rn.PhaseDeploy:
		return "deployed", "done"
	case sv.Passed:
		return "passed", "passed"
	case v.Phase == rn.PhaseActions && v.Turn == sv.Seat && v.Step == nil:
		return "to act", "acting"
	}
	return "", ""
}

// outpostName is an Outpost's name from its colour.
func (t *table) outpostName(colour string) string {
	for _, o := range t.v.Outposts {
		if o.Colour == colour {
			return o.Name
		}
	}
	return colour
}

// party draws a Raiding Party. On the viewer's own, the slots where a card
// can go (an end, or between cards for Hel) are buttons too.
func (t *table) party(sv *rn.SeatView) app.UI {
	mine := sv.Seat == t.v.Seat
	items := make([]app.UI, 0, 2*len(sv.Party)+1)
	slot := func(i int) {
		if a, ok := t.c.slots[i]; ok && mine {
			items = append(items, t.slotButton(a, i, len(sv.Party)))
		}
	}
	for i, pc := range sv.Party {
		slot(i)
		items = append(items, t.partyCard(sv.Seat, i, pc))
	}
	slot(len(sv.Party))
	if len(items) == 0 {
		text := "No Raiding Party"
		if sv.Deploying {
			text = "Deploying…"
		}
		items = append(items, ui.Span("rn-empty", text))
	}
	if mine {
		// The viewer's own in one row, whatever its length: which cards
		// are neighbours is the game (web/longhall.js scales it to fit).
		return ui.Div("rn-party lh-fitrow", items...)
	}
	return ui.Div("rn-party", items...)
}

// partyCard is one card of a Raiding Party, clickable when an action
// starts from it.
func (t *table) partyCard(seat, i int, pc rn.PartyCardView) app.UI {
	l := partyLook(pc, "")
	if seat != t.v.Seat {
		if a, ok := t.c.foes[[2]int{seat, i}]; ok {
			return t.actCard(l, a)
		}
		return l.show()
	}
	acts := t.c.party[i]
	// A card whose Inspire or Reinforce the rules close says why.
	why := t.p.RefusedWhy(func(a rules.Action) bool {
		return (a.Kind == rn.KindInspire || a.Kind == rn.KindReinforce) && len(a.Args) > 0 && a.Args[0] == i
	})
	l.label = ui.WhyText(l.label, why)
	switch {
	case len(acts) == 0:
		return l.refused(why)
	case len(acts) == 1 && t.v.Step != nil:
		// Inside a step (Loki) the card has one meaning: take it at once.
		return t.actCard(l, acts[0])
	}
	return t.pickCard(l, i, why)
}

// slotButton is a place in the viewer's Party where the card being placed
// goes: an end, or (Hel) before the card at position i.
func (t *table) slotButton(a rules.Action, i, n int) app.UI {
	body := []app.UI{app.Text("Here")}
	switch i {
	case 0:
		body = []app.UI{glyph("◀ "), app.Text("Left end")}
	case n:
		body = []app.UI{app.Text("Right end"), glyph(" ▶")}
	}
	// Named by its words, the arrows aside; the description says what
	// goes where.
	return ui.Control(a, "rn-slot", "", body...).Aria("description", a.String())
}

// glyph is a mark that only decorates the words beside it: screen
// readers skip it.
func glyph(mark string) app.UI { return app.Span().Aria("hidden", true).Text(mark) }
