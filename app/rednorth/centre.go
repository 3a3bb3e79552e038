package rednorth

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	rn "longhall/rules/rednorth"
)

// centre draws the middle of the table: the Outposts and the Muster Groups.
func (t *table) centre() app.UI {
	v := t.v
	outposts := make([]app.UI, len(v.Outposts))
	for i, o := range v.Outposts {
		outposts[i] = t.outpost(o)
	}
	var groups app.UI
	if len(v.Groups) > 0 {
		items := make([]app.UI, len(v.Groups))
		for i, g := range v.Groups {
			items[i] = t.group(g)
		}
		groups = app.Div().ID("rn-musters").Class("rn-musters").Body(
			ui.Heading("rn-h", "Muster Groups"),
			ui.Para("rn-sub", "Passing takes one of them into your hand."),
			list("rn-groups", items),
		)
	}
	return ui.Section("rn-centre", "The centre of the table",
		ui.Heading("rn-h", "Outposts"),
		ui.Para("rn-sub", "Each scores "+strconv.Itoa(v.VPPerOutpost)+" VP for its holder in "+v.RoundName+"."),
		list("rn-outposts", outposts),
		groups,
	)
}

// outpost is one Outpost tile in its colour.
func (t *table) outpost(o rn.OutpostView) app.UI {
	owner, ownerClass := "Uncontrolled", "rn-owner"
	if o.Owner >= 0 {
		owner, ownerClass = "Held by "+t.name(o.Owner), "rn-owner rn-held"
	}
	// Its colour's word and mark (the mark its cards show) name the colour.
	return app.Li().Class("rn-outpost c-"+o.Colour).Attr(ui.ColourAttr, o.Colour).Attr(ui.Ref, "op-"+o.Colour).Body(
		ui.Div("rn-op-top",
			ui.Span("rn-op-name", o.Name),
			ui.Span("rn-op-pts", "+"+strconv.Itoa(o.Points)),
		),
		ui.Spans("rn-op-col", ui.ColourMark(o.Colour), app.Text(o.Colour+" Outpost · +"+strconv.Itoa(o.Points)+" raid point")),
		ui.Para("rn-op-power", o.Power),
		ui.Div("rn-op-foot",
			ui.Span("rn-op-vp", strconv.Itoa(t.v.VPPerOutpost)+" VP this round"),
			ui.Span(ownerClass, owner),
		),
	)
}

// group is a Muster Group. The cards under its Hero or God peek out above
// it, value and colour showing, and the Hero or God lies on top.
func (t *table) group(g rn.GroupView) app.UI {
	stack := make([]app.UI, 0, len(g.Cards)+1)
	for _, c := range g.Cards {
		stack = append(stack, faceLook(c, nil, "").show())
	}
	var power app.UI
	switch {
	case g.God != nil:
		stack = append(stack, godLook(*g.God, "").show())
		power = app.P().Class("rn-godpower").Body(ui.Strong(g.God.Name+": "), app.Text(g.God.Power))
	case g.Hero != nil:
		stack = append(stack, faceLook(*g.Hero, nil, "").show())
	}
	var take app.UI
	if a, ok := t.c.groups[g.Index]; ok {
		take = ui.ActionButton(a, "Pass and take this group", "rn-take")
	}
	return app.Li().Class("rn-group").Attr(ui.Ref, "group"+strconv.Itoa(g.N)).Body(
		ui.Span("rn-group-n", "Group "+strconv.Itoa(g.N)),
		ui.Div("rn-stack", stack...),
		power,
		take,
	)
}
