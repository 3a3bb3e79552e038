package rednorth

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	rn "longhall/rules/rednorth"
)

// report shows the last Resolution the way the book's example walks
// through it: the Parties revealed, then per colour every player's raid
// points, who won (or why nobody did), the Glory handed out, and the
// tokens collected. It is open until the next Player Actions begin; the
// player may close or reopen it.
func (t *table) report() app.UI {
	r := t.v.Report
	if r == nil {
		return nil
	}
	open := t.v.Phase != rn.PhaseActions
	key := strconv.Itoa(r.Round) + "/" + strconv.FormatBool(open)
	if t.b.reportKey == key {
		open = t.b.reportOpen
	}
	title := roundTitle(r.Round) + " resolved"
	head := app.Button().Type("button").Class("rn-report-toggle").Aria("expanded", open).
		OnClick(t.b.onReport(key, !open), app.EventScope(key, open)).Body(
		ui.Span("rn-report-title", title),
		ui.Span("rn-report-sum", t.reportSummary(r)),
	)
	var body app.UI
	if open {
		body = ui.Div("rn-report-body",
			t.revealed(r),
			t.battles(r),
			t.tokens("rn-report-tokens", r.FirstPlayer, r.TieBreaker, r.Champion),
		)
	}
	class := "rn-report panel parchment"
	if open {
		class += " rn-open"
	}
	return app.Section().ID("rn-report").Class(class).Attr("data-round", r.Round).Aria("label", title).Body(head, body)
}

// announce tells the player, in their own area, that a round has just
// been resolved and what it scored; the full report is at the top of the
// table, and the button takes them there.
func (t *table) announce() app.UI {
	r := t.v.Report
	if r == nil || t.v.Phase == rn.PhaseActions || t.v.Phase == rn.PhaseOver {
		return nil
	}
	key := strconv.Itoa(r.Round) + "/true"
	return app.Div().ID("rn-announce").Class("rn-announce").Attr("role", "status").Body(
		ui.Strong(roundTitle(r.Round)+" resolved: "),
		app.Text(t.reportSummary(r)+". "),
		app.Button().Type("button").Class("button quiet rn-see").Text("See the report").
			OnClick(func(ctx app.Context, e app.Event) {
				t.b.reportKey, t.b.reportOpen = key, true
				ctx.ScrollTo("rn-report")
			}, app.EventScope(key)),
	)
}

// onReport opens or closes the Resolution panel.
func (b *Board) onReport(key string, open bool) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		b.reportKey, b.reportOpen = key, open
	}
}

func roundTitle(r int) string {
	switch r {
	case rn.Spring:
		return "Spring"
	case rn.Summer:
		return "Summer"
	case rn.Ragnarok:
		return "Ragnarok"
	}
	return "Round " + strconv.Itoa(r)
}

// reportSummary is the one line under the panel's title: VP scored.
func (t *table) reportSummary(r *rn.Report) string {
	var parts []string
	for s, vp := range r.VP {
		if vp > 0 {
			parts = append(parts, t.name(s)+" +"+strconv.Itoa(vp)+" VP")
		}
	}
	if len(parts) == 0 {
		return "Nobody scored"
	}
	return strings.Join(parts, " · ")
}

// revealed shows every Raiding Party as turned face-up in step A.
func (t *table) revealed(r *rn.Report) app.UI {
	rows := make([]app.UI, 0, len(r.Parties))
	for s, party := range r.Parties {
		cards := make([]app.UI, len(party))
		for i, pc := range party {
			cards[i] = partyLook(pc, " rn-mini").show()
		}
		if len(cards) == 0 {
			cards = append(cards, ui.Span("rn-empty", "no cards"))
		}
		rows = append(rows, app.Li().Body(ui.Span("rn-rname", t.name(s)), ui.Spans("rn-minis", cards...)))
	}
	return ui.Div("rn-revealed",
		subheading("A · Raiding Parties revealed"),
		list("rn-rlist", rows),
	)
}

// battles is the table of raid points per colour and player (steps B and
// C), with the VP, Glory and cards each player took.
func (t *table) battles(r *rn.Report) app.UI {
	n := len(r.Parties)
	if n == 0 && len(r.Colours) > 0 {
		n = len(r.Colours[0].Points)
	}
	rows := make([]app.UI, 0, len(r.Colours)+4)
	head := make([]app.UI, 0, n+2)
	head = append(head, cell("rn-rc rn-rcolhead", "columnheader", app.Text("Outpost")))
	for s := range n {
		head = append(head, cell("rn-rc rn-rhead", "columnheader", app.Text(t.name(s))))
	}
	head = append(head, cell("rn-rc rn-rout", "columnheader", app.Text("Outcome")))
	rows = append(rows, row("rn-rrow rn-rtop", "", head))
	for _, cr := range r.Colours {
		cells := make([]app.UI, 0, n+2)
		// The Outpost in its colour, named with the colour's mark and word.
		outpost := app.Span().Class("rn-rc rn-rcol c-"+cr.Colour).Attr("role", "rowheader").Attr(ui.ColourAttr, cr.Colour).
			Body(app.Text(cr.Outpost), app.Small().Body(ui.ColourMark(cr.Colour), app.Text(cr.Colour)))
		cells = append(cells, outpost)
		for s := range n {
			cells = append(cells, battleCell(cr, s))
		}
		cells = append(cells, cell("rn-rc rn-rout", "cell", app.Text(outcomeText(cr, t.name))))
		rows = append(rows, row("rn-rrow", cr.Colour, cells))
	}
	rows = append(rows, t.totalRow("VP scored", r.VP, "+", " VP"))
	rows = append(rows, t.totalRow("Glory taken", r.Glory, "+", ""))
	if slices.ContainsFunc(r.Draws, func(d int) bool { return d > 0 }) {
		rows = append(rows, t.totalRow("Cards drawn", r.Draws, "+", ""))
	}
	return ui.Div("rn-battles",
		subheading("B–D · Raid points, Outposts, Glory and tokens"),
		app.Div().Class("rn-rtable rn-n"+strconv.Itoa(n)).Attr("role", "table").Aria("label", "Raid points per colour").Body(rows...),
	)
}

// battleCell is one player's raid points in one colour.
func battleCell(cr rn.ColourReport, s int) app.UI {
	at := func(list []int) int {
		if s < len(list) {
			return list[s]
		}
		return 0
	}
	pts := at(cr.Points)
	class := "rn-rc rn-rpts"
	if cr.Winner == s {
		class += " rn-rwin"
	}
	if pts == 0 && !(s < len(cr.Fought) && cr.Fought[s]) {
		class += " rn-rnone"
	}
	body := []app.UI{ui.Strong(strconv.Itoa(pts))}
	if o := at(cr.Outposts); o > 0 {
		body = append(body, ui.Small("", "incl. +"+strconv.Itoa(o)+" Outpost"))
	}
	if slices.Contains(cr.Glory, s) {
		body = append(body, ui.Small("rn-rglory", "+1 Glory"))
	}
	return cell(class, "cell", body...)
}

func (t *table) totalRow(what string, by []int, sign, unit string) app.UI {
	cells := make([]app.UI, 0, len(by)+2)
	cells = append(cells, cell("rn-rc rn-rcolhead", "rowheader", app.Text(what)))
	for _, n := range by {
		text := "–"
		if n > 0 {
			text = sign + strconv.Itoa(n) + unit
		}
		cells = append(cells, cell("rn-rc rn-rpts", "cell", app.Text(text)))
	}
	cells = append(cells, cell("rn-rc rn-rout", "cell"))
	return row("rn-rrow rn-rsum", "", cells)
}

// result is the end of the game: the winner, everyone's final VP and the
// tie-break that decided, if one did.
func (t *table) result() app.UI {
	res := t.p.Result
	if res == nil {
		res = t.v.Result
	}
	if res == nil {
		return nil
	}
	var won []string
	for _, s := range res.Winners {
		won = append(won, t.name(int(s)))
	}
	title := "Ragnarok is over"
	switch len(won) {
	case 0:
	case 1:
		title += ". Winner: " + won[0]
	default:
		title += ". Winners: " + rules.And(won)
	}
	order := make([]int, len(res.Scores))
	for i := range order {
		order[i] = i
	}
	// Winners first, then by VP; an insertion sort for at most four seats.
	key := func(s int) int { return rank(res, s)*1000 + res.Scores[s] }
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && key(order[j]) > key(order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	rows := make([]app.UI, len(order))
	for i, s := range order {
		class := "rn-final-row"
		if rank(res, s) > 0 {
			class += " rn-winner"
		}
		extra := ""
		if sv := seatView(t.v, s); sv != nil {
			extra = strconv.Itoa(sv.Glory) + " Glory unused · " + rules.Count(sv.HandCount, "card") + " in hand"
		}
		rows[i] = app.Li().Class(class).Body(
			ui.Span("rn-final-name", t.name(s)),
			ui.Span("rn-final-vp", strconv.Itoa(res.Scores[s])+" VP"),
			ui.Small("", extra),
		)
	}
	return ui.Section("rn-result panel parchment", "The result",
		ui.Heading("rn-result-title", title),
		ui.Para("rn-reason", res.Reason),
		list("rn-final", rows),
	)
}

// rank is 1 for a winner, 0 for the others.
func rank(res *rules.Result, s int) int {
	if slices.Contains(res.Winners, rules.Seat(s)) {
		return 1
	}
	return 0
}
