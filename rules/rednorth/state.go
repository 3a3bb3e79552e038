package rednorth

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"longhall/rules"
)

// Phases of a round. Resolution has no phase of its own: it happens at once
// when the last player passes, and its outcome is kept in State.Report.
const (
	PhaseDeploy  = "deploy"  // every seat still choosing picks its next card
	PhasePowers  = "powers"  // Angleland and Sax holders use their powers
	PhaseActions = "actions" // one action at a time, in turn order
	PhaseOver    = "over"    // the game has ended
)

// Step kinds: the open part of an action (or power) that takes several
// atomic decisions. The seat in Step decides next.
const (
	StepRed          = "red"          // Angleland: give [seat]
	StepSax          = "sax"          // Sax: salvage [card] or decline
	StepSaxEnd       = "saxEnd"       // Sax: end [0 left | 1 right]
	StepReinforceAdd = "reinforceAdd" // Reinforce: add [hand card]
	StepReinforceEnd = "reinforceEnd" // Reinforce: end [0 | 1]
	StepLoki         = "loki"         // Loki: loki [position], twice
	StepFreyaEnd     = "freyaEnd"     // Freya: end [0 | 1] for the drawn card
	StepSaga         = "saga"         // Saga: saga [seat, position] per opponent
	StepHel          = "hel"          // Hel: hel [discard card]
	StepHelInsert    = "helInsert"    // Hel: insert [index 0..len(party)]
)

// Action kinds, with their Args. Positions count a Raiding Party from its
// left end, starting at 0; cards are card ids.
const (
	KindDeploy    = "deploy"    // [card]: put a hand card face-down at the right end of your forming Party
	KindGive      = "give"      // [seat]: Angleland, give the First Player token (your own seat keeps it)
	KindSalvage   = "salvage"   // [card]: Sax, take this Raider from the discard pile
	KindDecline   = "decline"   // []: Sax, take nothing
	KindEnd       = "end"       // [0 left | 1 right]: where the card in hand goes
	KindWithdraw  = "withdraw"  // [position]: return a face-down card to your hand
	KindReinforce = "reinforce" // [position]: turn this face-down card face-up (then add, then end)
	KindAdd       = "add"       // [card]: Reinforce, the hand card to add face-up
	KindInspire   = "inspire"   // [position]: put a Glory token on this face-up Raider or Hero
	KindPromote   = "promote"   // [position]: put the Champion token on this face-up Jarl
	KindInvoke    = "invoke"    // []: use your God (Ragnarok only)
	KindLoki      = "loki"      // [position]: put a Loki Glory on this Raider or Hero, face-up or down
	KindSaga      = "saga"      // [seat, position]: turn that opponent's face-down card face-up
	KindHel       = "hel"       // [card]: take this Jarl or Raider from the discard pile
	KindInsert    = "insert"    // [index]: put Hel's card before position index (len = right end)
	KindPass      = "pass"      // [group] (or [] in Ragnarok): pass, taking that Muster Group
)

// Ends of a Raiding Party, the argument of KindEnd.
const (
	Left  = 0
	Right = 1
)

// PartyCard is a card in a Raiding Party with what lies on it.
type PartyCard struct {
	Card     int  `json:"card"`
	FaceUp   bool `json:"faceUp,omitempty"`
	Glory    int  `json:"glory,omitempty"`
	Champion bool `json:"champion,omitempty"`
}

// Player is one seat's belongings.
type Player struct {
	VP      int         `json:"vp"`
	Glory   int         `json:"glory"`
	Hand    []int       `json:"hand"`
	Party   []PartyCard `json:"party"`
	God     int         `json:"god"` // the God in front of the player, -1 for none
	Invoked bool        `json:"invoked,omitempty"`
	Passed  bool        `json:"passed,omitempty"`
}

// Group is a Muster Group: a Hero (Spring) or a God (Summer) with cards.
type Group struct {
	// N numbers the group as it was dealt (1, 2, …); taking a group does
	// not renumber the others, so the log and the table agree.
	N     int   `json:"n"`
	Hero  int   `json:"hero"` // -1 for none
	God   int   `json:"god"`  // -1 for none
	Cards []int `json:"cards"`
}

// Step is an action in progress that needs more decisions.
type Step struct {
	Kind    string `json:"kind"`
	Seat    int    `json:"seat"`
	Card    int    `json:"card"`         // the card being placed, -1 for none
	Flipped int    `json:"flipped"`      // Reinforce: the card turned face-up, -1 for none
	At      int    `json:"at,omitempty"` // Reinforce: the flipped card's position
	Left    int    `json:"left,omitempty"`
	Targets []int  `json:"targets,omitempty"`
}

// State is a game of Red North. Every field is exported for the JSON
// encoding that replays compare; read it through View, which hides what a
// seat may not see.
type State struct {
	rules.Base        // players, names, the generator, quiet (Hush)
	Round      int    `json:"round"`
	Phase      string `json:"phase"`

	InPlay []Colour        `json:"inPlay"`
	Owner  [numColours]int `json:"owner"` // seat controlling each Outpost, -1 for none

	Deck     []int `json:"deck"` // top first
	Discard  []int `json:"discard"`
	SetAside []int `json:"setAside"` // the Hero of the unclaimed Spring group
	Removed  []int `json:"removed"`  // out of the game at set-up

	GodPile     []int `json:"godPile"`     // face-down, top first, until Summer
	GodsRemoved []int `json:"godsRemoved"` // never revealed, out of the game
	GodsUsed    []int `json:"godsUsed"`    // invoked or left unclaimed: public

	Groups []Group  `json:"groups"`
	Seats  []Player `json:"seats"`

	FirstPlayer int `json:"firstPlayer"`
	TieBreaker  int `json:"tieBreaker"` // -1 until someone takes it
	Champion    int `json:"champion"`   // -1 until someone takes it

	Turn       int   `json:"turn"`       // whose action it is, -1 outside Player Actions
	PowerStage int   `json:"powerStage"` // 0: Angleland next, 1: Sax next, 2: done
	Step       *Step `json:"step,omitempty"`

	Report  *Report       `json:"report,omitempty"`
	Outcome *rules.Result `json:"outcome,omitempty"`
}

var _ rules.State = (*State)(nil)

func (s *State) inPlay(c Colour) bool { return slices.Contains(s.InPlay, c) }

// deploying reports whether seat p still has to choose a card to deploy.
func (s *State) deploying(p int) bool {
	if s.Phase != PhaseDeploy || !s.SeatOK(p) {
		return false
	}
	pl := &s.Seats[p]
	return len(pl.Party) < PartySize && len(pl.Hand) > 0
}

// Pending implements rules.State. A quiet state's prompts have no text.
func (s *State) Pending() []rules.Prompt {
	switch s.Phase {
	case PhaseOver:
		return nil
	case PhaseDeploy:
		var out []rules.Prompt
		for p := range s.Seats {
			if !s.deploying(p) {
				continue
			}
			if out == nil {
				out = make([]rules.Prompt, 0, s.Players)
			}
			pr := rules.Prompt{Seat: rules.Seat(p)}
			if s.Loud() {
				pr.Text = fmt.Sprintf("Choose card %d of %d for your Raiding Party", len(s.Seats[p].Party)+1, PartySize)
			}
			out = append(out, pr)
		}
		return out
	}
	if s.Step != nil {
		pr := rules.Prompt{Seat: rules.Seat(s.Step.Seat)}
		if s.Loud() {
			pr.Text = stepPrompt(s.Step)
		}
		return []rules.Prompt{pr}
	}
	if s.Phase == PhaseActions && s.SeatOK(s.Turn) {
		return []rules.Prompt{{Seat: rules.Seat(s.Turn), Text: "Take an action or pass"}}
	}
	return nil
}

func stepPrompt(st *Step) string {
	switch st.Kind {
	case StepRed:
		return "Angleland: give the First Player token to a player, or keep it"
	case StepSax:
		return "Sax: take a Raider from the discard pile, or decline"
	case StepSaxEnd, StepReinforceEnd, StepFreyaEnd:
		return "Choose the end of your Raiding Party for the card"
	case StepReinforceAdd:
		return "Reinforce: choose a card from your hand to add face-up"
	case StepLoki:
		return fmt.Sprintf("Loki: place a Glory token (%d left) on a Raider or Hero of your Party", st.Left)
	case StepSaga:
		return "Saga: turn a face-down card of an opponent face-up"
	case StepHel:
		return "Hel: take a Jarl or Raider from the discard pile"
	case StepHelInsert:
		return "Hel: choose where the card goes in your Raiding Party"
	}
	return "Decide"
}

// posText names a Party position for a label, counting from 1.
func posText(i int) string { return " (position " + strconv.Itoa(i+1) + ")" }

// act is the rules package's shorthand for a labelled action.
var act = rules.NewAction

func endName(e int) string {
	if e == Left {
		return "left"
	}
	return "right"
}

func groupText(g Group) string {
	var parts []string
	if g.God >= 0 {
		parts = append(parts, God(g.God).String())
	}
	if g.Hero >= 0 {
		parts = append(parts, aCard(g.Hero))
	}
	for _, id := range g.Cards {
		parts = append(parts, aCard(id))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return rules.And(parts)
}

// canPromote: you control blue, hold the Champion token, and it is not yet
// on one of your Jarls.
func (s *State) canPromote(p int) bool {
	if s.Owner[Blue] != p || s.Champion != p {
		return false
	}
	for _, pc := range s.Seats[p].Party {
		if pc.Champion {
			return false
		}
	}
	return true
}

// godHasEffect reports whether invoking seat p's God would change anything.
func (s *State) godHasEffect(p int) bool {
	pl := &s.Seats[p]
	switch God(pl.God) {
	case Thor:
		return len(s.SetAside) > 0
	case Loki:
		return slices.ContainsFunc(pl.Party, func(pc PartyCard) bool { return kindOf(pc.Card) != Jarl })
	case Odin:
		return true
	case Freya, Tyr:
		return len(s.Deck) > 0 || (DeckOutReshuffles && len(s.Discard) > 0)
	case Nornir:
		return slices.ContainsFunc(pl.Party, func(pc PartyCard) bool { return pc.Glory > 0 })
	case Saga:
		for q := range s.Players {
			if q != p && s.hasFaceDown(q) {
				return true
			}
		}
		return false
	case Hel:
		return slices.ContainsFunc(s.Discard, func(id int) bool { return kindOf(id) != Hero })
	}
	return false
}

// sagaTargets lists the opponents with a face-down card, clockwise from p.
func (s *State) sagaTargets(p int) []int {
	var out []int
	for k := 1; k < s.Players; k++ {
		if q := (p + k) % s.Players; s.hasFaceDown(q) {
			out = append(out, q)
		}
	}
	return out
}

// hasFaceDown reports whether seat p's Party has a face-down card.
func (s *State) hasFaceDown(p int) bool {
	return slices.ContainsFunc(s.Seats[p].Party, func(pc PartyCard) bool { return !pc.FaceUp })
}

// Result implements rules.State.
func (s *State) Result() *rules.Result {
	if s.Outcome == nil {
		return nil
	}
	r := *s.Outcome
	r.Winners = slices.Clone(r.Winners)
	r.Scores = slices.Clone(r.Scores)
	return &r
}

// Clone implements rules.State.
func (s *State) Clone() rules.State { return s.clone() }

// stateCopy holds a clone with its generator and step, so that one
// allocation makes all three.
type stateCopy struct {
	s    State
	rng  rules.RNG
	step Step
}

// clone copies the state deeply, in a few allocations: every list of ints
// is carved from one array and every Party from another. What never
// changes once set is shared: the Outposts in play and the names (fixed
// at set-up), the Report (each Resolution publishes a new one) and the
// Outcome.
func (s *State) clone() *State {
	b := &stateCopy{s: *s, rng: *s.RNG}
	c := &b.s
	c.RNG = &b.rng
	c.InPlay = slices.Clip(s.InPlay)
	c.Names = slices.Clip(s.Names)
	if s.Step != nil {
		b.step = *s.Step
		c.Step = &b.step
	}

	n := len(s.Deck) + len(s.Discard) + len(s.SetAside) + len(s.Removed) + len(s.GodPile) + len(s.GodsRemoved) + len(s.GodsUsed)
	parties := 0
	for _, g := range s.Groups {
		n += len(g.Cards)
	}
	for _, pl := range s.Seats {
		n += len(pl.Hand)
		parties += len(pl.Party)
	}
	if s.Step != nil {
		n += len(s.Step.Targets)
	}
	ints := make([]int, 0, n)
	cards := make([]PartyCard, 0, parties)

	c.Deck = carve(&ints, s.Deck)
	c.Discard = carve(&ints, s.Discard)
	c.SetAside = carve(&ints, s.SetAside)
	c.Removed = carve(&ints, s.Removed)
	c.GodPile = carve(&ints, s.GodPile)
	c.GodsRemoved = carve(&ints, s.GodsRemoved)
	c.GodsUsed = carve(&ints, s.GodsUsed)
	if s.Groups != nil {
		c.Groups = make([]Group, len(s.Groups))
		for i, g := range s.Groups {
			g.Cards = carve(&ints, g.Cards)
			c.Groups[i] = g
		}
	}
	if s.Seats != nil {
		c.Seats = make([]Player, len(s.Seats))
		for i, pl := range s.Seats {
			pl.Hand = carve(&ints, pl.Hand)
			pl.Party = carve(&cards, pl.Party)
			c.Seats[i] = pl
		}
	}
	if c.Step != nil {
		c.Step.Targets = carve(&ints, s.Step.Targets)
	}
	return c
}

// carve copies src to the end of *buf, which has room for it, and
// returns the copy capped, so that appending to it reallocates instead of
// running into the next copy. A nil src stays nil: the JSON encoding tells
// nil from empty.
func carve[T any](buf *[]T, src []T) []T {
	if src == nil {
		return nil
	}
	start := len(*buf)
	*buf = append(*buf, src...)
	return (*buf)[start:len(*buf):len(*buf)]
}

// refusal turns Apply's verdict (the game is over, the seat is not
// pending, the action is illegal) into an error a player can read, with
// the reason when it is one of the common ones.
func (s *State) refusal(seat rules.Seat, a rules.Action, err error) error {
	switch {
	case errors.Is(err, rules.ErrGameOver):
		return rules.Errorf(ID, rules.ErrGameOver, "the game is over")
	case errors.Is(err, rules.ErrNotPending):
		if !s.SeatOK(int(seat)) {
			return rules.Errorf(ID, rules.ErrNotPending, "seat %d is not a player of this game", seat)
		}
		if s.Phase == PhaseDeploy {
			return rules.Errorf(ID, rules.ErrNotPending, "your Raiding Party is already deployed; wait for the others")
		}
		if s.Phase == PhaseActions && s.Step == nil && s.Seats[seat].Passed {
			return rules.Errorf(ID, rules.ErrNotPending, "you have passed this round")
		}
		return rules.Errorf(ID, rules.ErrNotPending, "it is not your turn")
	}
	return &rules.Error{Game: ID, Msg: s.why(int(seat), a), Err: rules.ErrIllegal}
}

// why explains, in a player's words, why an action is not legal now.
func (s *State) why(p int, a rules.Action) string {
	arg := func(i int) int {
		if i < len(a.Args) {
			return a.Args[i]
		}
		return -1
	}
	pl := &s.Seats[p]
	turnAction := map[string]bool{KindWithdraw: true, KindReinforce: true, KindInspire: true, KindPromote: true, KindInvoke: true, KindPass: true}
	if turnAction[a.Kind] && s.Step != nil {
		return "finish the action you started first: " + stepPrompt(s.Step)
	}
	if turnAction[a.Kind] && s.Phase != PhaseActions {
		return a.Kind + " is a Player Actions choice, and this is not the Player Actions phase"
	}
	pos := arg(0)
	inParty := pos >= 0 && pos < len(pl.Party)
	partyAction := map[string]bool{KindWithdraw: true, KindReinforce: true, KindInspire: true, KindPromote: true}
	if partyAction[a.Kind] && s.Phase == PhaseActions && s.Step == nil && !inParty {
		return fmt.Sprintf("there is no card at position %d of your Raiding Party", pos+1)
	}
	switch a.Kind {
	case KindDeploy:
		return "deploy a card from your hand during Deployment"
	case KindWithdraw:
		if !slices.ContainsFunc(pl.Party, func(pc PartyCard) bool { return !pc.FaceUp }) {
			return "no face-down card to withdraw"
		}
		if inParty && pl.Party[pos].FaceUp {
			return "face-up cards may not be withdrawn"
		}
	case KindReinforce:
		if !slices.ContainsFunc(pl.Party, func(pc PartyCard) bool { return !pc.FaceUp }) {
			return "no face-down card left to turn face-up, so you may not Reinforce"
		}
		if ReinforceNeedsHandCard && len(pl.Hand) == 0 {
			return "no card in hand to reinforce with"
		}
		if inParty && pl.Party[pos].FaceUp {
			return "that card is already face-up"
		}
	case KindInspire:
		if pl.Glory == 0 {
			return "you have no Glory token"
		}
		if inParty && kindOf(pl.Party[pos].Card) == Jarl && pl.Party[pos].FaceUp {
			return "Glory tokens may not be placed on Jarls"
		}
		if inParty && !pl.Party[pos].FaceUp {
			return "Inspire needs a face-up Raider or Hero"
		}
	case KindPromote:
		if s.Owner[Blue] != p {
			return "Promote needs the blue Outpost, Rus"
		}
		if s.Champion != p {
			return "Promote needs the Champion token"
		}
		if !s.canPromote(p) {
			return "the Champion token is already on a Jarl"
		}
		return "Promote needs a face-up Jarl"
	case KindInvoke:
		if s.Round != Ragnarok {
			return "Gods may only be invoked in Ragnarok"
		}
		if pl.God < 0 {
			if pl.Invoked {
				return "you have already invoked your God"
			}
			return "you have no God to invoke"
		}
		return God(pl.God).String() + "'s power would change nothing now"
	case KindPass:
		if len(s.Groups) > 0 && (pos < 0 || pos >= len(s.Groups)) {
			return "choose one of the remaining Muster Groups"
		}
		if len(s.Groups) == 0 && len(a.Args) > 0 {
			return "there are no Muster Groups to take this round"
		}
	case KindGive, KindSalvage, KindDecline, KindEnd, KindAdd, KindLoki, KindSaga, KindHel, KindInsert:
		if s.Step == nil {
			return a.Kind + " only answers a choice in progress, and none is"
		}
		return "that does not answer the current choice: " + stepPrompt(s.Step)
	}
	if s.Step != nil {
		return "that does not answer the current choice: " + stepPrompt(s.Step)
	}
	return fmt.Sprintf("%s%v is not allowed now", a.Kind, a.Args)
}

// check verifies the invariants every reachable state keeps: each card and
// God in exactly one place, sane counters. Tests and New call it.
func (s *State) check() error {
	if s.Players < 2 || s.Players > 4 || len(s.Seats) != s.Players {
		return fmt.Errorf("%d seats for %d players", len(s.Seats), s.Players)
	}
	if s.Round < Spring || s.Round > Ragnarok {
		return fmt.Errorf("round %d", s.Round)
	}
	seen := make([]int, NumCards)
	mark := func(where string, ids ...int) error {
		for _, id := range ids {
			if !validCard(id) {
				return fmt.Errorf("%s holds card %d", where, id)
			}
			seen[id]++
		}
		return nil
	}
	if err := mark("deck", s.Deck...); err != nil {
		return err
	}
	if err := mark("discard", s.Discard...); err != nil {
		return err
	}
	if err := mark("set-aside", s.SetAside...); err != nil {
		return err
	}
	if err := mark("removed", s.Removed...); err != nil {
		return err
	}
	for i, g := range s.Groups {
		if g.Hero >= 0 {
			if err := mark("a Muster Group", g.Hero); err != nil {
				return err
			}
			if kindOf(g.Hero) != Hero {
				return fmt.Errorf("group %d has %s as its Hero", i, cardName(g.Hero))
			}
		}
		if err := mark("a Muster Group", g.Cards...); err != nil {
			return err
		}
	}
	champions := 0
	for p, pl := range s.Seats {
		if err := mark("a hand", pl.Hand...); err != nil {
			return err
		}
		for _, pc := range pl.Party {
			if err := mark("a Raiding Party", pc.Card); err != nil {
				return err
			}
			if pc.Glory < 0 || (pc.Glory > 0 && kindOf(pc.Card) == Jarl) {
				return fmt.Errorf("seat %d has %d Glory on %s", p, pc.Glory, cardName(pc.Card))
			}
			if pc.Champion {
				champions++
				if kindOf(pc.Card) != Jarl || !pc.FaceUp || s.Champion != p {
					return fmt.Errorf("seat %d has the Champion token on %s", p, cardName(pc.Card))
				}
			}
		}
		if pl.Glory < 0 || pl.VP < 0 {
			return fmt.Errorf("seat %d has %d Glory and %d VP", p, pl.Glory, pl.VP)
		}
	}
	if champions > 1 {
		return fmt.Errorf("the Champion token is on %d Jarls", champions)
	}
	if s.Step != nil && s.Step.Card >= 0 {
		if err := mark("the card being placed", s.Step.Card); err != nil {
			return err
		}
	}
	for id, n := range seen {
		if n != 1 {
			return fmt.Errorf("card %d (%s) is in %d places", id, cardName(id), n)
		}
	}
	gods := make([]int, NumGods)
	markGod := func(where string, g int) error {
		if g < 0 || g >= NumGods {
			return fmt.Errorf("%s holds God %d", where, g)
		}
		gods[g]++
		return nil
	}
	for _, list := range [][]int{s.GodPile, s.GodsRemoved, s.GodsUsed} {
		for _, g := range list {
			if err := markGod("a God pile", g); err != nil {
				return err
			}
		}
	}
	for _, g := range s.Groups {
		if g.God >= 0 {
			if err := markGod("a Muster Group", g.God); err != nil {
				return err
			}
		}
	}
	for _, pl := range s.Seats {
		if pl.God >= 0 {
			if err := markGod("a player", pl.God); err != nil {
				return err
			}
		}
	}
	for g, n := range gods {
		if n != 1 {
			return fmt.Errorf("God %s is in %d places", God(g), n)
		}
	}
	if !s.SeatOK(s.FirstPlayer) || (s.TieBreaker != -1 && !s.SeatOK(s.TieBreaker)) || (s.Champion != -1 && !s.SeatOK(s.Champion)) {
		return fmt.Errorf("a token is held by no seat")
	}
	for c, o := range s.Owner {
		if o != -1 && (!s.SeatOK(o) || !s.inPlay(Colour(c))) {
			return fmt.Errorf("the %s Outpost is held by seat %d", Colour(c), o)
		}
	}
	switch s.Phase {
	case PhaseDeploy, PhaseOver:
		if s.Step != nil {
			return fmt.Errorf("a step is open in phase %s", s.Phase)
		}
	case PhasePowers:
		if s.Step == nil {
			return fmt.Errorf("the powers phase has no step")
		}
	case PhaseActions:
		if !s.SeatOK(s.Turn) || s.Seats[s.Turn].Passed {
			return fmt.Errorf("turn %d in the actions phase", s.Turn)
		}
	default:
		return fmt.Errorf("unknown phase %q", s.Phase)
	}
	if s.Step != nil && !s.SeatOK(s.Step.Seat) {
		return fmt.Errorf("the step belongs to seat %d", s.Step.Seat)
	}
	return nil
}
