package rednorth

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"

	"longhall/rules"
	rn "longhall/rules/rednorth"
)

// actions is what goes beside the prompt in the action bar: how to make
// the choice on the table, the card being placed, the discard pile when a
// power searches it, the actions of the selected Party card, and a button
// for every legal action the table has no other control for.
func (t *table) actions() []app.UI {
	v := t.v
	st := v.Step
	if !t.c.any() {
		return nil
	}
	_, hint := t.prompt()
	body := []app.UI{ui.Para("rn-hint", hint)}
	if st != nil && st.Card != nil && st.Seat == v.Seat {
		body = append(body, ui.Div("rn-placing", ui.Span("rn-sub", "The card to place:"), faceLook(*st.Card, nil, "").show()))
	}
	if len(t.c.discard) > 0 {
		picks := make([]app.UI, 0, len(t.c.discard))
		for _, a := range t.c.discard {
			if c, ok := findCard(v.Discard, a.Args[0]); ok {
				picks = append(picks, t.actCard(faceLook(c, nil, ""), a))
			}
		}
		body = append(body, ui.Div("rn-picks", picks...))
	}
	body = append(body, t.tray())
	if len(t.c.buttons) > 0 {
		buttons := make([]app.UI, 0, len(t.c.buttons))
		for _, a := range t.c.buttons {
			switch {
			case t.passForfeitsGod(a):
				// Passing with the God unused gives it up for good: ask once.
				buttons = append(buttons, ui.Pick(&t.b.sel, confirmPass, "pass", "button", "", app.Text("Pass")))
			case a.Kind == rn.KindInvoke && t.b.sel == confirmPass:
				// The question offers it ("Invoke … first"): one control.
			default:
				buttons = append(buttons, ui.ActionButton(a, t.buttonText(a), ""))
			}
		}
		body = append(body, ui.Div("rn-buttons", buttons...))
	}
	return body
}

// prompt says what the viewer decides now, and how to do it on the table.
func (t *table) prompt() (string, string) {
	v := t.v
	st := v.Step
	if !t.c.any() {
		if st != nil {
			return t.name(st.Seat) + " is deciding", st.Prompt
		}
		return "", ""
	}
	if st != nil {
		hint := ""
		switch {
		case len(t.c.slots) > 0:
			hint = "Click a place in your Raiding Party."
		case len(t.c.hand) > 0:
			hint = "Click a card in your hand."
		case len(t.c.foes) > 0:
			hint = "Click a face-down card of an opponent."
		case len(t.c.party) > 0:
			hint = "Click a card of your Raiding Party."
		case len(t.c.discard) > 0:
			hint = "Click a card from the discard pile."
		}
		return st.Prompt, hint
	}
	switch v.Phase {
	case rn.PhaseDeploy:
		n := len(ownParty(v)) + 1
		return "Deploy card " + strconv.Itoa(n) + " of 3", "Click a card in your hand to put it face-down at the right end of your Raiding Party."
	case rn.PhaseActions:
		hint := "Click a card of your Raiding Party to withdraw, reinforce or inspire with it, or pass."
		if len(t.c.party) == 0 {
			hint = "Nothing in your Raiding Party can act: pass when you are ready."
		}
		return "Your turn", hint
	}
	return "Your decision", ""
}

// buttonText is the wording of a labelled button.
func (t *table) buttonText(a rules.Action) string {
	switch a.Kind {
	case rn.KindGive:
		if len(a.Args) == 1 {
			if a.Args[0] == t.v.Seat {
				return "Keep the First Player token"
			}
			return "Give the First Player token to " + t.name(a.Args[0])
		}
	case rn.KindPass:
		if len(a.Args) == 0 {
			return "Pass"
		}
	}
	return a.String()
}

// confirmPass is the selection that asks whether to pass with the God
// still unused.
const confirmPass = -1

// passForfeitsGod says a is Ragnarok's pass while the player could still
// invoke their God: passing ends their round and the God goes unused.
func (t *table) passForfeitsGod(a rules.Action) bool {
	if a.Kind != rn.KindPass || len(a.Args) != 0 {
		return false
	}
	for _, b := range t.c.buttons {
		if b.Kind == rn.KindInvoke {
			return true
		}
	}
	return false
}

// tray lists the actions of the selected card of the viewer's Party, or
// asks to confirm a pass that gives up the God.
func (t *table) tray() app.UI {
	if t.b.sel == confirmPass {
		return t.confirmPassTray()
	}
	pos := t.b.sel - 1
	party := ownParty(t.v)
	acts := t.c.party[pos]
	if pos < 0 || pos >= len(party) || len(acts) == 0 || len(acts) == 1 && t.v.Step != nil {
		return nil // no such card, or one that acts at a click (partyCard): no menu
	}
	glory := 0
	if sv := seatView(t.v, t.v.Seat); sv != nil {
		glory = sv.Glory
	}
	what := "face-down card"
	if c := party[pos].Card; c != nil {
		what = c.Name
	}
	items := make([]app.UI, 0, len(acts)+2)
	items = append(items, ui.Span("rn-sub", "Your "+what+", position "+strconv.Itoa(pos+1)+":"))
	for _, a := range acts {
		items = append(items, ui.ActionButton(a, trayText(a, glory), ""))
	}
	// And the card's actions the rules close, with why.
	var closed []rules.Refusal
	for _, r := range t.p.Refused {
		if len(r.Action.Args) > 0 && r.Action.Args[0] == pos {
			closed = append(closed, r)
		}
	}
	if len(closed) > 0 {
		items = append(items, ui.Refusals(closed))
	}
	items = append(items, ui.CancelPick(&t.b.sel))
	return ui.Div("rn-tray", items...)
}

// confirmPassTray asks once before a pass that leaves the God unused.
func (t *table) confirmPassTray() app.UI {
	var pass, invoke *rules.Action
	for i, a := range t.c.buttons {
		switch {
		case t.passForfeitsGod(a):
			pass = &t.c.buttons[i]
		case a.Kind == rn.KindInvoke:
			invoke = &t.c.buttons[i]
		}
	}
	if pass == nil {
		return nil
	}
	god := "your God"
	if sv := seatView(t.v, t.v.Seat); sv != nil && sv.God != nil {
		god = sv.God.Name
	}
	items := []app.UI{
		ui.Span("rn-sub", "You have not invoked "+god+". If you pass now, its power is lost for this game."),
		ui.ActionButton(*pass, "Pass anyway", ""),
	}
	if invoke != nil {
		items = append(items, ui.ActionButton(*invoke, "Invoke "+god+" first", "primary"))
	}
	items = append(items, ui.CancelPick(&t.b.sel))
	return ui.Div("rn-tray rn-confirm", items...)
}

// hand draws the viewer's hand, sorted by colour; cards that take an
// action now are buttons.
func (t *table) hand() app.UI {
	v := t.v
	if v.Seat < 0 {
		return nil
	}
	cards := sortedHand(v.Hand)
	items := make([]app.UI, len(cards))
	for i, c := range cards {
		l := faceLook(c, nil, "")
		if a, ok := t.c.hand[c.ID]; ok {
			items[i] = t.actCard(l, a)
		} else {
			items[i] = l.show()
		}
	}
	return ui.Hand("rn-hand", items)
}
