package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// HandOver hides the table until the right person holds the device: seat,
// called name. undoer, when not empty, is the person who just played and
// may still take their move back before the device goes on (the move is
// not named: everyone may be looking). clock, when not nil, is their time
// to answer, running already.
//
// onReady is scoped by the seat: go-app keeps the handler an element was
// first drawn with while the function is the same, so the button drawn for
// one person and drawn again for another (the table opens on the first
// seat, then the game says the second begins) would hand the device to
// the first, and the screen would ask for the second again, for ever.
func HandOver(seat rules.Seat, name string, onReady app.EventHandler, undoer string, clock *Clock) app.UI {
	return app.Section().Class("handover panel").Aria("labelledby", "handover-title").Body(
		app.H1().ID("handover-title").Text("Pass the device to "+name),
		app.P().Text("Everyone else, look away: the next screen shows "+name+"’s hidden cards."),
		handOverClock(name, clock),
		app.Div().Class("row").Body(
			app.Button().ID("handover-ready").Class("button primary").Text("I am "+name+": show my table").
				OnClick(onReady, app.EventScope("seat", strconv.Itoa(int(seat)))),
			app.If(undoer != "", func() app.UI {
				return app.Button().ID("undo").Class("button").Text("↶ " + undoer + ": take back my move").
					OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(UndoAction) })
			}),
		),
	)
}

// Frame is everything around a board that every table has: whose move it
// is, what just happened, the rules, the log. The local table and the room
// page draw a game the same way through it.
type Frame struct {
	Props   BoardProps
	IsBot   func(rules.Seat) bool
	Version int    // actions applied so far (tests and styles read it)
	Notice  string // why the player's last action was refused
	// Actions are the buttons for the end of the game.
	Actions []app.UI
	// Top holds the page's lines above the status bar (a room's link).
	Top []app.UI
}

// Table draws a board inside its frame, filling the screen: the page's
// lines and the status bar at the top, then the board's Layout (the
// board, the choice, the side column with the log).
func Table(f Frame) app.UI {
	g, ok := LookupGame(f.Props.Game)
	if !ok {
		return app.P().Class("error").Text("This version of Longhall cannot draw this game; update it (reload) and try again.")
	}
	top := f.Top
	if f.Notice != "" {
		top = append(top[:len(top):len(top)], app.P().Class("error").Attr("role", "alert").Text(f.Notice))
	}
	if f.Props.Result != nil && len(f.Actions) > 0 {
		// Between games: the time to take a new version of the app.
		actions := append(f.Actions[:len(f.Actions):len(f.Actions)], &UpdateNotice{})
		top = append(top[:len(top):len(top)], app.Div().ID("after-game").Class("row after-game").Body(actions...))
	}
	return app.Div().ID("table").Class("table").Attr("data-version", f.Version).Body(
		// Always there, empty or not (hidden when empty), so that a notice
		// coming and going does not move the status bar and the board to
		// other places among the table's children, which would draw them
		// anew from nothing.
		app.Div().Class("lh-top").Body(top...),
		StatusBar(f.Props, f.IsBot),
		g.Board(f.Props),
	)
}

// StatusBar says whose decision the table waits for, or who won, and what
// was done last; it holds the way home and the rules. It is opaque and
// stays at the top.
func StatusBar(p BoardProps, isBot func(rules.Seat) bool) app.UI {
	text := statusText(p, isBot)
	var last string
	if n := len(p.Log); n > 0 && len(p.Log[n-1].Lines) > 0 {
		last = p.Log[n-1].Lines[0]
	}
	return app.Div().Class("status").ID("status").Body(
		announce(p, text),
		app.A().Href(Path("/")).Class("status-home").Aria("label", "Longhall, home").Body(
			app.Img().Src(Path("/web/icons/icon.svg")).Alt("").Attr("role", "presentation").Width(28).Height(28),
		),
		app.Div().Class("status-text").Body(
			statusNow(text, yourMove(p)),
			app.If(last != "", func() app.UI {
				return app.P().ID("last-move").Class("status-last").Body(app.Span().Class("status-tag").Text("Last move"), app.Text(" "+last))
			}),
		),
		// The clock and Undo come and go in slots of their own (no box of
		// their own either: display: contents), so that the Rules drawer
		// after them keeps its place and is not drawn anew.
		app.Span().Class("status-slot").Body(app.If(p.Clock != nil && p.Result == nil, func() app.UI { return clockChip(p) })),
		app.Span().Class("status-slot").Body(app.If(p.Undo != "" && p.Result == nil, func() app.UI {
			return app.Button().ID("undo").Class("button status-undo").Title("Take back: "+p.Undo).
				Aria("label", "Take back your last move: "+p.Undo).Text("↶ Undo").
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(UndoAction) })
		})),
		&RulesDrawer{Game: p.Game},
	)
}

// handOverClock says how long the person the device goes to has to
// answer; nothing when no clock runs for them.
func handOverClock(name string, c *Clock) app.UI {
	if c == nil {
		return nil
	}
	left := strconv.Itoa(c.Left)
	return app.Elem("p").Attr("id", "clock").Attr("class", "status-clock").Attr("role", "timer").Attr("data-left", left).
		Text(name + " has " + left + " s left to answer.")
}

// clockChip shows the seconds left to the seat being waited on; the last
// ten are marked.
func clockChip(p BoardProps) app.UI {
	who := nameOf(p.Names, p.Clock.Seat)
	if p.Clock.Seat == p.Seat {
		who = "You"
	}
	cls := "status-clock"
	if p.Clock.Left <= 10 {
		cls += " low"
	}
	return app.Span().ID("clock").Class(cls).Attr("role", "timer").Attr("data-seat", int(p.Clock.Seat)).Attr("data-left", p.Clock.Left).
		Title("Time to answer").Text(fmt.Sprintf("%s: %d s left", who, p.Clock.Left))
}

// announce is what a screen reader says after each move, politely (when
// the reader is done with what it was saying): the last move, with what
// it resolved (a round's end, say: up to three lines), then whose move it
// is now. One region says it all, and only a move changes it: the lines
// on the screen stay quiet, so that nothing is said twice.
func announce(p BoardProps, now string) app.UI {
	var said []string
	if n := len(p.Log); n > 0 {
		lines := p.Log[n-1].Lines
		said = append(said, "Last move: "+strings.TrimSuffix(strings.Join(lines[:min(len(lines), 3)], "; "), ".")+".")
	}
	if len(said) == 0 || !strings.Contains(said[0], now) {
		said = append(said, now) // the result, say, is often the last move's own last line
	}
	return app.Div().ID("announce").Class("visually-hidden").Attr("role", "status").Text(strings.Join(said, " "))
}

// statusNow is the status bar's main line; a phone leaves out who it is
// addressed to (the viewer), for a line less over the board.
func statusNow(text, you string) app.UI {
	line := app.P().Class("status-now")
	if rest, ok := strings.CutPrefix(text, you); ok {
		return line.Body(Span("status-who", you), app.Text(rest))
	}
	return line.Text(text)
}

// yourMove opens the status bar's line when the viewer decides; a phone
// leaves it out (statusNow).
func yourMove(p BoardProps) string { return "Your move, " + nameOf(p.Names, p.Seat) + ": " }

// statusText is the status bar's main line.
func statusText(p BoardProps, isBot func(rules.Seat) bool) string {
	if p.Result != nil {
		// The game's reason names the winner and the deciding tie-break.
		return p.Result.Reason
	}
	if p.Replay {
		var who []string
		for _, pr := range p.Pending {
			if n := nameOf(p.Names, pr.Seat); !containsString(who, n) {
				who = append(who, n)
			}
		}
		switch len(who) {
		case 0:
			return "Replay: the start of the game."
		case 1:
			return "Replay: " + who[0] + " decides next."
		}
		return "Replay: " + rules.And(who) + " decide next."
	}
	var you string
	var people, bots []string
	for _, pr := range p.Pending {
		if pr.Seat == p.Seat {
			you = pr.Text
			continue
		}
		who := nameOf(p.Names, pr.Seat)
		switch {
		case containsString(people, who) || containsString(bots, who):
		case isBot != nil && isBot(pr.Seat):
			bots = append(bots, who)
		default:
			people = append(people, who)
		}
	}
	others := append(append([]string{}, people...), bots...)
	switch {
	case you != "" && len(others) > 0:
		verb := " decides too."
		if len(others) > 1 {
			verb = " decide too."
		}
		return yourMove(p) + you + ". " + rules.And(others) + verb
	case you != "":
		return yourMove(p) + you + "."
	case len(people) == 0 && len(bots) == 1:
		return bots[0] + " is thinking…"
	case len(people) == 0 && len(bots) > 1:
		return rules.And(bots) + " are thinking…"
	case len(others) > 0:
		return "Waiting for " + rules.And(others) + "."
	}
	return ""
}

// GameLog shows the whole game, newest first and numbered by its place in
// the log (1, 2, 3: an action the game tells with the next one, such as
// the first step of a Reinforce, has no entry of its own, and the numbers
// must not skip over it); data-n keeps the action's number in the record.
// The newest is marked. An entry's first line says what its player did,
// any others what followed.
//
// The entries are in the page oldest first and a style puts the newest on
// top: go-app compares a new list with the old one place by place, so a
// list that grows at its end changes one item an action, where one that
// grows at its start would rewrite every item, a cost that grows with the
// game and lands in the players' round trip.
func GameLog(entries []rules.LogEntry) app.UI {
	n := len(entries)
	// Entries are numbered by their place among the actions; a line
	// between them (N 0: who took back what) has no number.
	numbers, actions := make([]int, n), 0
	for i, e := range entries {
		if e.N > 0 {
			actions++
			numbers[i] = actions
		}
	}
	return app.Details().ID("gamelog").Class("log panel").Open(true).Body(
		app.Summary().Text(fmt.Sprintf("Game log (%d)", actions)),
		app.Ol().Body(
			app.Range(entries).Slice(func(i int) app.UI {
				return &logLine{Entry: entries[i], Number: numbers[i], Order: -i, Last: i == n-1}
			}),
		),
	)
}

// logLine is one entry of the game log. It is a component so that an
// update of the table compares each entry's fields and draws again only
// the entries that changed: a whole game's log holds hundreds, and drawing
// every one of them anew at each move grew with the game (a tenth of the
// page's work by the middle of a Raiders game).
type logLine struct {
	app.Compo
	Entry  rules.LogEntry
	Number int // its place among the actions; 0 for a line between them
	Order  int // its CSS order: the newest entry on top
	Last   bool
}

func (l *logLine) Render() app.UI {
	e := l.Entry
	li := app.Li().Attr("data-n", e.N).Style("order", strconv.Itoa(l.Order))
	if e.N > 0 {
		li = li.Attr("value", l.Number)
	} else {
		li = li.Class("aside")
	}
	if l.Last {
		li = li.Class("last")
	}
	if len(e.Lines) == 0 {
		return li
	}
	return li.Body(
		app.Span().Text(e.Lines[0]),
		app.If(len(e.Lines) > 1, func() app.UI {
			rest := e.Lines[1:]
			return app.Ul().Class("then").Body(app.Range(rest).Slice(func(k int) app.UI {
				return app.Li().Text(rest[k])
			}))
		}),
	)
}

func nameOf(names []string, s rules.Seat) string {
	if s >= 0 && int(s) < len(names) {
		return names[s]
	}
	return fmt.Sprintf("Seat %d", s+1)
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
