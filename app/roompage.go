package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/app/ui"
	"longhall/rules"
)

// roomPage is a room played across devices. The host's address is
// /room/?host=<room key> (the room lives in this device's storage); a
// guest's is the shared link, /room/#r=…&k=…&t=… (the room id and secret
// never reach the web server).
type roomPage struct {
	app.Compo

	host  *online.Hosting
	guest *online.Joining
	view  online.View
	dirty atomic.Bool // a View change waits to be drawn

	// live is the page's own context. Callbacks that outlive the element
	// that started them (the room's redraws, a code being made) dispatch
	// through it: go-app drops a Dispatch whose source has unmounted, and
	// the name form that starts a join unmounts on the next render.
	live app.Context

	fatal     string      // why there is no room to show
	hostKey   string      // the hosted room this page opens, if any
	opening   bool        // claiming the room from the other tabs
	elsewhere bool        // another tab hosts the room
	joinTo    signal.Room // a guest waiting to give a name
	invite    online.Invitation
	nameDraft string
	notice    string // the page's own last problem (copying, a refused click)
	netNote   string // a problem with the network settings
	copied    bool
	chat      string

	// Connecting by hand.
	codeOpen   bool
	codeMine   string // the code this device shows (offer or answer)
	codeTheirs string // the code pasted from the other device
	codeNote   string
	codeBusy   bool
}

func (p *roomPage) OnNav(ctx app.Context) {
	p.live = ctx
	ctx.Page().SetTitle("Room · Longhall")
	if !app.IsClient {
		return
	}
	ui.ScrollToTop()
	p.open(ctx)
}

func (p *roomPage) OnMount(ctx app.Context) {
	p.live = ctx
	ctx.Handle(ui.ActAction, p.onAct)
	ui.MarkClient()
}

func (p *roomPage) OnDismount() { p.closeRoom() }

func (p *roomPage) closeRoom() {
	if p.host != nil {
		p.host.Close()
		p.host = nil
	}
	if p.guest != nil {
		p.guest.Close()
		p.guest = nil
	}
}

// open reads the address and opens the room as its host or as a guest.
func (p *roomPage) open(ctx app.Context) {
	p.closeRoom()
	p.fatal, p.notice = "", ""
	u := ctx.Page().URL()
	cfg, err := online.NetConfig(app.Getenv, ctx.LocalStorage())
	if err != nil {
		p.netNote = err.Error()
	}
	n := online.NetFor(cfg)
	if key := u.Query().Get("host"); key != "" {
		p.hostKey = key
		p.openHost(ctx, n, false)
		return
	}
	rm, err := signal.ParseLink(u.Fragment, time.Now())
	switch {
	case errors.Is(err, signal.ErrStaleLink):
		p.fatal = "This room link is more than 30 days old. Ask the host for a fresh one."
		return
	case errors.Is(err, signal.ErrNotLink) || u.Fragment == "":
		p.fatal = "This address names no room. Open the link the host sent you, or start a room from a game's page."
		return
	case err != nil:
		p.fatal = sentence(strings.TrimPrefix(err.Error(), "signal: "))
		return
	}
	p.invite = online.ReadInvitation(u.Fragment)
	name := ui.PlayerName(ctx)
	if name == "" {
		p.joinTo = rm
		return
	}
	p.join(ctx, rm, name, n)
}

// openHost claims the room for this tab, then opens it from storage. The
// claim asks this browser's other tabs first (see online.ClaimHost), so it
// runs off the UI goroutine.
func (p *roomPage) openHost(ctx app.Context, n online.Net, takeOver bool) {
	p.closeRoom()
	p.elsewhere, p.opening = false, true
	key, pace := p.hostKey, pace(ctx.Page().URL().Query().Get("pace"))
	live := p.live
	live.Async(func() {
		claim, err := online.ClaimHost(context.Background(), key, takeOver)
		live.Dispatch(func(ctx app.Context) {
			p.opening = false
			if errors.Is(err, online.ErrHostedElsewhere) {
				p.elsewhere = true
				return
			}
			if err != nil {
				p.fatal = sentence(strings.TrimPrefix(err.Error(), "online: "))
				return
			}
			rec, err := online.LoadHosted(ctx.LocalStorage(), key)
			if err != nil {
				claim.Release()
				p.fatal = strings.TrimPrefix(err.Error(), "online: ")
				return
			}
			h, err := online.Host(context.Background(), ctx.LocalStorage(), rec, n,
				online.HostOptions{BotDelay: pace, Claim: claim, Logf: func(f string, a ...any) { app.Logf(f, a...) }},
				p.changed)
			if err != nil {
				claim.Release()
				p.fatal = sentence(strings.TrimPrefix(err.Error(), "online: "))
				return
			}
			p.host = h
			p.view = h.View()
			p.setTitle(ctx, rec.Game)
		})
	})
}

// takeOver opens the room here after the tab that hosts it steps down.
func (p *roomPage) takeOver(ctx app.Context, e app.Event) {
	cfg, err := online.NetConfig(app.Getenv, ctx.LocalStorage())
	if err != nil {
		p.netNote = err.Error()
	}
	p.openHost(ctx, online.NetFor(cfg), true)
}

// renderElsewhere tells a host whose room is open in another tab (or has
// moved to one) that a room has one host, and offers to host it here.
func (p *roomPage) renderElsewhere(moved bool) app.UI {
	title, text, button := "This room is open in another tab",
		"A room has one host, and another tab of this browser hosts this one. Play there, or take the room over here: the other tab steps down and the guests follow you.",
		"Take over here"
	if moved {
		title, text, button = "This room moved to another tab",
			"Another tab of this browser took this room over; the game goes on there. Nothing was lost.",
			"Take it back here"
	}
	return app.Section().ID("elsewhere").Class("panel").Attr("role", "alert").Body(
		app.H1().Text(title),
		app.P().Text(text),
		app.Div().Class("row").Body(
			app.Button().ID("take-over").Class("button primary").Text(button).OnClick(p.takeOver),
			app.A().Class("button quiet").Href(ui.Path("/")).Text("Back to the hall"),
		),
	)
}

func (p *roomPage) join(ctx app.Context, rm signal.Room, name string, n online.Net) {
	p.joinTo = signal.Room{}
	p.guest = online.Join(context.Background(), ctx.LocalStorage(), ctx.SessionStorage(), rm, n, name, p.changed)
	p.view = p.guest.View()
}

// changed runs on the room's goroutines: it asks the UI goroutine to
// redraw, at most one request at a time, through the page's own context.
func (p *roomPage) changed() {
	if !p.dirty.CompareAndSwap(false, true) {
		return
	}
	p.live.Dispatch(func(ctx app.Context) {
		p.dirty.Store(false)
		switch {
		case p.host != nil:
			p.view = p.host.View()
		case p.guest != nil:
			p.view = p.guest.View()
		}
		if l := p.view.Snap.Lobby; l != nil {
			p.setTitle(ctx, l.Game)
		}
	})
}

func (p *roomPage) setTitle(ctx app.Context, gameID string) {
	if g, err := rules.Lookup(gameID); err == nil {
		ctx.Page().SetTitle("%s room · Longhall", g.Info().Name)
	}
}

func pace(q string) time.Duration {
	if ms, err := strconv.Atoi(q); err == nil && ms >= 0 && ms <= 10000 {
		return time.Duration(ms) * time.Millisecond
	}
	return defaultBotPace
}

// player is whichever side this device plays.
func (p *roomPage) player() interface {
	Act(rules.Action) error
	Sit(rules.Seat) error
	Stand() error
	Ready(bool) error
	Chat(string) error
} {
	if p.host != nil {
		return p.host
	}
	if p.guest != nil {
		return p.guest
	}
	return nil
}

func (p *roomPage) try(err error) {
	if err != nil {
		p.notice = strings.TrimPrefix(strings.TrimPrefix(err.Error(), "online: "), "session: ")
	} else {
		p.notice = ""
	}
}

func (p *roomPage) onAct(ctx app.Context, a app.Action) {
	act, ok := a.Value.(rules.Action)
	if !ok || p.player() == nil {
		return
	}
	p.try(p.player().Act(act))
}

func (p *roomPage) Render() app.UI {
	switch {
	case p.fatal != "":
		return ui.Page("room", app.H1().Text("Room"),
			app.P().Class("error").Attr("role", "alert").Text(p.fatal),
			app.A().Class("button").Href(ui.Path("/")).Text("Back to the hall"))
	case p.joinTo != signal.Room{}:
		return ui.Page("room", p.renderName())
	case p.elsewhere:
		return ui.Page("room", p.renderElsewhere(false))
	case p.host != nil && p.view.Moved:
		return ui.Page("room", p.renderElsewhere(true))
	case p.host == nil && p.guest == nil:
		return ui.Page("room", app.H1().Text("Room"), app.P().Class("hint").Text("Opening the room…"))
	}
	v := p.view
	started := v.Snap.State != nil
	return ui.Page("room",
		p.renderBanner(),
		app.If(p.notice != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.notice) }),
		app.If(v.Notice != "", func() app.UI {
			return app.P().Class("error").Attr("role", "alert").Text(strings.TrimPrefix(v.Notice, "session: "))
		}),
		app.If(p.netNote != "", func() app.UI { return app.P().Class("hint").Text(p.netNote) }),
		// The seats and the Start button come before the invitation, whose
		// QR code would push them off the screen.
		app.If(v.Snap.Lobby != nil && !started, func() app.UI { return p.renderSeats(false) }),
		app.If(p.host != nil && !started, p.renderInvite),
		app.If(started, p.renderTable),
		// During the game the seats (who is connected) sit under the table.
		app.If(v.Snap.Lobby != nil && started, func() app.UI { return p.renderSeats(true) }),
		app.If(p.host != nil && started, p.renderInvite),
		app.If(p.guest != nil && v.Link != online.Connected && v.Link != online.Removed, p.renderGuestCode),
		app.If(v.Link == online.Connected || len(v.Chat) > 0, p.renderChat),
		p.renderLinkStats(),
	)
}

// renderLinkStats tells the player how the link to the host feels: the
// round trip of their moves and what each move costs on the wire. The
// data attributes carry the raw figures for `make bench`.
func (p *roomPage) renderLinkStats() app.UI {
	tr := p.view.Traffic
	ms := make([]string, len(tr.RTTs))
	sorted := make([]time.Duration, len(tr.RTTs))
	copy(sorted, tr.RTTs)
	slices.Sort(sorted)
	for i, d := range tr.RTTs {
		ms[i] = strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 2, 64)
	}
	summary := "No moves sent yet."
	if p.host != nil {
		summary = "Your own moves do not cross the network. " + p.view.Relays
	}
	if n := len(sorted); n > 0 && p.guest != nil {
		summary = fmt.Sprintf("Your moves reach the host and come back in %v (median of %d).", sorted[n/2].Round(100*time.Microsecond), n)
		if tr.States > 0 {
			summary += fmt.Sprintf(" Each move costs about %d bytes.", tr.StateBytes/int64(tr.States))
		}
	}
	if p.guest != nil && p.view.Via != "" {
		summary += " You reached the host through " + p.view.Via + "."
	}
	return app.Details().ID("linkstats").Class("hint linkstats").
		Attr("data-rtts", strings.Join(ms, ",")).
		Attr("data-intents", tr.Intents).Attr("data-sent", tr.SentBytes).
		Attr("data-states", tr.States).Attr("data-state-bytes", tr.StateBytes).Attr("data-in", tr.InBytes).
		Attr("data-via", p.view.Via).Attr("data-relays-up", strings.Join(p.view.RelayStatus.Up, " ")).
		Attr("data-relays-down", strings.Join(p.view.RelayStatus.Down, " ")).
		Body(app.Summary().Text("Connection"), app.P().Text(summary))
}

func (p *roomPage) renderName() app.UI {
	return app.Form().Class("panel joinname").OnSubmit(func(ctx app.Context, e app.Event) {
		e.PreventDefault()
		name := ui.CleanName(p.nameDraft)
		if name == "" {
			p.notice = "Tell the table your name first."
			return
		}
		if err := ui.SetPlayerName(ctx, name); err != nil {
			p.notice = err.Error()
			return
		}
		cfg, err := online.NetConfig(app.Getenv, ctx.LocalStorage())
		if err != nil {
			p.netNote = err.Error()
		}
		p.notice = ""
		p.join(ctx, p.joinTo, name, online.NetFor(cfg))
	}).Body(
		p.renderInvitation(),
		app.Label().For("join-name").Text("Your name at the table"),
		app.Div().Class("row").Body(
			app.Input().ID("join-name").Type("text").MaxLength(ui.MaxNameRunes).AutoFocus(true).
				Placeholder("e.g. Astrid").Value(p.nameDraft).
				OnInput(func(ctx app.Context, e app.Event) { p.nameDraft = ctx.JSSrc().Get("value").String() }),
			app.Button().ID("join").Type("submit").Class("button primary").Text("Join the room"),
		),
		app.If(p.notice != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.notice) }),
	)
}

// renderInvitation says what the link invites a friend to: the game, the
// host, the seats, as far as the link tells.
func (p *roomPage) renderInvitation() app.UI {
	in := p.invite
	who := "You are"
	if in.Host != "" {
		who = in.Host + " invites you"
	}
	g, err := rules.Lookup(in.Game)
	if err != nil {
		return app.Div().ID("invitation").Body(app.H1().Text(who + " to a table"))
	}
	info := g.Info()
	facts := []app.UI{app.Span().Text(players(info)), app.Span().Text(fmt.Sprintf("%d–%d min", info.Minutes[0], info.Minutes[1]))}
	if in.Seats > 0 {
		facts = append([]app.UI{app.Span().ID("invite-seats").Text(fmt.Sprintf("A table of %d", in.Seats))}, facts...)
	}
	return app.Div().ID("invitation").Body(
		app.H1().Text(who+" to play "+info.Name),
		app.P().Class("lead").Text(info.Pitch),
		app.P().Class("facts").Body(facts...),
		app.P().Class("hint").Text("Tell the table your name and join: you sit at the first free seat, and the host starts the game when everyone is ready. Nothing to install."),
	)
}

// renderBanner says how the link stands, and what the table waits for.
func (p *roomPage) renderBanner() app.UI {
	v := p.view
	var cls, text string
	switch {
	case v.Link == online.Removed:
		cls, text = "banner bad", "The host removed you from this room. "+strings.TrimPrefix(v.Problem, "session: ")
	case v.Link == online.Stopped:
		cls, text = "banner bad", "This room is closed on this device."
	case v.Link == online.Reconnecting && p.guest != nil:
		cls, text = "banner warn", "The link to the host dropped; the game waits for the host. Reconnecting…"
		if v.Attempts > 0 {
			text += fmt.Sprintf(" (attempt %d: %s)", v.Attempts+1, v.Problem)
		}
	case v.Link == online.Connecting && p.guest != nil:
		cls, text = "banner", "Finding the host…"
		if v.Attempts > 0 {
			text = fmt.Sprintf("Still looking for the host (attempt %d). %s", v.Attempts+1, v.Problem)
		}
	case v.Snap.Paused != nil:
		cls, text = "banner warn", "The game is paused. "+v.Snap.Paused.Reason
	case v.Link == online.Connecting:
		cls, text = "banner", "Opening the room…"
	case v.Snap.Lobby != nil && !v.Snap.Lobby.Started:
		cls, text = "banner ok", p.lobbyLine()
	default:
		return app.Div().ID("banner").Class("banner-none")
	}
	return app.Div().ID("banner").Class(cls).Attr("role", "status").Attr("data-link", string(v.Link)).Text(text)
}

func (p *roomPage) lobbyLine() string {
	l := p.view.Snap.Lobby
	empty := 0
	var unready []string
	for _, s := range l.Seats {
		switch {
		case s.Kind == session.SeatEmpty:
			empty++
		case s.Kind == session.SeatHuman && !s.Ready && !s.Host:
			unready = append(unready, s.Name)
		}
	}
	var waiting []string
	switch {
	case empty == 1:
		waiting = append(waiting, "a player for the empty seat")
	case empty > 1:
		waiting = append(waiting, fmt.Sprintf("players for %d empty seats", empty))
	}
	if len(unready) > 0 {
		waiting = append(waiting, ui.JoinAnd(unready)+" to press ready")
	}
	switch {
	case len(waiting) > 0 && p.host != nil && empty > 0:
		return "Waiting for " + strings.Join(waiting, ", and for ") + ". Send the link, or add bots."
	case len(waiting) > 0:
		return "Waiting for " + strings.Join(waiting, ", and for ") + "."
	case p.host != nil:
		return "Everyone is ready: start when you like."
	}
	return "Everyone is ready; the host starts the game."
}

// renderInvite is the host's way to bring friends in: the link, a QR code
// of it, and connection codes for when no relay works.
func (p *roomPage) renderInvite() app.UI {
	link := p.host.Link(p.base())
	var qr app.UI = app.Text("")
	if q, err := signal.NewQR(link); err == nil {
		qr = app.Div().Class("qr").Aria("label", "QR code of the room link").Body(app.Raw(q.SVG()))
	}
	return app.Section().ID("invite").Class("panel invite").Aria("labelledby", "invite-title").Body(
		app.H2().ID("invite-title").Text("Invite friends"),
		app.P().Class("hint").Text("Send this link to the people you play with. Whoever opens it joins this table; keep this page open while you play."),
		app.Div().Class("row").Body(
			app.Input().ID("room-link").Type("text").ReadOnly(true).Value(link).Aria("label", "Room link").
				OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
			app.Button().ID("copy-link").Class("button").Text(ifElse(p.copied, "Copied", "Copy link")).OnClick(p.copyLink),
		),
		qr,
		app.P().ID("relays").Class("hint").Text(p.view.Relays),
		p.renderHostCode(),
	)
}

func (p *roomPage) base() string {
	u := app.Window().URL()
	u.RawQuery, u.Fragment = "", ""
	return u.String()
}

func (p *roomPage) copyLink(ctx app.Context, e app.Event) {
	in := app.Window().GetElementByID("room-link")
	in.Call("select")
	// The clipboard API needs a secure page; the old command works on any.
	if clip := app.Window().Get("navigator").Get("clipboard"); clip.Truthy() && app.Window().Get("isSecureContext").Bool() {
		clip.Call("writeText", in.Get("value"))
	} else {
		app.Window().Get("document").Call("execCommand", "copy")
	}
	p.copied = true
	p.live.After(2*time.Second, func(ctx app.Context) { p.copied = false })
}

// renderHostCode lets the host answer a guest's connection code.
func (p *roomPage) renderHostCode() app.UI {
	return app.Details().ID("host-code").Class("codes").Open(p.codeOpen).On("toggle", p.toggleCodes).Body(
		app.Summary().Text("No luck with the link? Connect a device by code"),
		app.P().Class("hint").Text("On the other device, open the link and choose “Connect by code”; paste its code here, then send back the answer this page shows."),
		app.Textarea().ID("offer-code").Aria("label", "The guest's code").Placeholder("Paste the guest's code").Text(p.codeTheirs).
			OnInput(func(ctx app.Context, e app.Event) { p.codeTheirs = ctx.JSSrc().Get("value").String() }),
		app.Button().ID("answer-code").Class("button").Disabled(p.codeBusy).Text("Make the answer").OnClick(p.answerCode),
		p.renderMyCode("answer"),
		app.If(p.codeNote != "", func() app.UI { return app.P().ID("code-note").Class("hint").Attr("role", "status").Text(p.codeNote) }),
	)
}

func (p *roomPage) toggleCodes(ctx app.Context, e app.Event) {
	p.codeOpen = ctx.JSSrc().Get("open").Bool()
}

func (p *roomPage) answerCode(ctx app.Context, e app.Event) {
	h, offer := p.host, p.codeTheirs
	p.codeBusy, p.codeNote, p.codeMine = true, "Making the answer…", ""
	live := p.live
	live.Async(func() {
		code, err := h.AnswerCode(context.Background(), offer, func(err error) {
			live.Dispatch(func(ctx app.Context) {
				if err != nil {
					p.codeNote = "That device did not connect: " + err.Error()
				} else {
					p.codeNote, p.codeMine, p.codeTheirs = "Connected.", "", ""
				}
			})
		})
		live.Dispatch(func(ctx app.Context) {
			p.codeBusy = false
			if err != nil {
				p.codeNote = strings.TrimPrefix(err.Error(), "signal: ")
				return
			}
			p.codeMine, p.codeNote = code, "Send this answer back to the guest."
		})
	})
}

// renderGuestCode lets a guest who cannot reach the host through the
// relays connect by swapping codes with the host.
func (p *roomPage) renderGuestCode() app.UI {
	return app.Details().ID("guest-code").Class("panel codes").Open(p.codeOpen).On("toggle", p.toggleCodes).Body(
		app.Summary().Text("Cannot reach the host? Connect by code"),
		app.P().Class("hint").Text("If the link does not find the host, make a code, send it to the host (any messenger), and paste the answer they send back."),
		app.Button().ID("make-offer").Class("button").Disabled(p.codeBusy).Text("Make my code").OnClick(p.makeOffer),
		p.renderMyCode("offer"),
		app.Textarea().ID("answer-input").Aria("label", "The host's answer").Placeholder("Paste the host's answer").Text(p.codeTheirs).
			OnInput(func(ctx app.Context, e app.Event) { p.codeTheirs = ctx.JSSrc().Get("value").String() }),
		app.Button().ID("use-answer").Class("button primary").Disabled(p.codeBusy || p.codeMine == "").Text("Connect").OnClick(p.useAnswer),
		app.If(p.codeNote != "", func() app.UI { return app.P().ID("code-note").Class("hint").Attr("role", "status").Text(p.codeNote) }),
	)
}

func (p *roomPage) renderMyCode(kind string) app.UI {
	if p.codeMine == "" {
		return app.Text("")
	}
	var qr app.UI = app.P().Class("hint").Text("This code is too long for a QR code; copy it as text.")
	if q, err := signal.NewQR(p.codeMine); err == nil {
		qr = app.Div().Class("qr").Aria("label", "QR code of the "+kind).Body(app.Raw(q.SVG()))
	}
	return app.Div().Class("mycode").Body(
		app.Textarea().ID("my-"+kind).ReadOnly(true).Aria("label", "Your "+kind).Text(p.codeMine),
		qr,
	)
}

func (p *roomPage) makeOffer(ctx app.Context, e app.Event) {
	g := p.guest
	p.codeBusy, p.codeNote, p.codeMine = true, "Making your code…", ""
	live := p.live
	live.Async(func() {
		code, err := g.OfferCode(context.Background())
		live.Dispatch(func(ctx app.Context) {
			p.codeBusy = false
			if err != nil {
				p.codeNote = err.Error()
				return
			}
			p.codeMine, p.codeNote = code, "Send this code to the host, then paste their answer below."
		})
	})
}

func (p *roomPage) useAnswer(ctx app.Context, e app.Event) {
	g, answer := p.guest, p.codeTheirs
	p.codeBusy, p.codeNote = true, "Connecting…"
	live := p.live
	live.Async(func() {
		cctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		err := g.AcceptCode(cctx, answer)
		live.Dispatch(func(ctx app.Context) {
			p.codeBusy = false
			if err != nil {
				p.codeNote = strings.TrimPrefix(err.Error(), "signal: ")
				return
			}
			p.codeNote, p.codeMine, p.codeTheirs = "Connected.", "", ""
		})
	})
}

// renderSeats is the lobby before the start and the players' strip after:
// who sits where, whether each is connected, ready, or a bot.
func (p *roomPage) renderSeats(started bool) app.UI {
	l := p.view.Snap.Lobby
	me := p.view.Snap.Seat
	title := "Seats"
	if g, err := rules.Lookup(l.Game); err == nil {
		title = g.Info().Name + ": seats"
	}
	allSet := true
	for _, s := range l.Seats {
		if s.Kind == session.SeatEmpty || (s.Kind == session.SeatHuman && !s.Ready && !s.Host) {
			allSet = false
		}
	}
	return app.Section().ID("seats").Class("panel seats-panel").Aria("labelledby", "seats-title").Body(
		app.H2().ID("seats-title").Text(title),
		app.Ol().Class("lobby").Body(app.Range(l.Seats).Slice(func(i int) app.UI {
			return p.renderSeat(l.Seats[i], me, started)
		})),
		app.P().ID("spectators").Class("hint").Text(spectators(l.Spectators, me == rules.Spectator && p.view.Snap.Joined)),
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
		app.If(started && p.host != nil && p.view.Snap.State != nil && p.view.Snap.State.Result == nil, func() app.UI {
			paused := p.view.Snap.Paused != nil
			return app.Button().ID("pause").Class("button quiet").Text(ifElse(paused, "Resume the game", "Pause the game")).
				OnClick(func(ctx app.Context, e app.Event) {
					p.try(p.host.SetPaused(p.view.Snap.Paused == nil, "The host will be back shortly."))
				})
		}),
	)
}

// myReady says whether this player's seat is marked ready now.
func (p *roomPage) myReady() bool {
	l, me := p.view.Snap.Lobby, p.view.Snap.Seat
	return l != nil && me >= 0 && int(me) < len(l.Seats) && l.Seats[me].Ready
}

// seatScope names a seat's occupant for its buttons' handlers, so that a
// handler is replaced when the seat changes hands (go-app keeps a handler
// whose scope and code are unchanged, with the values it captured).
func seatScope(s session.SeatStatus) string {
	return fmt.Sprint(s.Seat, s.Kind, s.Member)
}

func spectators(n int, me bool) string {
	switch {
	case me && n == 1:
		return "You are watching."
	case me:
		return fmt.Sprintf("You and %d others are watching.", n-1)
	case n == 0:
		return "Nobody is watching."
	case n == 1:
		return "1 person is watching."
	}
	return fmt.Sprintf("%d people are watching.", n)
}

func (p *roomPage) renderSeat(s session.SeatStatus, me rules.Seat, started bool) app.UI {
	var who, state string
	switch s.Kind {
	case session.SeatEmpty:
		who, state = "Empty seat", "open"
	case session.SeatBot:
		who, state = s.Name, "bot"
		if who == "" {
			who = "Bot"
		}
	default:
		who = s.Name
		switch {
		case !s.Connected:
			state = "away"
		case started:
			state = "connected"
		case s.Ready || s.Host:
			state = "ready"
		default:
			state = "not ready"
		}
	}
	if s.Host {
		who += " (host)"
	}
	if s.Seat == me {
		who += " · you"
	}
	cls := "seat " + strings.ReplaceAll(state, " ", "-")
	return app.Li().ID(fmt.Sprintf("seat-%d", s.Seat)).Class(cls).Attr("data-state", state).Body(
		app.Span().Class("dot").Aria("hidden", true),
		app.Span().Class("who").Text(who),
		app.Span().Class("state").Text(state),
		app.If(!started && p.guest != nil && s.Kind == session.SeatEmpty && p.view.Link == online.Connected, func() app.UI {
			return app.Button().Class("button quiet").Text("Sit here").
				OnClick(func(ctx app.Context, e app.Event) { p.try(p.guest.Sit(s.Seat)) }, app.EventScope(seatScope(s)))
		}),
		app.If(p.host != nil && !s.Host, func() app.UI { return p.seatControls(s, started) }),
	)
}

// seatControls are the host's: fill an empty seat with a bot, empty a
// bot's seat, remove a player (a bot takes over after the start).
func (p *roomPage) seatControls(s session.SeatStatus, started bool) app.UI {
	switch {
	case s.Kind == session.SeatEmpty:
		return app.Button().Class("button quiet").ID(fmt.Sprintf("bot-%d", s.Seat)).Text("Add a bot").
			OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.SetBot(s.Seat, true)) }, app.EventScope(seatScope(s)))
	case s.Kind == session.SeatBot && !started:
		return app.Button().Class("button quiet").Text("Remove bot").
			OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.SetBot(s.Seat, false)) }, app.EventScope(seatScope(s)))
	case s.Kind == session.SeatHuman && started && !s.Connected:
		return app.Button().Class("button quiet").Text("Let a bot play").
			OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.SetBot(s.Seat, true)) }, app.EventScope(seatScope(s)))
	case s.Kind == session.SeatHuman:
		return app.Button().Class("button quiet").Text("Remove").
			OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.Kick(s.Member, "")) }, app.EventScope(seatScope(s)))
	}
	return app.Text("")
}

// renderTable draws the game from this seat, like the local table does.
func (p *roomPage) renderTable() app.UI {
	v := p.view
	s, l := v.Snap.State, v.Snap.Lobby
	if l == nil {
		return app.Text("")
	}
	names := make([]string, len(l.Seats))
	bots := map[rules.Seat]bool{}
	for i, seat := range l.Seats {
		names[i] = seat.Name
		bots[seat.Seat] = seat.Kind == session.SeatBot
	}
	props := ui.BoardProps{
		Game: l.Game, Seat: s.Seat, Names: names, View: s.View, Legal: s.Legal,
		Pending: s.Prompts, Result: s.Result, Log: v.Log,
	}
	if v.Link != online.Connected || v.Snap.Paused != nil {
		props.Legal = nil // nothing can be sent now
	}
	after := []app.UI{app.A().ID("back-to-games").Class("button").Href(ui.Path("/")).Text("Back to the games")}
	if p.host != nil {
		after = append([]app.UI{app.Button().ID("rematch").Class("button primary").Text("Rematch: same seats").
			OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.Rematch(randomSeed())) })}, after...)
	} else {
		after = append(after, app.Span().Class("hint").Text("The host can deal a rematch at this table."))
	}
	return ui.Table(ui.Frame{
		Props:   props,
		IsBot:   func(seat rules.Seat) bool { return bots[seat] },
		Version: s.Version,
		Actions: after,
	})
}

func (p *roomPage) renderChat() app.UI {
	v := p.view
	return app.Section().ID("chat").Class("panel chat").Aria("labelledby", "chat-title").Body(
		app.H2().ID("chat-title").Text("Table talk"),
		app.Ol().Class("lines").Body(app.Range(v.Chat).Slice(func(i int) app.UI {
			c := v.Chat[i]
			return app.Li().Body(app.Strong().Text(c.Name+": "), app.Span().Text(c.Text))
		})),
		app.Form().Class("row").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			if strings.TrimSpace(p.chat) == "" || p.player() == nil {
				return
			}
			if err := p.player().Chat(p.chat); err != nil {
				p.try(err)
				return
			}
			p.chat = ""
		}).Body(
			app.Input().ID("chat-input").Type("text").MaxLength(200).Aria("label", "Say something").
				Placeholder("Say something to the table").Value(p.chat).
				OnInput(func(ctx app.Context, e app.Event) { p.chat = ctx.JSSrc().Get("value").String() }),
			app.Button().Type("submit").Class("button").Text("Say"),
		),
	)
}

// sentence capitalises a message and ends it with a full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

func ifElse(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
