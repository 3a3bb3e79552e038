package session

import (
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
	// A guest dropped for breaking the limits (too many bad messages, a
	// flood) is kept out: CutOff the first time, twice as long each time
	// after, and for the rest of the room at the CutOffs-th time (30s, 3).
	CutOff  time.Duration
	CutOffs int
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
	def(&l.CutOffs, 3)
	if l.MsgRate <= 0 {
		l.MsgRate = 10
	}
	if l.ChatEvery <= 0 {
		l.ChatEvery = 2 * time.Second
	}
	if l.HelloTimeout <= 0 {
		l.HelloTimeout = 15 * time.Second
	}
	if l.CutOff <= 0 {
		l.CutOff = 30 * time.Second
	}
	return l
}

// DefaultBotDelay is the bots' pace at a table (Options.BotDelay): the
// least a bot seems to think over its first decision after a person's,
// so that people can follow what it does. The pace report
// (TestTablePace, in make bench) plays every game at it.
const DefaultBotDelay = 600 * time.Millisecond

// Options tune a host. The zero value is ready to use.
type Options struct {
	// BotDelay is the least time a bot takes over a prompt, so that people
	// can follow the game; by default it answers after BotDelay and up to
	// as much again (twice as much for a hard bot). Zero makes bots act as
	// soon as they have chosen.
	BotDelay time.Duration
	// BotWait, when set, draws the time from a bot's prompt to its answer
	// instead, for a bot of a level (tests). The bot thinks within it and
	// answers no sooner, so that the time says nothing of what it holds.
	BotWait func(level string) time.Duration
	// makeBot, when set, makes the bots instead of the games' own (tests).
	makeBot func(level string, seed uint64) rules.Bot
	// BotPause is lent to a hard bot's search, which calls it between its
	// playouts: in the browser it lets the page breathe, since the search
	// runs on the page's one thread (nil natively).
	BotPause func()
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
	// OnLobby receives the lobby's seats whenever they change before the
	// start, for a host to keep and give back to RestoreLobby after a
	// reload. Like OnSave it runs on the loop.
	OnLobby func([]LobbySeat)
	// AnswerTime is how long a human seat has to answer a prompt that may
	// time out (the game implements rules.Expiring: a reaction, say) before
	// it takes the game's timeout action. Zero means no limit.
	AnswerTime time.Duration
	// OnOptions receives the game's options whenever the host changes them
	// before the start (SetOption), to keep for a reload. Like OnSave it
	// runs on the loop.
	OnOptions func(map[string]string)
	// Timing, when set, hears what each guest's applied action took the
	// host (for `make bench`). It runs on the loop.
	Timing func(ActionTimes)
	// Heartbeat tunes how the host judges a silent guest (Away, Drop).
	Heartbeat Heartbeat
	// PassDelay draws how long the host waits before it answers a prompt
	// for a player who asked it to (Prefs.AutoPass): HumanDelay when nil.
	// Whatever it draws must not depend on the player's answers.
	PassDelay func() time.Duration
	// Build is the host's build of the app, said to every guest (Welcome,
	// Lobby); ThisBuild when zero.
	Build Build
	// OnProtocol hears of a guest refused because it speaks another
	// protocol version (theirs), with the name its hello gave ("" when it
	// could not be read), so that the host's player can be told which
	// device should reload. Like OnSave it runs on the loop.
	OnProtocol func(name string, theirs int)
}

// ActionTimes is what one guest's applied action took the host.
type ActionTimes struct {
	// ToActor runs from reading the intent off the connection to sending
	// the acting guest its new state: the host's share of that guest's
	// round trip.
	ToActor time.Duration
	// Total runs from reading the intent to the end of its step: every
	// peer's state sent, the game saved, the bots' turn scheduled.
	Total time.Duration
}

// MemberInfo describes one member of the room for the host's UI (to kick a
// spectator, say).
type MemberInfo struct {
	ID        int        `json:"id"`
	Name      string     `json:"name"`
	Seat      rules.Seat `json:"seat"`
	Connected bool       `json:"connected"`
	Host      bool       `json:"host"`
	Build     Build      `json:"build,omitzero"`
}
