package raiders

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// byKind returns one card of each kind among cards, lowest id first, so
// that copies of a kind, which play alike, make one choice.
func byKind(cards []int) []int {
	var seen [NumKinds]bool
	var out []int
	for _, c := range slices.Sorted(slices.Values(cards)) {
		if k := KindOf(c); !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

func cardName(c int) string { return Kinds[KindOf(c)].Name }

// opponents lists the other seats in turn order after p.
func (s *State) opponents(p int) []int {
	out := make([]int, 0, s.Players-1)
	for i := 1; i < s.Players; i++ {
		out = append(out, (p+i)%s.Players)
	}
	return out
}

// raidCost is what p pays to raid space i: provisions and gold, after
// crew discounts.
func (s *State) raidCost(p, i int) (provisions, gold int) {
	sp, pl := Spaces[i], &s.Seats[p]
	provisions, gold = sp.Provisions, sp.Gold
	switch sp.Settlement {
	case Outpost:
		provisions -= pl.crewOf(Huntsman)
	case Monastery:
		provisions -= pl.crewOf(Scout)
	case Fortress:
		gold -= pl.crewOf(Cartographer)
	}
	return max(0, provisions), max(0, gold)
}

// canRaid says whether p may raid space i now.
func (s *State) canRaid(p, i int) bool { return s.canRaidWith(p, i, s.Seats[p].Worker) }

// canRaidWith says whether p could raid space i holding a worker of the
// given colour.
func (s *State) canRaidWith(p, i, worker int) bool {
	sp, pl := Spaces[i], &s.Seats[p]
	if s.Plunder[i] == (Pieces{}) || worker == NoWorker || !sp.Colours[worker] || len(pl.Crew) < sp.Crew {
		return false
	}
	prov, gold := s.raidCost(p, i)
	return pl.Provisions >= prov && pl.Gold >= gold
}

// offerCost is what offering o costs with one less of kind less (-1 for
// none): silver, livestock, iron, gold.
func offerCost(o, less int) [4]int {
	of := Offerings[o]
	c := [4]int{of.Silver, of.Livestock, of.Iron, of.Gold}
	if less >= 0 && c[less] > 0 {
		c[less]--
	}
	return c
}

func (s *State) canOffer(p, o, less int) bool {
	pl := &s.Seats[p]
	c := offerCost(o, less)
	return pl.Silver >= c[0] && pl.Livestock >= c[1] && pl.Iron >= c[2] && pl.Gold >= c[3]
}

// hireCost is what p pays at the Barracks for card c.
func (s *State) hireCost(p, c int) int {
	return max(0, Kinds[KindOf(c)].Cost-s.Seats[p].crewOf(Recruiter))
}

// Legal implements rules.State.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	p := int(seat)
	if s.Outcome != nil || !s.seatOK(p) {
		return nil
	}
	st := &s.Step
	switch st.Kind {
	case StepKeep:
		return s.legalKeep(p)
	case StepDraft:
		return s.legalDraft(p)
	}
	if st.Seat != p {
		return nil
	}
	pl := &s.Seats[p]
	var out []rules.Action
	skip := func(label string) { out = append(out, act(KindSkip, label)) }
	switch st.Kind {
	case StepTurn:
		for b, w := range s.Buildings {
			if w == NoWorker && s.inPlay(b) {
				out = append(out, act(KindPlace, "Work: put your worker at the "+BuildingNames[b], b))
			}
		}
		for i := range s.Plunder {
			if s.canRaid(p, i) {
				out = append(out, act(KindRaid, "Raid "+SpaceName(i), i))
			}
		}
	case StepTake:
		for b, w := range s.Buildings {
			if w != NoWorker && b != st.Building {
				out = append(out, act(KindTake, fmt.Sprintf("Take the %s worker from the %s", ColourNames[w], BuildingNames[b]), b))
			}
		}
	case StepBuilding:
		out = s.legalBuilding(p)
		if ActionsOptional || len(out) == 0 {
			skip("Do nothing here")
		}
	case StepAbility:
		out = s.legalAbility(p)
		if ActionsOptional || len(out) == 0 {
			skip("Do nothing more")
		}
	case StepReroll:
		for i, d := range s.Raid.Dice {
			out = append(out, act(KindReroll, fmt.Sprintf("Reroll the %d", d), i))
		}
		skip("Keep the dice")
	case StepLose:
		for _, c := range crewChoices(pl, func(c int) bool { return !slices.Contains(s.Subdued, c) }) {
			out = append(out, act(KindLose, "Lose your "+s.crewName(p, c), c))
		}
	case StepAvenge:
		for _, o := range s.opponents(p) {
			if len(s.Seats[o].Crew) > 0 {
				out = append(out, act(KindAvenge, "Avenger: "+s.name(o)+" loses a crew member", o))
			}
		}
	case StepYield:
		for _, c := range crewChoices(pl, func(int) bool { return true }) {
			out = append(out, act(KindLose, "Lose your "+s.crewName(p, c), c))
		}
	case StepMead:
		out = s.legalMead(p)
	case StepQuest:
		out = s.legalQuest(p)
	case StepJarl:
		out = s.legalJarl(p)
	case StepWound:
		for _, c := range s.woundable(p) {
			out = append(out, act(KindWound, "Wound your "+s.crewName(p, c), c))
		}
	case StepTribute:
		if pl.Silver > 0 {
			out = append(out, act(KindGive, "Give 1 silver", 0))
		}
		if pl.Provisions > 0 {
			out = append(out, act(KindGive, "Give 1 provision", 1))
		}
	case StepScout:
		if len(s.Seats[st.Other].Hand) > 0 {
			for _, c := range byKind(pl.Hand) {
				out = append(out, act(KindTrade1, "Give your "+cardName(c)+" for one of theirs", c))
			}
		}
		skip("Stop swapping")
	case StepDiscard:
		for _, c := range byKind(pl.Hand) {
			out = append(out, act(KindDiscard, "Discard your "+cardName(c), c))
		}
	}
	return out
}

func (s *State) legalKeep(p int) []rules.Action {
	d := s.Seats[p].Dealt
	if len(d) <= Kept {
		return nil
	}
	var out []rules.Action
	for _, c := range byKind(d) {
		out = append(out, act(KindReturn, "Return your "+cardName(c)+" to the deck", c))
	}
	return out
}

// legalBuilding lists a building's actions (skip aside).
func (s *State) legalBuilding(p int) []rules.Action {
	st, pl := &s.Step, &s.Seats[p]
	var out []rules.Action
	switch st.Building {
	case TownHall:
		for _, c := range byKind(pl.Hand) {
			if s.abilityPossible(p, c) {
				out = append(out, act(KindTown, fmt.Sprintf("Discard your %s: %s", cardName(c), KindText[KindOf(c)][1]), c))
			}
		}
	case Treasury:
		kinds := byKind(pl.Hand)
		for _, c := range kinds {
			out = append(out, act(KindSell, "Discard your "+cardName(c)+" for 2 silver", c))
		}
		if s.Supply[Gold] > 0 {
			for i, a := range kinds {
				for _, b := range kinds[i:] {
					second := b
					if a == b {
						// A second copy of the same kind.
						second = -1
						for _, c := range pl.Hand {
							if c != a && KindOf(c) == KindOf(a) && (second < 0 || c < second) {
								second = c
							}
						}
						if second < 0 {
							continue
						}
					}
					out = append(out, act(KindSell2, fmt.Sprintf("Discard your %s and %s for 1 gold", cardName(a), cardName(second)), a, second))
				}
			}
		}
	case Barracks:
		out = s.legalHire(p, func(c int) int { return s.hireCost(p, c) })
	case Armoury:
		if pl.Armour < MaxArmour && pl.Iron > 0 {
			out = append(out, act(KindArm, "Pay 1 iron for 2 armour", 0))
		}
		if pl.Armour < MaxArmour && pl.Silver >= 2 {
			out = append(out, act(KindArm, "Pay 2 silver for 1 armour", 1))
		}
	case Mill:
		out = append(out, act(KindMill, "Gain 2 provisions", 0))
		if s.Supply[Gold] > 0 {
			out = append(out, act(KindMill, "Gain 1 gold", 1))
		}
	case MeadHall:
		out = s.legalMeadHall(p)
	case LongHouse:
		if pl.Livestock > 0 {
			out = append(out, act(KindTrade, "Pay 1 livestock for 2 provisions"))
		}
		for slot, o := range s.Row {
			if o >= 0 && s.canOffer(p, o, -1) {
				out = append(out, act(KindOffer, fmt.Sprintf("Make offering %d (%d VP)", slot+1, Offerings[o].VP), slot))
			}
		}
	}
	return out
}

// legalHire lists hiring each affordable kind in hand at the given cost,
// or dismissing a crew member first when the crew is full.
func (s *State) legalHire(p int, cost func(int) int) []rules.Action {
	pl := &s.Seats[p]
	var out []rules.Action
	affordable := false
	for _, c := range byKind(pl.Hand) {
		if cost(c) <= pl.Silver {
			affordable = true
			if len(pl.Crew) < MaxCrew {
				out = append(out, act(KindHire, fmt.Sprintf("Hire your %s for %d silver", cardName(c), cost(c)), c))
			}
		}
	}
	if affordable && len(pl.Crew) >= MaxCrew {
		for _, c := range crewChoices(pl, func(int) bool { return true }) {
			out = append(out, act(KindDismiss, "Dismiss your "+s.crewName(p, c)+" to make room", c))
		}
	}
	return out
}

// inPlay says whether building b is in this game: the Mead Hall only with
// Hall of Heroes.
func (s *State) inPlay(b int) bool { return b != MeadHall || s.Heroes }

// crewName names p's crew member c, with its wounds if it has any.
func (s *State) crewName(p, c int) string {
	if w := s.Seats[p].Wounds[c]; w > 0 {
		return fmt.Sprintf("%s (%s)", cardName(c), rules.Count(w, "wound"))
	}
	return cardName(c)
}
