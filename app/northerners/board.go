// Package northerners draws Northerners' table: the map of land tiles with
// their roads, the villages, Kaupang squares, the Spirit Shaman, blessing
// circles, buildings and figures; the fight or raid being rolled, with the
// face each roll counts as and why; the Loki bar and the Kaupang row; the
// other players' boards; the action bars with their
// costs, the player's own board with what they programmed, and their
// blessings and quests. A square, a bar space or a card with one legal
// action is its control; with several it opens them when picked. A
// placement that brings nothing (or only part) as things stand is marked,
// says why, and asks once before it is made; an explored tile's place,
// picked, shows the tile on the map and offers its turns as small drawings
// of its roads.
package northerners

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	nn "longhall/rules/northerners"
)

// The one registration that makes Northerners playable.
func init() {
	ui.Register(nn.ID, "/web/northerners.css", func(p *ui.Props[nn.View]) app.UI { return &Board{Props: p} })
}

// Board is the table for one seat; the picked square, bar space or card
// is the board's own.
type Board struct {
	app.Compo
	Props *ui.Props[nn.View]

	sel  int    // the pick's key plus one (see pick keys); 0 for none
	seen string // the decision the pick was made in
}

// Pick keys: a square is its id, a bar space pickBar plus its index, a
// card pickCard plus its id.
const (
	pickBar  = 1000
	pickCard = 2000
)

// OnUpdate drops the pick whenever the decision changes.
func (b *Board) OnUpdate(ctx app.Context) { ui.DropStalePick(&b.Props.BoardProps, &b.seen, &b.sel) }

// choices sorts the legal actions onto their controls.
type choices struct {
	picks   map[int][]rules.Action // by pick key: a square's, a bar space's, a card's
	placed  map[int]rules.Action   // resolve [placement]
	buttons []rules.Action
	// warn is what a placement will fall short of as things stand, by
	// ui.ActionKey (the rules' Shortfalls, from the view): its control
	// says so, and asks once before placing.
	warn map[string]string
}

func sortChoices(v *nn.View, legal []rules.Action) choices {
	c := choices{picks: map[int][]rules.Action{}, placed: map[int]rules.Action{}, warn: map[string]string{}}
	for i, w := range v.Shortfalls(legal) {
		if w != "" {
			c.warn[ui.ActionKey(legal[i])] = w
		}
	}
	add := func(key int, a rules.Action) bool {
		c.picks[key] = append(c.picks[key], a)
		return true
	}
	c.buttons = ui.Sort(legal, func(a rules.Action) bool {
		switch a.Kind {
		case nn.KindTile, nn.KindBuild, nn.KindWork, nn.KindVisit, nn.KindAttack, nn.KindCollect:
			return add(a.Args[0], a)
		case nn.KindJarl:
			if v.Seat >= 0 {
				if at := v.Players[v.Seat].JarlAt; at >= 0 {
					return add(at, a)
				}
			}
		case nn.KindAction:
			return add(pickBar+a.Args[0], a)
		case nn.KindCard, nn.KindKeep:
			return add(pickCard+a.Args[0], a)
		case nn.KindResolve:
			c.placed[a.Args[0]] = a
			return true
		}
		return false
	})
	return c
}

// warning is the first shortfall among the actions under key, or "".
func (c choices) warning(key int) string {
	for _, a := range c.picks[key] {
		if w := c.warn[ui.ActionKey(a)]; w != "" {
			return w
		}
	}
	return ""
}

// isPick says whether the control under key opens a menu rather than
// acting: it holds several actions, or one that brings nothing (or only
// part) as things stand, which is asked once.
func (c choices) isPick(key int) bool {
	n := len(c.picks[key])
	return n > 1 || n == 1 && c.warning(key) != ""
}

// table is one render of the board.
type table struct {
	b *Board
	p *ui.BoardProps
	v *nn.View
	c choices
}

func (t *table) name(s int) string { return t.p.Name(rules.Seat(s)) }

// Render draws the table.
func (b *Board) Render() app.UI {
	v := b.Props.V
	t := &table{b: b, p: &b.Props.BoardProps, v: v, c: sortChoices(v, b.Props.Legal)}
	others, self := ui.SeatOrder(len(v.Players), rules.Seat(v.Seat))
	boards := make([]app.UI, len(others))
	for i, s := range others {
		boards[i] = t.player(int(s), false)
	}
	// The action bars belong to the board: the viewer places figures on
	// them.
	return ui.Layout{
		Class:      "nn-board",
		Board:      []app.UI{t.result(), t.fight(), ui.Div("nn-main", t.worldMap(), ui.Div("nn-side", t.lastRolls(), t.loki(), t.kaupang())), t.bars()},
		Choice:     []app.UI{t.menu(), ui.Buttons("nn-buttons", t.c.buttons, nil)},
		Own:        ui.Own(self >= 0, func() []app.UI { return []app.UI{t.player(int(self), true), t.hand()} }),
		OwnSummary: "Your board and hand",
		// The bar spaces say why they are closed: the kit lists nothing.
		Shown:   func(rules.Refusal) bool { return true },
		Players: []app.UI{ui.Div("nn-players", boards...)},
	}.Draw(&b.Props.BoardProps)
}

// menu lists the picked thing's actions: the ways to turn an explored
// tile, a placement's confirmation, or the thing's several actions, each
// with what it falls short of.
func (t *table) menu() app.UI {
	key := t.b.sel - 1
	if t.b.sel == 0 || !t.c.isPick(key) {
		return nil
	}
	actions := t.c.picks[key]
	if t.v.Step.Kind == nn.StepExplore {
		return t.turns(actions)
	}
	if len(actions) == 1 {
		// A placement that brings nothing: asked once.
		a := actions[0]
		return ui.Div("nn-menu nn-confirm", ui.ActionButton(a, "Place anyway: "+t.c.warn[ui.ActionKey(a)], "nn-anyway"), ui.CancelPick(&t.b.sel))
	}
	// A shortfall all the ways share is said once, before them.
	shared := t.c.warn[ui.ActionKey(actions[0])]
	for _, a := range actions[1:] {
		if t.c.warn[ui.ActionKey(a)] != shared {
			shared = ""
		}
	}
	items := make([]app.UI, 0, len(actions)+2)
	if shared != "" {
		items = append(items, ui.Span("nn-warnsay", capital(shared)+":"))
	}
	for _, a := range actions {
		text, class := a.String(), ""
		if w := t.c.warn[ui.ActionKey(a)]; w != "" {
			class = "nn-anyway"
			if shared == "" {
				text += ": " + w
			}
		}
		items = append(items, ui.ActionButton(a, text, class))
	}
	items = append(items, ui.CancelPick(&t.b.sel))
	return ui.Div("nn-menu", items...)
}

// control makes el the control of the actions under key: itself when
// there is one, a pick when there are several or when its one placement
// brings nothing as things stand (marked, and saying so), else a plain
// element, which says why when the rules refuse it now (why).
//
// Its name holds the words it shows, in order (WCAG 2.5.3, label in
// name). When marks is nil the body's words name it (a bar space, a
// blessing: "Fishing W", what a voice-control user reads out) and the
// action is its description; else marks are the letters and words the
// body shows among its signs (a map square's building and figures), and
// its name is them followed by the action. colourName is the colour it
// is told apart by (ui.ColourAttr; its body shows the mark), "" for none
// (go-app writes no empty attribute).
func (t *table) control(key int, class, colourName, title, why string, marks []string, body ...app.UI) app.UI {
	actions := t.c.picks[key]
	ref := "k" + strconv.Itoa(key)
	text, ask := title, strings.TrimSuffix(title, ".")+": choose what to do here."
	if w := t.c.warning(key); w != "" {
		w = " " + capital(w) + "."
		text, ask = strings.TrimSuffix(title, ".")+"."+w, ask+w
		class += " nn-warned"
		body = append(body, app.Span().Class("nn-warnmark").Aria("hidden", true).Text("!"))
	}
	switch {
	case len(actions) == 0:
		el := app.Div().Class(class).Attr(ui.ColourAttr, colourName).Title(text).Attr(ui.Ref, ref).Attr(ui.Text, text)
		if why != "" {
			el = el.Attr(ui.Why, why)
		}
		return el.Body(body...)
	case !t.c.isPick(key):
		a := actions[0]
		el := ui.Control(a, class+" nn-can", "", body...).Attr(ui.ColourAttr, colourName)
		switch {
		case marks == nil:
			el = el.Aria("description", a.String())
		case len(marks) > 0:
			el = el.Aria("label", strings.Join(marks, " ")+": "+a.String())
		default:
			el = el.Aria("label", a.String())
		}
		return el.Title(text).Attr(ui.Ref, ref).Attr(ui.Text, text)
	case len(actions) == 1:
		ask = text // asked once: the menu says what it brings
	}
	if t.b.sel == key+1 {
		class += " nn-sel"
	}
	return ui.Pick(&t.b.sel, key+1, key, class+" nn-can", ask, body...).Attr(ui.ColourAttr, colourName).Attr(ui.Ref, ref).Attr(ui.Text, text)
}

// capital is s with a capital first letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// colour is a colour's class.
func colour(k int) string { return "nn-c" + strconv.Itoa(k) }

// piece is a span drawn in colour k that names it (ui.ColourAttr) and
// shows its mark before text: colour is never the only sign of whose it
// is.
func piece(class string, k int, text string) app.UI {
	return app.Span().Class(class+" "+colour(k)).Attr(ui.ColourAttr, nn.ColourNames[k]).Body(ui.ColourMark(nn.ColourNames[k]), app.Text(text))
}

// result shows the end.
func (t *table) result() app.UI {
	if t.p.Result == nil {
		return nil
	}
	return ui.Section("nn-result", "The result", ui.Strong(t.p.Result.Reason))
}

// loki draws the Loki bar up to the agreed Ragnarok field.
func (t *table) loki() app.UI {
	steps := make([]ui.Step, t.v.Ragnarok+1)
	for i := range steps {
		steps[i].Name = strconv.Itoa(i)
	}
	steps[0].Name = "Loki"
	steps[t.v.Ragnarok].Name = "Ragnarök"
	note := "Round " + strconv.Itoa(t.v.Round+1)
	switch {
	case t.v.Final:
		note = "The last harvests"
	case t.v.Ending:
		note = "The last round"
	}
	return app.Section().Class("nn-loki").Aria("label", "The Loki bar").Body(
		ui.Div("nn-h", ui.Span("", "Loki bar"), ui.Small("nn-l", note)),
		ui.Track("nn-track", "Loki bar", steps, t.v.Loki),
	)
}

// kaupang draws the Kaupang row: each tile's two trades.
func (t *table) kaupang() app.UI {
	tiles := make([]app.UI, 0, len(t.v.KaupangRow))
	for _, k := range t.v.KaupangRow {
		if k < 0 {
			tiles = append(tiles, ui.Div("nn-ktile nn-empty", ui.Small("nn-l", "empty")))
			continue
		}
		tr := nn.KaupangTiles[k]
		tiles = append(tiles, ui.Div("nn-ktile", ui.Small("", nn.TradeWords(tr[0])), ui.Small("nn-or", "or"), ui.Small("", nn.TradeWords(tr[1]))))
	}
	return app.Section().Class("nn-kaupang").Aria("label", "Kaupang tiles").Body(
		ui.Div("nn-h", ui.Span("", "Kaupang"), ui.Small("nn-l", "trades for the Jarl")),
		ui.Div("nn-krow", tiles...))
}
