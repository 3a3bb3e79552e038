package vikings

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// Apply implements rules.State: it accepts exactly what Legal offers. A
// quiet state tells no events.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if err := s.check(seat, a); err != nil {
		return nil, err
	}
	ev := s.Sink()
	s.apply(int(seat), a, &ev)
	return ev.Events(), nil
}

// check refuses what Legal does not offer seat, with the errors
// rules.FindLegal gives, but without listing the legal actions (allows).
func (s *State) check(seat rules.Seat, a rules.Action) error {
	switch {
	case s.Outcome != nil:
		return rules.ErrGameOver
	case !s.SeatOK(int(seat)) || s.Step.Seat != int(seat):
		return rules.ErrNotPending
	case !s.allows(seat, a):
		return fmt.Errorf("%w: %s is not allowed now", rules.ErrIllegal, a)
	}
	return nil
}

// apply carries out a legal action of seat p. Its events go to ev, which
// keeps none for a quiet state: then no words are built at all.
func (s *State) apply(p int, a rules.Action, ev *events) {
	pl := &s.Seats[p]
	switch s.Step.Kind {
	case StepAct:
		s.applyAct(p, a, ev)
	case StepReact:
		if a.Kind == KindPass {
			s.pass(p, ev)
			return
		}
		s.play(p, a, ev)
		s.Step.Passes = 0
		s.Step.Seat = (p + 1) % s.Players
	case StepRespond:
		if a.Kind == KindPass {
			if ev.Loud() {
				ev.Add(p, "pass", "%s does not respond", s.Name(p))
			}
			s.nextResponder(ev)
			return
		}
		s.play(p, a, ev)
		s.startReactions(p)
	case StepOverboard:
		s.overboard(p, a.Args[0], ev)
		s.afterCrewChange(p, ev)
	case StepTake:
		c := a.Args[0]
		o := s.Step.Other
		s.Seats[o].Crew = rules.Without(s.Seats[o].Crew, c)
		if ev.Loud() {
			ev.Add(p, "take", "%s takes %s from %s's crew", s.Name(p), CardName(c), s.Name(o))
		}
		s.Step = Step{Kind: StepKeep, Seat: p, Card: c}
	case StepKeep:
		c := s.Step.Card
		if a.Args[0] == 0 {
			s.toPile(c)
			if ev.Loud() {
				ev.Add(p, "overboard", "%s throws %s overboard", s.Name(p), CardName(c))
			}
			s.resolveStack(ev)
			return
		}
		if !s.addToCrew(p, c, ev) {
			s.resolveStack(ev)
		}
	case StepPush:
		o := s.Step.Other
		s.moveShip(o, a.Args[0], ev)
		s.afterPush(p, o, ev)
	case StepMonster:
		s.Monster = a.Args[0]
		if ev.Loud() {
			ev.Add(p, "monster", "%s drives the sea monster to %s", s.Name(p), SpaceName(s.Monster))
		}
		s.resolveStack(ev)
	case StepSacrifice:
		if a.Kind == KindStop {
			if ev.Loud() {
				ev.Add(p, "sacrifice", "%s ends the sacrifice", s.Name(p))
			}
			s.resolveStack(ev)
			return
		}
		c := a.Args[0]
		pl.Hand = rules.Without(pl.Hand, c)
		s.Discard = append(s.Discard, c)
		s.Step.Left++
		if s.Step.Left%2 == 1 {
			if ev.Loud() {
				ev.Add(p, "sacrifice", "%s sacrifices %s, the first card of a pair", s.Name(p), CardName(c))
			}
			return
		}
		if ev.Loud() {
			ev.Add(p, "sacrifice", "%s sacrifices %s, completing a pair", s.Name(p), CardName(c))
		}
		s.draw(p, 1, ev)
		if len(pl.Hand) < 2 {
			if ev.Loud() {
				ev.Add(p, "sacrifice", "%s has no pair left to sacrifice", s.Name(p))
			}
			s.resolveStack(ev)
		}
	case StepDiscard:
		c := a.Args[0]
		pl.Hand = rules.Without(pl.Hand, c)
		s.Discard = append(s.Discard, c)
		if ev.Loud() {
			ev.Add(p, "discard", "%s discards %s", s.Name(p), CardName(c))
		}
		if len(pl.Hand) <= HandLimit {
			s.nextTurn(ev)
		}
	}
}

// applyAct carries out the active player's choice.
func (s *State) applyAct(p int, a rules.Action, ev *events) {
	pl := &s.Seats[p]
	switch a.Kind {
	case KindHero:
		c := a.Args[0]
		pl.Hand = rules.Without(pl.Hand, c)
		s.HeroOpen = false
		if len(a.Args) > 1 {
			o := a.Args[1]
			pl.Crew = rules.Without(pl.Crew, o)
			s.toPile(o)
			if ev.Loud() {
				ev.Add(p, "overboard", "%s throws %s overboard", s.Name(p), CardName(o))
			}
		}
		pl.Crew = append(pl.Crew, c)
		if ev.Loud() {
			ev.Add(p, "hero", "%s puts %s in the crew", s.Name(p), CardName(c))
		}
	case KindRow:
		s.HeroOpen = false
		s.moveShip(p, a.Args[0], ev)
		if ev.Loud() {
			ev.Add(p, "row", "%s rows, and the turn ends", s.Name(p))
		}
		s.endTurn(ev)
	case KindEnd:
		if ev.Loud() {
			ev.Add(p, "end", "%s ends the turn", s.Name(p))
		}
		s.endTurn(ev)
	default:
		s.HeroOpen = false
		if a.Kind == KindAttack || a.Kind == KindLoot || a.Kind == KindFeast || a.Kind == KindSacrifice {
			s.Standard = true
		}
		s.play(p, a, ev)
		s.Acting = true
		s.startReactions(p)
	}
}

// play puts p's card or action on the stack: a card leaves the hand, a
// hero is turned.
func (s *State) play(p int, a rules.Action, ev *events) {
	pl := &s.Seats[p]
	e := Entry{Seat: p, Kind: a.Kind, Args: slices.Clone(a.Args)}
	switch a.Kind {
	case KindSail, KindEvent:
		pl.Hand = rules.Without(pl.Hand, a.Args[0])
	case KindUse:
		pl.Used = append(pl.Used, a.Args[0])
	}
	if ev.Loud() {
		ev.Add(p, "play", "%s", s.playWords(e))
	}
	s.Stack = append(s.Stack, e)
}

// playWords says what entry e, about to go on the stack, is, in the third
// person with names, for every seat's log (the label the player pressed
// speaks to them: "move your longship north").
func (s *State) playWords(e Entry) string {
	who := s.Name(e.Seat)
	switch e.Kind {
	case KindSail:
		c, d := e.Args[0], e.Args[1]
		w := fmt.Sprintf("%s plays %s to sail %s", who, CardName(c), DirNames[d])
		if TypeOf(c) == Event {
			w = fmt.Sprintf("%s plays %s for its wind, to sail %s", who, CardName(c), DirNames[d])
		}
		if Neighbour(s.Seats[e.Seat].Ship, d) == s.Monster {
			w += ", and to attack the sea monster"
		}
		return w
	case KindAttack:
		return fmt.Sprintf("%s attacks %s's longship", who, s.Name(e.Args[0]))
	case KindLoot:
		return fmt.Sprintf("%s sets out to loot the %s village", who, ColourNames[Spaces[s.Seats[e.Seat].Ship].Colour])
	case KindFeast:
		return who + " calls a feast"
	case KindSacrifice:
		return who + " offers pairs of cards to the gods"
	case KindUse:
		c := e.Args[0]
		switch KindOf(c) {
		case Helmsman:
			return fmt.Sprintf("%s uses the Helmsman to move their longship %s", who, DirNames[e.Args[1]])
		case Seeress:
			return who + " uses the Seeress to draw a card"
		case Skald:
			return fmt.Sprintf("%s uses the Skald: %s to the roll", who, modWords(sign(e.Args[1]))[1:])
		}
		return fmt.Sprintf("%s uses the %s", who, CardName(c))
	case KindEvent:
		return fmt.Sprintf("%s plays %s%s", who, CardName(e.Args[0]), s.eventWords(e))
	}
	return who + " plays " + e.Kind
}

// eventWords says what event entry e will do, after its card's name.
func (s *State) eventWords(e Entry) string {
	switch KindOf(e.Args[0]) {
	case Loki, Calm:
		if len(s.Stack) > 0 {
			return " to cancel " + s.entryWords(len(s.Stack)-1)
		}
	case ShieldWall:
		return " to stop the attack on their longship"
	case Thor:
		return ": " + modWords(sign(e.Args[1]))[1:] + " to the roll"
	case Seasick:
		return ": " + CardName(e.Args[1]) + " stays aboard"
	case Mutiny:
		return ": " + s.Name(e.Args[1]) + " must throw a crew member overboard"
	case Command:
		return fmt.Sprintf(" to move %s's longship %s", s.Name(e.Args[1]), DirNames[e.Args[2]])
	case Current:
		return " to move their longship " + DirNames[e.Args[1]]
	case Stirs:
		return " to move the sea monster to " + SpaceName(e.Args[1])
	case Ravens:
		return " to draw 2 cards"
	case Thief:
		return " to take a random card from " + s.Name(e.Args[1])
	}
	return ""
}

// startReactions opens a reaction round on the stack's new top, played by
// p: the others answer in turn from p's left.
func (s *State) startReactions(p int) {
	s.Resolve = 0
	s.Step = Step{Kind: StepReact, Seat: (p + 1) % s.Players}
}

// pass: p does not react. A PLAYER'S TURN: "Players continue playing
// reaction cards ... until all players pass in a row": the round goes on
// round the table from the left of whoever played last, and comes back to
// that player too, who may react to the stack (Power of Thor on their own
// attack) or pass. Once every player has passed in a row, the stack
// resolves.
func (s *State) pass(p int, ev *events) {
	last := s.lastPass()
	s.Step.Passes++
	if last {
		if ev.Loud() {
			ev.Add(-1, "resolve", "Everyone passes: the stack resolves from the top")
		}
		s.resolveStack(ev)
		return
	}
	s.Step.Seat = (p + 1) % s.Players
}

// lastPass reports whether a pass now, in a reaction round, ends it: every
// other player has passed in a row since the last card, so this pass is
// the one of the player who played it ("until all players pass in a row").
func (s *State) lastPass() bool {
	return s.Step.Kind == StepReact && s.Step.Passes+1 >= s.Players
}

// resolveStack applies the stack's entries from the top down, stopping
// while an effect waits for a choice (it calls resolveStack again when
// done), then ends the action.
func (s *State) resolveStack(ev *events) {
	for s.Resolve < len(s.Stack) && s.Outcome == nil {
		i := len(s.Stack) - 1 - s.Resolve
		s.Resolve++
		e := s.Stack[i]
		if e.Cancelled {
			if ev.Loud() {
				ev.Add(e.Seat, "cancelled", "%s is cancelled", s.entryWords(i))
			}
			if e.Kind == KindMonsterAttack {
				s.backFromMonster(e, ev)
			}
			continue
		}
		if s.effect(i, ev) {
			return // waiting for a choice
		}
	}
	if s.Outcome == nil {
		s.endAction(ev)
	}
}

// effect applies stack entry i. It reports whether the game now waits
// for a choice before the rest of the stack.
func (s *State) effect(i int, ev *events) (waiting bool) {
	e := s.Stack[i]
	p := e.Seat
	pl := &s.Seats[p]
	switch e.Kind {
	case KindSail:
		if j := Neighbour(pl.Ship, e.Args[1]); j >= 0 {
			from := pl.Ship
			pl.Ship = j
			if ev.Loud() {
				ev.Add(p, "sail", "%s sails %s to %s", s.Name(p), DirNames[e.Args[1]], SpaceName(j))
			}
			if j == s.Monster {
				// Sailing onto the sea monster forces an attack on it, the
				// turn's standard action, once this stack is done.
				s.Standard = true
				s.MonsterFrom = from
				if ev.Loud() {
					ev.Add(p, "monster", "%s must attack the sea monster", s.Name(p))
				}
			}
		}
	case KindEvent:
		return s.eventEffect(i, ev)
	case KindUse:
		switch KindOf(e.Args[0]) {
		case Helmsman:
			s.moveShip(p, e.Args[1], ev)
		case Seeress:
			s.draw(p, 1, ev)
		case Skald:
			s.Stack[0].Mod += sign(e.Args[1])
		}
	case KindAttack:
		return s.attack(p, e.Args[0], e.Mod, ev)
	case KindMonsterAttack:
		return s.attackMonster(p, e, ev)
	case KindLoot:
		if !s.canLoot(p) {
			if ev.Loud() {
				ev.Add(p, "fizzle", "There is nothing left to loot")
			}
			return false
		}
		k := Spaces[pl.Ship].Colour
		d := s.Daughters[k][0]
		s.Daughters[k] = s.Daughters[k][1:]
		if ev.Loud() {
			ev.Add(p, "loot", "%s loots the %s village and takes %s aboard", s.Name(p), ColourNames[k], CardName(d))
		}
		return s.addToCrew(p, d, ev)
	case KindFeast:
		return s.feast(p, ev)
	case KindSacrifice:
		// "The player discards pairs of cards from their hand": with fewer
		// than two cards left (reactions of their own spent them), there is
		// no pair to give.
		if len(pl.Hand) < 2 {
			if ev.Loud() {
				ev.Add(p, "fizzle", "%s has no pair of cards left to sacrifice", s.Name(p))
			}
			return false
		}
		s.Step = Step{Kind: StepSacrifice, Seat: p}
		return true
	}
	return false
}

// sign turns a +1/−1 choice (1 or 0) into the modifier.
func sign(up int) int {
	if up == 1 {
		return 1
	}
	return -1
}

// eventEffect applies the event at stack entry i.
func (s *State) eventEffect(i int, ev *events) (waiting bool) {
	e := s.Stack[i]
	p := e.Seat
	switch KindOf(e.Args[0]) {
	case Loki, Calm:
		if i > 0 {
			s.Stack[i-1].Cancelled = true
			if ev.Loud() {
				ev.Add(p, "cancel", "%s cancels %s", CardName(e.Args[0]), s.entryWords(i-1))
			}
		}
	case ShieldWall:
		s.Stack[0].Cancelled = true
		if ev.Loud() {
			ev.Add(p, "cancel", "%s's Shield Wall stops the attack", s.Name(p))
		}
	case Thor:
		s.Stack[0].Mod += sign(e.Args[1])
	case Seasick:
		s.Seasick = append(s.Seasick, e.Args[1])
	case Mutiny:
		o := e.Args[1]
		if len(s.Seats[o].Crew) == 0 {
			if ev.Loud() {
				ev.Add(p, "fizzle", "%s has no crew left to lose", s.Name(o))
			}
			return false
		}
		s.Step = Step{Kind: StepOverboard, Seat: o, Card: -1}
		return true
	case Command:
		o, d := e.Args[1], e.Args[2]
		if j := Neighbour(s.Seats[o].Ship, d); j >= 0 && j != s.Monster {
			s.moveShip(o, d, ev)
		}
	case Current:
		if j := Neighbour(s.Seats[p].Ship, e.Args[1]); j >= 0 && j != s.Monster {
			s.moveShip(p, e.Args[1], ev)
		}
	case Stirs:
		if j := e.Args[1]; j != s.Monster && !s.shipOn(j) {
			s.Monster = j
			if ev.Loud() {
				ev.Add(p, "monster", "The sea monster moves to %s", SpaceName(j))
			}
		}
	case Ravens:
		s.draw(p, 2, ev)
	case Thief:
		s.steal(p, e.Args[1], ev)
	}
	return false
}

// moveShip moves p's longship one space in direction d.
func (s *State) moveShip(p, d int, ev *events) {
	pl := &s.Seats[p]
	if j := Neighbour(pl.Ship, d); j >= 0 && j != s.Monster {
		pl.Ship = j
		if ev.Loud() {
			ev.Add(p, "move", "%s's longship moves %s to %s", s.Name(p), DirNames[d], SpaceName(j))
		}
	}
}

// steal moves a random card of o's hand to p's.
func (s *State) steal(p, o int, ev *events) {
	h := &s.Seats[o].Hand
	if len(*h) == 0 {
		return
	}
	i := s.RNG.Intn(len(*h))
	c := (*h)[i]
	*h = slices.Delete(*h, i, i+1)
	s.Seats[p].Hand = append(s.Seats[p].Hand, c)
	if ev.Loud() {
		ev.Secret(p, "steal", fmt.Sprintf("%s takes a card from %s", s.Name(p), s.Name(o)),
			fmt.Sprintf("%s takes %s from %s", s.Name(p), CardName(c), s.Name(o)), p, o)
	}
}

// roll rolls the die for p's attack with modifier mod.
func (s *State) roll(p, target, mod int, ev *events) int {
	die := 1 + s.RNG.Intn(6)
	s.Roll = &Roll{Seat: p, Die: die, Mod: mod, Total: die + mod, Target: target}
	if mod == 0 {
		if ev.Loud() {
			ev.Add(p, "roll", "%s rolls a %d", s.Name(p), die)
		}
	} else {
		if ev.Loud() {
			ev.Add(p, "roll", "%s rolls a %d,%s: %s", s.Name(p), die, modWords(mod), signed(die+mod))
		}
	}
	return die + mod
}

// modWords writes a modifier after a space: " +1", " −2", or nothing.
func modWords(mod int) string {
	switch {
	case mod > 0:
		return fmt.Sprintf(" +%d", mod)
	case mod < 0:
		return fmt.Sprintf(" −%d", -mod)
	}
	return ""
}

// signed writes a number with the minus sign modWords uses.
func signed(n int) string {
	if n < 0 {
		return fmt.Sprintf("−%d", -n)
	}
	return fmt.Sprint(n)
}

// attack resolves p's attack on o's longship (STANDARD ACTIONS).
func (s *State) attack(p, o, mod int, ev *events) (waiting bool) {
	if s.Seats[o].Ship != s.Seats[p].Ship {
		if ev.Loud() {
			ev.Add(p, "fizzle", "%s's longship is no longer there", s.Name(o))
		}
		return false
	}
	mod += s.crewOf(p, Berserker) - s.crewOf(o, Shieldmaiden)
	total := s.roll(p, o, mod, ev)
	winner, loser := p, o
	if total < Success {
		winner, loser = o, p
		if ev.Loud() {
			ev.Add(p, "attack", "The attack fails: %s robs %s and pushes the longship away", s.Name(o), s.Name(p))
		}
	} else {
		if ev.Loud() {
			ev.Add(p, "attack", "%s wins: a card, and %s's longship is pushed away", s.Name(p), s.Name(o))
		}
	}
	s.steal(winner, loser, ev)
	s.draw(winner, 1, ev)
	if s.movable(s.Seats[loser].Ship) {
		s.Step = Step{Kind: StepPush, Seat: winner, Other: loser}
		return true
	}
	return s.afterPushWaits(winner, loser, ev)
}

// afterPush continues an attack once the loser was pushed.
func (s *State) afterPush(winner, loser int, ev *events) {
	if !s.afterPushWaits(winner, loser, ev) {
		s.resolveStack(ev)
	}
}

// afterPushWaits: a decisive victory takes a crew member next. It reports
// whether the game waits for that choice.
func (s *State) afterPushWaits(winner, loser int, ev *events) bool {
	if s.Roll.Total >= Decisive && winner == s.Roll.Seat && len(s.Seats[loser].Crew) > 0 {
		if ev.Loud() {
			ev.Add(winner, "decisive", "A decisive victory: %s takes a crew member", s.Name(winner))
		}
		s.Step = Step{Kind: StepTake, Seat: winner, Other: loser}
		return true
	}
	return false
}

// crewOf counts p's crew of a kind.
func (s *State) crewOf(p, k int) int {
	return rules.CountBy(s.Seats[p].Crew, func(c int) bool { return KindOf(c) == k })
}

// attackMonster resolves p's attack on the sea monster.
func (s *State) attackMonster(p int, e Entry, ev *events) (waiting bool) {
	total := s.roll(p, -1, e.Mod+s.crewOf(p, Berserker), ev)
	if total < Success {
		if ev.Loud() {
			ev.Add(p, "monster", "The sea monster drives %s back", s.Name(p))
		}
		s.backFromMonster(e, ev)
		return false
	}
	if ev.Loud() {
		ev.Add(p, "monster", "%s defeats the sea monster", s.Name(p))
	}
	s.draw(p, 2, ev)
	s.Step = Step{Kind: StepMonster, Seat: p}
	return true
}

// backFromMonster returns a longship to the space it sailed from.
func (s *State) backFromMonster(e Entry, ev *events) {
	s.Seats[e.Seat].Ship = e.From
	if ev.Loud() {
		ev.Add(e.Seat, "move", "%s's longship goes back to %s", s.Name(e.Seat), SpaceName(e.From))
	}
}

// feast moves p's healthy daughters to the war camp and refills the hand
// to 6; three daughters of the other colours win at once.
func (s *State) feast(p int, ev *events) (waiting bool) {
	pl := &s.Seats[p]
	moved := 0
	var home []string // their names, for the log
	for _, c := range slices.Clone(pl.Crew) {
		if IsDaughter(c) && !slices.Contains(s.Seasick, c) {
			pl.Crew = rules.Without(pl.Crew, c)
			pl.Camp = append(pl.Camp, c)
			moved++
			if ev.Loud() {
				home = append(home, CardName(c))
			}
		}
	}
	if moved == 0 {
		if ev.Loud() {
			ev.Add(p, "feast", "Every daughter aboard is seasick: no feast")
		}
		return false
	}
	if ev.Loud() {
		ev.Add(p, "feast", "%s hosts a feast: %s to the war camp", s.Name(p), rules.And(home))
	}
	if n := HandLimit - len(pl.Hand); n > 0 {
		s.draw(p, n, ev)
	}
	if len(pl.Camp) == Colours-1 {
		s.finish([]rules.Seat{rules.Seat(p)}, s.Name(p)+" brings home daughters of three thanes and is Konung of the North", ev)
	}
	return false
}

// addToCrew takes card c into p's crew: a second daughter of a colour, or
// one of p's own, goes back (or p chooses which of two), and a fourth
// crew member means one goes overboard. It reports whether the game waits.
func (s *State) addToCrew(p, c int, ev *events) (waiting bool) {
	pl := &s.Seats[p]
	if k := DaughterColour(c); k >= 0 && s.hasColour(p, k) {
		inCrew := slices.ContainsFunc(pl.Crew, func(d int) bool { return DaughterColour(d) == k })
		if !inCrew {
			s.toPile(c)
			if ev.Loud() {
				ev.Add(p, "overboard", "%s already has a %s daughter: %s goes home", s.Name(p), ColourNames[k], CardName(c))
			}
			return false
		}
		pl.Crew = append(pl.Crew, c)
		s.Step = Step{Kind: StepOverboard, Seat: p, Card: c}
		return true
	}
	pl.Crew = append(pl.Crew, c)
	if len(pl.Crew) > CrewLimit {
		s.Step = Step{Kind: StepOverboard, Seat: p, Card: -1}
		return true
	}
	return false
}

// overboard throws p's crew member c overboard.
func (s *State) overboard(p, c int, ev *events) {
	s.Seats[p].Crew = rules.Without(s.Seats[p].Crew, c)
	s.toPile(c)
	if ev.Loud() {
		ev.Add(p, "overboard", "%s throws %s overboard", s.Name(p), CardName(c))
	}
}

// afterCrewChange goes on after a crew member went overboard: another if
// the crew is still too big, else the rest of the stack.
func (s *State) afterCrewChange(p int, ev *events) {
	if len(s.Seats[p].Crew) > CrewLimit {
		s.Step = Step{Kind: StepOverboard, Seat: p, Card: -1}
		return
	}
	s.resolveStack(ev)
}

// toPile sends a card out of play: a daughter to her colour's pile, any
// other card to the discard pile.
func (s *State) toPile(c int) {
	if k := DaughterColour(c); k >= 0 {
		s.Daughters[k] = append(s.Daughters[k], c)
		return
	}
	s.Discard = append(s.Discard, c)
}

// endAction clears the resolved stack and moves on: to the attack on the
// sea monster that sailing onto it forces; after the active player's own
// action, to every other player's one response; after a response, to the
// next responder; then to the active player again.
func (s *State) endAction(ev *events) {
	for _, e := range s.Stack {
		if e.Kind == KindSail || e.Kind == KindEvent {
			s.Discard = append(s.Discard, e.Args[0])
		}
	}
	// The stack's array is kept for the next action's: no state shares it.
	s.Stack, s.Seasick, s.Resolve = s.Stack[:0], nil, 0
	if s.MonsterFrom >= 0 {
		s.Stack = append(s.Stack, Entry{Seat: s.Turn, Kind: KindMonsterAttack, From: s.MonsterFrom})
		s.MonsterFrom = -1
		s.startReactions(s.Turn)
		return
	}
	if s.Acting {
		s.Acting = false
		s.Responders = s.opponents(s.Turn)
	}
	s.nextResponder(ev)
}

// nextResponder asks the next player still to respond, or gives the turn
// back to the active player.
func (s *State) nextResponder(ev *events) {
	if len(s.Responders) == 0 {
		s.Responders = nil
		s.Step = Step{Kind: StepAct, Seat: s.Turn}
		return
	}
	s.Step = Step{Kind: StepRespond, Seat: s.Responders[0]}
	s.Responders = s.Responders[1:]
}

// draw gives p n cards from the deck, forming a new deck from the
// discards when it runs out (MaxReshuffles times at most).
func (s *State) draw(p, n int, ev *events) {
	got := 0
	var names []string // the cards' names, for the log
	for range n {
		if len(s.Deck) == 0 {
			if len(s.Discard) == 0 || s.Reshuffles >= MaxReshuffles {
				break
			}
			s.Reshuffles++
			rules.Restock(s.RNG, &s.Deck, &s.Discard)
			if ev.Loud() {
				ev.Add(-1, "reshuffle", "The discards are shuffled into a new deck (%d of %d)", s.Reshuffles, MaxReshuffles)
			}
		}
		s.Seats[p].Hand = append(s.Seats[p].Hand, s.Deck[0])
		got++
		if ev.Loud() {
			names = append(names, CardName(s.Deck[0]))
		}
		s.Deck = s.Deck[1:]
	}
	if !ev.Loud() {
		return
	}
	if got == 0 {
		if ev.Loud() {
			ev.Add(p, "draw", "%s draws nothing: the deck is spent", s.Name(p))
		}
		return
	}
	if ev.Loud() {
		ev.Secret(p, "draw", fmt.Sprintf("%s draws %s", s.Name(p), rules.Count(got, "card")), fmt.Sprintf("%s draws %s", s.Name(p), rules.And(names)), p)
	}
}

// endTurn: down to 6 cards, then the next player.
func (s *State) endTurn(ev *events) {
	if len(s.Seats[s.Turn].Hand) > HandLimit {
		s.Step = Step{Kind: StepDiscard, Seat: s.Turn}
		return
	}
	s.nextTurn(ev)
}

// nextTurn passes the turn on, or ends a game whose deck is spent.
func (s *State) nextTurn(ev *events) {
	if s.Reshuffles >= MaxReshuffles && len(s.Deck) == 0 {
		s.longGameOver(ev)
		return
	}
	s.startTurn((s.Turn+1)%s.Players, ev)
}

// longGameOver ends a game nobody won before the deck was spent (README,
// The long game): most daughters in the war camp, then in the crew.
func (s *State) longGameOver(ev *events) {
	key := func(p int) [2]int {
		return [2]int{len(s.Seats[p].Camp), rules.CountBy(s.Seats[p].Crew, IsDaughter)}
	}
	best := key(0)
	for p := range s.Seats {
		if k := key(p); k[0] > best[0] || k[0] == best[0] && k[1] > best[1] {
			best = k
		}
	}
	var winners []rules.Seat
	for p := range s.Seats {
		if key(p) == best {
			winners = append(winners, rules.Seat(p))
		}
	}
	reason := fmt.Sprintf("The deck is spent: %s wins with %s in the war camp", s.Name(int(winners[0])), rules.Count(best[0], "daughter"))
	if len(winners) > 1 {
		names := make([]string, len(winners))
		for i, w := range winners {
			names[i] = s.Name(int(w))
		}
		reason = fmt.Sprintf("The deck is spent: %s share the win with %s in the war camp", rules.And(names), rules.Count(best[0], "daughter"))
	}
	s.finish(winners, reason, ev)
}

// finish ends the game.
func (s *State) finish(winners []rules.Seat, reason string, ev *events) {
	scores := make([]int, s.Players)
	ranking := make([]rules.Seat, s.Players)
	for p := range s.Seats {
		scores[p] = len(s.Seats[p].Camp)
		ranking[p] = rules.Seat(p)
	}
	slices.SortStableFunc(ranking, func(a, b rules.Seat) int {
		wa, wb := slices.Contains(winners, a), slices.Contains(winners, b)
		switch {
		case wa && !wb:
			return -1
		case wb && !wa:
			return 1
		}
		return scores[b] - scores[a]
	})
	s.Outcome = &rules.Result{Winners: winners, Scores: scores, Ranking: ranking, Reason: reason}
	s.Step = Step{Kind: StepOver, Seat: -1}
	if ev.Loud() {
		ev.Add(-1, "over", "The game is over. %s.", reason)
	}
}
