package pages

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"
	"longhall/rules"
)

// gamePage shows one game's rules summary and sets up a local game.
type gamePage struct {
	app.Compo
	game    rules.Game
	seats   []rules.SeatInfo
	options map[string]string
	answer  int // the time to answer, in seconds (0: no limit)
	err     string
	// A room across devices: how many seats, and why it could not open.
	roomPlayers int
	roomErr     string
}

func (p *gamePage) OnNav(ctx app.Context) {
	ui.MarkClient(ctx)
	id := strings.Trim(strings.TrimPrefix(ui.AppPath(ctx.Page().URL().Path), gamePath), "/")
	// Only a game with a board is playable here (see ui.Register).
	_, playable := ui.LookupGame(id)
	g, err := rules.Lookup(id)
	if !playable || err != nil {
		p.game, p.err = nil, "There is no game called “"+id+"” here."
		return
	}
	p.game, p.err = g, ""
	p.options, p.answer = map[string]string{}, 0
	ctx.Page().SetTitle("%s · Longhall", g.Info().Name)
	// The log speaks of players in the third person, so the default is a
	// name, not "You".
	me := ui.PlayerName(ctx)
	if me == "" {
		me = "Player 1"
	}
	p.setPlayers(g.Info().MinPlayers, me)
	// The same default as the local set-up: the smallest table.
	p.roomPlayers = g.Info().MinPlayers
}

// setPlayers resizes the table, keeping the seats already chosen.
func (p *gamePage) setPlayers(n int, me string) {
	for len(p.seats) < n {
		i := len(p.seats)
		if i == 0 {
			p.seats = append(p.seats, rules.SeatInfo{Name: me})
			continue
		}
		p.seats = append(p.seats, rules.SeatInfo{Name: online.BotName(i, rules.Easy), Bot: true})
	}
	p.seats = p.seats[:n]
}

func (p *gamePage) Render() app.UI {
	if p.game == nil {
		return ui.Page("game", app.H1().Text("Game not found"), app.P().Text(p.err),
			app.A().Class("button").Href(ui.Path("/")).Text("Back to the hall"))
	}
	info := p.game.Info()
	return ui.Page("game",
		app.H1().Text(info.Name),
		app.P().Class("lead").Text(info.Pitch),
		app.P().Class("facts").Body(
			app.Span().Text(players(info)),
			app.Span().Text(fmt.Sprintf("%d–%d min", info.Minutes[0], info.Minutes[1])),
		),
		app.Div().Class("columns").Body(
			app.Section().ID("setup").Class("panel").Aria("labelledby", "setup-title").Body(
				app.H2().ID("setup-title").Text("Set up a game on this device"),
				p.renderSetup(info),
			),
			app.Section().ID("online").Class("panel").Aria("labelledby", "online-title").Body(
				app.H2().ID("online-title").Text("Play with friends on their own devices"),
				p.renderRoomSetup(info),
			),
			app.Section().ID("rules").Class("panel parchment").Aria("labelledby", "rules-title").Body(
				app.H2().ID("rules-title").Text("The rules in brief"),
				app.Range(info.Summary).Slice(func(i int) app.UI { return app.P().Text(info.Summary[i]) }),
			),
		),
	)
}

func (p *gamePage) renderSetup(info rules.Info) app.UI {
	return app.Form().Class("setup").OnSubmit(p.start).Body(
		app.Label().For("players").Text("Players"),
		app.Select().ID("players").OnChange(p.choosePlayers).Body(
			app.Range(make([]int, info.MaxPlayers-info.MinPlayers+1)).Slice(func(i int) app.UI {
				n := info.MinPlayers + i
				return app.Option().Value(strconv.Itoa(n)).Selected(n == len(p.seats)).Text(fmt.Sprintf("%d players", n))
			}),
		),
		app.Ol().Class("seats").Body(
			app.Range(p.seats).Slice(func(i int) app.UI { return p.renderSeat(i) }),
		),
		app.Range(info.Options).Slice(func(i int) app.UI {
			o := info.Options[i]
			return app.Div().Class("option").Body(
				app.Label().For("opt-"+o.Key).Text(o.Label),
				app.Select().ID("opt-"+o.Key).OnChange(func(ctx app.Context, e app.Event) {
					p.options[o.Key] = ctx.JSSrc().Get("value").String()
				}).Body(app.Range(o.Choices).Slice(func(j int) app.UI {
					return app.Option().Value(o.Choices[j]).Selected(p.options[o.Key] == o.Choices[j]).Text(o.Choices[j])
				})),
				app.If(o.About != "", func() app.UI { return app.P().Class("hint option-about").Text(o.About) }),
			)
		}),
		app.If(expires(p.game), func() app.UI {
			return answerTimeField("answer-time", p.game, p.answer, func(n int) { p.answer = n })
		}),
		app.P().Class("hint").Text("Hot-seat: people share this device and pass it when the game asks. Bots take any seat."),
		app.If(p.err != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.err) }),
		app.Button().Type("submit").ID("start").Class("button primary").Text("Start the game"),
	)
}

// renderRoomSetup opens a room: the host picks the number of seats, gets
// a link to share, and fills the seats in the lobby (friends or bots).
func (p *gamePage) renderRoomSetup(info rules.Info) app.UI {
	return app.Form().Class("setup").OnSubmit(p.openRoom).Body(
		app.Label().For("room-players").Text("Seats at the table"),
		app.Select().ID("room-players").OnChange(func(ctx app.Context, e app.Event) {
			if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
				p.roomPlayers = n
			}
		}).Body(
			app.Range(make([]int, info.MaxPlayers-info.MinPlayers+1)).Slice(func(i int) app.UI {
				n := info.MinPlayers + i
				return app.Option().Value(strconv.Itoa(n)).Selected(n == p.roomPlayers).Text(fmt.Sprintf("%d players", n))
			}),
		),
		app.P().Class("hint").Text("You host: the game runs in this browser and you get a link to send. Friends open it and sit down; empty seats can take bots."),
		app.If(len(info.Options) > 0, func() app.UI {
			return app.P().Class("hint").Text("The game options chosen in the set-up above apply to the room too; you can still change them in its lobby until the start.")
		}),
		app.If(p.roomErr != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.roomErr) }),
		app.Button().Type("submit").ID("open-room").Class("button primary").Text("Open a room"),
	)
}

func (p *gamePage) openRoom(ctx app.Context, e app.Event) {
	e.PreventDefault()
	name := ui.PlayerName(ctx)
	if name == "" {
		name = "Host"
	}
	rec, err := online.NewHosted(p.game.Info().ID, rules.Config{Players: p.roomPlayers, Options: p.options}, randomSeed(), name, time.Now())
	if err == nil {
		err = online.StoreSaved(ctx.LocalStorage(), rec)
	}
	if err != nil {
		p.roomErr = online.Words(err)
		return
	}
	ctx.Navigate(hostURL(rec.Key()))
}

// hostURL is the host's own address of a room it hosts.
func hostURL(key string) string { return ui.Path(roomPath) + "?host=" + key }

func (p *gamePage) renderSeat(i int) app.UI {
	s := p.seats[i]
	id := fmt.Sprintf("seat-%d", i)
	return app.Li().Class("seat").Body(
		app.Label().For(id+"-kind").Class("visually-hidden").Text(fmt.Sprintf("Seat %d is played by", i+1)),
		app.Select().ID(id+"-kind").OnChange(func(ctx app.Context, e app.Event) {
			kind := ctx.JSSrc().Get("value").String()
			bot, level := kind != "person", rules.Easy
			if kind == "hard" {
				level = rules.Hard
			}
			switch {
			case bot:
				p.seats[i] = rules.SeatInfo{Name: online.BotName(i, level), Bot: true, Level: level}
			case p.seats[i].Bot:
				p.seats[i] = rules.SeatInfo{Name: fmt.Sprintf("Player %d", i+1)}
			}
		}).Body(
			app.Option().Value("person").Selected(!s.Bot).Text("Person"),
			app.Option().Value("bot").Selected(s.Bot && s.Level != rules.Hard).Text("Bot: easy"),
			app.Option().Value("hard").Selected(s.Bot && s.Level == rules.Hard).Text("Bot: hard"),
		),
		app.Label().For(id+"-name").Class("visually-hidden").Text(fmt.Sprintf("Name for seat %d", i+1)),
		app.Input().ID(id+"-name").Type("text").Value(s.Name).MaxLength(ui.MaxNameRunes).
			Disabled(s.Bot).OnInput(func(ctx app.Context, e app.Event) {
			p.seats[i].Name = ctx.JSSrc().Get("value").String()
		}),
	)
}

func (p *gamePage) choosePlayers(ctx app.Context, e app.Event) {
	n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	if err != nil {
		return
	}
	p.setPlayers(n, "Player 1")
}

func (p *gamePage) start(ctx app.Context, e app.Event) {
	e.PreventDefault()
	seats := make([]rules.SeatInfo, len(p.seats))
	for i, s := range p.seats {
		s.Name = ui.CleanName(s.Name)
		if s.Name == "" {
			p.err = fmt.Sprintf("Seat %d needs a name.", i+1)
			return
		}
		seats[i] = s
	}
	id := randomID()
	seed := randomSeed()
	// ?seed=N deals a known game: the same deal again, or a test's.
	if n, err := strconv.ParseUint(ctx.Page().URL().Query().Get("seed"), 10, 64); err == nil {
		seed = n
	}
	g, err := online.NewGame(id, p.game.Info().ID, rules.Config{Options: p.options}, seed, seats, p.answer, time.Now())
	if err == nil {
		err = online.StoreSaved(ctx.LocalStorage(), g)
	}
	if err != nil {
		p.err = online.Words(err)
		return
	}
	ctx.Navigate(tableURL(p.game.Info().ID, id) + paceQuery(ctx))
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func randomID() string {
	var b [6]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
