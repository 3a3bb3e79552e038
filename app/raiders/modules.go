package raiders

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	rd "longhall/rules/raiders"
)

// The modules' parts of the table, drawn only when their module is on:
// the Mead Hall with its face-up townsfolk, the quests on the board and
// the reputation tiles (Hall of Heroes); the Jarls met in a raid (Fields
// of Fame); and each player's tiles and draft.

// questAt returns the quest tile on raid space i, if any.
func (t *table) questAt(i int) (int, bool) {
	for _, q := range t.v.Quests {
		if q[0] == i {
			return q[1], true
		}
	}
	return 0, false
}

// meadHall draws the Mead Hall: its row of townsfolk with what each slot
// adds, the quests open on the board, and the reputation tiles.
func (t *table) meadHall() app.UI {
	if !t.v.Heroes {
		return nil
	}
	row := make([]app.UI, 0, len(t.v.Hall))
	for slot, id := range t.v.Hall {
		if id < 0 {
			row = append(row, ui.Div("rd-card rd-done", ui.Span("", "empty")))
			continue
		}
		// What the slot adds first: it is what tells the cards apart.
		c := card(id)
		body := append([]app.UI{c[0], ui.Span("rd-bonus", slotBonus(slot))}, c[1:]...)
		text := cardText(id)
		if a, ok := t.c.hall[slot]; ok {
			row = append(row, described(ui.Control(a, "rd-card rd-can", "", body...), a.String()).Title(text).Attr(ui.Text, text))
		} else {
			row = append(row, app.Div().Class("rd-card").Title(text).Attr(ui.Text, text).Body(body...))
		}
	}
	quests := make([]app.UI, 0, len(t.v.Quests)+1)
	for _, sq := range t.v.Quests {
		body := []app.UI{ui.Strong(rd.SpaceName(sq[0])), ui.Small("rd-need", questText(sq[1]))}
		if a, ok := t.c.quests[sq[0]]; ok {
			quests = append(quests, described(ui.Control(a, "rd-tile rd-can", "", body...), a.String()))
		} else {
			quests = append(quests, ui.Div("rd-tile", body...))
		}
	}
	quests = append(quests, ui.Div("rd-stack", ui.Span("", rules.Count(t.v.QuestStack, "quest")+" to come")))
	reps := make([]app.UI, 0, len(t.v.RepRow))
	for _, tile := range t.v.RepRow {
		r := tile - len(rd.Quests)
		rep := rd.Reputations[r]
		body := []app.UI{ui.Strong("Reputation"), ui.Small("rd-need", rd.RepText[rep.Need]+" · "+strconv.Itoa(rep.PerTile)+" VP a tile")}
		if a, ok := t.c.reps[r]; ok {
			reps = append(reps, described(ui.Control(a, "rd-tile rd-can", "", body...), a.String()))
		} else {
			reps = append(reps, ui.Div("rd-tile", body...))
		}
	}
	return ui.Section("rd-hall", "The Mead Hall", ui.Heading("rd-h", "Mead Hall"),
		ui.Div("rd-row rd-hallrow", row...),
		subheading("Quests"), ui.Div("rd-row", quests...),
		app.If(len(reps) > 0, func() app.UI { return ui.Div("rd-reps", subheading("Reputation"), ui.Div("rd-row", reps...)) }),
	)
}

// slotBonus says what a Mead Hall slot adds to its card.
func slotBonus(slot int) string {
	b := rd.MeadRowBonus[slot]
	if b == [2]int{} {
		return "newest"
	}
	return "+" + rd.RewardWords(rd.Reward{Silver: b[0], Mead: b[1]})
}

// questText writes a quest: its strength, reward and VP a tile.
func questText(q int) string {
	qu := rd.Quests[q]
	return strconv.Itoa(qu.Need) + " strength of cards → " + rd.RewardWords(qu.Reward) + " · " + strconv.Itoa(qu.PerTile) + " VP a tile"
}

// tiles draws a player's quest and reputation tiles in the order taken:
// the rightmost sets the VP of each.
func (t *table) tiles(tiles []int) app.UI {
	if len(tiles) == 0 {
		return nil
	}
	items := make([]app.UI, len(tiles))
	for i, tile := range tiles {
		what := "quest"
		if tile >= len(rd.Quests) {
			what = "reputation"
		}
		class := "rd-pc rd-tilechip"
		if i == len(tiles)-1 {
			class += " rd-last"
		}
		items[i] = ui.Span(class, what+" "+strconv.Itoa(rd.TileVP(tile))+" VP/tile")
	}
	vp := rd.TileVP(tiles[len(tiles)-1]) * len(tiles)
	return ui.Div("rd-tiles", append(items, ui.Span("rd-l", "= "+strconv.Itoa(vp)+" VP"))...)
}

// encounter draws the Jarls met in the raid in progress and what the
// raider chose for each.
func (t *table) encounter() app.UI {
	e := t.v.Encounter
	if e == nil || t.v.Raid == nil {
		return nil
	}
	jarls := make([]app.UI, len(e.Jarls))
	for i, j := range e.Jarls {
		choice := "to decide"
		if i < len(e.Choice) && e.Choice[i] >= 0 {
			choice = choiceNames[e.Choice[i]]
		}
		kill := rd.Jarls[rd.KindOf(j)-rd.FirstJarl].Kill
		jarls[i] = app.Div().Class("rd-card rd-jarl").Title(cardText(j)).Attr(ui.Text, cardText(j)).Body(append(card(j),
			ui.Small("rd-town", "Kill: "+rules.Count(rd.Kinds[rd.KindOf(j)].Strength+1, "wound")+", "+strconv.Itoa(rd.KillFame)+" fame, "+rd.RewardWords(kill)),
			ui.Span("rd-choice", choice))...)
	}
	return ui.Section("rd-encounter", "Jarls met", ui.Strong(t.name(t.v.Raid.Seat)+" meets Jarls: kills, then subdues, then flights"), ui.Div("rd-row", jarls...))
}

var choiceNames = [...]string{"kill", "subdue", "flee (−1 fame)", "flee (−1 VP)"}

// drafted says what the viewer has drafted so far.
func (t *table) drafted() app.UI {
	d := t.v.Draft
	if len(d) == 0 {
		return nil
	}
	what := [...]string{"Hiring the ", "passing left the ", "passing right the "}
	s := ""
	for i, c := range d {
		if s != "" {
			s += "; "
		}
		s += what[i] + rd.Kinds[rd.KindOf(c)].Name
	}
	return ui.Para("rd-drafted", s)
}
