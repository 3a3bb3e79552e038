package vikings

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// Action kinds, with their Args. Cards are card ids (KindOf), seats seat
// numbers, directions North to West, spaces ids in Spaces.
const (
	KindHero      = "hero"      // [card] or [card, overboard]: put a hero from the hand into the crew (start of the turn)
	KindSail      = "sail"      // [card, dir]: sail with a wind card, or an event for its wind
	KindEvent     = "event"     // [card, args...]: play an event for its effect (see eventArgs)
	KindAttack    = "attack"    // [seat]: standard action, attack that player's longship here
	KindLoot      = "loot"      // []: standard action, loot the village here
	KindFeast     = "feast"     // []: standard action, feast at your harbour
	KindSacrifice = "sacrifice" // []: standard action, then discard pairs
	KindUse       = "use"       // [hero, args...]: use a hero's once-a-round ability
	KindRow       = "row"       // [dir]: row one space; ends the turn
	KindEnd       = "end"       // []: end the turn
	KindPass      = "pass"      // []: no reaction, or no response
	KindDiscard   = "discard"   // [card]: discard it (hand limit, sacrifice)
	KindStop      = "stop"      // []: stop sacrificing
	KindOverboard = "overboard" // [crew card]: throw it overboard
	KindTake      = "take"      // [crew card]: a decisive victory takes it
	KindKeep      = "keep"      // [0 throw overboard | 1 keep]: the crew member taken
	KindPush      = "push"      // [dir]: move the loser's longship
	KindMonster   = "monster"   // [space]: move the sea monster there
)

// Step kinds: the decision the game waits for.
const (
	StepAct       = "act"       // the active player: play cards, a standard action, row or end
	StepReact     = "react"     // a reaction round: play a reaction or pass
	StepRespond   = "respond"   // after the active player's action: one response or pass
	StepOverboard = "overboard" // choose a crew member to throw overboard
	StepTake      = "take"      // a decisive victory: take a crew member
	StepKeep      = "keep"      // keep the crew member taken, or throw it overboard
	StepPush      = "push"      // move the loser's longship
	StepMonster   = "monster"   // move the sea monster
	StepSacrifice = "sacrifice" // discard cards in pairs
	StepDiscard   = "discard"   // end of turn: down to 6 cards
	StepOver      = "over"
)

// Player is one seat's longship, crew, hand and war camp.
type Player struct {
	Colour int   `json:"colour"`
	Ship   int   `json:"ship"` // the space the longship is on
	Hand   []int `json:"hand"`
	Crew   []int `json:"crew"`           // hero cards and daughters, at most 3
	Used   []int `json:"used,omitempty"` // once-a-round heroes used (rotated)
	Camp   []int `json:"camp"`           // daughters feasted
	Turns  int   `json:"turns"`          // turns begun
}

// Entry is one card or action on the stack.
type Entry struct {
	Seat      int    `json:"seat"`
	Kind      string `json:"kind"`           // the action's kind: sail, event, attack, loot, feast, sacrifice, use, monsterAttack
	Args      []int  `json:"args,omitempty"` // as in the action
	Cancelled bool   `json:"cancelled,omitempty"`
	Mod       int    `json:"mod,omitempty"`  // an attack's die modifier from reactions
	From      int    `json:"from,omitempty"` // a monster attack: the space the longship came from
}

// KindMonsterAttack is the stack entry of an attack on the sea monster,
// which sailing onto its space forces.
const KindMonsterAttack = "monsterAttack"

// Step is the decision the game waits for.
type Step struct {
	Kind   string `json:"kind"`
	Seat   int    `json:"seat"`
	Passes int    `json:"passes,omitempty"` // a reaction round: passes in a row since the last card
	Other  int    `json:"other,omitempty"`  // a choice's other player (the loser pushed, the defender robbed)
	Left   int    `json:"left,omitempty"`   // cards discarded so far in a sacrifice
	Card   int    `json:"card,omitempty"`   // the crew member taken, or a daughter to make room for
}

// Roll is the last die roll, for boards and the log.
type Roll struct {
	Seat   int `json:"seat"`
	Die    int `json:"die"`
	Mod    int `json:"mod"`
	Total  int `json:"total"`
	Target int `json:"target"` // the defender's seat, -1 for the sea monster
}

// State is a game of Vikings: Warriors of the North. Every field is
// exported for the JSON encoding that replays compare; read it through
// View, which hides hands and the deck.
type State struct {
	rules.Base          // players, names, the generator, quiet (Hush)
	Seats      []Player `json:"seats"`

	Deck       []int          `json:"deck"` // top first
	Discard    []int          `json:"discard"`
	Daughters  [Colours][]int `json:"daughters"` // each colour's pile
	Monster    int            `json:"monster"`   // the sea monster's space
	Reshuffles int            `json:"reshuffles"`

	Turn     int  `json:"turn"`     // the active player
	Standard bool `json:"standard"` // a standard action was taken this turn
	Rowed    bool `json:"rowed"`
	HeroOpen bool `json:"heroOpen"` // a hero may still be played this turn
	Acting   bool `json:"acting"`   // the stack is the active player's own action (a response phase follows)
	// Responders are the players still to respond to the active player's
	// last action, in order.
	Responders []int `json:"responders,omitempty"`
	// MonsterFrom is the space a longship sailed onto the sea monster
	// from, while its forced attack waits for the stack to end; else -1.
	MonsterFrom int     `json:"monsterFrom"`
	Stack       []Entry `json:"stack,omitempty"`
	Resolve     int     `json:"resolve"` // resolving the stack: the next entry, counted from the bottom; -1 while reacting
	Step        Step    `json:"step"`
	Roll        *Roll   `json:"roll,omitempty"`
	Seasick     []int   `json:"seasick,omitempty"` // daughters seasick in the feast on the stack

	Outcome *rules.Result `json:"outcome,omitempty"`
}

var _ rules.State = (*State)(nil)

// Pending implements rules.State.
func (s *State) Pending() []rules.Prompt {
	if s.Step.Kind == StepOver {
		return nil
	}
	return s.Prompt(s.Step.Seat, s.prompt)
}

func (s *State) prompt() string {
	switch s.Step.Kind {
	case StepAct:
		if s.HeroOpen {
			return "Put a hero in your crew, play cards, take a standard action, row or end the turn"
		}
		return "Play cards, take a standard action, row or end the turn"
	case StepReact:
		return "React to " + s.entryWords(len(s.Stack)-1) + ", or pass"
	case StepRespond:
		return "Respond to " + s.Name(s.Turn) + "'s action with an event or a hero, or pass"
	case StepOverboard:
		return "Throw a crew member overboard"
	case StepTake:
		return "Decisive victory: take a crew member from " + s.Name(s.Step.Other)
	case StepKeep:
		return "Keep the crew member you took, or throw it overboard"
	case StepPush:
		return "Move " + s.Name(s.Step.Other) + "'s longship one space"
	case StepMonster:
		return "Move the sea monster to a space without longships that is not a harbour"
	case StepSacrifice:
		if s.Step.Left%2 == 1 {
			return "Sacrifice: choose the second card of the pair, to draw a card"
		}
		return "Sacrifice: discard cards in pairs, one card drawn for each pair"
	case StepDiscard:
		return fmt.Sprintf("Discard down to %d cards", HandLimit)
	}
	return ""
}

// OnTimeout implements rules.Expiring: a player who lets a reaction or a
// response time out passes. Nothing else times out.
func (s *State) OnTimeout(seat rules.Seat) (rules.Action, bool) {
	if s.Outcome != nil || int(seat) != s.Step.Seat || s.Step.Kind != StepReact && s.Step.Kind != StepRespond {
		return rules.Action{}, false
	}
	return act(KindPass, "Pass (the time to answer ran out)"), true
}

var _ rules.Expiring = (*State)(nil)

// Active implements rules.Turns: the player whose turn it is.
func (s *State) Active() rules.Seat { return rules.Seat(s.Turn) }

// Result implements rules.State.
func (s *State) Result() *rules.Result { return s.Outcome }

// Clone implements rules.State. The copy's int slices (hands, crews,
// piles, the stack's args) are cut from one array, each capped at its
// length so that growing one never writes into the next.
func (s *State) Clone() rules.State {
	c := *s
	c.Names = slices.Clone(s.Names)
	r := *s.RNG
	c.RNG = &r
	ints := intsCopier{buf: make([]int, 0, s.intsLen())}
	c.Seats = make([]Player, len(s.Seats))
	for i, p := range s.Seats {
		p.Hand, p.Crew, p.Used, p.Camp = ints.copy(p.Hand), ints.copy(p.Crew), ints.copy(p.Used), ints.copy(p.Camp)
		c.Seats[i] = p
	}
	c.Deck, c.Discard = ints.copy(s.Deck), ints.copy(s.Discard)
	for k := range c.Daughters {
		c.Daughters[k] = ints.copy(s.Daughters[k])
	}
	c.Stack = nil
	if len(s.Stack) > 0 {
		c.Stack = make([]Entry, len(s.Stack))
		for i, e := range s.Stack {
			e.Args = ints.copy(e.Args)
			c.Stack[i] = e
		}
	}
	c.Responders, c.Seasick = ints.copy(s.Responders), ints.copy(s.Seasick)
	if s.Roll != nil {
		r := *s.Roll
		c.Roll = &r
	}
	if s.Outcome != nil {
		o := *s.Outcome
		c.Outcome = &o
	}
	return &c
}

// intsLen counts the ints Clone copies.
func (s *State) intsLen() int {
	n := len(s.Deck) + len(s.Discard) + len(s.Responders) + len(s.Seasick)
	for i := range s.Seats {
		p := &s.Seats[i]
		n += len(p.Hand) + len(p.Crew) + len(p.Used) + len(p.Camp)
	}
	for _, d := range s.Daughters {
		n += len(d)
	}
	for _, e := range s.Stack {
		n += len(e.Args)
	}
	return n
}

// intsCopier copies slices into one array it was given room enough in.
type intsCopier struct{ buf []int }

// copy returns a copy of src, nil for nil (the encoding tells nil from
// empty), capped at its length.
func (c *intsCopier) copy(src []int) []int {
	if src == nil {
		return nil
	}
	n := len(c.buf)
	c.buf = append(c.buf, src...)
	return c.buf[n:len(c.buf):len(c.buf)]
}

// act and events are the rules package's shorthand and log collector.
var act = rules.NewAction

type events = rules.Sink
