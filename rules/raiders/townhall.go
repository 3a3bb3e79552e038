package raiders

import (
	"fmt"
	"iter"
	"slices"

	"longhall/rules"
)

// Town Hall abilities (each kind's second ability). A card is offered at
// the Town Hall only when its ability can do something; the card is
// discarded before the ability runs.

// abilityPossible says whether discarding card c at the Town Hall would
// let p's ability do something.
func (s *State) abilityPossible(p, c int) bool {
	pl := &s.Seats[p]
	others := len(pl.Hand) - 1 // the hand once c is discarded
	anyOpp := func(ok func(o *Player) bool) bool {
		for o := range s.opponents(p) {
			if ok(&s.Seats[o]) {
				return true
			}
		}
		return false
	}
	switch KindOf(c) {
	case Archer:
		for range s.archerSwaps(p) {
			return true
		}
		return false
	case Armourer:
		return pl.Armour < MaxArmour
	case Avenger:
		return anyOpp(func(o *Player) bool { return o.Silver > 0 })
	case Barbarian:
		return anyOpp(func(o *Player) bool { return o.Gold+o.Iron+o.Livestock > 0 })
	case Berserker:
		return anyOpp(func(o *Player) bool { return o.Armour > 0 })
	case Brawler:
		return len(pl.Crew) > 0 && s.Supply[Gold]+s.Supply[Iron]+s.Supply[Livestock] > 0
	case Cartographer:
		return pl.Provisions > 0 && s.Supply[Gold] > 0
	case Champion:
		return anyOpp(func(o *Player) bool { return o.Provisions > 0 })
	case Forager:
		return s.Provisions > 0
	case Gatekeeper:
		return len(s.Deck)+len(s.Discard) > 0
	case Gravedigger:
		return slices.ContainsFunc(pl.Crew, exhumable) && others > 0
	case Huntsman:
		return s.Provisions+s.Silver > 0
	case Jeweller:
		return pl.Silver >= 2 && s.Supply[Gold] > 0
	case Marauder:
		return pl.Livestock > 0 && s.Supply[Gold] > 0
	case Merchant:
		return true
	case Mercenary:
		return anyOpp(func(o *Player) bool { return o.Silver+o.Provisions > 0 })
	case Recruiter:
		return pl.Silver >= 2 && others > 0
	case Sage:
		return len(s.Offering) > 0
	case Scout:
		return others > 0 && anyOpp(func(o *Player) bool { return len(o.Hand) > 0 })
	case Shieldmaiden:
		return pl.Livestock > 0 && s.Supply[Iron] > 0
	case Trader:
		for _, o := range s.Row {
			for less := range 4 {
				if o >= 0 && s.canOffer(p, o, less) {
					return true
				}
			}
		}
		return false
	case Warlord:
		return anyOpp(func(o *Player) bool { return o.Silver > 0 })
	case Warmonger:
		return anyOpp(func(o *Player) bool { return o.Provisions > 0 })
	case Skald:
		return s.Mead > 0
	case Brewer:
		return s.Mead+s.Provisions > 0
	case Reveller:
		return pl.Mead > 0 && s.Silver > 0
	}
	return false // heroes
}

// archerSwaps yields the Archer's swaps: an opponent's worker in hand (o)
// for a worker of another colour at a building (b) other than the Town
// Hall.
func (s *State) archerSwaps(p int) iter.Seq2[int, int] {
	return func(yield func(o, b int) bool) {
		for i := 1; i < s.Players; i++ {
			o := (p + i) % s.Players // the opponents in turn order
			w := s.Seats[o].Worker
			for b, bw := range s.Buildings {
				if b != TownHall && bw != NoWorker && w != NoWorker && bw != w && !yield(o, b) {
					return
				}
			}
		}
	}
}

// legalAbility offers the choices of the ability in Step.Card (skip aside).
func (s *State) legalAbility(p int, l *choices) {
	pl := &s.Seats[p]
	switch KindOf(s.Step.Card) {
	case Archer:
		for o, b := range s.archerSwaps(p) {
			if l.add(KindSwap, o, b) {
				l.label(fmt.Sprintf("Swap %s's %s worker for the %s one at the %s", s.Name(o), ColourNames[s.Seats[o].Worker], ColourNames[s.Buildings[b]], BuildingNames[b]))
			}
		}
	case Barbarian:
		for o := range s.opponents(p) {
			for k := Gold; k <= Livestock; k++ {
				if *s.Seats[o].plunder(k) > 0 && l.add(KindSteal, o, k) {
					l.label(fmt.Sprintf("Take 1 %s from %s", PlunderNames[k], s.Name(o)))
				}
			}
		}
	case Berserker:
		for o := range s.opponents(p) {
			if s.Seats[o].Armour > 0 && l.add(KindStrip, o) {
				l.label(s.Name(o) + " loses 1 armour")
			}
		}
	case Brawler:
		for c := range crewChoices(pl, anyone) {
			for k := Gold; k <= Livestock; k++ {
				if s.Supply[k] > 0 && l.add(KindBrawl, c, k) {
					l.label(fmt.Sprintf("Lose your %s for 1 %s", s.crewName(p, c), PlunderNames[k]))
				}
			}
		}
	case Gravedigger:
		for c := range crewChoices(pl, exhumable) {
			for h := range byKind(pl.Hand) {
				if l.add(KindExhume, c, h) {
					l.label(fmt.Sprintf("Your %s back to hand, your %s into the crew", s.crewName(p, c), cardName(h)))
				}
			}
		}
	case Merchant:
		for b := range NumBuildings {
			if b != TownHall && s.inPlay(b) && l.add(KindUse, b) {
				l.label("Do the " + BuildingNames[b] + " action")
			}
		}
	case Recruiter:
		s.legalHire(p, l, func(int) int { return 2 })
	case Scout:
		for o := range s.opponents(p) {
			if len(s.Seats[o].Hand) > 0 && l.add(KindScout, o) {
				l.label("Swap cards with " + s.Name(o))
			}
		}
	case Trader:
		for slot, o := range s.Row {
			if o < 0 {
				continue
			}
			for less := range 4 {
				if offerCost(o, -1)[less] > 0 && s.canOffer(p, o, less) && l.add(KindOffer, slot, less) {
					l.label(fmt.Sprintf("Make offering %d (%d VP) for 1 %s less", slot+1, Offerings[o].VP, costNames[less]))
				}
			}
		}
	case Warlord:
		for o := range s.opponents(p) {
			if s.Seats[o].Silver > 0 && l.add(KindRob, o) {
				l.label(fmt.Sprintf("Take %d silver from %s", min(2, s.Seats[o].Silver), s.Name(o)))
			}
		}
	case Warmonger:
		for o := range s.opponents(p) {
			if s.Seats[o].Provisions > 0 && l.add(KindRob, o) {
				l.label("Take 1 provision from " + s.Name(o))
			}
		}
	}
}

// exhumable says whether a Gravedigger may send crew member c back to the
// hand: any but a Jarl ("Can I hire a Jarl without subduing? No").
func exhumable(c int) bool { return !IsJarl(c) }

// costNames name an offering's cost components, in offerCost's order.
var costNames = [4]string{"silver", "livestock", "iron", "gold"}

// useAbility runs the Town Hall ability of card c (already discarded) for
// p: at once, or by setting the step for its choice. It reports whether
// the ability is done.
func (s *State) useAbility(p, c int, ev *events) (done bool) {
	pl := &s.Seats[p]
	switch KindOf(c) {
	case Armourer:
		pl.Armour++
		if ev.Loud() {
			ev.Add(p, "armour", "%s gains 1 armour", s.Name(p))
		}
	case Avenger:
		for o := range s.opponents(p) {
			if s.Seats[o].Silver > 0 {
				s.Seats[o].Silver--
				s.Silver++
				if ev.Loud() {
					ev.Add(p, "lose", "%s loses 1 silver", s.Name(o))
				}
			}
		}
	case Cartographer:
		pl.Provisions--
		s.Provisions++
		s.gainPlunder(p, Gold, 1, ev)
	case Champion:
		for o := range s.opponents(p) {
			if s.Seats[o].Provisions > 0 {
				s.Seats[o].Provisions--
				s.Provisions++
				if ev.Loud() {
					ev.Add(p, "lose", "%s loses 1 provision", s.Name(o))
				}
			}
		}
	case Forager:
		s.gainProvisions(p, 2, ev)
	case Gatekeeper:
		s.draw(p, 3, ev)
	case Huntsman:
		s.gainProvisions(p, 1, ev)
		s.gainSilver(p, 1, ev)
	case Jeweller:
		pl.Silver -= 2
		s.Silver += 2
		s.gainPlunder(p, Gold, 1, ev)
	case Marauder:
		pl.Livestock--
		s.Supply[Livestock]++
		s.gainPlunder(p, Gold, 1, ev)
	case Mercenary:
		var queue []int
		for o := range s.opponents(p) {
			op := &s.Seats[o]
			switch {
			case op.Silver > 0 && op.Provisions > 0:
				queue = append(queue, o)
			case op.Silver > 0:
				s.tribute(p, o, 0, ev)
			case op.Provisions > 0:
				s.tribute(p, o, 1, ev)
			}
		}
		if len(queue) > 0 {
			s.Step = Step{Kind: StepTribute, Seat: queue[0], Other: p, Queue: queue[1:]}
			return false
		}
	case Sage:
		for slot, o := range s.Row {
			if o >= 0 {
				s.Offering = append(s.Offering, o)
				s.Row[slot] = -1
			}
		}
		s.refillRow()
		if ev.Loud() {
			ev.Add(p, "sage", "%s sends the offerings to the bottom of the stack; three new ones are dealt", s.Name(p))
		}
	case Shieldmaiden:
		pl.Livestock--
		s.Supply[Livestock]++
		s.gainPlunder(p, Iron, 1, ev)
	case Skald:
		s.gainReward(p, Reward{Mead: 2}, ev)
	case Brewer:
		s.gainReward(p, Reward{Mead: 1, Provisions: 1}, ev)
	case Reveller:
		pl.Mead--
		s.Mead++
		if ev.Loud() {
			ev.Add(p, "pay", "%s pays 1 mead", s.Name(p))
		}
		s.gainSilver(p, 2, ev)
	default:
		// A choice: Archer, Barbarian, Berserker, Brawler, Gravedigger,
		// Merchant, Recruiter, Scout, Trader, Warlord, Warmonger.
		s.Step.Kind, s.Step.Card = StepAbility, c
		return false
	}
	return true
}

// tribute: seat o gives p 1 silver (what 0) or 1 provision (what 1).
func (s *State) tribute(p, o, what int, ev *events) {
	op, pl := &s.Seats[o], &s.Seats[p]
	if what == 0 {
		op.Silver--
		pl.Silver++
		if ev.Loud() {
			ev.Add(o, "give", "%s gives %s 1 silver", s.Name(o), s.Name(p))
		}
	} else {
		op.Provisions--
		pl.Provisions++
		if ev.Loud() {
			ev.Add(o, "give", "%s gives %s 1 provision", s.Name(o), s.Name(p))
		}
	}
}

// applyAbility carries out a choice of StepAbility. It reports whether the
// ability is done.
func (s *State) applyAbility(p int, a rules.Action, ev *events) (done bool) {
	pl := &s.Seats[p]
	if a.Kind == KindSkip {
		return true
	}
	switch a.Kind {
	case KindSwap:
		o, b := a.Args[0], a.Args[1]
		s.Seats[o].Worker, s.Buildings[b] = s.Buildings[b], s.Seats[o].Worker
		if ev.Loud() {
			ev.Add(p, "swap", "%s swaps %s's worker for the one at the %s", s.Name(p), s.Name(o), BuildingNames[b])
		}
	case KindSteal:
		o, k := a.Args[0], a.Args[1]
		*s.Seats[o].plunder(k)--
		*pl.plunder(k)++
		if ev.Loud() {
			ev.Add(p, "steal", "%s takes 1 %s from %s", s.Name(p), PlunderNames[k], s.Name(o))
		}
	case KindStrip:
		s.Seats[a.Args[0]].Armour--
		if ev.Loud() {
			ev.Add(p, "strip", "%s loses 1 armour", s.Name(a.Args[0]))
		}
	case KindBrawl:
		c, k := a.Args[0], a.Args[1]
		s.removeCrew(p, c)
		s.discardCard(c)
		if ev.Loud() {
			ev.Add(p, "dismiss", "%s lets the %s go", s.Name(p), cardName(c))
		}
		s.gainPlunder(p, k, 1, ev)
	case KindExhume:
		c, h := a.Args[0], a.Args[1]
		s.removeCrew(p, c)
		pl.Crew = append(pl.Crew, h)
		pl.Hand = append(rules.Without(pl.Hand, h), c)
		if ev.Loud() {
			ev.Add(p, "exhume", "%s takes the %s back into hand and puts the %s in the crew", s.Name(p), cardName(c), cardName(h))
		}
	case KindUse:
		b := a.Args[0]
		if ev.Loud() {
			ev.Add(p, "use", "%s does the %s action", s.Name(p), BuildingNames[b])
		}
		return s.activate(p, b, s.Step.Colour, ev)
	case KindHire:
		s.hire(p, a.Args[0], 2, ev)
	case KindDismiss:
		s.dismiss(p, a.Args[0], ev)
		return false // then hire
	case KindScout:
		// At most as many swaps as the smaller hand holds cards now.
		s.Step = Step{Kind: StepScout, Seat: p, Other: a.Args[0], Left: min(len(pl.Hand), len(s.Seats[a.Args[0]].Hand))}
		return false
	case KindOffer:
		s.offer(p, a.Args[0], a.Args[1], ev)
	case KindRob:
		o := a.Args[0]
		if KindOf(s.Step.Card) == Warlord {
			n := min(2, s.Seats[o].Silver)
			s.Seats[o].Silver -= n
			pl.Silver += n
			if ev.Loud() {
				ev.Add(p, "rob", "%s takes %d silver from %s", s.Name(p), n, s.Name(o))
			}
		} else {
			s.Seats[o].Provisions--
			pl.Provisions++
			if ev.Loud() {
				ev.Add(p, "rob", "%s takes 1 provision from %s", s.Name(p), s.Name(o))
			}
		}
	}
	return true
}
