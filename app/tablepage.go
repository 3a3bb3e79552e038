package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/local"
	"longhall/app/online"
	"longhall/app/ui"
	"longhall/rules"
)

// defaultBotPace is how long a bot seems to think, so people can follow
// what it does. ?pace=MS on the URL changes it (tests use 0).
const defaultBotPace = 600 * time.Millisecond

// pace reads ?pace=MS (0 to 10000), or gives the default.
func pace(q string) time.Duration {
	if ms, err := strconv.Atoi(q); err == nil && ms >= 0 && ms <= 10000 {
		return time.Duration(ms) * time.Millisecond
	}
	return defaultBotPace
}

// tablePage is a local game: hot-seat people and bots on one device.
type tablePage struct {
	app.Compo
	table    *local.Table
	err      string // why the table cannot be shown
	notice   string // why the last action was refused
	pace     time.Duration
	botTimer bool
}

func (p *tablePage) OnNav(ctx app.Context) {
	ui.MarkClient(ctx)
	u := ctx.Page().URL()
	p.pace = pace(u.Query().Get("pace"))
	id := u.Query().Get("save")
	if !local.ValidID(id) {
		p.err = "This link names no saved game. Start one from the game's page."
		return
	}
	t, err := local.Load(ctx.LocalStorage(), id)
	if err != nil {
		p.err = online.Words(err)
		return
	}
	gameID := strings.Trim(strings.TrimPrefix(ui.AppPath(u.Path), tablePath), "/")
	if t.Record.Game != gameID {
		p.err = "This saved game is " + t.Record.Game + ", not " + gameID + "."
		return
	}
	p.table, p.err = t, ""
	ui.ScrollToTop()
	ctx.Page().SetTitle("%s · Longhall", t.Game().Name)
	p.scheduleBots(ctx)
}

func (p *tablePage) OnMount(ctx app.Context) {
	ctx.Handle(ui.ActAction, p.onAct)
}

func (p *tablePage) onAct(ctx app.Context, a app.Action) {
	act, ok := a.Value.(rules.Action)
	if !ok || p.table == nil {
		return
	}
	if err := p.table.Act(act); err != nil {
		p.notice = online.Words(err)
		return
	}
	p.notice = ""
	p.save(ctx)
	p.scheduleBots(ctx)
}

// scheduleBots lets the next bot move after the pace delay, one action at a
// time so the screen shows each step.
func (p *tablePage) scheduleBots(ctx app.Context) {
	if p.botTimer || p.table == nil || len(p.table.BotsToMove()) == 0 {
		return
	}
	p.botTimer = true
	ctx.After(p.pace, func(ctx app.Context) {
		p.botTimer = false
		moved, err := p.table.StepBot()
		if err != nil {
			p.notice = online.Words(err)
			return
		}
		if moved {
			p.save(ctx)
			p.scheduleBots(ctx)
		}
	})
}

func (p *tablePage) save(ctx app.Context) {
	if err := p.table.Store(ctx.LocalStorage(), time.Now()); err != nil {
		p.notice = "The game could not be saved on this device: " + online.Words(err)
	}
}

func (p *tablePage) Render() app.UI {
	if p.table == nil {
		msg := p.err
		if msg == "" {
			msg = "Setting up the table…"
		}
		return ui.Page("table", app.H1().Text("Table"), app.P().Class("error").Text(msg),
			app.A().Class("button").Href(ui.Path("/")).Text("Back to the hall"))
	}
	t := p.table
	if next, ok := t.NeedsHandOver(); ok {
		return ui.Page("table", ui.HandOver(t.Names()[next], func(ctx app.Context, e app.Event) {
			if err := t.HandOver(next); err != nil {
				p.notice = online.Words(err)
			}
		}))
	}
	view, err := t.ViewJSON()
	if err != nil {
		return ui.Page("table", app.P().Class("error").Text("The table cannot be drawn: "+online.Words(err)))
	}
	return ui.Page("table", ui.Table(ui.Frame{
		Props: ui.BoardProps{
			Game:    t.Record.Game,
			Seat:    t.Viewer,
			Names:   t.Names(),
			View:    view,
			Legal:   t.State.Legal(t.Viewer),
			Refused: rules.RefusedOf(t.State, t.Viewer),
			Pending: t.State.Pending(),
			Result:  t.State.Result(),
			Log:     t.Log,
		},
		IsBot:   t.IsBot,
		Version: len(t.Record.Actions),
		Notice:  p.notice,
		Actions: []app.UI{
			app.Button().ID("play-again").Class("button primary").Text("Play again").OnClick(p.playAgain),
			elem("a", "id", "watch-replay", "class", "button", "href", replaySaveURL(t.ID)).Text("Watch the replay"),
			elem("button", "type", "button", "id", "save-record", "class", "button").Text("Save the record").On("click", p.saveRecord),
			app.A().ID("back-to-games").Class("button").Href(ui.Path("/")).Text("Back to the games"),
		},
	}))
}

func (p *tablePage) saveRecord(ctx app.Context, e app.Event) {
	if err := saveRecordFile(*p.table.Record); err != nil {
		p.notice = online.Words(err)
	}
}

// playAgain starts a new game at the same table: the same seats, names and
// options, a new shuffle.
func (p *tablePage) playAgain(ctx app.Context, e app.Event) {
	old := p.table.Record
	t, err := local.New(randomID(), old.Game, rules.Config{Options: old.Config.Options}, randomSeed(), old.Seats)
	if err == nil {
		err = t.Store(ctx.LocalStorage(), time.Now())
	}
	if err != nil {
		p.notice = "A new game could not be set up: " + online.Words(err)
		return
	}
	ctx.Navigate(tableURL(old.Game, t.ID) + paceQuery(ctx))
}

// paceQuery keeps a ?pace= setting across a new game.
func paceQuery(ctx app.Context) string {
	if q := ctx.Page().URL().Query().Get("pace"); q != "" {
		return "&pace=" + q
	}
	return ""
}
