package raiders

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	rd "longhall/rules/raiders"
)

// described gives a control that shows words (a card, a building, a
// space, a tile) what clicking does as its description: it is named by
// what it shows, as shown (WCAG 2.5.3, label in name: a voice-control
// user says "click Armourer"), and what says what clicking does ("Return
// your Armourer to the deck").
func described(el app.HTMLButton, what string) app.HTMLButton { return el.Aria("description", what) }

// subheading is a settlement's title (the common builders are ui.Span,
// ui.Div and their kin).
func subheading(text string) app.UI { return app.H3().Class("rd-sub").Text(text) }

// stat is a labelled number.
func stat(label string, n int) app.UI {
	return ui.Spans("rd-stat", ui.Span("rd-n", strconv.Itoa(n)), ui.Span("rd-l", label))
}

// counted is a number of things counted by the piece, its noun agreeing
// with it ("1 card", "2 cards").
func counted(noun string, n int) app.UI { return stat(rules.Plural(n, noun), n) }

// card draws a townsfolk card (or a Jarl): its name, strength and cost,
// and both abilities.
func card(id int) []app.UI { return woundedCard(id, 0) }

// woundedCard draws a card with its wounds, if any.
func woundedCard(id, wounds int) []app.UI {
	k := rd.KindOf(id)
	kind := rd.Kinds[k]
	head := kind.Name
	if kind.Hero {
		head += " ★"
	}
	num := "strength " + strconv.Itoa(kind.Strength) + " · cost " + strconv.Itoa(kind.Cost)
	if rd.IsJarl(id) {
		num = "strength " + strconv.Itoa(kind.Strength) + " · subdue: " + strconv.Itoa(kind.Cost) + " silver"
	}
	body := []app.UI{ui.Strong(head), ui.Span("rd-num", num)}
	if wounds > 0 {
		body = append(body, ui.Span("rd-wounds", rules.Count(wounds, "wound")+": strength "+strconv.Itoa(kind.Strength-wounds)))
	}
	body = append(body, ui.Small("rd-crew", rd.KindText[k][0]))
	if t := rd.KindText[k][1]; t != "" {
		body = append(body, ui.Small("rd-town", "Town Hall: "+t))
	}
	return body
}

// cardText is a card's whole text in one line, for its title.
func cardText(id int) string {
	k := rd.KindOf(id)
	kind := rd.Kinds[k]
	s := kind.Name + " (strength " + strconv.Itoa(kind.Strength) + ", cost " + strconv.Itoa(kind.Cost) + "): " + rd.KindText[k][0]
	if t := rd.KindText[k][1]; t != "" {
		s += " Town Hall: " + t
	}
	return s
}

// cardEl is a card, as a control when it takes an action.
func (t *table) cardEl(id int, actions map[int]app.UI, class string) app.UI {
	if c, ok := actions[id]; ok {
		return c
	}
	text := cardText(id)
	return app.Div().Class(class).Title(text).Attr(ui.Text, text).Body(card(id)...)
}

// controls makes the card controls of a choice map, wounds shown.
func controls(m map[int]rules.Action, class string, wounds map[int]int) map[int]app.UI {
	out := make(map[int]app.UI, len(m))
	for id, a := range m {
		text := cardText(id)
		out[id] = described(ui.Control(a, class+" rd-can", "", woundedCard(id, wounds[id])...), a.String()).Title(text).Attr(ui.Text, text)
	}
	return out
}

// player draws one player's panel: resources, tracks, worker, crew and
// offerings.
func (t *table) player(s int) app.UI {
	pv := t.v.Players[s]
	class := "rd-player"
	if s == t.v.Turn && t.p.Result == nil {
		class += " rd-turn"
	}
	if s == t.v.Seat {
		class += " rd-me"
	}
	crew := make([]app.UI, 0, len(pv.Crew))
	wounds := map[int]int{}
	for _, w := range pv.Wounds {
		wounds[w[0]] = w[1]
	}
	var ctl map[int]app.UI
	if s == t.v.Seat {
		ctl = controls(t.c.crew, "rd-card", wounds)
	}
	for _, id := range pv.Crew {
		if c, ok := ctl[id]; ok {
			crew = append(crew, c)
		} else {
			crew = append(crew, app.Div().Class("rd-card").Title(cardText(id)).Attr(ui.Text, cardText(id)).Body(woundedCard(id, wounds[id])...))
		}
	}
	offVP := 0
	for _, o := range pv.Offerings {
		offVP += rd.Offerings[o].VP
	}
	title := t.name(s)
	if s == t.v.Start {
		title += " · start player"
	}
	return app.Section().Class(class).Aria("label", t.name(s)).Attr("data-seat", s).Attr(ui.Ref, "seat"+strconv.Itoa(s)).Body(
		ui.Div("rd-who", ui.Strong(title), worker(pv.Worker), ui.Span("rd-vp", strconv.Itoa(pv.VP)+" VP")),
		ui.Div("rd-stats", t.stats(pv, offVP)...),
		t.tiles(pv.Tiles),
		app.If(len(crew) > 0, func() app.UI { return ui.Div("rd-crewrow", crew...) }),
		app.If(t.p.Seat == rules.Everyone, func() app.UI { return t.revealed(pv) }),
	)
}

// revealed is what a player holds hidden, in the view of everything
// (rules.Everyone): the hand, and at the set-up the cards dealt and drafted.
func (t *table) revealed(pv rd.PlayerView) app.UI {
	rows := make([]app.UI, 0, 3)
	for i, ids := range [3][]int{pv.Cards, pv.Dealt, pv.Drafted} {
		if i == 0 || len(ids) > 0 {
			cards := make([]app.UI, len(ids))
			for j, id := range ids {
				cards[j] = t.cardEl(id, nil, "rd-card")
			}
			rows = append(rows, ui.Revealed([3]string{"Hand", "Dealt", "Drafted"}[i], cards))
		}
	}
	return ui.Div("rd-revealed", rows...)
}

// stats lists a player's numbers: the modules' only when they are on.
func (t *table) stats(pv rd.PlayerView, offVP int) []app.UI {
	out := []app.UI{
		stat("silver", pv.Silver), counted("provision", pv.Provisions), stat("gold", pv.Gold),
		stat("iron", pv.Iron), stat("livestock", pv.Livestock), stat("armour", pv.Armour),
		counted("Valkyrie", pv.Valkyrie), counted("card", pv.Hand),
		stat(rules.Plural(len(pv.Offerings), "offering")+" ("+strconv.Itoa(offVP)+" VP)", len(pv.Offerings)),
	}
	if t.v.Heroes {
		out = append(out, stat("mead", pv.Mead))
	}
	if t.v.Fame {
		out = append(out, stat("fame", pv.Fame), counted("Jarl token", pv.Jarls))
	}
	return out
}

// hand draws the viewer's hand, or the five dealt at the set-up.
func (t *table) hand() app.UI {
	ids := t.v.Hand
	if len(t.v.Dealt) > 0 {
		ids = t.v.Dealt
	}
	ctl := controls(t.c.hand, "rd-card", nil)
	cards := make([]app.UI, len(ids))
	for i, id := range ids {
		cards[i] = t.cardEl(id, ctl, "rd-card")
	}
	class := "rd-hand"
	if len(ctl) == 0 {
		class += " rd-quiet" // nothing to do with the hand: a phone shows it small
	}
	return ui.Hand(class, cards)
}

// raid draws the raid in progress or the last one: the dice (rerollable
// ones as controls) and the strength term by term.
func (t *table) raid() app.UI {
	r := t.v.Raid
	if r == nil {
		return nil
	}
	mead := t.v.Step.Kind == rd.StepMead
	dice := make([]app.UI, len(r.Dice))
	for i, d := range r.Dice {
		switch a, ok := t.c.dice[i]; {
		case ok:
			dice[i] = ui.Control(a, "rd-die rd-can", a.String(), app.Text(strconv.Itoa(d)))
		case mead:
			dice[i] = ui.Span("rd-die", "?") // not rolled yet
		default:
			dice[i] = ui.Span("rd-die", strconv.Itoa(d))
		}
	}
	var terms []app.UI
	for _, term := range r.Terms {
		if !mead || term[0] != rd.TermDice {
			terms = append(terms, ui.Span("rd-term", termNames[term[0]]+" "+strconv.Itoa(term[1])))
		}
	}
	summary := t.name(r.Seat) + " raided " + rd.SpaceName(r.Space)
	total := "strength " + strconv.Itoa(r.Strength) + ": " + strconv.Itoa(r.VP) + " VP, +" + strconv.Itoa(r.Bonus) + " from the crew"
	if t.live() != nil {
		summary = t.name(r.Seat) + " is raiding " + rd.SpaceName(r.Space)
		total = "strength " + strconv.Itoa(r.Strength) + " with these dice"
		if mead {
			total = "strength " + strconv.Itoa(r.Strength) + " before the dice"
		}
	}
	body := []app.UI{ui.Strong(summary), ui.Spans("rd-dice", dice...)}
	if len(terms) > 0 {
		body = append(body, ui.Spans("rd-terms", terms...), ui.Span("rd-total", total))
	}
	return ui.Section("rd-lastraid", "The raid", body...)
}

// live is the raid under way while its raider chooses mead or rerolls:
// its strength is the one as it stands. Nil otherwise.
func (t *table) live() *rd.Raid {
	if k := t.v.Step.Kind; k == rd.StepMead || k == rd.StepReroll {
		return t.v.Raid
	}
	return nil
}

// stakes is the line above the raider's mead or reroll choice: the
// strength as it stands against the raided space's thresholds. Before the
// roll: "Strength 6 before 2 dice (2–12): 10→2 VP · 14→3 VP"; with the
// dice: "Strength 11 (dice 7, armour 0, crew 4): 2 VP now · 14 for 3 VP
// (3 more)". Non-breaking spaces keep each part whole when it wraps.
func (t *table) stakes() app.UI {
	r := t.live()
	if r == nil || t.v.Step.Seat != t.v.Seat || len(t.p.Legal) == 0 {
		return nil
	}
	if d := len(r.Dice); t.v.Step.Kind == rd.StepMead {
		dice := "dice"
		if d == 1 {
			dice = "die"
		}
		line := fmt.Sprintf("Strength %d before %d\u00a0%s\u00a0(%d–%d):", r.Strength, d, dice, d, 6*d)
		for i, th := range rd.Spaces[r.Space].Thresholds {
			if i > 0 {
				line += " ·"
			}
			line += fmt.Sprintf(" %d→%d\u00a0VP", th[0], th[1])
		}
		return ui.Para("rd-stakes", line)
	}
	line := fmt.Sprintf("Strength %d (", r.Strength)
	for i, term := range r.Terms {
		if i > 0 {
			line += ", "
		}
		line += fmt.Sprintf("%s\u00a0%d", termNames[term[0]], term[1])
	}
	line += fmt.Sprintf("): %d\u00a0VP\u00a0now", rd.ThresholdVP(r.Space, r.Strength))
	if need, vp, ok := rd.NextThreshold(r.Space, r.Strength); ok {
		line += fmt.Sprintf(" · %d\u00a0for\u00a0%d\u00a0VP\u00a0(%d\u00a0more)", need, vp, need-r.Strength)
	} else {
		line += ", the most"
	}
	return ui.Para("rd-stakes", line)
}

// thresholdClass marks a threshold (by its VP) of the space being raided:
// the one its strength reaches, or the next.
func thresholdClass(r *rd.Raid, vp int) string {
	if vp == rd.ThresholdVP(r.Space, r.Strength) {
		return "rd-th rd-got"
	}
	if _, next, _ := rd.NextThreshold(r.Space, r.Strength); vp == next {
		return "rd-th rd-next"
	}
	return "rd-th"
}

var termNames = [...]string{"dice", "armour", "crew", "Armourer", "Barbarian", "Brynjar", "Folke", "Ragnhildr", "wounds", "mead", "Reveller", "Sigrun"}

// scores draws the final scores term by term.
func (t *table) scores() app.UI {
	if len(t.v.Scores) == 0 {
		return nil
	}
	rows := make([]app.UI, len(t.v.Scores))
	for s, sc := range t.v.Scores {
		terms := []app.UI{ui.Strong(t.name(s)),
			stat("raids", sc.Raids), stat("Valkyrie", sc.Valkyrie), stat("armour", sc.Armour),
			stat("offerings", sc.Offerings), stat("crew", sc.Crew), stat("plunder", sc.Plunder)}
		if t.v.Heroes {
			terms = append(terms, stat("quests", sc.Quests))
		}
		if t.v.Fame {
			terms = append(terms, stat("fame", sc.Fame), stat("Jarls", sc.Jarls))
		}
		rows[s] = ui.Div("rd-scorerow", append(terms, stat("total", sc.Total))...)
	}
	return ui.Section("rd-scores", "Final scores", ui.Heading("rd-h", "Final scores"), ui.Div("rd-scoretable", rows...))
}
