package session

import (
	"context"
	"crypto/rand"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"longhall/rules"
)

// Limits bound what one peer may do. A zero field takes its default.
type Limits struct {
	MsgBurst      int           // messages a peer may send at once (30)
	MsgRate       float64       // messages a second a peer may keep sending (10)
	ChatBurst     int           // chat lines at once (4)
	ChatEvery     time.Duration // one more chat line allowed per interval (2s)
	ChatRunes     int           // longest chat line in characters (200)
	NameRunes     int           // names are cut to this many characters (24)
	MaxStrikes    int           // bad messages before a peer is dropped (8)
	MaxPeers      int           // connections at once, the host's own included (32)
	MaxSpectators int           // connected spectators at once (16)
	HelloTimeout  time.Duration // a connection that does not say hello is closed (15s)
}

func (l Limits) withDefaults() Limits {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.MsgBurst, 30)
	def(&l.ChatBurst, 4)
	def(&l.ChatRunes, 200)
	def(&l.NameRunes, 24)
	def(&l.MaxStrikes, 8)
	def(&l.MaxPeers, 32)
	def(&l.MaxSpectators, 16)
	if l.MsgRate <= 0 {
		l.MsgRate = 10
	}
	if l.ChatEvery <= 0 {
		l.ChatEvery = 2 * time.Second
	}
	if l.HelloTimeout <= 0 {
		l.HelloTimeout = 15 * time.Second
	}
	return l
}

// Options tune a host. The zero value is ready to use.
type Options struct {
	// Clock drives rate limits, bot pacing and the hello timeout; nil means
	// the system clock.
	Clock Clock
	// BotDelay is how long a bot waits before it acts, so that people can
	// follow the game. Zero makes bots act at once.
	BotDelay time.Duration
	Limits   Limits
	// OnSave receives what a host needs to resume: at the start, after
	// every applied action and whenever a seat changes hands. It runs on
	// the host's loop, so it must be quick (a write to browser storage) and
	// must not call the Host's methods; the Save is the callee's own copy.
	OnSave func(Save)
	// NewToken makes reconnect tokens; nil means 128 random bits.
	NewToken func() string
	// Logf reports problems no peer is told about (a view that does not
	// encode, a bot that fails); nil discards them. Like OnSave it runs on
	// the loop and must not call the Host's methods.
	Logf func(format string, args ...any)
}

// Save is everything a host needs to resume a game after a reload: the
// record, and for each seat the reconnect token of its human ("" for a bot).
// It holds the seed and the tokens, so it must stay on the host's device.
type Save struct {
	Record rules.Record `json:"record"`
	Tokens []string     `json:"tokens"`
}

// MemberInfo describes one member of the room for the host's UI (to kick a
// spectator, say).
type MemberInfo struct {
	ID        int        `json:"id"`
	Name      string     `json:"name"`
	Seat      rules.Seat `json:"seat"`
	Connected bool       `json:"connected"`
	Host      bool       `json:"host"`
}

// Extra codes returned by Host methods only.
const (
	CodeNotReady = "not_ready" // Start with an empty seat or a player not ready
	CodeNoMember = "no_member" // Kick of someone who is not in the room
	CodeNotOver  = "not_over"  // Rematch before the game has ended
)

// Host runs a game room: it owns the state, the record and the lobby, and
// serves every attached connection from one event loop. All methods are safe
// to call from any goroutine.
type Host struct {
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{} // closed when the loop and every goroutine it started have stopped
	cmds   chan func()
	in     chan inbound
	gone   chan *peer
	botc   chan botResult
	wg     sync.WaitGroup

	// Everything below is owned by the loop goroutine.
	opts   Options
	lim    Limits
	clock  Clock
	game   rules.Game
	gameID string
	cfg    rules.Config
	seed   uint64

	state   rules.State
	rec     *rules.Record
	events  [][]rules.Event // each applied action's events, unfiltered
	started bool
	paused  bool
	reason  string // why the host paused

	seats   []slot
	bots    map[rules.Seat]rules.Bot
	members map[int]*member
	byToken map[string]*member
	banned  map[string]bool
	peers   map[*peer]struct{}
	nextID  int
	dirty   bool // the lobby changed and has not been broadcast

	botBusy bool        // a bot is waiting or thinking
	botStop func() bool // cancels the pending bot timer
}

type slot struct {
	m   *member
	bot bool
}

// member is one person in the room, known by its token across connections.
type member struct {
	id      int
	token   string
	name    string
	seat    rules.Seat
	ready   bool
	local   bool
	peer    *peer // nil while disconnected
	lastSeq int64
}

// peer is one connection.
type peer struct {
	conn      Conn
	local     bool
	member    *member // nil until hello
	msgs      *bucket
	chats     *bucket
	strikes   int
	closed    bool
	stopHello func() bool
}

type inbound struct {
	p    *peer
	data []byte
}

type botResult struct {
	version int
	seat    rules.Seat
	action  rules.Action
	err     error
}

// NewHost opens a room for a new game. cfg.Players is the number of seats;
// the game's options are checked now. The seed must stay secret from the
// guests; it is never sent. The host stops when ctx ends or Close is called.
func NewHost(ctx context.Context, gameID string, cfg rules.Config, seed uint64, opts Options) (*Host, error) {
	g, err := rules.Lookup(gameID)
	if err != nil {
		return nil, fmt.Errorf("session: cannot open the room: %w", err)
	}
	if err := rules.CheckPlayers(g.Info(), cfg.Players); err != nil {
		return nil, fmt.Errorf("session: cannot open the room: %w", err)
	}
	cfg.Options = maps.Clone(cfg.Options)
	if _, err := g.New(cfg, seed); err != nil {
		return nil, fmt.Errorf("session: cannot open the room: %w", err)
	}
	h := newHost(ctx, g, gameID, cfg, seed, opts)
	go h.loop()
	return h, nil
}

// Resume reopens a room from a Save: it replays the record, puts bots back
// in their seats and keeps every human seat for the guest holding its token,
// who retakes it by saying hello with that token.
func Resume(ctx context.Context, save Save, opts Options) (*Host, error) {
	rec := cloneRecord(save.Record)
	if len(save.Tokens) != len(rec.Seats) {
		return nil, fmt.Errorf("session: cannot resume: %d tokens for %d seats", len(save.Tokens), len(rec.Seats))
	}
	st, events, err := rules.ReplayByAction(rec)
	if err != nil {
		return nil, fmt.Errorf("session: cannot resume: %w", err)
	}
	g, err := rules.Lookup(rec.Game)
	if err != nil {
		return nil, fmt.Errorf("session: cannot resume: %w", err)
	}
	h := newHost(ctx, g, rec.Game, rec.Config, rec.Seed, opts)
	h.events = events
	if err := h.restore(st, rec, save.Tokens); err != nil {
		h.cancel()
		return nil, err
	}
	h.scheduleBots()
	go h.loop()
	return h, nil
}

// restore seats the bots and reserves each human seat for its token.
func (h *Host) restore(st rules.State, rec rules.Record, tokens []string) error {
	h.state, h.rec, h.started = st, &rec, true
	h.seats = make([]slot, len(rec.Seats))
	for i, si := range rec.Seats {
		seat, tok := rules.Seat(i), tokens[i]
		if si.Bot {
			if tok != "" {
				return fmt.Errorf("session: cannot resume: seat %d is a bot with a token", i)
			}
			h.seats[i].bot = true
			h.bots[seat] = rules.NewBot(h.game, botSeed(rec.Seed, seat, len(rec.Actions)))
			continue
		}
		if tok == "" || h.byToken[tok] != nil {
			return fmt.Errorf("session: cannot resume: seat %d has a missing or repeated token", i)
		}
		h.seats[i].m = h.newMember(tok, si.Name, seat)
	}
	return nil
}

func newHost(ctx context.Context, g rules.Game, gameID string, cfg rules.Config, seed uint64, opts Options) *Host {
	h := &Host{
		done:    make(chan struct{}),
		cmds:    make(chan func()),
		in:      make(chan inbound),
		gone:    make(chan *peer),
		botc:    make(chan botResult),
		opts:    opts,
		lim:     opts.Limits.withDefaults(),
		clock:   opts.Clock,
		game:    g,
		gameID:  gameID,
		cfg:     cfg,
		seed:    seed,
		seats:   make([]slot, cfg.Players),
		bots:    map[rules.Seat]rules.Bot{},
		members: map[int]*member{},
		byToken: map[string]*member{},
		banned:  map[string]bool{},
		peers:   map[*peer]struct{}{},
	}
	if h.clock == nil {
		h.clock = SystemClock{}
	}
	h.ctx, h.cancel = context.WithCancel(ctx)
	return h
}

func (h *Host) newMember(token, name string, seat rules.Seat) *member {
	h.nextID++
	m := &member{id: h.nextID, token: token, name: name, seat: seat}
	h.members[m.id] = m
	h.byToken[token] = m
	return m
}

func (h *Host) newToken() string {
	for {
		var t string
		if h.opts.NewToken != nil {
			t = h.opts.NewToken()
		} else {
			t = rand.Text()
		}
		if t != "" && h.byToken[t] == nil && !h.banned[t] {
			return t
		}
	}
}

func (h *Host) logf(format string, args ...any) {
	if h.opts.Logf != nil {
		h.opts.Logf(format, args...)
	}
}

func botSeed(seed uint64, seat rules.Seat, moves int) uint64 {
	return seed ^ 0x9E3779B97F4A7C15*uint64(seat+1) ^ uint64(moves)<<32
}

// loop is the only goroutine that touches the host's state.
func (h *Host) loop() {
	defer close(h.done)
	defer h.wg.Wait()
	defer h.shutdown()
	for {
		select {
		case <-h.ctx.Done():
			return
		case f := <-h.cmds:
			f()
		case in := <-h.in:
			h.handle(in.p, in.data)
		case p := <-h.gone:
			if _, ok := h.peers[p]; ok {
				p.closed = true
				p.conn.Close()
				h.detach(p)
			}
		case r := <-h.botc:
			h.botDone(r)
		}
		h.flushLobby()
	}
}

func (h *Host) shutdown() {
	h.cancel()
	if h.botStop != nil {
		h.botStop()
	}
	for p := range h.peers {
		p.closed = true
		if p.stopHello != nil {
			p.stopHello()
		}
		p.conn.Close()
	}
}

// do runs f on the loop and waits for it.
func (h *Host) do(f func()) error {
	done := make(chan struct{})
	select {
	case h.cmds <- func() { f(); close(done) }:
	case <-h.ctx.Done():
		return ErrClosed
	}
	<-done
	return nil
}

// call runs f on the loop and returns its error.
func (h *Host) call(f func() error) error {
	var err error
	if e := h.do(func() { err = f() }); e != nil {
		return e
	}
	return err
}

// post hands f to the loop from a timer; it gives up when the host stops.
func (h *Host) post(f func()) {
	select {
	case h.cmds <- f:
	case <-h.ctx.Done():
	}
}

func (h *Host) read(p *peer) {
	defer h.wg.Done()
	for {
		data, err := p.conn.Recv(h.ctx)
		if err != nil {
			select {
			case h.gone <- p:
			case <-h.ctx.Done():
			}
			return
		}
		select {
		case h.in <- inbound{p, data}:
		case <-h.ctx.Done():
			return
		}
	}
}

// Close stops the host: every connection is closed and every goroutine the
// host started has ended when it returns.
func (h *Host) Close() error {
	h.cancel()
	<-h.done
	return nil
}

// Done is closed once the host has stopped.
func (h *Host) Done() <-chan struct{} { return h.done }

// Attach serves a new connection; the host owns it from now on and closes it
// when the peer leaves or the host stops. The peer must say hello within
// Limits.HelloTimeout.
func (h *Host) Attach(conn Conn) error { return h.attach(conn, false) }

// Local connects the host's own player through an in-memory pipe and
// returns its Guest, which the host's UI uses like any other guest's. The
// host's player is never rate-limited, dropped or kicked, and counts as ready.
// Pass the token of an earlier Local guest to retake its seat after Resume.
func (h *Host) Local(name, token string) (*Guest, error) {
	a, b := Pipe()
	if err := h.attach(a, true); err != nil {
		b.Close()
		return nil, err
	}
	return NewGuest(h.ctx, b, name, token)
}

func (h *Host) attach(conn Conn, local bool) error {
	err := h.call(func() error {
		if !local && len(h.peers) >= h.lim.MaxPeers {
			e := errorf(CodeFull, "the room is full")
			if data, err := encode(KindError, ErrorMsg{Code: e.Code, Text: e.Text}); err == nil {
				conn.Send(data)
			}
			conn.Close()
			return e
		}
		now := h.clock.Now()
		p := &peer{
			conn:  conn,
			local: local,
			msgs:  newBucket(h.lim.MsgBurst, h.lim.MsgRate, now),
			chats: newBucket(h.lim.ChatBurst, 1/h.lim.ChatEvery.Seconds(), now),
		}
		h.peers[p] = struct{}{}
		if !local {
			p.stopHello = h.clock.AfterFunc(h.lim.HelloTimeout, func() {
				h.post(func() {
					if p.member == nil {
						h.drop(p, "session: no hello received in time")
					}
				})
			})
		}
		h.wg.Add(1)
		go h.read(p)
		return nil
	})
	if err == ErrClosed {
		conn.Close()
	}
	return err
}

// Start begins the game once every seat holds a bot or a ready player (the
// host's own player is always ready).
func (h *Host) Start() error { return h.call(h.start) }

// SetBot puts a bot in a seat (on) or empties a bot's seat (off). A player
// sitting there becomes a spectator. After the start a bot may take over a
// player's seat (one who left for good) but not leave it.
func (h *Host) SetBot(seat rules.Seat, on bool) error {
	return h.call(func() error { return h.setBot(seat, on) })
}

// Kick closes a member's connection, bans its token from the room and frees
// its seat; after the start a bot takes the seat over.
func (h *Host) Kick(id int, reason string) error {
	return h.call(func() error { return h.kick(id, reason) })
}

// SetPaused pauses the game (the host is away: intents are refused and bots
// wait) or resumes it, telling every guest.
func (h *Host) SetPaused(paused bool, reason string) error {
	return h.call(func() error {
		if h.paused == paused {
			return nil
		}
		h.paused, h.reason = paused, truncate(clean(reason), h.lim.ChatRunes)
		if paused {
			h.broadcast(KindPaused, Paused{Reason: h.reason})
		} else {
			h.broadcast(KindResumed, nil)
			h.scheduleBots()
		}
		h.dirty = true
		return nil
	})
}

// Lobby returns the room as guests see it.
func (h *Host) Lobby() (Lobby, error) {
	var l Lobby
	err := h.do(func() { l = h.lobby() })
	return l, err
}

// Members lists everyone in the room, seated or watching.
func (h *Host) Members() ([]MemberInfo, error) {
	var out []MemberInfo
	err := h.do(func() {
		for _, m := range h.members {
			out = append(out, MemberInfo{ID: m.id, Name: m.name, Seat: m.seat, Connected: m.peer != nil, Host: m.local})
		}
		slices.SortFunc(out, func(a, b MemberInfo) int { return a.ID - b.ID })
	})
	return out, err
}

// Save returns what OnSave would receive now; it fails before the start.
func (h *Host) Save() (Save, error) {
	var s Save
	err := h.call(func() error {
		if !h.started {
			return errorf(CodeNotStarted, "the game has not started yet")
		}
		s = h.snapshot()
		return nil
	})
	return s, err
}

func (h *Host) snapshot() Save {
	s := Save{Record: cloneRecord(*h.rec), Tokens: make([]string, len(h.seats))}
	for i, sl := range h.seats {
		if sl.m != nil {
			s.Tokens[i] = sl.m.token
		}
	}
	return s
}

func (h *Host) save() {
	if h.opts.OnSave != nil && h.started {
		h.opts.OnSave(h.snapshot())
	}
}

func cloneRecord(r rules.Record) rules.Record {
	r.Config.Options = maps.Clone(r.Config.Options)
	r.Config.Setup = slices.Clone(r.Config.Setup)
	r.Seats = slices.Clone(r.Seats)
	r.Actions = slices.Clone(r.Actions)
	for i := range r.Actions {
		r.Actions[i].Action.Args = slices.Clone(r.Actions[i].Action.Args)
	}
	return r
}
