package pages

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"
	"longhall/rules"
)

// roomPage is a room played across devices. The host's address is
// /room/?host=<room key> (the room lives in this device's storage); a
// guest's is the shared link, /room/#r=…&k=…&t=… (the room id and secret
// never reach the web server). The page talks to online only; its parts
// (join form, invitation, codes, seats, chat, link figures) are
// components in the room_*.go files beside it.
type roomPage struct {
	app.Compo

	host  *online.Table
	guest *online.Joining
	view  online.View
	dirty atomic.Bool // a View change waits to be drawn

	// live is the page's own context. Callbacks that outlive the element
	// that started them (the room's redraws) dispatch through it: go-app
	// drops a Dispatch whose source has unmounted, and the name form that
	// starts a join unmounts on the next render.
	live      app.Context
	clock     clock  // redraws while a time to answer runs
	unpublish func() // removes the page's link figures (see figures)

	fatal     string // why there is no room to show
	hostKey   string // the hosted room this page opens, if any
	elsewhere bool   // another tab hosts the room
	joinTo    *online.Invite
	notice    string // the page's own last problem (a refused click)
	netNote   string // a problem with the network settings
	absent    absences
	// handTo is the seat the host means to hand the table to (asked to
	// confirm), handing says it is under way, and handNote says, once, that
	// the table changed hands (room_handover.go).
	handTo   *online.SeatStatus
	handing  bool
	handNote string
	// lookedForUpdate says the page has asked for a new version since the
	// room found this device's app older than another's.
	lookedForUpdate bool
	// quiet is how long a successor waits before it hosts, as this
	// page's network settings say (Net.TakeOverAfter; the default when
	// zero).
	quiet time.Duration
}

func (p *roomPage) OnNav(ctx app.Context) {
	p.live = ctx
	ctx.Page().SetTitle("Room · Longhall")
	if !app.IsClient {
		return
	}
	ui.ScrollToTop()
	ui.MarkClient(ctx)
	p.open(ctx)
}

func (p *roomPage) OnMount(ctx app.Context) {
	p.live = ctx
	ctx.Handle(ui.ActAction, p.onAct)
	ctx.Handle(ui.UndoAction, func(ctx app.Context, a app.Action) {
		if p.player() != nil {
			p.try(p.player().Undo())
		}
	})
	ctx.Handle(ui.PassUntilAction, func(ctx app.Context, a app.Action) {
		if until, ok := a.Value.(string); ok && p.player() != nil {
			p.try(p.player().PassUntil(until))
		}
	})
	p.unpublish = ui.Publish("longhallLink", func() any { return figures(p.view) })
}

func (p *roomPage) OnDismount() {
	if p.unpublish != nil {
		p.unpublish()
	}
	p.closeRoom()
}

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
	p.handTo, p.handing, p.handNote = nil, false, handOverNote(ctx)
	u := ctx.Page().URL()
	if key := u.Query().Get("host"); key != "" {
		p.hostKey = key
		p.openHost(ctx, false)
		return
	}
	in, err := online.ReadLink(u.EscapedFragment(), time.Now()) // escaped: a name may hold "&" or "%"
	if err != nil {
		p.fatal = online.Words(err)
		return
	}
	if name := ui.PlayerName(ctx); name != "" {
		p.join(ctx, in, name)
		return
	}
	p.joinTo = &in
}

// RoomLimits bound what each guest of a room hosted here may do: the
// session's defaults, but in test builds (game_testgame.go).
var RoomLimits online.Limits

// openHost claims the room for this tab, then opens it from storage. The
// claim asks this browser's other tabs first (see online.ClaimHost), so it
// runs off the UI goroutine.
func (p *roomPage) openHost(ctx app.Context, takeOver bool) {
	p.closeRoom()
	p.elsewhere = false
	netFor := p.net(ctx, online.Invitation{}) // see room_net.go
	key, pace := p.hostKey, pace(ctx.Page().URL().Query().Get("pace"))
	live := p.live
	live.Async(func() {
		n, note := netFor()
		claim, err := online.ClaimHost(context.Background(), key, takeOver)
		live.Dispatch(func(ctx app.Context) {
			p.noteNet(note)
			if errors.Is(err, online.ErrHostedElsewhere) {
				p.elsewhere = true
				return
			}
			var rec *online.Saved
			if err == nil {
				if rec, err = online.LoadHosted(ctx.LocalStorage(), key); err != nil {
					claim.Release()
				}
			}
			if err != nil {
				p.fatal = online.Words(err)
				return
			}
			if rec.Successor == nil {
				p.startHost(ctx, rec, n, claim, pace)
				return
			}
			// A host who chose a successor asks the room first whether
			// the successor hosts it now (this device went quiet a while).
			st := ctx.LocalStorage()
			live.Async(func() {
				link, found := online.FindSuccessor(context.Background(), st, rec, n, pageBase())
				live.Dispatch(func(ctx app.Context) {
					if !found {
						p.startHost(ctx, rec, n, claim, pace)
						return
					}
					claim.Release()
					ctx.SessionStorage().Set(handOverNoteKey, "Your device went quiet for a while, and the player you chose hosts the table now: you play on from here.")
					ctx.Navigate(link)
				})
			})
		})
	})
}

// startHost opens the room rec as its host, with the claim this tab holds
// on it.
func (p *roomPage) startHost(ctx app.Context, rec *online.Saved, n online.Net, claim *online.Claim, pace time.Duration) {
	p.quiet = n.TakeOverAfter
	var err error
	p.host, err = online.Host(context.Background(), ctx.LocalStorage(), rec, n,
		online.TableOptions{BotDelay: pace, Claim: claim, Limits: RoomLimits, Logf: func(f string, a ...any) { app.Logf(f, a...) }},
		p.changed)
	if err != nil {
		claim.Release()
		p.fatal = online.Words(err)
		return
	}
	p.view = p.host.View()
	p.setTitle(ctx, p.host.Game())
	if mode := autoPassSetting(ctx); mode != "" {
		p.host.SetAutoPass(mode)
	}
}

// join enters the room as a guest called name.
func (p *roomPage) join(ctx app.Context, in online.Invite, name string) {
	p.joinTo = nil
	p.withNet(ctx, in.Invitation, func(ctx app.Context, n online.Net) { // see room_net.go
		p.quiet = n.TakeOverAfter
		p.guest = online.JoinInvite(context.Background(), ctx.LocalStorage(), ctx.SessionStorage(), in, n, name, p.changed)
		p.view = p.guest.View()
		if mode := autoPassSetting(ctx); mode != "" {
			p.guest.SetAutoPass(mode)
		}
	})
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
		p.followAbsences()
		if p.guest != nil && p.view.HostsNow != "" {
			p.hostHandedTable(ctx, p.view.HostsNow)
			return
		}
		if l := p.view.Snap.Lobby; l != nil {
			p.setTitle(ctx, l.Game)
		}
		if !p.lookedForUpdate && online.ThisDeviceIsOlder(p.view) {
			// Installed while the game goes on, ready when it ends.
			p.lookedForUpdate = true
			ui.CheckForUpdate()
		}
		p.clock.tick(ctx, func() online.View { return p.view })
	})
}

func (p *roomPage) setTitle(ctx app.Context, gameID string) {
	if g, err := rules.Lookup(gameID); err == nil {
		ctx.Page().SetTitle("%s room · Longhall", g.Info().Name)
	}
}

// player is whichever side this device plays.
func (p *roomPage) player() roomPlayer {
	if p.host != nil {
		return p.host
	}
	if p.guest != nil {
		return p.guest
	}
	return nil
}

// roomPlayer is what a host and a guest both do in a room.
type roomPlayer interface {
	Act(rules.Action) error
	Undo() error
	PassUntil(string) error
	SetAutoPass(string) error
	Sit(rules.Seat) error
	Stand() error
	Ready(bool) error
	Chat(string) error
}

// try shows a refusal, or clears the last one.
func (p *roomPage) try(err error) { p.notice = online.Words(err) }

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
	case p.joinTo != nil:
		return ui.Page("room", &joinForm{Invitation: p.joinTo.Invitation, OnJoin: p.joinAs})
	case p.elsewhere:
		return ui.Page("room", elsewhere(hostsElsewhere, p.takeOver))
	case p.host != nil && p.view.Moved:
		return ui.Page("room", elsewhere(hostMoved, p.takeOver))
	case p.guest != nil && p.view.Link == online.Removed && p.view.Elsewhere:
		return ui.Page("room", elsewhere(seatMoved, p.takeSeatBack))
	case p.host == nil && p.guest == nil:
		opening := app.Div().ID("room-opening").Body(app.H1().Text("Room"), app.P().Class("hint").Text("Opening the room…"))
		if !app.IsClient { // the page a link shows before the app runs
			return ui.Page("room", opening, invitationPreview())
		}
		return ui.Page("room", opening)
	}
	v := p.view
	class, text := bannerWords(v, p.host != nil)
	top := []app.UI{
		app.Div().ID("banner").Class(class).Attr("role", "status").Attr("data-link", string(v.Link)).Text(text),
		app.If(p.guest != nil && v.Stuck, func() app.UI {
			return app.Button().ID("try-again").Class("button primary").Text("Try again").
				OnClick(func(ctx app.Context, e app.Event) { p.guest.TryAgain() })
		}),
		app.If(p.notice != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.notice) }),
		app.If(v.Notice != "" && v.Link != online.Removed, func() app.UI { // the banner says it all then
			return app.P().Class("error").Attr("role", "alert").Text(v.Notice)
		}),
		app.If(p.netNote != "", func() app.UI { return app.P().Class("hint").Text(p.netNote) }),
		app.If(p.host != nil && v.Guests != "", func() app.UI { return app.P().ID("guests-note").Class("hint").Attr("role", "status").Text(v.Guests) }),
		versionsNote(v),
	}
	top = append(top, p.awayNotes()...)
	top = append(top, p.handOverPanel())
	if p.handNote != "" {
		top = append(top, app.P().ID("handover-note").Class("hint").Attr("role", "status").Text(p.handNote))
	}
	if s := v.Snap.State; p.host != nil && s != nil && s.Result == nil {
		// The page holds the Screen Wake Lock while it hosts a game
		// (web/longhall.js): a phone whose screen locks soon freezes it.
		top = append(top, app.Span().Attr("data-keep-awake", true).Hidden(true))
		if v.Successor != rules.Spectator {
			// A page frozen or hidden past a successor's wait loads
			// again (web/longhall.js), and asks the room whether the
			// successor hosts it now.
			top = append(top, app.Span().Attr("data-successor-after", int(online.DefaultTakeOverAfter/time.Second)).Hidden(true))
		}
	}
	// The room's own panels: under the players at the table, under the
	// seats in the lobby.
	panels := []app.UI{
		app.If(p.host != nil, func() app.UI { return &invitePanel{Host: p.host, Relays: v.Relays} }),
		app.If(p.guest != nil && v.Link != online.Connected && v.Link != online.Removed && !v.NoPath, func() app.UI {
			return &codePanel{Guest: p.guest}
		}),
		app.If(v.Link == online.Connected || len(v.Chat) > 0, func() app.UI {
			return &chatPanel{Lines: v.Chat, Send: p.say}
		}),
		linkStats(v, p.host != nil),
		&netPanel{OnSaved: p.open}, // room_net.go
	}
	if v.Snap.State != nil {
		// During the game the seats (who is connected) sit with the
		// players, beside the board.
		side := append([]app.UI{app.If(v.Snap.Lobby != nil, func() app.UI { return p.seats(true) })}, panels...)
		return ui.TablePage("room", p.renderTable(top, side))
	}
	// The seats and the Start button come before the invitation, whose
	// QR code would push them off the screen.
	return ui.Page("room", append(append(top, app.If(v.Snap.Lobby != nil, func() app.UI { return p.seats(false) })), panels...)...)
}

// versionsNote says which device of the room runs the older app and
// should reload, and when (online.VersionWords); nothing when all run one
// build.
func versionsNote(v online.View) app.UI {
	text := online.VersionWords(v)
	return app.If(text != "", func() app.UI {
		return app.P().ID("versions-note").Class("hint versions-note").Attr("role", "status").Text(text)
	})
}

// joinAs is the join form's answer: the name the friend typed.
func (p *roomPage) joinAs(ctx app.Context, name string) {
	if p.joinTo != nil {
		p.join(ctx, *p.joinTo, name)
	}
}

// takeOver opens the room here after the tab that hosts it steps down.
func (p *roomPage) takeOver(ctx app.Context, e app.Event) { p.openHost(ctx, true) }

// takeSeatBack joins again here, and the tab or device that took the seat
// steps aside.
func (p *roomPage) takeSeatBack(ctx app.Context, e app.Event) {
	if p.guest != nil {
		p.guest.TakeBack()
	}
}

// say sends a line of table talk.
func (p *roomPage) say(text string) error {
	if p.player() == nil {
		return online.ErrOffline
	}
	return p.player().Chat(text)
}

// renderTable draws the game from this seat, as the table on one device
// does (viewFrame).
func (p *roomPage) renderTable(top, side []app.UI) app.UI {
	v := p.view
	if l := v.Snap.Lobby; l != nil && p.player() != nil {
		if panel := autoPassPanel(p.live, l.Game, p.player().SetAutoPass, false); panel != nil {
			side = append(side[:len(side):len(side)], panel)
		}
	}
	f, ok := viewFrame(v, side)
	if !ok {
		return app.Text("")
	}
	s := v.Snap.State
	after := []app.UI{app.A().ID("back-to-games").Class("button").Href(ui.Path("/")).Text("Back to the games")}
	if rec := v.Record; rec != nil && s.Result != nil && len(rec.Actions) == s.Version {
		// Every seat may be watched now that the game has ended.
		after = append([]app.UI{app.Button().ID("watch-replay").Class("button").Text("Watch the replay").
			OnClick(func(ctx app.Context, e app.Event) { p.try(watchRecord(ctx, "room", *rec, nil)) })}, after...)
	}
	if p.host != nil {
		after = append([]app.UI{rematchButton(func(app.Context) { p.try(p.host.Rematch(randomSeed())) })}, after...)
	} else {
		after = append(after, app.Span().Class("hint").Text("The host can deal a rematch at this table."))
	}
	f.Actions, f.Top = after, top
	return ui.Table(f)
}
