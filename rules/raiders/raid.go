package raiders

import (
	"fmt"

	"longhall/rules"
)

// raid starts p's raid on space i: pay, swap workers, roll the dice.
func (s *State) raid(p, i int, ev *events) {
	pl := &s.Seats[p]
	sp := Spaces[i]
	prov, gold := s.raidCost(p, i)
	pl.Provisions -= prov
	s.Provisions += prov
	pl.Gold -= gold
	s.Supply[Gold] += gold
	pl.Worker, s.SpaceWorkers[i] = s.SpaceWorkers[i], pl.Worker
	if ev.Loud() {
		ev.Add(p, "raid", "%s raids %s with a %s worker, paying %s and %d gold",
			s.Name(p), SpaceName(i), ColourNames[s.SpaceWorkers[i]], rules.Count(prov, "provision"), gold)
	}
	s.Raid = &Raid{Seat: p, Space: i, Dice: make([]int, sp.Dice)}
	if s.Heroes && pl.Mead > 0 && sp.Dice > 0 {
		// Mead is declared before the roll (FAQ), knowing the strength
		// before the dice.
		s.measure()
		s.Step = Step{Kind: StepMead, Seat: p}
		return
	}
	s.roll(ev)
}

// roll rolls the raid's dice; a Brawler may then reroll.
func (s *State) roll(ev *events) {
	r := s.Raid
	p, pl := r.Seat, &s.Seats[r.Seat]
	for d := range r.Dice {
		r.Dice[d] = 1 + s.RNG.Intn(6)
	}
	if len(r.Dice) > 0 && ev.Loud() {
		ev.Add(p, "dice", "%s rolls %s", s.Name(p), diceWords(r.Dice))
	}
	if n := pl.crewOf(Brawler); n > 0 && len(r.Dice) > 0 {
		if !OneRerollPerBrawler {
			n = 1
		}
		s.measure()
		s.Step = Step{Kind: StepReroll, Seat: p, Left: n}
		return
	}
	s.resolveRaid(ev)
}

// measure sets the raid's strength, term by term, as it stands: with the
// dice rolled so far (none before the roll) and the mead drunk. Crew,
// armour and dice are public, so boards show it while the raider still
// decides (mead, rerolls); resolveRaid measures it a last time.
func (s *State) measure() {
	r := s.Raid
	terms := r.Terms[:0] // the raid's own: clones copy it
	r.Strength = s.tallyStrength(r.Seat, r.Space, r.Dice, r.Mead, &terms)
	r.Terms = terms
}

func diceWords(d []int) string {
	w := make([]string, len(d))
	for i, v := range d {
		w[i] = fmt.Sprint(v)
	}
	return rules.And(w)
}

// tallyStrength adds up p's raid strength on space i with the given dice
// and mead drunk, appending it term by term (Raid.Terms) to terms unless
// that is nil (the bot and the labels need the total only).
func (s *State) tallyStrength(p, i int, dice []int, mead int, terms *[][2]int) (total int) {
	pl := &s.Seats[p]
	sum := 0
	for _, d := range dice {
		sum += d
	}
	crew, wounds := 0, 0
	for _, c := range pl.Crew {
		crew += Kinds[KindOf(c)].Strength
		wounds += pl.Wounds[c]
	}
	add := func(term, v int) {
		total += v
		if terms != nil && (v != 0 || term <= TermCrew) {
			*terms = append(*terms, [2]int{term, v})
		}
	}
	add(TermDice, sum)
	add(TermArmour, pl.Armour)
	add(TermCrew, crew)
	add(TermWounds, -wounds)
	add(TermMead, mead)
	if mead > 0 {
		add(TermReveller, 2*pl.crewOf(Reveller))
	}
	add(TermSigrun, pl.crewOf(Sigrun)*len(pl.Tiles))
	switch Spaces[i].Settlement {
	case Monastery:
		add(TermArmourer, 2*pl.crewOf(Armourer))
	case Fortress:
		add(TermBarbarian, 2*pl.crewOf(Barbarian))
	}
	add(TermBrynjar, pl.crewOf(Brynjar)*(pl.Armour/3))
	if n := pl.crewOf(Folke); n > 0 {
		add(TermFolke, n*(len(pl.Crew)-1))
	}
	// Ragnhildr: "Gain 1 strength for every 2 valkyrie you have taken",
	// those taken in earlier raids (this raid's are taken after it is
	// scored), not the track's steps.
	add(TermRagnhildr, pl.crewOf(Ragnhildr)*(pl.Taken/2))
	return total
}

// ThresholdVP is the VP a strength scores at raid space i: that of the
// highest threshold it reaches.
func ThresholdVP(i, strength int) int {
	vp := 0
	for _, t := range Spaces[i].Thresholds {
		if strength >= reach(t[0]) {
			vp = t[1]
		}
	}
	return vp
}

// NextThreshold is the lowest threshold of raid space i that strength
// does not reach: the strength it needs and the VP it scores; ok is false
// when strength reaches them all.
func NextThreshold(i, strength int) (need, vp int, ok bool) {
	for _, t := range Spaces[i].Thresholds {
		if n := reach(t[0]); strength < n {
			return n, t[1], true
		}
	}
	return 0, 0, false
}

// reach is the strength that reaches a printed threshold: the threshold
// itself, or one more if equalling it were not enough.
func reach(threshold int) int {
	if ThresholdReachedOnEqual {
		return threshold
	}
	return threshold + 1
}

// crewBonus is the VP p's crew adds for raiding a settlement.
func (s *State) crewBonus(p, settlement int) int {
	pl := &s.Seats[p]
	switch settlement {
	case Harbour:
		return pl.crewOf(Warmonger)
	case Outpost:
		return 2*pl.crewOf(Archer) + pl.crewOf(Marauder)
	case Monastery:
		return pl.crewOf(Shieldmaiden)
	}
	return 0
}

// resolveRaid scores the raid in progress and takes its plunder.
func (s *State) resolveRaid(ev *events) {
	r := s.Raid
	p, i := r.Seat, r.Space
	pl := &s.Seats[p]
	s.measure()
	r.VP = ThresholdVP(i, r.Strength)
	r.Bonus = s.crewBonus(p, Spaces[i].Settlement)
	pl.VP += r.VP + r.Bonus
	if ev.Loud() {
		ev.Add(p, "score", "%s's strength is %d: %d VP, and %d VP from the crew", s.Name(p), r.Strength, r.VP, r.Bonus)
	}
	loot := s.Plunder[i]
	s.Plunder[i] = Pieces{}
	r.Loot = loot
	pl.Gold += loot[Gold]
	pl.Iron += loot[Iron]
	pl.Livestock += loot[Livestock]
	pl.Taken += loot[Valkyrie]
	s.Supply[Valkyrie] += loot[Valkyrie]
	if ev.Loud() {
		var took []string
		for _, k := range []int{Gold, Iron, Livestock, Valkyrie} {
			if loot[k] > 0 {
				took = append(took, PlunderWords(k, loot[k]))
			}
		}
		if len(took) == 0 {
			took = []string{"no plunder"}
		}
		ev.Add(p, "plunder", "%s takes %s", s.Name(p), rules.And(took))
	}
	switch Spaces[i].Settlement {
	case Fortress:
		pl.Fortresses++
	case Township:
		s.gainFame(p, TownshipFame, ev)
	}
	if loot[JarlToken] > 0 {
		s.meetJarls(p, loot[JarlToken], ev)
		return
	}
	s.valkyries(ev)
}

// valkyries: each Valkyrie taken kills one of the raider's crew, but a
// Jarl subdued this turn; the excess are discarded (Raid 9).
func (s *State) valkyries(ev *events) {
	r := s.Raid
	r.Killed = min(r.Loot[Valkyrie], len(s.Seats[r.Seat].Crew)-len(s.Subdued))
	s.nextLoss(r.Seat, r.Killed, ev)
}

// nextLoss asks p to choose the next of left crew members lost, or ends
// the raid.
func (s *State) nextLoss(p, left int, ev *events) {
	if left > 0 {
		s.Step = Step{Kind: StepLose, Seat: p, Left: left}
		return
	}
	s.placeQuest(s.Raid.Space, ev)
	s.endTurn(ev)
}

// lose: a Valkyrie kills p's crew member c.
func (s *State) lose(p, c int, ev *events) {
	pl := &s.Seats[p]
	left := s.Step.Left - 1
	s.removeCrew(p, c)
	pl.Valkyrie = min(s.maxValkyrie(), pl.Valkyrie+1)
	if ev.Loud() {
		ev.Add(p, "killed", "%s's %s falls in battle", s.Name(p), cardName(c))
	}
	switch KindOf(c) {
	case Berserker:
		pl.Hand = append(pl.Hand, c)
		if ev.Loud() {
			ev.Add(p, "berserker", "The Berserker goes back to %s's hand", s.Name(p))
		}
	default:
		s.discardCard(c)
	}
	switch KindOf(c) {
	case Gravedigger:
		s.gainPlunder(p, Gold, 1, ev)
	case Mercenary:
		pl.VP++
		if ev.Loud() {
			ev.Add(p, "vp", "%s gains 1 VP for the Mercenary", s.Name(p))
		}
	case Avenger:
		for o := range s.opponents(p) {
			if len(s.Seats[o].Crew) > 0 {
				s.Step = Step{Kind: StepAvenge, Seat: p, Left: left}
				return
			}
		}
	}
	s.nextLoss(p, left, ev)
}
