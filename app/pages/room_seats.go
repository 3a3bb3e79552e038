package pages

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/rules"
)

// seats is the lobby before the start and the players' strip after: who
// sits where, whether each is connected, ready, or a bot, and the buttons
// for what this player may change.
func (p *roomPage) seats(started bool) app.UI {
	v := p.view
	l, me := v.Snap.Lobby, v.Snap.Seat
	title := "Seats"
	if g, err := rules.Lookup(l.Game); err == nil {
		title = g.Info().Name + ": seats"
	}
	allSet := true
	for _, s := range l.Seats {
		if s.Kind == online.SeatEmpty || (s.Kind == online.SeatHuman && !s.Ready && !s.Host) {
			allSet = false
		}
	}
	return app.Section().ID("seats").Class("panel seats-panel").Aria("labelledby", "seats-title").Body(
		app.H2().ID("seats-title").Text(title),
		app.Ol().Class("lobby").Body(app.Range(l.Seats).Slice(func(i int) app.UI {
			return p.seat(l.Seats[i], me, started)
		})),
		p.options(started),
		p.successorField(),
		app.P().ID("spectators").Class("hint").Text(spectators(l.Spectators, me == rules.Spectator && v.Snap.Joined)),
		app.If(!started && p.guest != nil && me >= 0, func() app.UI {
			ready := l.Seats[me].Ready
			// Handlers read the room when clicked: go-app keeps the first
			// closure of a literal, with whatever it captured then.
			return app.Div().Class("row").Body(
				app.Button().ID("ready").Class(ifElse(ready, "button", "button primary")).
					Text(ifElse(ready, "Not ready yet", "I am ready")).
					OnClick(func(ctx app.Context, e app.Event) { p.try(p.guest.Ready(!p.myReady())) }),
				app.Button().ID("stand").Class("button quiet").Text("Just watch").
					OnClick(func(ctx app.Context, e app.Event) { p.try(p.guest.Stand()) }),
			)
		}),
		app.If(!started && p.host != nil, func() app.UI {
			return app.Button().ID("start").Class("button primary").Disabled(!allSet).Text("Start the game").
				OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.Start()) })
		}),
		app.If(started && p.host != nil && v.Snap.State != nil && v.Snap.State.Result == nil, func() app.UI {
			paused := v.Snap.Paused != nil
			return app.Button().ID("pause").Class("button quiet").Text(ifElse(paused, "Resume the game", "Pause the game")).
				OnClick(func(ctx app.Context, e app.Event) {
					p.try(p.host.SetPaused(p.view.Snap.Paused == nil, "The host will be back shortly."))
				})
		}),
	)
}

// options shows the game's options: the host may change them until the
// start (a module turned on, say); everyone else reads them.
func (p *roomPage) options(started bool) app.UI {
	l := p.view.Snap.Lobby
	g, err := rules.Lookup(l.Game)
	if err != nil || len(g.Info().Options) == 0 && !expires(g) {
		return nil
	}
	opts := g.Info().Options
	cfg := rules.Config{Options: l.Options}
	if p.host == nil || started {
		return app.Div().Class("room-options").Body(
			app.Ul().ID("room-options").Class("room-options").Body(
				app.Range(opts).Slice(func(i int) app.UI {
					return app.Li().Text(opts[i].Label + ": " + cfg.Option(opts[i]))
				}),
				app.If(expires(g), func() app.UI { return app.Li().ID("answer-time").Text(answerWords(g, l.AnswerTime)) }),
			),
			p.answerTimeSelect(g),
		)
	}
	return app.Div().ID("room-options").Class("room-options").Body(p.answerTimeSelect(g), app.Range(opts).Slice(func(i int) app.UI {
		o := opts[i]
		return app.Div().Class("option").Body(
			app.Label().For("room-opt-"+o.Key).Text(o.Label),
			app.Select().ID("room-opt-"+o.Key).OnChange(func(ctx app.Context, e app.Event) {
				p.try(p.host.SetOption(o.Key, ctx.JSSrc().Get("value").String()))
			}).Body(app.Range(o.Choices).Slice(func(j int) app.UI {
				return app.Option().Value(o.Choices[j]).Selected(cfg.Option(o) == o.Choices[j]).Text(o.Choices[j])
			})),
		)
	}))
}

// answerChoices are the times to answer a host may set, in seconds.
var answerChoices = []int{0, 15, 30, 60}

// answerTimeSelect lets the host set the time to answer (a reaction, a
// defence), at any time; nil for others and for games whose answers never
// time out.
func (p *roomPage) answerTimeSelect(g rules.Game) app.UI {
	if p.host == nil || !expires(g) {
		return nil
	}
	return answerTimeField("room-answer-time", g, p.view.Snap.Lobby.AnswerTime, func(n int) { p.try(p.host.SetAnswerTime(n)) })
}

// answerTimeField chooses a time to answer among answerChoices, now
// chosen: a room's lobby and a game's set-up on one device offer it alike.
func answerTimeField(id string, g rules.Game, now int, set func(seconds int)) app.UI {
	return app.Div().Class("option").Body(
		app.Label().For(id).Text("Time to answer ("+g.Info().Timeout+" when it runs out)"),
		app.Select().ID(id).OnChange(func(ctx app.Context, e app.Event) {
			if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
				set(n)
			}
		}).Body(app.Range(answerChoices).Slice(func(i int) app.UI {
			n := answerChoices[i]
			return app.Option().Value(strconv.Itoa(n)).Selected(n == now).Text(answerChoice(n))
		})),
	)
}

func answerChoice(n int) string {
	if n == 0 {
		return "no limit"
	}
	return fmt.Sprintf("%d seconds", n)
}

// answerWords says the room's time to answer, and what happens then.
func answerWords(g rules.Game, seconds int) string {
	if seconds == 0 {
		return "Time to answer: no limit"
	}
	return fmt.Sprintf("Time to answer: %d seconds, then %s", seconds, g.Info().Timeout)
}

// expires says whether a game's prompts may time out.
func expires(g rules.Game) bool { return g.Info().Timeout != "" }

// myReady says whether this player's seat is marked ready now.
func (p *roomPage) myReady() bool {
	l, me := p.view.Snap.Lobby, p.view.Snap.Seat
	return l != nil && me >= 0 && int(me) < len(l.Seats) && l.Seats[me].Ready
}

// seatScope names a seat's occupant for its buttons' handlers, so that a
// handler is replaced when the seat changes hands (go-app keeps a handler
// whose scope and code are unchanged, with the values it captured).
func seatScope(s online.SeatStatus) string {
	return fmt.Sprint(s.Seat, s.Kind, s.Member)
}

func (p *roomPage) seat(s online.SeatStatus, me rules.Seat, started bool) app.UI {
	who, state := seatWords(s, me, started)
	cls := "seat " + strings.ReplaceAll(state, " ", "-")
	return app.Li().ID(fmt.Sprintf("seat-%d", s.Seat)).Class(cls).Attr("data-state", state).Body(
		app.Span().Class("dot").Aria("hidden", true),
		app.Span().Class("who").Text(who),
		app.Span().Class("state").Text(state),
		app.If(!started && p.guest != nil && s.Kind == online.SeatEmpty && p.view.Link == online.Connected, func() app.UI {
			return app.Button().Class("button quiet").Text("Sit here").
				OnClick(func(ctx app.Context, e app.Event) { p.try(p.guest.Sit(s.Seat)) }, app.EventScope(seatScope(s)))
		}),
		app.If(p.host != nil && !s.Host, func() app.UI { return p.seatControls(s, started) }),
	)
}

// seatControls are the host's: fill an empty seat with a bot, empty a
// bot's seat, remove a player (a bot takes over after the start).
func (p *roomPage) seatControls(s online.SeatStatus, started bool) app.UI {
	switch {
	case s.Kind == online.SeatEmpty:
		return app.Button().Class("button quiet").ID(fmt.Sprintf("bot-%d", s.Seat)).Text("Add a bot").
			OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.SetBot(s.Seat, true)) }, app.EventScope(seatScope(s)))
	case s.Kind == online.SeatBot && !started:
		return app.Span().Class("seat-controls").Body(
			botLevel(fmt.Sprintf("bot-level-%d", s.Seat), s.Level, func(level string) { p.try(p.host.SetBotLevel(s.Seat, level)) }),
			app.Button().Class("button quiet").Text("Remove bot").
				OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.SetBot(s.Seat, false)) }, app.EventScope(seatScope(s))),
		)
	case s.Kind == online.SeatHuman && started && !s.Connected:
		return app.Button().Class("button quiet").Text("Let a bot play").
			OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.SetBot(s.Seat, true)) }, app.EventScope(seatScope(s)))
	case s.Kind == online.SeatHuman && started && p.view.Snap.State != nil && p.view.Snap.State.Result == nil:
		return app.Span().Class("seat-controls").Body(
			app.Button().ID(fmt.Sprintf("handover-%d", s.Seat)).Class("button quiet").Text("Let them host").
				Title("Hand the table to "+s.Name+"'s device, which hosts the game from then on").
				OnClick(func(ctx app.Context, e app.Event) { p.handTo = &s }, app.EventScope(seatScope(s))),
			app.Button().Class("button quiet").Text("Remove").
				OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.Kick(s.Member, "")) }, app.EventScope(seatScope(s))),
		)
	case s.Kind == online.SeatHuman:
		return app.Button().Class("button quiet").Text("Remove").
			OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.Kick(s.Member, "")) }, app.EventScope(seatScope(s)))
	}
	return app.Text("")
}

// botLevel is the choice of a bot's strength, easy or hard.
func botLevel(id, level string, set func(level string)) app.UI {
	return app.Select().ID(id).Class("bot-level").Title("How strongly the bot plays").
		OnChange(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }).Body(
		app.Option().Value(rules.Easy).Selected(level == rules.Easy).Text("Easy"),
		app.Option().Value(rules.Hard).Selected(level == rules.Hard).Text("Hard"),
	)
}
