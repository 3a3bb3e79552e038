package raiders

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// act is the rules package's shorthand for a labelled action.
var act = rules.NewAction

// events collect what one Apply makes happen, for the log (rules.Sink): a
// quiet state's keeps nothing, and every line that builds words (names,
// counts, Sprintf) is written under ev.Loud(), so that a quiet state
// builds none.
type events = rules.Sink

// Apply implements rules.State: it accepts exactly what Legal offers,
// checked without listing it (allows). A quiet state returns no events.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	p := int(seat)
	if !s.allows(p, a) {
		// Refused: FindLegal says why in the words of every game (over,
		// not this seat's turn, or not allowed). It finds the action only
		// if allows and Legal disagreed, which TestAllowsIsLegal rules out.
		if _, err := rules.FindLegal(s, seat, a); err != nil {
			return nil, err
		}
	}
	ev := s.Sink()
	s.apply(p, a, &ev)
	return ev.Events(), nil
}

// apply carries out a legal action of seat p.
func (s *State) apply(p int, a rules.Action, ev *events) {
	pl := &s.Seats[p]
	st := &s.Step
	switch st.Kind {
	case StepKeep:
		c := a.Args[0]
		pl.Dealt = rules.Without(pl.Dealt, c)
		s.Deck = append(s.Deck, c) // to the bottom
		if ev.Loud() {
			ev.Secret(p, "return", s.Name(p)+" returns a townsfolk to the deck", s.Name(p)+" returns the "+cardName(c)+" to the deck", p)
		}
		if len(pl.Dealt) == Kept {
			pl.Hand, pl.Dealt = pl.Dealt, nil
		}
		if len(s.Pending()) == 0 {
			s.Step = Step{Kind: StepTurn, Seat: s.Turn}
		}
	case StepDraft:
		s.draft(p, a.Args[0], ev)
	case StepMead:
		s.drink(p, a.Args[0], ev)
	case StepQuest:
		if s.spend(p, a.Args[0], ev) {
			s.afterAction(ev)
		}
	case StepJarl:
		s.chooseJarl(p, a, ev)
	case StepWound:
		s.addWound(pl, a.Args[0], ev)
		if !s.placeWounds(ev) {
			s.resolveEncounter(ev)
		}
	case StepTurn:
		if a.Kind == KindRaid {
			s.raid(p, a.Args[0], ev)
			return
		}
		b := a.Args[0]
		s.Buildings[b], pl.Worker = pl.Worker, NoWorker
		s.Placed, s.Taking = b, false
		if ev.Loud() {
			ev.Add(p, "place", "%s puts a %s worker at the %s", s.Name(p), ColourNames[s.Buildings[b]], BuildingNames[b])
			s.sayIdle(p, b, s.Buildings[b], ev)
		}
		if s.activate(p, b, s.Buildings[b], ev) {
			s.afterAction(ev)
		}
	case StepTake:
		b := a.Args[0]
		pl.Worker, s.Buildings[b] = s.Buildings[b], NoWorker
		s.Taking = true
		if ev.Loud() {
			ev.Add(p, "take", "%s takes the %s worker from the %s", s.Name(p), ColourNames[pl.Worker], BuildingNames[b])
			s.sayIdle(p, b, pl.Worker, ev)
		}
		if s.activate(p, b, pl.Worker, ev) {
			s.afterAction(ev)
		}
	case StepBuilding:
		if s.applyBuilding(p, a, ev) {
			s.afterAction(ev)
		}
	case StepAbility:
		if s.applyAbility(p, a, ev) {
			s.afterAction(ev)
		}
	case StepTribute:
		s.tribute(st.Other, p, a.Args[0], ev)
		if len(st.Queue) > 0 {
			st.Seat, st.Queue = st.Queue[0], st.Queue[1:]
		} else {
			s.afterAction(ev)
		}
	case StepScout:
		if a.Kind == KindSkip {
			s.afterAction(ev)
			return
		}
		o := &s.Seats[st.Other]
		c := a.Args[0]
		i := s.RNG.Intn(len(o.Hand))
		took := o.Hand[i]
		o.Hand = slices.Delete(o.Hand, i, i+1)
		pl.Hand = append(rules.Without(pl.Hand, c), took)
		o.Hand = append(o.Hand, c)
		if ev.Loud() {
			ev.Secret(p, "scout", fmt.Sprintf("%s swaps a card with %s", s.Name(p), s.Name(st.Other)),
				fmt.Sprintf("%s gives %s %s and takes %s", s.Name(p), s.Name(st.Other), rules.A(cardName(c)), rules.A(cardName(took))), p, st.Other)
		}
		if st.Left--; st.Left == 0 {
			s.afterAction(ev)
		}
	case StepReroll:
		if a.Kind == KindSkip {
			s.resolveRaid(ev)
			return
		}
		i := a.Args[0]
		old := s.Raid.Dice[i]
		s.Raid.Dice[i] = 1 + s.RNG.Intn(6)
		if ev.Loud() {
			ev.Add(p, "reroll", "%s's Brawler rerolls a %d and gets a %d", s.Name(p), old, s.Raid.Dice[i])
		}
		if st.Left--; st.Left == 0 {
			s.resolveRaid(ev)
		} else {
			s.measure()
		}
	case StepLose:
		s.lose(p, a.Args[0], ev)
	case StepAvenge:
		o := a.Args[0]
		if ev.Loud() {
			ev.Add(p, "avenge", "%s's Avenger makes %s lose a crew member", s.Name(p), s.Name(o))
		}
		s.Step = Step{Kind: StepYield, Seat: o, Other: p, Left: st.Left}
	case StepYield:
		c := a.Args[0]
		s.removeCrew(p, c)
		s.discardCard(c)
		if ev.Loud() {
			ev.Add(p, "lose", "%s loses the %s", s.Name(p), cardName(c))
		}
		s.nextLoss(st.Other, st.Left, ev)
	case StepDiscard:
		c := a.Args[0]
		pl.Hand = rules.Without(pl.Hand, c)
		s.Discard = append(s.Discard, c)
		if ev.Loud() {
			ev.Add(p, "discard", "%s discards %s", s.Name(p), rules.A(cardName(c)))
		}
		if len(pl.Hand) <= MaxHand {
			s.nextTurn(ev)
		}
	}
}

// activate starts building b's action for p with a worker of the given
// colour. It reports whether the action is done; otherwise the step now
// waits for its choice.
func (s *State) activate(p, b, colour int, ev *events) (done bool) {
	pl := &s.Seats[p]
	s.Step = Step{Kind: StepBuilding, Seat: p, Building: b, Colour: colour}
	switch b {
	case GateHouse:
		s.draw(p, 2+pl.crewOf(Gatekeeper), ev)
		return true
	case Silversmith:
		n := 2
		if colour == Black {
			n = 3
		}
		s.gainSilver(p, n+pl.crewOf(Jeweller), ev)
		return true
	case Mill:
		if extra := pl.crewOf(Forager); extra > 0 {
			s.gainProvisions(p, extra, ev)
		}
		switch colour {
		case Black:
			s.gainProvisions(p, 1, ev)
			return true
		case Grey:
			s.gainProvisions(p, 2, ev)
			return true
		}
	case LongHouse:
		s.Step.Left = pl.crewOf(Sage)
	case MeadHall:
		if n := pl.crewOf(Brewer); n > 0 {
			s.gainReward(p, Reward{Mead: n}, ev)
		}
	}
	return !s.buildingAction(p, b)
}

// applyBuilding carries out a building's choice. It reports whether the
// building's action is done.
func (s *State) applyBuilding(p int, a rules.Action, ev *events) (done bool) {
	pl := &s.Seats[p]
	st := &s.Step
	switch a.Kind {
	case KindSkip:
		return true
	case KindTown:
		c := a.Args[0]
		pl.Hand = rules.Without(pl.Hand, c)
		s.Discard = append(s.Discard, c)
		// The ability's own text speaks to its player ("your choice"); the
		// lines that follow say what it did.
		if ev.Loud() {
			ev.Add(p, "town", "%s discards %s at the Town Hall to use its ability", s.Name(p), rules.A(cardName(c)))
		}
		st.Card = c
		return s.useAbility(p, c, ev)
	case KindSell:
		c := a.Args[0]
		pl.Hand = rules.Without(pl.Hand, c)
		s.Discard = append(s.Discard, c)
		if ev.Loud() {
			ev.Add(p, "sell", "%s discards %s at the Treasury", s.Name(p), rules.A(cardName(c)))
		}
		s.gainSilver(p, 2, ev)
	case KindSell2:
		for _, c := range a.Args {
			pl.Hand = rules.Without(pl.Hand, c)
			s.Discard = append(s.Discard, c)
		}
		if ev.Loud() {
			ev.Add(p, "sell", "%s discards %s and %s at the Treasury", s.Name(p), rules.A(cardName(a.Args[0])), rules.A(cardName(a.Args[1])))
		}
		s.gainPlunder(p, Gold, 1, ev)
	case KindHire:
		c := a.Args[0]
		s.hire(p, c, s.hireCost(p, c), ev)
	case KindDismiss:
		s.dismiss(p, a.Args[0], ev)
		return false
	case KindArm:
		if a.Args[0] == 0 {
			pl.Iron--
			s.Supply[Iron]++
			pl.Armour = min(MaxArmour, pl.Armour+2)
			if ev.Loud() {
				ev.Add(p, "armour", "%s pays 1 iron for 2 armour", s.Name(p))
			}
		} else {
			pl.Silver -= 2
			s.Silver += 2
			pl.Armour++
			if ev.Loud() {
				ev.Add(p, "armour", "%s pays 2 silver for 1 armour", s.Name(p))
			}
		}
	case KindMill:
		if a.Args[0] == 0 {
			s.gainProvisions(p, 2, ev)
		} else {
			s.gainPlunder(p, Gold, 1, ev)
		}
	case KindTrade:
		pl.Livestock--
		s.Supply[Livestock]++
		if ev.Loud() {
			ev.Add(p, "trade", "%s pays 1 livestock", s.Name(p))
		}
		s.gainProvisions(p, 2, ev)
		return s.longHouseDone(p)
	case KindOffer:
		s.offer(p, a.Args[0], -1, ev)
		return s.longHouseDone(p)
	case KindCharm, KindQuest, KindClaim:
		return s.applyMeadHall(p, a, ev)
	}
	return true
}

// longHouseDone: after one Long House action, a Sage allows another.
func (s *State) longHouseDone(p int) bool {
	if s.Step.Left > 0 && s.buildingAction(p, s.Step.Building) {
		s.Step.Left--
		return false
	}
	return true
}

func (s *State) hire(p, c, cost int, ev *events) {
	pl := &s.Seats[p]
	pl.Silver -= cost
	s.Silver += cost
	pl.Hand = rules.Without(pl.Hand, c)
	pl.Crew = append(pl.Crew, c)
	if ev.Loud() {
		ev.Add(p, "hire", "%s hires %s for %d silver", s.Name(p), rules.A(cardName(c)), cost)
	}
}

func (s *State) dismiss(p, c int, ev *events) {
	s.removeCrew(p, c)
	s.discardCard(c)
	if ev.Loud() {
		ev.Add(p, "dismiss", "%s dismisses the %s", s.Name(p), cardName(c))
	}
}

// offer makes the offering in slot, one less of kind less (-1: none).
func (s *State) offer(p, slot, less int, ev *events) {
	pl := &s.Seats[p]
	o := s.Row[slot]
	c := offerCost(o, less)
	pl.Silver -= c[0]
	s.Silver += c[0]
	pl.Livestock -= c[1]
	s.Supply[Livestock] += c[1]
	pl.Iron -= c[2]
	s.Supply[Iron] += c[2]
	pl.Gold -= c[3]
	s.Supply[Gold] += c[3]
	pl.Offerings = append(pl.Offerings, o)
	s.Row[slot] = -1
	s.refillRow()
	if ev.Loud() {
		ev.Add(p, "offer", "%s makes an offering to the Chieftain worth %d VP", s.Name(p), Offerings[o].VP)
	}
}

// refillRow deals offerings from the stack into the empty slots.
func (s *State) refillRow() {
	for slot := range s.Row {
		if s.Row[slot] < 0 && len(s.Offering) > 0 {
			s.Row[slot], s.Offering = s.Offering[0], s.Offering[1:]
		}
	}
}

// afterAction moves a work turn on once a building's action is done: to
// taking a worker after placing one, and to the end of the turn after that.
func (s *State) afterAction(ev *events) {
	if !s.Taking {
		s.Step = Step{Kind: StepTake, Seat: s.Turn, Building: s.Placed}
		return
	}
	s.endTurn(ev)
}

// top takes the deck's top card, shuffling the discards into a new deck
// when it runs out ("If the townsfolk deck runs out…"); with both empty
// there is none.
func (s *State) top(ev *events) (int, bool) {
	if rules.Restock(s.RNG, &s.Deck, &s.Discard) {
		ev.Add(-1, "reshuffle", "The discarded townsfolk are shuffled into a new deck")
	}
	if len(s.Deck) == 0 {
		return -1, false
	}
	c := s.Deck[0]
	s.Deck = s.Deck[1:]
	return c, true
}

func (s *State) draw(p, n int, ev *events) {
	pl := &s.Seats[p]
	drawn := 0
	for range n {
		c, ok := s.top(ev)
		if !ok {
			break
		}
		pl.Hand = append(pl.Hand, c)
		drawn++
	}
	if !ev.Loud() {
		return
	}
	if drawn == 0 {
		ev.Add(p, "draw", "%s draws nothing: no townsfolk are left", s.Name(p))
		return
	}
	got := make([]string, drawn)
	for i, c := range pl.Hand[len(pl.Hand)-drawn:] {
		got[i] = cardName(c)
	}
	ev.Secret(p, "draw", fmt.Sprintf("%s draws %s", s.Name(p), rules.Count(drawn, "townsfolk")), fmt.Sprintf("%s draws %s", s.Name(p), rules.And(got)), p)
}

func (s *State) gainSilver(p, n int, ev *events) {
	n = min(n, s.Silver)
	s.Silver -= n
	s.Seats[p].Silver += n
	if ev.Loud() {
		ev.Add(p, "gain", "%s gains %d silver", s.Name(p), n)
	}
}

func (s *State) gainProvisions(p, n int, ev *events) {
	n = min(n, s.Provisions)
	s.Provisions -= n
	s.Seats[p].Provisions += n
	if ev.Loud() {
		ev.Add(p, "gain", "%s gains %s", s.Name(p), rules.Count(n, "provision"))
	}
}

func (s *State) gainPlunder(p, k, n int, ev *events) {
	n = min(n, s.Supply[k])
	s.Supply[k] -= n
	*s.Seats[p].plunder(k) += n
	if ev.Loud() {
		ev.Add(p, "gain", "%s gains %s", s.Name(p), PlunderWords(k, n))
	}
}

// PlunderWords writes n pieces of plunder kind k: "2 gold", "1 Valkyrie",
// "3 Valkyries".
func PlunderWords(k, n int) string { return amount(n, PlunderNames[k]) }

// amount writes n of a good: goods the game counts by the piece agree
// with n ("1 provision", "2 Valkyries"); the others do not change
// ("1 gold", "2 silver", "3 VP").
func amount(n int, what string) string {
	switch what {
	case "provision", "Valkyrie", "Jarl":
		return rules.Count(n, what)
	}
	return fmt.Sprintf("%d %s", n, what)
}

// endTurn applies the limits of the end of a turn and moves on.
func (s *State) endTurn(ev *events) {
	p := s.Turn
	pl := &s.Seats[p]
	if n := pl.Silver - MaxSilver; n > 0 {
		pl.Silver -= n
		s.Silver += n
		if ev.Loud() {
			ev.Add(p, "limit", "%s returns %d silver over the limit", s.Name(p), n)
		}
	}
	if n := pl.Provisions - MaxProvisions; n > 0 {
		pl.Provisions -= n
		s.Provisions += n
		if ev.Loud() {
			ev.Add(p, "limit", "%s returns %s over the limit", s.Name(p), rules.Count(n, "provision"))
		}
	}
	if n := pl.Mead - MaxMead; n > 0 {
		pl.Mead -= n
		s.Mead += n
		if ev.Loud() {
			ev.Add(p, "limit", "%s returns %d mead over the limit", s.Name(p), n)
		}
	}
	if len(pl.Hand) > MaxHand {
		s.Step = Step{Kind: StepDiscard, Seat: p}
		return
	}
	s.nextTurn(ev)
}

// valkyriesOnBoard counts the Valkyries still on raid spaces.
func (s *State) valkyriesOnBoard() int {
	n := 0
	for _, pl := range s.Plunder {
		n += pl[Valkyrie]
	}
	return n
}

// fortressesRaided counts the raided fortress spaces.
func (s *State) fortressesRaided() int {
	n := 0
	for i := range s.Plunder {
		if Spaces[i].Settlement == Fortress && s.Plunder[i] == (Pieces{}) {
			n++
		}
	}
	return n
}

// endCause says which end condition holds, if any.
func (s *State) endCause() string {
	switch {
	case s.fortressesRaided() >= FortressesToEnd:
		return fmt.Sprintf("%d fortresses have been raided", FortressesToEnd)
	case len(s.Offering) == 0:
		return "the offering stack is empty"
	case s.valkyriesOnBoard() == 0:
		return "no Valkyries are left on the board"
	}
	return ""
}

// nextTurn checks the end and passes the turn on.
func (s *State) nextTurn(ev *events) {
	s.Subdued = nil
	if s.FinalLeft > 0 {
		if s.FinalLeft--; s.FinalLeft == 0 {
			s.finish(ev)
			return
		}
	} else if cause := s.endCause(); cause != "" {
		s.FinalLeft, s.EndCause = s.Players, cause
		if !FinalRoundIncludesTrigger {
			s.FinalLeft--
			if s.FinalLeft == 0 {
				s.finish(ev)
				return
			}
		}
		if ev.Loud() {
			ev.Add(-1, "final", "The end is near: %s. Everyone takes one last turn.", cause)
		}
	}
	s.Turn = (s.Turn + 1) % s.Players
	s.Step = Step{Kind: StepTurn, Seat: s.Turn}
}
