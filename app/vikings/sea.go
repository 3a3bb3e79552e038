package vikings

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	vk "longhall/rules/vikings"
)

// sea draws the map: a grid of spaces, each with the ways out of it, what
// it holds and the longships on it; the corners are the war camps.
func (t *table) sea() app.UI {
	cells := make([]app.UI, 0, vk.Size*vk.Size)
	spaceAt := map[[2]int]int{}
	for i, sp := range vk.Spaces {
		spaceAt[[2]int{sp.Row, sp.Col}] = i
	}
	// A picked Jörmungandr Stirs moves the monster to a space: the spaces
	// are its controls.
	if c, actions := t.picked(); c >= 0 && vk.KindOf(c) == vk.Stirs {
		for _, a := range actions {
			if a.Kind == vk.KindEvent { // its sail (the card's wind) stays in the menu
				t.c.spaces[a.Args[1]] = a
			}
		}
	}
	// The ways the viewer's longship may go now (sail or row), drawn on
	// the spaces it would reach, so the choice shows on the sea.
	ways := map[[2]int]string{}
	if me := t.v.Seat; me >= 0 && me < len(t.v.Players) && t.v.Players[me].Ship >= 0 {
		ship := vk.Spaces[t.v.Players[me].Ship]
		for _, a := range t.p.Legal {
			d := -1
			switch {
			case a.Kind == vk.KindRow && len(a.Args) == 1:
				d = a.Args[0]
			case a.Kind == vk.KindSail && len(a.Args) == 2:
				d = a.Args[1]
			}
			if d >= 0 && d < 4 {
				step := [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}[d]
				ways[[2]int{ship.Row + step[0], ship.Col + step[1]}] = arrows[d]
			}
		}
	}
	// The coordinates the log uses ("row 6, column 7") along the edges.
	cells = append(cells, ui.Span("vk-coord", ""))
	for c := range vk.Size {
		cells = append(cells, ui.Span("vk-coord", strconv.Itoa(c+1)))
	}
	for r := range vk.Size {
		cells = append(cells, ui.Span("vk-coord", strconv.Itoa(r+1)))
		for c := range vk.Size {
			i, ok := spaceAt[[2]int{r, c}]
			if !ok {
				cells = append(cells, t.camp(r, c))
				continue
			}
			cells = append(cells, t.space(i, ways[[2]int{r, c}]))
		}
	}
	return app.Section().Class("vk-sea").Aria("label", "The northern sea").Body(cells...)
}

// camp draws the war camp in a corner: whose it is and its daughters.
func (t *table) camp(r, c int) app.UI {
	colour := -1
	for k, rc := range vk.Camps {
		if rc == [2]int{r, c} {
			colour = k
		}
	}
	body := []app.UI{cellLabel(colour, " camp")}
	for _, pv := range t.v.Players {
		if pv.Colour == colour {
			body = append(body, ui.Span("vk-campcount", strconv.Itoa(len(pv.Camp))+"/3"))
		}
	}
	return app.Div().Class("vk-cell vk-campcell vk-c"+strconv.Itoa(colour)).Attr(ui.ColourAttr, vk.ColourNames[colour]).Attr(ui.Ref, "camp"+strconv.Itoa(colour)).Body(body...)
}

// cellLabel names a camp, harbour or village by its colour's mark and
// word, then more words; on a phone the words hide and the mark stays.
func cellLabel(k int, more string) app.UI {
	name := vk.ColourNames[k]
	return app.Small().Class("vk-l").Body(ui.ColourMark(name), ui.Span("vk-lw", name+more))
}

// space draws one sea space; way is the arrow of the viewer's longship's
// way there, if it may go there now.
func (t *table) space(i int, way string) app.UI {
	sp := vk.Spaces[i]
	class := "vk-cell"
	colour := "" // a harbour's or village's
	var body []app.UI
	switch sp.Kind {
	case vk.Harbour:
		class += " vk-harbour vk-c" + strconv.Itoa(sp.Colour)
		colour = vk.ColourNames[sp.Colour]
		body = append(body, cellLabel(sp.Colour, " harbour"))
	case vk.Village:
		class += " vk-village vk-c" + strconv.Itoa(sp.Colour)
		colour = vk.ColourNames[sp.Colour]
		body = append(body, cellLabel(sp.Colour, " village · "+strconv.Itoa(t.v.Daughters[sp.Colour])))
	}
	for d, ok := range sp.Dirs {
		if !ok {
			class += " vk-no" + strconv.Itoa(d)
		}
	}
	// The arrow of the way there only points: the space's control says
	// where the longship goes.
	if way != "" {
		body = append(body, app.Span().Class("vk-way").Title("Your longship may go here").Aria("hidden", true).Text(way))
	}
	if t.v.Monster == i {
		// The word where it fits (vikings.css); on a phone's sea, whose
		// spaces are narrower than the word at 11 px, a skull, the word
		// still there for a screen reader.
		body = append(body, app.Span().Class("vk-monster").Title("The sea monster").Body(
			app.Span().Class("vk-monster-word").Text("monster"),
			app.Span().Class("vk-monster-mark").Aria("hidden", true).Text("☠")))
		class += " vk-monstercell"
	}
	ships := false
	for s, pv := range t.v.Players {
		if pv.Ship == i {
			ships = true
			// The disc shows the colour's mark and the player's initial;
			// screen readers hear whose longship it is, and its colour.
			label, c := t.name(s), vk.ColourNames[pv.Colour]
			body = append(body, app.Span().Class("vk-ship vk-c"+strconv.Itoa(pv.Colour)).Attr(ui.ColourAttr, c).Body(
				ui.ColourMark(c), app.Text(initial(label)), app.Span().Class("visually-hidden").Text(", "+label+"'s "+c+" longship")))
		}
	}
	// A bare space has no colour: go-app drops the empty attribute.
	ref := "sp" + strconv.Itoa(i)
	if a, ok := t.c.spaces[i]; ok {
		// A space that shows words (its harbour or village, the
		// monster, a longship's letter) is named by them; a bare one by
		// where sailing there goes.
		if sp.Kind == vk.Harbour || sp.Kind == vk.Village || t.v.Monster == i || ships {
			return described(ui.Control(a, class+" vk-can", "", body...), a).Attr(ui.ColourAttr, colour).Attr(ui.Ref, ref)
		}
		return ui.Control(a, class+" vk-can", a.String(), body...).Attr(ui.ColourAttr, colour).Attr(ui.Ref, ref)
	}
	return app.Div().Class(class).Title(vk.SpaceName(i)).Attr(ui.ColourAttr, colour).Attr(ui.Ref, ref).Body(body...)
}

// initial is a player's first letter, for a longship's token.
func initial(name string) string {
	for _, r := range name {
		return string(r)
	}
	return "?"
}

// stack draws the stack being answered, top first, and the last roll.
func (t *table) stack() app.UI {
	v := t.v
	if len(v.Stack) == 0 && v.Roll == nil {
		return nil
	}
	var items []app.UI
	for i := len(v.Stack) - 1; i >= 0; i-- {
		e := v.Stack[i]
		class := "vk-entry"
		state := ""
		resolved := len(v.Stack)-1-i < v.Resolve
		switch {
		case e.Cancelled:
			class += " vk-cancelled"
			state = " · cancelled"
		case resolved:
			class += " vk-resolved"
			state = " · resolved"
		}
		items = append(items, ui.Div(class, ui.Span("", vk.EntryWords(e, t.name)+state)))
	}
	var roll app.UI
	if r := v.Roll; r != nil {
		mod := ""
		if r.Mod > 0 {
			mod = " + " + strconv.Itoa(r.Mod)
		} else if r.Mod < 0 {
			mod = " − " + strconv.Itoa(-r.Mod)
		}
		against := "the sea monster"
		if r.Target >= 0 {
			against = t.name(r.Target)
		}
		roll = ui.Para("vk-roll", t.name(r.Seat)+" against "+against+": die "+strconv.Itoa(r.Die)+mod+" = "+strconv.Itoa(r.Total)+outcome(r.Total))
	}
	title := "The stack (top first)"
	if len(v.Stack) == 0 {
		title = "The last roll"
	}
	return ui.Section("vk-stack", title, ui.Heading("vk-h", title), ui.Div("vk-entries", items...), roll)
}

// outcome says what a roll's total means.
func outcome(total int) string {
	switch {
	case total >= vk.Decisive:
		return ": a decisive victory"
	case total >= vk.Success:
		return ": success"
	}
	return ": failure"
}
