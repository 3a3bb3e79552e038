package online

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"longhall/app/peer"
	"longhall/app/room"
	"longhall/app/session"
	"longhall/app/signal"
)

// Net is how a player's device reaches others: the relays that carry
// offers and answers, and the WebRTC settings.
type Net struct {
	// Relays are the lists a room picks its handful from (see
	// signal.Config.ForRoom); when they list nothing, Signaler is used as
	// it is (tests give one).
	Relays   signal.Config
	Signaler signal.Signaler
	Peer     peer.Config
	// ManualTimeout bounds a connection made by copying codes by hand,
	// from the offer until the link opens; people are slow (10 minutes
	// when zero).
	ManualTimeout time.Duration
	// Retry is the longest wait between two attempts to reach the relays
	// or the host (10 s when zero).
	Retry time.Duration
	// Invite are TURN servers, credentials and all, that the host's room
	// links carry to its guests (Invitation.TURN): the host's choice
	// (Settings.ShareTURN), none by default.
	Invite []signal.ICEServer
	// Heartbeat tunes how a guest checks its link (session.Heartbeat; its
	// defaults when zero).
	Heartbeat session.Heartbeat
	// Network tells a guest when the device's network comes back (the
	// browser's when nil; see Network).
	Network Network

	// join reaches the host once, by the paths fallback allows;
	// room.JoinWith when nil (tests give links they can cut). beside is
	// the data channel still opening beside a relayed link, if any.
	join func(ctx context.Context, rm signal.Room, hello session.Hello, fallback room.Fallback) (g *session.Guest, via string, relayed bool, beside laterDirect, err error)
	// TakeOverAfter is how long a successor's link to the host must have
	// been down before it hosts the room (DefaultTakeOverAfter when zero).
	TakeOverAfter time.Duration
	// DirectEvery is how long a relayed guest waits before it tries for a
	// direct link (its networks may allow one now), twice as long after
	// each failed try, up to DirectEveryMax (30 s and 5 min when zero).
	DirectEvery, DirectEveryMax time.Duration
}

// signaler is what a room uses to meet: its handful of the relays.
func (n Net) signaler(r signal.Room) signal.Signaler {
	if len(n.Relays.Trackers)+len(n.Relays.Relays) == 0 && n.Signaler != nil {
		return n.Signaler
	}
	return n.Relays.ForRoom(r).Signaler()
}

func (n Net) retry() time.Duration {
	if n.Retry > 0 {
		return n.Retry
	}
	return 10 * time.Second
}

func (n Net) manual() peer.Config {
	cfg := n.Peer
	cfg.OpenTimeout = n.ManualTimeout
	if cfg.OpenTimeout <= 0 {
		cfg.OpenTimeout = 10 * time.Minute
	}
	return cfg
}

// served is what a table served to a network holds beyond the game: the
// room it is served as, the relays' and guests' goroutines, and the
// successor's copy (successor.go). A room's table has one from its
// opening, so that the host's loop may poke it; Serve starts it.
type served struct {
	net    Net
	room   signal.Room
	cancel context.CancelFunc // nil until Serve
	wg     sync.WaitGroup

	// standbyPoke wakes keepStandby: the game or the seats changed.
	standbyPoke chan struct{}
	// chosen counts the host's choices of a successor (guarded by the
	// table's keep.mu).
	chosen int

	guestMu  sync.Mutex
	noPathAt time.Time // when a guest last found no direct path, until a guest connects
}

// serving says the table is served to a network (Serve has run).
func (s *served) serving() bool { return s != nil && s.cancel != nil }

// poke wakes keepStandby; nothing when the table is no room.
func (s *served) poke() {
	if s == nil {
		return
	}
	select {
	case s.standbyPoke <- struct{}{}:
	default:
	}
}

// cancelServing stops serving, and wait waits until every goroutine that
// served has returned; both do nothing for a table not served.
func (s *served) cancelServing() {
	if s.serving() {
		s.cancel()
	}
}

func (s *served) wait() {
	if s != nil {
		s.wg.Wait()
	}
}

// Host opens the room rec describes, a new game or the saved one when rec
// holds a Save, and serves it (StartTable and Serve): it saves rec
// (reissuing the room's link), attaches the host's own player, and starts
// looking for guests on every relay. onChange is called, on any
// goroutine, whenever View changes.
func Host(ctx context.Context, st Store, rec *Saved, n Net, opts TableOptions, onChange func()) (*Table, error) {
	if rec.RoomPart == nil {
		return nil, newError("this saved game is not a room")
	}
	if opts.Claim != nil && !opts.Claim.hold(func() {}) {
		return nil, ErrMovedAway
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	r := rec.clone()
	r.Room = r.Room.Reissue(opts.Now())
	t, err := StartTable(ctx, st, r, opts, onChange)
	if err != nil {
		return nil, err
	}
	if err := t.Serve(ctx, n); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// errNotRoom refuses what only a room's table does, on a game on one
// device.
var errNotRoom = newError("this table is a game on one device, not a room")

// Serve serves a room's table to its guests over n, until Close: on the
// relays its room picks (guests find it through its link) and by
// connection codes (AnswerCode). A game on one device has no room to
// serve.
func (t *Table) Serve(ctx context.Context, n Net) error {
	if t.net == nil {
		return errNotRoom
	}
	if t.net.cancel != nil {
		return newError("the room is served already")
	}
	if t.opts.Claim != nil && !t.opts.Claim.hold(t.stepDown) {
		return ErrMovedAway
	}
	r := t.keep.get()
	ctx, cancel := context.WithCancel(ctx)
	t.net.net, t.net.room, t.net.cancel = n, r.Room, cancel
	t.set(func(v *View) { v.Host, v.Successor = true, successorOf(r) })
	t.net.wg.Add(2)
	go func() {
		defer t.net.wg.Done()
		t.keepStandby(ctx)
	}()
	go func() {
		defer t.net.wg.Done()
		t.serve(ctx)
	}()
	return nil
}

// timed keeps what a guest's action took the host. It runs on the host's
// loop; the page shows it when it next redraws.
func (t *Table) timed(at session.ActionTimes) {
	for _, p := range t.people {
		p.mu.Lock()
		p.view.Traffic.HostTimes = keepLatest(p.view.Traffic.HostTimes, at.Total)
		p.view.Traffic.HostToActor = keepLatest(p.view.Traffic.HostToActor, at.ToActor)
		p.mu.Unlock()
	}
}

// serve keeps the room on the relays: room.ServeWith fails only when no relay
// at all can be reached, so it is retried until it works or the room
// closes.
func (t *Table) serve(ctx context.Context) {
	wait := time.Second
	for attempt := 1; ; attempt++ {
		srv, err := room.ServeWith(ctx, t.host, t.net.net.signaler(t.net.room), t.net.room, t.net.net.Peer, room.ServeOptions{Logf: t.opts.Logf, OnEvent: t.guestEvent})
		if err == nil {
			// Say which relays carry the room, and keep saying it: a
			// relay may drop or come back.
			for {
				st := srv.Relays()
				t.set(func(v *View) { v.Relays, v.RelayStatus = relayStatusWords(st), st })
				select {
				case <-ctx.Done():
					srv.Close()
					return
				case <-time.After(relayRecheck):
				}
			}
		}
		t.set(func(v *View) {
			v.Relays = fmt.Sprintf("No relay could be reached (attempt %d: %v). Friends can still join with a connection code.", attempt, err)
		})
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, t.net.net.retry())
	}
}

// relayRecheck is how often the host's page rereads which relays answer.
const relayRecheck = 3 * time.Second

// relayStatusWords says, for the host, where guests can find the room.
func relayStatusWords(st signal.Status) string {
	up := relayWords("race(" + strings.Join(st.Up, ", ") + ")")
	if up == "" {
		return "No relay answers right now; they are being retried. Friends can still join with a connection code."
	}
	s := "Guests can find this room through " + up + "."
	if len(st.Down) > 0 {
		s += " No answer yet from " + relayWords("race("+strings.Join(st.Down, ", ")+")") + "."
	}
	return s
}

// relayWords turns a signaler's name, "race(broadcastchannel, tracker
// wss://…, nostr wss://…)", into words for the host.
func relayWords(name string) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(name, "race("), ")")
	var parts []string
	for _, p := range strings.Split(inner, ", ") {
		switch {
		case p == "broadcastchannel":
			parts = append(parts, "this browser's other tabs")
		case strings.HasPrefix(p, "tracker "):
			parts = append(parts, "the tracker "+strings.TrimPrefix(p, "tracker "))
		case strings.HasPrefix(p, "nostr "):
			parts = append(parts, "the Nostr relay "+strings.TrimPrefix(p, "nostr "))
		case p != "":
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// guestEvent tells the host, in words, how guests' links fare: one that
// no direct path reaches, one that plays through the relays, one that
// could not connect at all.
func (t *Table) guestEvent(e room.Event) {
	var text string
	switch {
	case e.Kind == room.GuestNoDirectPath && e.Relayed > 0:
		// A guest asks for a relayed link beside its data channel, and
		// one that moved to the relays tries for a direct link now and
		// then: this one most likely plays through the relays already.
		text = relayedWords(e.Relayed)
	case e.Kind == room.GuestNoDirectPath:
		text = "A player is joining, but your network and theirs allow no direct link: trying through the relays."
		// A guest whose relays cannot carry the game either never comes
		// back through them: say so once it has had its time.
		t.net.guestMu.Lock()
		t.net.noPathAt = time.Now()
		at := t.net.noPathAt
		t.net.guestMu.Unlock()
		time.AfterFunc(noPathWait, func() { t.noPathFor(at) })
	case e.Kind == room.GuestConnected:
		t.net.poke()
		t.net.guestMu.Lock()
		t.net.noPathAt = time.Time{}
		t.net.guestMu.Unlock()
		text = relayedWords(e.Relayed)
	case e.Kind == room.GuestFailed && e.Err != nil:
		text = "A player tried to join and could not connect: " + Words(e.Err)
	case e.Kind == room.GuestLeft:
		text = relayedWords(e.Relayed)
	default:
		return
	}
	t.set(func(v *View) { v.Guests = text })
}

// otherProtocol tells the host that a guest speaking another protocol
// version could not join, and whose app should reload. It runs on the
// host's loop.
func (t *Table) otherProtocol(name string, theirs int) {
	t.set(func(v *View) { v.Guests = refusedWords(name, theirs) })
}

// noPathWait is how long a guest that no direct path reaches has to come
// back through the relays (a guest's attempt waits 40 s at most in all)
// before the host reads that it could not.
const noPathWait = 30 * time.Second

// noPathFor tells the host that the guest that no direct path reached at
// at has not come back through the relays, unless a guest connected since.
func (t *Table) noPathFor(at time.Time) {
	t.net.guestMu.Lock()
	still := t.net.noPathAt.Equal(at) && !at.IsZero()
	t.net.guestMu.Unlock()
	if still {
		t.set(func(v *View) {
			v.Guests = "A player could not join: your network and theirs allow no direct link, and the relays could not carry the game. A TURN server, set in Network settings and shared in the room's link, would connect you."
		})
	}
}

// relayedWords says how many guests play through the relays ("" for none).
func relayedWords(n int) string {
	switch {
	case n == 1:
		return "A player plays through the relays (your networks allow no direct link), so their moves take a moment longer."
	case n > 1:
		return fmt.Sprintf("%d players play through the relays (your networks allow no direct link), so their moves take a moment longer.", n)
	}
	return ""
}

// Link is the room's link for guests, on the page at base. Besides the
// room it names the game, the host and the seats (see Invitation). ""
// for a table not served.
func (t *Table) Link(base string) string {
	if !t.net.serving() {
		return ""
	}
	r := t.keep.get()
	in := Invitation{Game: r.Game, Host: r.Name, Seats: r.Config.Players, TURN: t.net.net.Invite}
	return t.net.room.Link(base) + "&" + in.Fragment()
}

// AnswerCode connects a guest by hand: it answers the guest's offer code
// with an answer code for the guest to paste, and attaches the guest once
// the link opens. done (may be nil) hears how that ended.
func (t *Table) AnswerCode(ctx context.Context, offerCode string, done func(error)) (string, error) {
	if !t.net.serving() {
		return "", newError("this table is not served to a network")
	}
	if done == nil {
		done = func(error) {}
	}
	sdp, err := signal.DecodeOffer(offerCode)
	if err != nil {
		return "", err
	}
	ans, err := peer.Answer(ctx, t.net.net.manual(), sdp)
	if err != nil {
		return "", err
	}
	t.net.wg.Add(1)
	go func() {
		defer t.net.wg.Done()
		defer ans.Close()
		conn, err := ans.Wait()
		if err == nil {
			if err = t.host.Attach(conn); err != nil {
				conn.Close()
			}
		}
		done(err)
	}()
	return signal.EncodeAnswer(ans.Answer()), nil
}

// stepDown closes the room because another tab took it over.
func (t *Table) stepDown() {
	t.stop()
	t.set(func(v *View) { v.Link, v.Moved = Stopped, true })
}
