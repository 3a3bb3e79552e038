package rules

import (
	"fmt"
	"slices"
)

// Base is what every game's State holds and writes the same: the player
// count, the seated players' names, the generator all of the game's
// randomness comes from, and whether the state plays quietly. A game
// embeds it first in its State, so that its JSON encoding starts with
// "players", "names" and "rng" as each game's did before there was a Base;
// the quiet flag is never encoded (a quiet state's encoding is its loud
// twin's), and a copy of the State (c := *s) keeps it.
//
// What a game's Clone does with the generator stays the game's own (each
// copies it in its own way, to allocate least); Base only says what it
// holds.
type Base struct {
	Players int      `json:"players"`
	Names   []string `json:"names,omitempty"`
	RNG     *RNG     `json:"rng"`

	// quiet marks a copy that plays without words (Quiet): no labels, no
	// events, no prompt text.
	quiet bool
}

// NewBase is the Base of a new game of players seats named names (which
// it copies; nil for none), its generator seeded with seed.
func NewBase(players int, names []string, seed uint64) Base {
	return Base{Players: players, Names: slices.Clone(names), RNG: NewRNG(seed)}
}

// playerN are the names of unnamed seats, so that naming one in a log line
// allocates nothing.
var playerN = [...]string{"Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6", "Player 7", "Player 8"}

// Name is seat p's name for the log: the seated player's, or "Player 1"
// and so on for a seat without one.
func (b *Base) Name(p int) string {
	if p >= 0 && p < len(b.Names) && b.Names[p] != "" {
		return b.Names[p]
	}
	if p >= 0 && p < len(playerN) {
		return playerN[p]
	}
	return fmt.Sprintf("Player %d", p+1)
}

// SeatOK reports whether p is a seat at the table.
func (b *Base) SeatOK(p int) bool { return p >= 0 && p < b.Players }

// Rand is the state's generator as it stands (Undoable's Rand).
func (b *Base) Rand() RNG { return *b.RNG }

// Loud reports whether the state speaks: whether its Legal labels its
// actions, its Pending words its prompts and its Apply tells events.
func (b *Base) Loud() bool { return !b.quiet }

// Quieten makes the state quiet: the last step of a game's Hush, on the
// copy it returns.
func (b *Base) Quieten() { b.quiet = true }

// Sink is where one Apply of the state tells what happened: it keeps the
// events of a loud state and nothing of a quiet one.
func (b *Base) Sink() Sink { return Sink{quiet: b.quiet} }

// Prompt is the prompts of a game that waits for one seat, with text
// worded by text for a loud state only (a quiet state's prompts have no
// words): the common shape of Pending.
func (b *Base) Prompt(seat int, text func() string) []Prompt {
	pr := []Prompt{{Seat: Seat(seat)}}
	if !b.quiet {
		pr[0].Text = text()
	}
	return pr
}

// Sink collects what one Apply made happen, for the log, and is the one
// way a game runs quietly: a quiet state's sink (Base.Sink) keeps nothing,
// so rule code tells every event to it, whatever the state. Add and
// Secret never word anything for a quiet sink; but their arguments are
// worked out before the call, and each string among them costs an
// allocation even when nothing is kept. So rule code asks Loud first only
// where the words cost something to build (a name, a count, a list):
//
//	ev.Add(p, "pass", "Every player has passed.")  // constant words: no guard
//	if ev.Loud() {
//		ev.Add(p, "take", "%s takes %s", s.Name(p), cardName(c))
//	}
type Sink struct {
	events Events
	quiet  bool
}

// Loud reports whether the sink keeps events: whether to word them. A
// nil sink keeps nothing, for what no log reads (a game's set-up, a copy
// played to see what an action would do).
func (k *Sink) Loud() bool { return k != nil && !k.quiet }

// Add records an event everyone may read (Events.Add), when loud.
func (k *Sink) Add(seat int, kind, format string, args ...any) {
	if k.Loud() {
		k.events.Add(seat, kind, format, args...)
	}
}

// Secret records an event with private wording (Events.Secret), when loud.
func (k *Sink) Secret(seat int, kind, public, private string, to ...int) {
	if k.Loud() {
		k.events.Secret(seat, kind, public, private, to...)
	}
}

// Tell records events already built, when loud.
func (k *Sink) Tell(e ...Event) {
	if k.Loud() {
		k.events = append(k.events, e...)
	}
}

// Events are the events told so far: none for a quiet sink.
func (k *Sink) Events() []Event {
	if k == nil {
		return nil
	}
	return k.events
}
