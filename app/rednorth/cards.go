package rednorth

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	rn "longhall/rules/rednorth"
)

// Cards are plain spans (or buttons, when clicking one takes an action)
// dressed by rednorth.css: the colour and kind classes draw the face, the
// back class the knotwork.

// look is what a card shows: its classes, the colour its face shows ("" for
// a Jarl, a God or a back: go-app draws no ui.ColourAttr for it), its whole
// text (its title) and its parts; back is a face-down card, whose face
// shows no words.
type look struct {
	class  string
	colour string
	label  string
	body   []app.UI
	back   bool
}

// faceLook is a card face; pc adds what lies on a Party card.
func faceLook(c rn.CardView, pc *rn.PartyCardView, size string) look {
	pts := strconv.Itoa(c.Points)
	kind := strings.ToUpper(c.Kind[:1]) + c.Kind[1:]
	col := c.Colour
	label := c.Name + ", " + pts + " raid points"
	if c.Kind == "jarl" {
		pts, col = "+1", "adjacent"
		label = "Jarl, +1 to each neighbouring Raider or Hero"
	}
	colour := ""
	if colourRank(c.Colour) < len(colours) {
		colour = c.Colour
	}
	l := look{
		class:  "rn-card c-" + c.Colour + " k-" + c.Kind + size,
		colour: colour,
		body:   []app.UI{corner(pts, colour), emblem(), ui.Span("rn-kind", kind), ui.Span("rn-col", col)},
	}
	if pc != nil {
		l = onCard(l, *pc)
		if pc.HiddenToOthers {
			l.class += " rn-hidden"
			l.label += ", face-down: hidden from the others"
			l.body = append(l.body, ui.Span("rn-hid", "hidden"))
		}
	}
	l.label = label + l.label
	return l
}

// backLook is a face-down card of someone else.
func backLook(pc *rn.PartyCardView, size string) look {
	l := look{class: "rn-card rn-back" + size, body: []app.UI{ui.Span("rn-knot", "")}, back: true}
	if pc != nil {
		l = onCard(l, *pc)
	}
	l.label = "a face-down card" + l.label
	return l
}

// onCard adds the Glory and Champion tokens lying on a Party card.
func onCard(l look, pc rn.PartyCardView) look {
	if pc.Glory > 0 {
		l.body = append(l.body, ui.Span("rn-glory", strconv.Itoa(pc.Glory)))
		l.label += ", " + rules.Count(pc.Glory, "Glory token")
	}
	if pc.Champion {
		l.body = append(l.body, ui.Span("rn-champ", "Champion"))
		l.label += ", with the Champion token (+2 to neighbours)"
	}
	return l
}

// partyLook is a Raiding Party card as the viewer may see it.
func partyLook(pc rn.PartyCardView, size string) look {
	if pc.Card == nil {
		return backLook(&pc, size)
	}
	return faceLook(*pc.Card, &pc, size)
}

// godLook is a God card.
func godLook(g rn.GodView, size string) look {
	return look{
		class: "rn-card k-god" + size,
		label: g.Name + ", God: " + g.Power,
		body:  []app.UI{ui.Span("rn-pts", "God"), emblem(), ui.Span("rn-kind", g.Name)},
	}
}

// show renders a card nobody can click.
func (l look) show() app.UI {
	return app.Span().Class(l.class).Attr(ui.ColourAttr, l.colour).Attr("role", "img").Aria("label", l.label).Title(l.label).Attr(ui.Text, l.label).Body(l.parts()...)
}

// refused renders a card nobody can click that says why the rules close
// it now (why, when not "").
func (l look) refused(why string) app.UI {
	if why == "" {
		return l.show()
	}
	return app.Span().Class(l.class+" rn-refused").Attr(ui.ColourAttr, l.colour).Attr("role", "img").Aria("label", l.label).Title(l.label).
		Attr(ui.Text, l.label).Attr(ui.Why, why).Body(l.parts()...)
}

// parts are the card's parts with a space between each, which the card's
// flex box does not show: a control's name, taken from its words ("2
// Raider green"), keeps them apart.
func (l look) parts() []app.UI {
	out := make([]app.UI, 0, 2*len(l.body))
	for i, p := range l.body {
		if i > 0 {
			out = append(out, app.Text(" "))
		}
		out = append(out, p)
	}
	return out
}

// corner is the value in a card's top corner and, on a card of a colour,
// the colour's mark beside it: a card in a Muster Group shows only its top
// strip, so the mark is there, not only the colour's word at the foot
// (colour is never the only signal). The mark is hidden from screen
// readers: the card's label names its colour ("green Raider").
func corner(pts, colour string) app.UI {
	if colour == "" {
		return ui.Span("rn-pts", pts)
	}
	return app.Span().Class("rn-pts").Body(app.Text(pts), ui.ColourMark(colour))
}

// emblem is the picture in the middle of a card, drawn by CSS.
func emblem() app.UI { return ui.Span("rn-emb", "") }
