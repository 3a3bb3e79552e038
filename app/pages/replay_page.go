package pages

import (
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
)

// replayPage watches a game record move by move: the game's own board,
// with no controls, for one seat's view at the chosen move, and the log up
// to it; a bar above the status line steps, jumps, chooses the view and
// saves the record. It reads its record from a local save (?save=ID) or
// from a slot this device keeps (?slot=NAME, see watchRecord).
type replayPage struct {
	app.Compo
	r       *replayer
	choices []rules.Seat // the views this device may choose
	seat    rules.Seat   // the chosen one (rules.Everyone: everything shown)
	err     string       // why there is nothing to watch
	notice  string       // why the last step or the save failed
	props   ui.BoardProps
}

func (p *replayPage) OnNav(ctx app.Context) {
	ui.MarkClient(ctx)
	if !app.IsClient {
		return // the record lives in the browser
	}
	q := ctx.Page().URL().Query()
	h, err := loadHandoff(ctx.LocalStorage(), q.Get("slot"), q.Get("save"))
	var r *replayer
	if err == nil {
		r, err = replayRecord(h.Record)
	}
	p.r, p.err = r, ""
	if err != nil {
		p.err = err.Error()
		return
	}
	p.choices = seatChoices(len(h.Record.Seats), r.ended, h.See)
	p.seat = firstChoice(p.choices)
	ctx.Page().SetTitle("Replay · Longhall")
	ui.ScrollToTop()
	p.show(0)
}

// show moves to move n (clamped) and draws the chosen view of it once.
func (p *replayPage) show(n int) {
	r := p.r
	p.notice = ""
	if err := r.Seek(n); err != nil {
		p.notice = err.Error()
	}
	viewer := r.Viewer(p.seat)
	view, err := r.ViewJSON(viewer)
	if err != nil {
		p.notice = err.Error()
	}
	seats := r.rec.SeatsAt(r.n)
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	p.props = ui.BoardProps{
		Game:    r.rec.Game,
		Seat:    viewer,
		Names:   names,
		View:    view,
		Pending: r.cur.Pending(),
		Result:  r.cur.Result(),
		Log:     r.Log(viewer),
		Replay:  true,
	}
}

func (p *replayPage) Render() app.UI {
	if p.r == nil {
		msg := p.err
		if msg == "" {
			msg = "Setting up the replay…"
		}
		return ui.Page("table", ui.Heading("", "Replay"), elem("p", "id", "replay-error", "class", "error").Text(msg),
			elem("a", "class", "button", "href", ui.Path("/")).Text("Back to the hall"))
	}
	seats := p.r.rec.SeatsAt(p.r.n)
	return ui.Page("table", ui.Table(ui.Frame{
		Props:   p.props,
		IsBot:   func(s rules.Seat) bool { return s >= 0 && int(s) < len(seats) && seats[s].Bot },
		Version: p.r.n,
		Notice:  p.notice,
		Top:     []app.UI{p.bar()},
	}))
}

// replayButtons are the bar's buttons, in order (press knows them by their
// place): id, text, what they do.
var replayButtons = [...][3]string{
	{"replay-start", "|◀", "To the start"},
	{"replay-back", "◀", "Back one move"},
	{"replay-forward", "▶", "Forward one move"},
	{"replay-end", "▶|", "To the end"},
	{"replay-save", "Save", "Save the record"},
}

// bar is the replay's controls: to the start, back, forward, to the end
// (longhall.js presses them for Home, ←, → and End), save, the slider to
// any move, where it is, and whose view.
func (p *replayPage) bar() app.UI {
	n, total := p.r.n, p.r.Len()
	items := make([]app.UI, 0, len(replayButtons)+3)
	for i, b := range replayButtons {
		off := strconv.FormatBool(n == [...]int{0, 0, total, total, -1}[i])
		items = append(items, elem("button", "type", "button", "id", b[0], "class", "button", "aria-label", b[2], "title", b[2],
			"disabled", off, "value", strconv.Itoa(i)).Text(b[1]).On("click", p.press))
	}
	options := make([]app.UI, len(p.choices))
	for i, s := range p.choices {
		label := "Public view"
		switch {
		case s == rules.Everyone:
			label = "Everything shown"
		case s >= 0:
			label = p.r.rec.Seats[s].Name
		}
		options[i] = elem("option", "value", strconv.Itoa(int(s)), "selected", strconv.FormatBool(s == p.seat)).Text(label)
	}
	at, all := strconv.Itoa(n), strconv.Itoa(total)
	return elem("div", "id", "replay-bar", "class", "replay-bar", "role", "group", "aria-label", "Replay", "data-seat", strconv.Itoa(int(p.seat))).Body(append(items,
		elem("input", "id", "replay-slider", "type", "range", "max", all, "value", at, "aria-label", "Move").On("input", p.pick),
		elem("span", "class", "replay-move").Text(at+" / "+all),
		elem("select", "id", "replay-seat", "aria-label", "Whose view").On("change", p.pick).Body(options...),
	)...)
}

// press handles the bar's buttons: their value says which. It reads the
// move at the click (go-app keeps a place's first handler, so none may
// hold the move it was drawn at).
func (p *replayPage) press(ctx app.Context, _ app.Event) {
	switch i, _ := strconv.Atoi(ctx.JSSrc().Get("value").String()); i {
	case 4:
		if err := saveRecordFile(p.r.rec); err != nil {
			p.notice = err.Error()
		}
	default:
		p.show([...]int{0, p.r.n - 1, p.r.n + 1, p.r.Len()}[min(max(i, 0), 3)])
	}
}

// pick handles the slider (a move) and the views (a seat).
func (p *replayPage) pick(ctx app.Context, _ app.Event) {
	v, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	switch {
	case err != nil:
	case ctx.JSSrc().Get("id").String() == "replay-slider":
		p.show(v)
	case slices.Contains(p.choices, rules.Seat(v)):
		p.seat = rules.Seat(v)
		p.show(p.r.n)
	}
}

// elem is an element with its attributes given as name, value pairs: one
// call, where a chain of go-app's setters costs code for each one in the
// wasm (see ui/html.go).
func elem(tag string, attrs ...string) app.HTMLElem {
	e := app.Elem(tag)
	for i := 0; i+1 < len(attrs); i += 2 {
		e = e.Attr(attrs[i], attrs[i+1])
	}
	return e
}
