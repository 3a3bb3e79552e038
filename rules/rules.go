package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// Seat identifies a player by position, 0 to players-1, in turn order.
type Seat int

// Spectator is the seat of someone who watches: it may see only public things.
const Spectator Seat = -1

// Everyone is the seat of an onlooker who may see everything every player
// sees: each hand, each face-down card. Only View takes it, and only a
// replay asks for it, once the game has ended (the host never sends it).
// A game that cannot show everything gives the spectator's view.
const Everyone Seat = -2

// Info describes a game for menus and lobbies.
type Info struct {
	ID         string   `json:"id"`   // stable, URL-safe: "rednorth"
	Name       string   `json:"name"` // "Red North"
	MinPlayers int      `json:"minPlayers"`
	MaxPlayers int      `json:"maxPlayers"`
	Minutes    [2]int   `json:"minutes"` // typical length, low and high
	Pitch      string   `json:"pitch"`   // one line for the home page
	Summary    []string `json:"summary"` // a short rules summary, one paragraph each
	Options    []Option `json:"options,omitempty"`
	// Timeout says what a seat whose time to answer runs out does ("a
	// pass"), for games whose states are Expiring; empty for the others.
	// The rules suite checks that the two agree.
	Timeout string `json:"timeout,omitempty"`
	// SearchSteps is the strong bot's budget for one decision, in actions
	// played out (rules/mcts); 0 for its default. A game whose actions are
	// small steps (a ship moved one space) needs more of them to see as
	// far as another game's.
	SearchSteps int `json:"-"`
	// SearchHorizon, when the game's states are a Judge, is how many
	// actions a playout plays before the state judges it; 0 plays every
	// playout to the end.
	SearchHorizon int `json:"-"`
}

// Option is a game variant or expansion a host may switch on or choose.
type Option struct {
	Key     string   `json:"key"`
	Label   string   `json:"label"`
	Choices []string `json:"choices"` // the first is the default
	// About says in one sentence why the option exists and what it
	// changes, for the set-up page; empty when the label says it all.
	About string `json:"about,omitempty"`
}

// Config is what a host chooses before a game starts.
type Config struct {
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
	// Setup optionally fixes the set-up instead of deriving it from the seed
	// (a tutorial, a puzzle, a reported position). Its format is the game's
	// own and documented in its README.
	Setup json.RawMessage `json:"setup,omitempty"`
	// Names are the seated players' names, for the game's log. Records
	// keep them in Seats; Record.Start fills them in, so they are never
	// stored twice.
	Names []string `json:"-"`
}

// Option returns the chosen value of an option, or its default.
func (c Config) Option(o Option) string {
	if v, ok := c.Options[o.Key]; ok {
		return v
	}
	if len(o.Choices) > 0 {
		return o.Choices[0]
	}
	return ""
}

// Game is one registered game.
type Game interface {
	Info() Info
	// New starts a game. It checks the config (player count, options, setup)
	// and returns a clear error for anything it cannot play.
	New(cfg Config, seed uint64) (State, error)
}

// Expiring is implemented by a State whose answers may time out. When a
// room's host sets a time to answer, a human seat that lets it run out
// takes the action OnTimeout gives, if it gives one (ok): a pass to a
// reaction, say, so that a table never stalls on a prompt nobody answers.
type Expiring interface {
	OnTimeout(seat Seat) (a Action, ok bool)
}

// Turns is implemented by a State whose play goes in turns: Active is the
// seat whose turn it is, whose actions the others answer. A host uses it
// to end a player's standing pass, "until my turn", when that turn comes.
type Turns interface {
	Active() Seat
}

// Explainer is implemented by a State that can say why an action a
// player would expect to take is not open to them now (a Jarl they cannot
// afford to subdue), so that a board shows the reason instead of leaving
// the control out without a word. Refused lists such near-legal actions
// of seat, none of them legal, each with its reason in words; it tells
// the seat nothing its view does not (a reason names only what the seat
// can see).
type Explainer interface {
	Refused(seat Seat) []Refusal
}

// Refusal is an action a seat may not take now, and why.
type Refusal struct {
	Action Action `json:"action"`
	Why    string `json:"why"` // "needs 3 silver; you have 1"
}

// RefusedOf is s's Refused for seat, or nothing when s cannot explain.
func RefusedOf(s State, seat Seat) []Refusal {
	if e, ok := s.(Explainer); ok && seat >= 0 {
		return e.Refused(seat)
	}
	return nil
}

// State is a game in progress. See the package documentation for the
// contract each method keeps.
type State interface {
	Pending() []Prompt
	Legal(seat Seat) []Action
	Apply(seat Seat, a Action) ([]Event, error)
	View(seat Seat) any
	Result() *Result
	// Clone returns an independent deep copy, RNG included.
	Clone() State
}

// Prompt says that a seat must decide something now.
type Prompt struct {
	Seat Seat   `json:"seat"`
	Text string `json:"text"` // "Choose 3 cards to deploy"
}

// Action is one atomic decision. Kind names it within its game; Args are
// small integers whose meaning the game defines (a card index, an end, a
// target seat). Label is the game's human wording for menus and logs; it
// does not take part in matching.
type Action struct {
	Kind  string `json:"kind"`
	Args  []int  `json:"args,omitempty"`
	Label string `json:"label,omitempty"`
}

// Same reports whether two actions are the same decision, labels aside.
func (a Action) Same(b Action) bool {
	return a.Kind == b.Kind && slices.Equal(a.Args, b.Args)
}

func (a Action) String() string {
	if a.Label != "" {
		return a.Label
	}
	return fmt.Sprintf("%s%v", a.Kind, a.Args)
}

// Event is something that happened, for the log and for animations. Text is
// what everyone may read. When part of it is secret (the face of a drawn
// card), Secret holds the fuller wording shown only to the seats in SecretTo.
type Event struct {
	Kind     string `json:"kind"`
	Seat     Seat   `json:"seat"` // who caused it, or Spectator for the game itself
	Text     string `json:"text"`
	Secret   string `json:"secret,omitempty"`
	SecretTo []Seat `json:"secretTo,omitempty"`
}

// For returns the event as the given seat may see it: the secret wording
// replaces the public one for the seats it is meant for (and for
// Everyone, who sees all), and the secret is removed for everyone else.
func (e Event) For(seat Seat) Event {
	out := Event{Kind: e.Kind, Seat: e.Seat, Text: e.Text}
	if e.Secret != "" && (seat == Everyone || seat != Spectator && slices.Contains(e.SecretTo, seat)) {
		out.Text = e.Secret
	}
	return out
}

// EventsFor filters a list of events for one seat.
func EventsFor(events []Event, seat Seat) []Event {
	out := make([]Event, len(events))
	for i, e := range events {
		out[i] = e.For(seat)
	}
	return out
}

// Result is the end of a game.
type Result struct {
	Winners []Seat `json:"winners"`
	Scores  []int  `json:"scores"`
	// Ranking lists seats best first, where the game ranks beyond the winner.
	Ranking []Seat `json:"ranking,omitempty"`
	// Reason says in words why the winner won, naming the tie-break if one
	// decided it.
	Reason string `json:"reason"`
}

// Errors that callers tell apart. Games wrap them in an *Error with their
// own wording.
var (
	ErrIllegal    = errors.New("rules: illegal action")
	ErrNotPending = errors.New("rules: not your turn")
	ErrGameOver   = errors.New("rules: the game is over")
	ErrBadConfig  = errors.New("rules: bad configuration")
)

// FindLegal returns the legal action that matches a (with its label), or an
// error wrapping ErrIllegal. Apply implementations start with it, so that
// Apply accepts exactly what Legal offers.
func FindLegal(s State, seat Seat, a Action) (Action, error) {
	if s.Result() != nil {
		return Action{}, ErrGameOver
	}
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return Action{}, ErrNotPending
	}
	for _, l := range legal {
		if l.Same(a) {
			return l, nil
		}
	}
	return Action{}, Errorf("", ErrIllegal, "%s is not allowed now", a)
}

// IsPending reports whether seat appears among the pending prompts.
func IsPending(s State, seat Seat) bool {
	for _, p := range s.Pending() {
		if p.Seat == seat {
			return true
		}
	}
	return false
}
