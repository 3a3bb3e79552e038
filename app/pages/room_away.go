package pages

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/rules"
)

// No table waits in silence: once a seated player has been away for a
// while, every page of the room says so above the table, the host's with
// its choices (wait, let a bot play, give the seat to a watcher who asks
// for it) and a watcher's with a way to ask for the seat, should it be the
// seat this browser lost (its token gone with the browser's storage).

// awayAfter is how long a player must have been away, on this page's
// clock, before the table says so: a reload takes about two seconds and is
// no absence.
const awayAfter = 8 * time.Second

// absences follows, on this page's clock, since when each seat's player
// has been away.
type absences struct {
	since  map[rules.Seat]time.Time
	waited map[rules.Seat]time.Time // the host chose to wait for this absence (by its since)
	due    bool                     // a redraw is asked for when the next absence is long enough
}

// follow notes who is away in l at now, and asks for a redraw (in a
// goroutine-safe way, through redraw) when an absence becomes long enough
// to be told.
func (a *absences) follow(l *online.Lobby, started bool, now time.Time, after func(time.Duration)) {
	if a.since == nil {
		a.since, a.waited = map[rules.Seat]time.Time{}, map[rules.Seat]time.Time{}
	}
	away := map[rules.Seat]bool{}
	if l != nil && started {
		for _, s := range l.Seats {
			if s.Kind == online.SeatHuman && !s.Host && !s.Connected {
				away[s.Seat] = true
			}
		}
	}
	for seat := range a.since {
		if !away[seat] {
			delete(a.since, seat)
			delete(a.waited, seat)
		}
	}
	next := time.Duration(-1)
	for seat := range away {
		since, ok := a.since[seat]
		if !ok {
			since = now
			a.since[seat] = now
		}
		if left := awayAfter - now.Sub(since); left > 0 && (next < 0 || left < next) {
			next = left
		}
	}
	if next >= 0 && !a.due {
		a.due = true
		after(next)
	}
}

// long says whether seat's player has been away long enough to tell, and
// the host has not chosen to wait.
func (a *absences) long(seat rules.Seat, now time.Time, host bool) bool {
	since, ok := a.since[seat]
	if !ok || now.Sub(since) < awayAfter {
		return false
	}
	return !host || !a.waited[seat].Equal(since)
}

// wait hides the host's choices for seat until its player's absence ends.
func (a *absences) wait(seat rules.Seat) { a.waited[seat] = a.since[seat] }

// followAbsences keeps p.absent in step with the room, redrawing when an
// absence becomes long enough to tell.
func (p *roomPage) followAbsences() {
	s := p.view.Snap.State
	started := s != nil && s.Result == nil
	p.absent.follow(p.view.Snap.Lobby, started, time.Now(), func(d time.Duration) {
		p.live.After(d, func(ctx app.Context) {
			p.absent.due = false
			p.followAbsences()
			ctx.Update()
		})
	})
}

// awayNotes are the lines above the table about players away a while.
func (p *roomPage) awayNotes() []app.UI {
	l, s := p.view.Snap.Lobby, p.view.Snap.State
	if l == nil || s == nil || s.Result != nil {
		return nil
	}
	now := time.Now()
	var notes []app.UI
	for _, seat := range l.Seats {
		if seat.Kind != online.SeatHuman || seat.Host || seat.Connected || !p.absent.long(seat.Seat, now, p.host != nil) {
			continue
		}
		notes = append(notes, p.awayNote(seat, waitsFor(s.Prompts, seat.Seat)))
	}
	return notes
}

// waitsFor says whether the game waits for seat's decision.
func waitsFor(prompts []rules.Prompt, seat rules.Seat) bool {
	for _, pr := range prompts {
		if pr.Seat == seat {
			return true
		}
	}
	return false
}

// awayNote tells of one away player, with what this page may do about it.
func (p *roomPage) awayNote(s online.SeatStatus, waits bool) app.UI {
	me := p.view.Snap
	watching := p.guest != nil && me.Joined && me.Seat == rules.Spectator
	asked := false
	for _, c := range s.Claims {
		asked = asked || c.Member == me.You
	}
	body := []app.UI{app.P().Class("away-text").Text(awayWords(s, p.host != nil, waits))}
	switch {
	case p.host != nil:
		body = append(body, app.Div().Class("row").Body(
			app.Button().ID(fmt.Sprintf("away-wait-%d", s.Seat)).Class("button quiet").Text("Wait").
				OnClick(func(ctx app.Context, e app.Event) { p.absent.wait(s.Seat) }, app.EventScope(seatScope(s))),
			app.Button().ID(fmt.Sprintf("away-bot-%d", s.Seat)).Class("button").Text("Let a bot play it").
				OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.SetBot(s.Seat, true)) }, app.EventScope(seatScope(s))),
		))
		for _, c := range s.Claims {
			body = append(body, app.Div().Class("row away-claim").Body(
				app.Span().Text(claimWords(c.Name, s.Name)),
				app.Button().ID(fmt.Sprintf("give-%d-%d", s.Seat, c.Member)).Class("button primary").Text("Give "+c.Name+" the seat").
					OnClick(func(ctx app.Context, e app.Event) { p.try(p.host.GiveSeat(s.Seat, c.Member)) }, app.EventScope(fmt.Sprint(seatScope(s), c.Member))),
			))
		}
	case watching && asked:
		body = append(body, app.P().Class("hint").Text("You asked the host for "+s.Name+"'s seat; they decide."))
	case watching:
		body = append(body, app.Div().Class("row").Body(
			app.Span().Class("hint").Text("Was this your seat, and this browser lost it?"),
			app.Button().ID(fmt.Sprintf("claim-%d", s.Seat)).Class("button").Text("Ask for "+s.Name+"'s seat").
				OnClick(func(ctx app.Context, e app.Event) { p.try(p.guest.Claim(s.Seat)) }, app.EventScope(seatScope(s))),
		))
	}
	return app.Div().ID(fmt.Sprintf("away-%d", s.Seat)).Class("away-note").Attr("role", "status").Body(body...)
}

// awayWords says that a player is away: to the host, as a choice to make.
func awayWords(s online.SeatStatus, host, waits bool) string {
	switch {
	case host:
		return s.Name + "'s seat is empty: wait, or let a bot play it."
	case waits:
		return s.Name + " is away, and the game waits for them."
	}
	return s.Name + " is away."
}

// claimWords tells the host that a watcher asks for an away player's seat.
func claimWords(who, seatName string) string {
	if who == seatName {
		return who + " is back as a newcomer and asks for their seat."
	}
	return who + " asks for " + seatName + "'s seat."
}
