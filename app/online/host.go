package online

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"longhall/app/peer"
	"longhall/app/room"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
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

// HostOptions tune a hosted room.
type HostOptions struct {
	// BotDelay is how long bots seem to think.
	BotDelay time.Duration
	// Now is the clock for the saved times (time.Now when nil).
	Now func() time.Time
	// Logf hears about problems no player is told of (nil discards).
	Logf func(string, ...any)
	// Limits bound what each guest may do (session.Limits; its defaults
	// when zero).
	Limits session.Limits
	// Claim is this tab's claim on the room (see ClaimHost). When another
	// tab takes the room over, the room closes here and View says Moved.
	// Nil hosts without asking the other tabs.
	Claim *Claim
}

// Hosting is a room this device hosts.
type Hosting struct {
	client
	st     Store
	net    Net
	opts   HostOptions
	host   *session.Host
	room   signal.Room
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// keep keeps the room's save (keep.mu guards keep.rec and chosen).
	keep keeper

	// standbyPoke wakes keepStandby: the game or the seats changed.
	standbyPoke chan struct{}
	// chosen counts the host's choices of a successor (guarded by keep.mu).
	chosen int

	guestMu  sync.Mutex
	noPathAt time.Time // when a guest last found no direct path, until a guest connects
}

// Host opens the room rec describes: a new game, or the saved one when rec
// holds a Save. It saves rec (reissuing the room's link), attaches the
// host's own player, and starts looking for guests on every relay. onChange
// is called, on any goroutine, whenever View changes.
func Host(ctx context.Context, st Store, rec *Saved, n Net, opts HostOptions, onChange func()) (*Hosting, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logf == nil {
		opts.Logf = func(string, ...any) {}
	}
	ctx, cancel := context.WithCancel(ctx)
	if rec.RoomPart == nil {
		cancel()
		return nil, newError("this saved game is not a room")
	}
	h := &Hosting{st: st, net: n, opts: opts, cancel: cancel}
	h.onChange = onChange
	if opts.Claim != nil && !opts.Claim.hold(h.stepDown) {
		cancel()
		return nil, ErrMovedAway
	}
	h.view.Host = true
	h.view.Successor = successorOf(rec)
	h.view.Link = Connecting
	r := rec.clone()
	r.Room = r.Room.Reissue(opts.Now())
	h.keep = keeper{st: st, now: opts.Now, rec: r}
	h.room = r.Room

	sopts := session.Options{BotDelay: opts.BotDelay, BotPause: newBreather(), OnSave: h.saved, OnLobby: h.savedLobby, OnOptions: h.savedOptions, Logf: opts.Logf, Timing: h.timed,
		AnswerTime: time.Duration(r.AnswerSeconds) * time.Second, Limits: opts.Limits, OnProtocol: h.otherProtocol}
	var err error
	if r.Save != nil {
		h.host, err = session.Resume(ctx, *r.Save, sopts)
	} else {
		h.host, err = session.NewHost(ctx, r.Game, r.Config, r.Seed, sopts)
	}
	if err != nil {
		cancel()
		return nil, errorf("the room cannot be opened: %w", err)
	}
	if err := h.keep.store(func(*Saved) {}); err != nil {
		h.host.Close()
		cancel()
		return nil, err
	}
	if r.Save == nil && len(r.Lobby) > 0 {
		// A reload before the start: the seats and ready marks as they were.
		if err := h.host.RestoreLobby(r.Lobby); err != nil {
			opts.Logf("online: the lobby could not be restored: %v", err)
		}
	}
	h.onWelcome = func(w session.Welcome) { h.keep.store(func(r *Saved) { r.Token = w.Token }) }
	h.onResult = func() { h.keep.ended(h.host) }
	me, err := h.host.Local(r.Name, r.Token)
	if err != nil {
		h.host.Close()
		cancel()
		return nil, err
	}
	h.standbyPoke = make(chan struct{}, 1)
	h.wg.Add(3)
	go func() {
		defer h.wg.Done()
		h.keepStandby(ctx)
	}()
	go func() {
		defer h.wg.Done()
		h.follow(me)
		h.set(func(v *View) { v.Link = Stopped })
	}()
	go func() {
		defer h.wg.Done()
		h.serve(ctx)
	}()
	return h, nil
}

// saved receives the host's Save after every applied action. It runs on
// the host's loop, so it only writes storage.
func (h *Hosting) saved(s session.Save) {
	if err := h.keep.saved(s); err != nil {
		h.set(func(v *View) { v.Notice = Words(err) })
	}
	h.pokeStandby()
}

// timed keeps what a guest's action took the host. It runs on the host's
// loop; the page shows it when it next redraws.
func (h *Hosting) timed(t session.ActionTimes) {
	h.mu.Lock()
	h.view.Traffic.HostTimes = keepLatest(h.view.Traffic.HostTimes, t.Total)
	h.view.Traffic.HostToActor = keepLatest(h.view.Traffic.HostToActor, t.ToActor)
	h.mu.Unlock()
}

// savedLobby keeps the lobby before the start. It runs on the host's loop.
func (h *Hosting) savedLobby(seats []session.LobbySeat) {
	if err := h.keep.store(func(r *Saved) { r.Lobby = seats }); err != nil {
		h.set(func(v *View) { v.Notice = Words(err) })
	}
}

// savedOptions keeps the game's options as the host changed them in the
// lobby, so that a reload before the start opens the same game. It runs on
// the host's loop.
func (h *Hosting) savedOptions(options map[string]string) {
	if err := h.keep.store(func(r *Saved) { r.Config.Options = options }); err != nil {
		h.set(func(v *View) { v.Notice = Words(err) })
	}
}

// serve keeps the room on the relays: room.ServeWith fails only when no relay
// at all can be reached, so it is retried until it works or the room
// closes.
func (h *Hosting) serve(ctx context.Context) {
	wait := time.Second
	for attempt := 1; ; attempt++ {
		srv, err := room.ServeWith(ctx, h.host, h.net.signaler(h.room), h.room, h.net.Peer, room.ServeOptions{Logf: h.opts.Logf, OnEvent: h.guestEvent})
		if err == nil {
			// Say which relays carry the room, and keep saying it: a
			// relay may drop or come back.
			for {
				st := srv.Relays()
				h.set(func(v *View) { v.Relays, v.RelayStatus = relayStatusWords(st), st })
				select {
				case <-ctx.Done():
					srv.Close()
					return
				case <-time.After(relayRecheck):
				}
			}
		}
		h.set(func(v *View) {
			v.Relays = fmt.Sprintf("No relay could be reached (attempt %d: %v). Friends can still join with a connection code.", attempt, err)
		})
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, h.net.retry())
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
func (h *Hosting) guestEvent(e room.Event) {
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
		h.guestMu.Lock()
		h.noPathAt = time.Now()
		at := h.noPathAt
		h.guestMu.Unlock()
		time.AfterFunc(noPathWait, func() { h.noPathFor(at) })
	case e.Kind == room.GuestConnected:
		h.pokeStandby()
		h.guestMu.Lock()
		h.noPathAt = time.Time{}
		h.guestMu.Unlock()
		text = relayedWords(e.Relayed)
	case e.Kind == room.GuestFailed && e.Err != nil:
		text = "A player tried to join and could not connect: " + Words(e.Err)
	case e.Kind == room.GuestLeft:
		text = relayedWords(e.Relayed)
	default:
		return
	}
	h.set(func(v *View) { v.Guests = text })
}

// otherProtocol tells the host that a guest speaking another protocol
// version could not join, and whose app should reload. It runs on the
// host's loop.
func (h *Hosting) otherProtocol(name string, theirs int) {
	h.set(func(v *View) { v.Guests = refusedWords(name, theirs) })
}

// noPathWait is how long a guest that no direct path reaches has to come
// back through the relays (a guest's attempt waits 40 s at most in all)
// before the host reads that it could not.
const noPathWait = 30 * time.Second

// noPathFor tells the host that the guest that no direct path reached at
// at has not come back through the relays, unless a guest connected since.
func (h *Hosting) noPathFor(at time.Time) {
	h.guestMu.Lock()
	still := h.noPathAt.Equal(at) && !at.IsZero()
	h.guestMu.Unlock()
	if still {
		h.set(func(v *View) {
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
// room it names the game, the host and the seats (see Invitation).
func (h *Hosting) Link(base string) string {
	r := h.keep.get()
	in := Invitation{Game: r.Game, Host: r.Name, Seats: r.Config.Players, TURN: h.net.Invite}
	return h.room.Link(base) + "&" + in.Fragment()
}

// Key names the room in storage.
func (h *Hosting) Key() string { return RoomKey(h.room) }

// Game is the id of the room's game.
func (h *Hosting) Game() string { return h.keep.get().Game }

// Start begins the game once every seat holds a bot or a ready player.
func (h *Hosting) Start() error { return h.host.Start() }

// Rematch deals a new game at the same table once this one is over, with
// a new secret seed (keeper.rematch): the room plays on under its link,
// and the finished game stays in the "continue" list as a game of this
// device.
func (h *Hosting) Rematch(seed uint64) error { return h.keep.rematch(h.host, seed) }

// SetOption changes a game option in the lobby, before the start.
func (h *Hosting) SetOption(key, value string) error { return h.host.SetOption(key, value) }

// SetAnswerTime sets the time to answer a prompt that may time out, in
// seconds (0 for no limit), and keeps it for a reload.
func (h *Hosting) SetAnswerTime(seconds int) error {
	if err := h.host.SetAnswerTime(time.Duration(seconds) * time.Second); err != nil {
		return err
	}
	return h.keep.store(func(r *Saved) { r.AnswerSeconds = seconds })
}

// GiveSeat gives an away player's seat to a watcher (member id), one who
// asked for it (SeatStatus.Claims) or not.
func (h *Hosting) GiveSeat(seat rules.Seat, member int) error { return h.host.GiveSeat(seat, member) }

// SetBot puts a bot in a seat or takes it out.
func (h *Hosting) SetBot(seat rules.Seat, on bool) error { return h.host.SetBot(seat, on) }

// SetBotLevel makes the bot in a seat easy or hard, before the start.
func (h *Hosting) SetBotLevel(seat rules.Seat, level string) error {
	return h.host.SetBotLevel(seat, level)
}

// Kick sends a member away and bans its token from the room.
func (h *Hosting) Kick(member int, reason string) error { return h.host.Kick(member, reason) }

// Members lists who is in the room.
func (h *Hosting) Members() ([]session.MemberInfo, error) { return h.host.Members() }

// SetPaused pauses or resumes the game for everyone.
func (h *Hosting) SetPaused(paused bool, reason string) error {
	return h.host.SetPaused(paused, reason)
}

// AnswerCode connects a guest by hand: it answers the guest's offer code
// with an answer code for the guest to paste, and attaches the guest once
// the link opens. done (may be nil) hears how that ended.
func (h *Hosting) AnswerCode(ctx context.Context, offerCode string, done func(error)) (string, error) {
	if done == nil {
		done = func(error) {}
	}
	sdp, err := signal.DecodeOffer(offerCode)
	if err != nil {
		return "", err
	}
	ans, err := peer.Answer(ctx, h.net.manual(), sdp)
	if err != nil {
		return "", err
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		defer ans.Close()
		conn, err := ans.Wait()
		if err == nil {
			if err = h.host.Attach(conn); err != nil {
				conn.Close()
			}
		}
		done(err)
	}()
	return signal.EncodeAnswer(ans.Answer()), nil
}

// stepDown closes the room because another tab took it over.
func (h *Hosting) stepDown() {
	h.closeRoom()
	h.set(func(v *View) { v.Link, v.Moved = Stopped, true })
}

// Close closes the room on this device: guests lose the host until it is
// opened again. Everything accepted is already saved.
func (h *Hosting) Close() error {
	err := h.closeRoom()
	if h.opts.Claim != nil {
		h.opts.Claim.Release()
	}
	return err
}

func (h *Hosting) closeRoom() error {
	h.cancel()
	err := h.host.Close()
	h.wg.Wait()
	if errors.Is(err, session.ErrClosed) {
		err = nil
	}
	return err
}
