package session

import (
	"context"
	"crypto/rand"
	"maps"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"longhall/rules"
)

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
	build  Build // the host's own (Options.Build)
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

	seating // who sits where, and whether the lobby changed (seating.go)
	roster  // who is in the room, and who is kept out (roster.go)
	peers   map[*peer]struct{}
	// lastLink numbers the connections welcomed (Welcome.Link). It starts
	// from the clock so that a host started again does not hand out the
	// numbers its guests still hold from before.
	lastLink int64
	// lastClaim numbers the watchers' claims to seats, oldest first.
	lastClaim int64
	// handOver is the hand-over under way (HandOver), if any.
	handOver *handingOver

	bot botTurn // the bots' decision under way (botturn.go)

	toAnswer answerClock // the time to answer (answerclock.go)

	// For Options.Timing: when the message being handled was read, and how
	// long after that its sender was sent the new state.
	arrived time.Time
	toActor time.Duration

	beat hostBeat // the check of the guests' heartbeats (heartbeat_host.go)

	// Taking back (undo.go): what the last actor may take back, the lines
	// the log shows for what was, the table's steps (every change, an
	// undo included) and the step of the last undo.
	undo     undoStack
	step     int
	undoneAt int
	// answeredAt is, for each seat, the step after the host last
	// answered for its person (a time that ran out, an automatic answer):
	// an intent decided before it was decided on a question answered
	// already (handle.go).
	answeredAt map[rules.Seat]int
	// lines are the log's own lines, a take-back's and a time run out's
	// (log_lines.go), kept for the save.
	lines ownLines

	planned plannedAnswers // the automatic answers planned (autopass.go, planned.go)
	// standing holds each seat's standing pass (stand.go): PassTurn or
	// PassRound.
	standing map[rules.Seat]string
	// Who decided the last action played (play), for the bots' pace
	// (runOn).
	lastBy    playedBy
	lastSeat  rules.Seat
	standStep int // the step the standing passes were last looked at
	// shown is the token of the one local member a shared screen shows
	// (shown.go): the other local members are sent no table. "" for none.
	shown string
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
	link    int64 // the Welcome.Link of the member's newest connection
	lastSeq int64
	// autoPass is the member's Prefs.AutoPass ("" is the default,
	// AutoPassNothing).
	autoPass string
	build    Build // as the member's last hello said
	// claim is the seat this watcher asks for (Claim), and claimed when
	// it asked (claims are listed oldest first); Spectator for none.
	claim   rules.Seat
	claimed int64
}

// peer is one connection.
type peer struct {
	conn      Conn
	local     bool
	member    *member // nil until hello
	msgs      *rate.Limiter
	chats     *rate.Limiter
	strikes   int
	closed    bool
	stopHello func() bool

	held heldView // the view it holds (held.go)

	beat peerBeat // its heartbeat (heartbeat_host.go)
}

type inbound struct {
	p    *peer
	data []byte
	at   time.Time // when it was read off the connection
}

type botResult struct {
	gen    int // the decision's number (botTurn.begin)
	step   int
	seat   rules.Seat
	action rules.Action
	err    error
}

// NewHost opens a room for a new game. cfg.Players is the number of seats;
// the game's options are checked now. The seed must stay secret from the
// guests; it is never sent. The host stops when ctx ends or Close is called.
func NewHost(ctx context.Context, gameID string, cfg rules.Config, seed uint64, opts Options) (*Host, error) {
	g, err := rules.Lookup(gameID)
	if err != nil {
		return nil, failf("%w", err)
	}
	if err := rules.CheckPlayers(g.Info(), cfg.Players); err != nil {
		return nil, failf("%w", err)
	}
	cfg.Options = maps.Clone(cfg.Options)
	if _, err := g.New(cfg, seed); err != nil {
		return nil, failf("%w", err)
	}
	h := newHost(ctx, g, gameID, cfg, seed, opts)
	go h.loop()
	return h, nil
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
		game:    g,
		gameID:  gameID,
		cfg:     cfg,
		seed:    seed,
		seating: newSeating(cfg.Players),
		roster:  newRoster(),
		peers:   map[*peer]struct{}{},

		planned:  newPlannedAnswers(),
		standing: map[rules.Seat]string{},
		lastLink: time.Now().UnixNano(),
	}
	h.toAnswer.setLimit(opts.AnswerTime)
	if h.build = CleanBuild(opts.Build); h.build == (Build{}) {
		h.build = ThisBuild()
	}
	h.ctx, h.cancel = context.WithCancel(ctx)
	return h
}

func (h *Host) newToken() string {
	for {
		var t string
		if h.opts.NewToken != nil {
			t = h.opts.NewToken()
		} else {
			t = rand.Text()
		}
		if h.free(t) {
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
