package pages

import (
	"context"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"
	"longhall/rules"
)

// defaultBotPace is how long a bot seems to think, so people can follow
// what it does (online.DefaultBotDelay). ?pace=MS on the URL changes it
// (tests use 0).
const defaultBotPace = online.DefaultBotDelay

// pace reads ?pace=MS (0 to 10000), or gives the default.
func pace(q string) time.Duration {
	if ms, err := strconv.Atoi(q); err == nil && ms >= 0 && ms <= 10000 {
		return time.Duration(ms) * time.Millisecond
	}
	return defaultBotPace
}

// tablePage is a game on one device: people taking turns at one screen,
// and bots. It runs on the same runtime as a room (online.Table) and draws
// the table in the same frame (viewFrame).
type tablePage struct {
	app.Compo
	table  *online.Table
	view   online.View
	err    string // why the table cannot be shown
	notice string // why the page's last click failed
	dirty  atomic.Bool
	live   app.Context
	clock  clock // redraws while a time to answer runs
}

func (p *tablePage) OnNav(ctx app.Context) {
	p.live = ctx
	ui.MarkClient(ctx)
	p.closeTable()
	u := ctx.Page().URL()
	id := u.Query().Get("save")
	if !online.ValidID(id) {
		p.err = "This link names no saved game. Start one from the game's page."
		return
	}
	gameID := strings.Trim(strings.TrimPrefix(ui.AppPath(u.Path), tablePath), "/")
	if s, err := online.LoadGame(ctx.LocalStorage(), id); err == nil && s.Game != gameID {
		p.err = "This saved game is " + s.Game + ", not " + gameID + "."
		return
	}
	t, err := online.OpenTable(context.Background(), ctx.LocalStorage(), id,
		online.TableOptions{BotDelay: pace(u.Query().Get("pace"))}, p.changed)
	if err != nil {
		p.err = online.Words(err)
		return
	}
	p.table, p.err, p.notice, p.view = t, "", "", online.View{}
	if mode := autoPassSetting(ctx); mode != "" {
		t.SetAutoPass(mode)
	}
	ui.ScrollToTop()
	if g, err := rules.Lookup(gameID); err == nil {
		ctx.Page().SetTitle("%s · Longhall", g.Info().Name)
	}
}

func (p *tablePage) OnMount(ctx app.Context) {
	p.live = ctx
	ctx.Handle(ui.ActAction, p.onAct)
	ctx.Handle(ui.UndoAction, func(ctx app.Context, a app.Action) {
		if p.table != nil {
			p.notice = online.Words(p.table.Undo())
		}
	})
	ctx.Handle(ui.PassUntilAction, func(ctx app.Context, a app.Action) {
		if until, ok := a.Value.(string); ok && p.table != nil {
			p.notice = online.Words(p.table.PassUntil(until))
		}
	})
}

func (p *tablePage) OnDismount() { p.closeTable() }

func (p *tablePage) closeTable() {
	if p.table != nil {
		p.table.Close()
		p.table = nil
	}
}

// changed runs on the table's goroutines: it asks the UI goroutine to
// redraw, at most one request at a time.
func (p *tablePage) changed() {
	if !p.dirty.CompareAndSwap(false, true) {
		return
	}
	p.live.Dispatch(func(ctx app.Context) {
		p.dirty.Store(false)
		if p.table != nil {
			p.view = p.table.View()
			p.clock.tick(ctx, func() online.View { return p.view })
		}
	})
}

func (p *tablePage) onAct(ctx app.Context, a app.Action) {
	act, ok := a.Value.(rules.Action)
	if !ok || p.table == nil {
		return
	}
	p.notice = online.Words(p.table.Act(act))
}

func (p *tablePage) Render() app.UI {
	if p.table == nil {
		msg := p.err
		if msg == "" {
			msg = "Setting up the table…"
		}
		return ui.TablePage("table", app.H1().Text("Table"), app.P().Class("error").Text(msg),
			app.A().Class("button").Href(ui.Path("/")).Text("Back to the hall"))
	}
	t := p.table
	if seat, ok := t.Screen(); ok {
		name := t.Seats()[seat].Name
		var clock *ui.Clock
		if s := p.view.Snap.State; s != nil && p.view.Clock != nil && p.view.Clock.Seat == seat {
			if left, ok := p.view.Clock.Left(time.Now(), s.Version); ok {
				clock = &ui.Clock{Seat: seat, Left: left}
			}
		}
		return ui.TablePage("table", ui.HandOver(seat, name, func(ctx app.Context, e app.Event) {
			p.notice = online.Words(t.HandOver(seat))
			p.view = t.View()
		}, t.Undoer(), clock))
	}
	var side []app.UI
	if panel := autoPassPanel(p.live, t.Game(), t.SetAutoPass, t.Shared()); panel != nil {
		side = append(side, panel)
	}
	f, ok := viewFrame(p.view, side)
	if !ok || f.Props.Seat != p.viewing() {
		return ui.TablePage("table", app.P().Class("hint").Text("Setting up the table…"))
	}
	f.Notice = p.view.Notice
	if p.notice != "" {
		f.Notice = p.notice
	}
	f.Actions = []app.UI{
		rematchButton(func(ctx app.Context) { p.notice = online.Words(t.Rematch(randomSeed())) }),
		elem("a", "id", "watch-replay", "class", "button", "href", replaySaveURL(t.Key())).Text("Watch the replay"),
		elem("button", "type", "button", "id", "save-record", "class", "button").Text("Save the record").On("click", p.saveRecord),
		app.A().ID("back-to-games").Class("button").Href(ui.Path("/")).Text("Back to the games"),
	}
	return ui.TablePage("table", ui.Table(f))
}

// viewing is the seat the screen shows.
func (p *tablePage) viewing() rules.Seat {
	seat, _ := p.table.Screen()
	return seat
}

func (p *tablePage) saveRecord(ctx app.Context, e app.Event) {
	rec, err := p.table.Record()
	if err == nil {
		err = saveRecordFile(rec)
	}
	p.notice = online.Words(err)
}

// paceQuery keeps a ?pace= setting from the set-up page to the table and
// across a new game.
func paceQuery(ctx app.Context) string {
	if q := ctx.Page().URL().Query().Get("pace"); q != "" {
		return "&pace=" + q
	}
	return ""
}
