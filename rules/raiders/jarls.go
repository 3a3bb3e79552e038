package raiders

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"longhall/rules"
)

// The Fields of Fame module (comprehensive book, Raid 8 and Wounds): Jarl
// tokens taken in a raid reveal Jarl cards; the raider kills, subdues or
// flees from each, and they resolve all kills, then all subdues, then all
// flights, before the Valkyries. Kills and subdues wound the crew, and
// wounds lower its strength; kills and Township raids bring fame.

// woundsFor is how many wounds a choice against Jarl card j costs.
func woundsFor(choice, j int) int {
	switch choice {
	case Kill:
		return Kinds[KindOf(j)].Strength + 1
	case Subdue:
		return max(0, Kinds[KindOf(j)].Strength-1)
	}
	return 0
}

// woundRoom is how many more wounds p's crew can take: each member up to
// its printed strength, none on a Jarl subdued this turn.
func (s *State) woundRoom(p int) int {
	pl := &s.Seats[p]
	n := 0
	for _, c := range pl.Crew {
		if !slices.Contains(s.Subdued, c) {
			n += max(0, pl.strengthOf(c))
		}
	}
	return n
}

// meetJarls reveals a Jarl card for each of the n Jarl tokens p took, puts
// the tokens on p's encounter board, and waits for p's choices.
func (s *State) meetJarls(p, n int, ev *events) {
	s.Seats[p].Jarls += n
	e := &Encounter{}
	for range n {
		if rules.Restock(s.RNG, &s.JarlDeck, &s.JarlDiscard) {
			ev.Add(-1, "reshuffle", "The Jarl discards are shuffled into a new Jarl deck")
		}
		if len(s.JarlDeck) == 0 {
			break
		}
		j := s.JarlDeck[0]
		s.JarlDeck = s.JarlDeck[1:]
		e.Jarls = append(e.Jarls, j)
		e.Choice = append(e.Choice, -1)
		if ev.Loud() {
			ev.Add(p, "jarl", "%s meets %s (strength %d)", s.Name(p), cardName(j), Kinds[KindOf(j)].Strength)
		}
	}
	if len(e.Jarls) == 0 {
		s.valkyries(ev)
		return
	}
	s.Encounter = e
	s.Step = Step{Kind: StepJarl, Seat: p}
}

// jarlTally is what an encounter's choices will take or bring when they
// resolve: the crew's room for wounds, the silver and the crew left, the
// kills (each KillFame, and its reward's VP), and the flights for fame.
type jarlTally struct {
	room, silver, crew, kills, killVP, flights int
}

// tally adds up p's choices (in the order the Jarls are listed, choice[k]
// for Jarl card jarls[k]).
func (s *State) tally(p int, jarls, choice []int) jarlTally {
	pl := &s.Seats[p]
	t := jarlTally{room: s.woundRoom(p), silver: pl.Silver, crew: len(pl.Crew)}
	for k, ch := range choice {
		t = t.with(ch, jarls[k])
	}
	return t
}

// with is t after one more choice, ch against Jarl card j.
func (t jarlTally) with(ch, j int) jarlTally {
	t.room -= woundsFor(ch, j)
	switch ch {
	case Kill:
		t.kills++
		t.killVP += Jarls[KindOf(j)-FirstJarl].Kill.VP
	case Subdue:
		t.silver -= Kinds[KindOf(j)].Cost
		t.crew++
	case FleeFame:
		t.flights++
	}
	return t
}

// fameAfterKills is p's fame once the tallied kills have resolved: "All
// Kills → All Subdues → All Flees", so every kill chosen, whichever Jarl
// it is listed at, brings its fame before any flight loses some (no
// further than the track's end).
func (s *State) fameAfterKills(p int, t jarlTally) int {
	return min(len(FameVP)-1, s.Seats[p].Fame+KillFame*t.kills)
}

// short is how much fame the tallied flights for fame lack, after the
// kills: 0 when they are paid for.
func (s *State) short(p int, t jarlTally) int {
	return max(0, t.flights-s.fameAfterKills(p, t))
}

// covered says whether the tallied flights for fame can still be paid
// for: they are, or killing some of the Jarls still to decide (the Jarl
// cards in later) would bring the fame they lack, with room on the crew
// for those kills' wounds. The cheapest kills are tried first.
func (s *State) covered(p int, t jarlTally, later []int) bool {
	if s.short(p, t) == 0 {
		return true
	}
	cost := make([]int, len(later))
	for k, j := range later {
		cost[k] = woundsFor(Kill, j)
	}
	slices.Sort(cost)
	for _, w := range cost {
		if t.room < w {
			return false
		}
		t.room -= w
		t.kills++
		if s.short(p, t) == 0 {
			return true
		}
	}
	return false
}

// jarlChoices offers p's choices for the first undecided Jarl to l and,
// when refused is not nil, notes there each kill, subdue or flight for VP
// that is not open, with why. Every choice is weighed against the choices
// made so far and the Jarls still to decide: the kills resolve first,
// whichever Jarl they are chosen at, so a flight for fame is open when
// the fame is there once the kills are done, or a Jarl still to decide
// can be killed for it; a later choice that would leave such a flight
// unpaid is then refused. Fleeing for VP is open when the player has VP
// (the kills' rewards included), or no fame to lose (FleeWithNothingToLose).
func (s *State) jarlChoices(p int, l *choices, refused *[]rules.Refusal) {
	e, pl := s.Encounter, &s.Seats[p]
	i := slices.Index(e.Choice, -1)
	if i < 0 {
		return
	}
	j, later := e.Jarls[i], e.Jarls[i+1:]
	t := s.tally(p, e.Jarls[:i], e.Choice[:i])
	name, kind := cardName(j), Kinds[KindOf(j)]
	kill, subdue := act(KindKill, ""), act(KindSubdue, "")
	fleeFame, fleeVP := act(KindFlee, "", 0), act(KindFlee, "", 1)
	if l.labels || refused != nil {
		// The labels, written only for a loud Legal or for Refused.
		kill.Label = fmt.Sprintf("Kill %s: %s, %d fame and %s", name, rules.Count(woundsFor(Kill, j), "wound"), KillFame, RewardWords(Jarls[KindOf(j)-FirstJarl].Kill))
		subdue.Label = fmt.Sprintf("Subdue %s into your crew: %s and %d silver", name, rules.Count(woundsFor(Subdue, j), "wound"), kind.Cost)
		fleeFame.Label = "Flee from " + name + ", losing 1 fame"
		fleeVP.Label = "Flee from " + name + ", losing 1 VP"
	}
	offer := func(a rules.Action) {
		if l.add(a.Kind, a.Args...) {
			l.label(a.Label)
		}
	}
	refuse := func(a rules.Action, why func() string) {
		if refused != nil {
			*refused = append(*refused, rules.Refusal{Action: a, Why: why()})
		}
	}
	wounds := func(w int) func() string {
		return func() string {
			return fmt.Sprintf("needs room for %s; your crew can take %d", rules.Count(w, "wound"), max(t.room, 0))
		}
	}
	// unpaid says whether choice ch would leave the flights for fame
	// unpaid; why says how much fame they would lack.
	unpaid := func(ch int) bool { return !s.covered(p, t.with(ch, j), later) }
	why := func(ch int) func() string {
		return func() string {
			return fmt.Sprintf("your flights for fame need %d more fame, from killing a Jarl", s.short(p, t.with(ch, j)))
		}
	}
	switch w := woundsFor(Kill, j); {
	case t.room < w:
		refuse(kill, wounds(w))
	case unpaid(Kill):
		refuse(kill, why(Kill))
	default:
		offer(kill)
	}
	switch w := woundsFor(Subdue, j); {
	case t.silver < kind.Cost:
		refuse(subdue, func() string { return fmt.Sprintf("needs %d silver; you have %d", kind.Cost, max(t.silver, 0)) })
	case t.crew >= MaxCrew:
		refuse(subdue, func() string { return fmt.Sprintf("your crew is full (%d)", MaxCrew) })
	case t.room < w:
		refuse(subdue, wounds(w))
	case unpaid(Subdue):
		refuse(subdue, why(Subdue))
	default:
		offer(subdue)
	}
	if !unpaid(FleeFame) {
		offer(fleeFame)
	}
	if pl.VP+t.killVP > 0 || s.fameAfterKills(p, t)-t.flights <= 0 {
		if unpaid(FleeVP) {
			refuse(fleeVP, why(FleeVP))
		} else {
			offer(fleeVP)
		}
	}
}

// Refused explains the raids a seat cannot make on its turn and, at a
// Jarl, a kill or a subdue it cannot choose (rules.Explainer): the reasons
// name only the seat's own worker, crew, provisions, gold, silver and
// wounds.
func (s *State) Refused(seat rules.Seat) []rules.Refusal {
	p := int(seat)
	if s.Outcome != nil || !s.SeatOK(p) || s.Step.Seat != p {
		return nil
	}
	switch s.Step.Kind {
	case StepJarl:
		var refused []rules.Refusal
		s.jarlChoices(p, &choices{mode: probing}, &refused)
		return refused
	case StepTurn:
		return s.refusedRaids(p)
	}
	return nil
}

// refusedRaids says, for each raid space with plunder left that p cannot
// raid now, what it lacks (Raid 1–3: the worker's colour, the crew, the
// provisions and gold).
func (s *State) refusedRaids(p int) []rules.Refusal {
	pl := &s.Seats[p]
	var out []rules.Refusal
	for i := range s.Plunder {
		sp := Spaces[i]
		if s.Plunder[i] == (Pieces{}) || s.canRaid(p, i) {
			continue
		}
		var why []string
		if pl.Worker == NoWorker {
			why = append(why, "you hold no worker")
		} else if !sp.Colours[pl.Worker] {
			why = append(why, "needs a "+colourList(sp.Colours)+" worker; yours is "+ColourNames[pl.Worker])
		}
		if len(pl.Crew) < sp.Crew {
			why = append(why, fmt.Sprintf("needs %d crew; you have %d", sp.Crew, len(pl.Crew)))
		}
		prov, gold := s.raidCost(p, i)
		if pl.Provisions < prov {
			why = append(why, fmt.Sprintf("needs %s; you have %d", rules.Count(prov, "provision"), pl.Provisions))
		}
		if pl.Gold < gold {
			why = append(why, fmt.Sprintf("needs %d gold; you have %d", gold, pl.Gold))
		}
		out = append(out, rules.Refusal{Action: act(KindRaid, "Raid "+SpaceName(i), i), Why: strings.Join(why, "; ")})
	}
	return out
}

// colourList names the worker colours a raid space takes ("grey or white").
func colourList(ok [3]bool) string {
	var names []string
	for w, yes := range ok {
		if yes {
			names = append(names, ColourNames[w])
		}
	}
	return strings.Join(names, " or ")
}

// chooseJarl records p's choice for the first undecided Jarl, and resolves
// the encounter once every Jarl has one.
func (s *State) chooseJarl(p int, a rules.Action, ev *events) {
	e := s.Encounter
	i := slices.Index(e.Choice, -1)
	switch a.Kind {
	case KindKill:
		e.Choice[i] = Kill
	case KindSubdue:
		e.Choice[i] = Subdue
	default:
		e.Choice[i] = FleeFame + a.Args[0]
	}
	if ev.Loud() {
		ev.Add(p, "choose", "%s will %s %s", s.Name(p), [4]string{"kill", "subdue", "flee from", "flee from"}[e.Choice[i]], cardName(e.Jarls[i]))
	}
	if !slices.Contains(e.Choice, -1) {
		s.resolveEncounter(ev)
	}
}

// order lists the encounter's Jarls in the order they resolve:
// "All Kills → All Subdues → All Flees".
func (e *Encounter) order() []int {
	idx := make([]int, len(e.Jarls))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return min(e.Choice[a], FleeFame) - min(e.Choice[b], FleeFame) })
	return idx
}

// resolveEncounter carries out the encounter's choices in order, pausing
// while the raider places wounds, then turns to the Valkyries.
func (s *State) resolveEncounter(ev *events) {
	e := s.Encounter
	p := s.Raid.Seat
	pl := &s.Seats[p]
	order := e.order()
	for e.Done < len(order) {
		i := order[e.Done]
		e.Done++
		j := e.Jarls[i]
		name := cardName(j)
		switch e.Choice[i] {
		case Kill:
			if ev.Loud() {
				ev.Add(p, "kill", "%s kills %s", s.Name(p), name)
			}
			s.JarlDiscard = append(s.JarlDiscard, j)
			s.gainFame(p, KillFame, ev)
			s.gainReward(p, Jarls[KindOf(j)-FirstJarl].Kill, ev)
			if s.wound(p, woundsFor(Kill, j), ev) {
				return
			}
		case Subdue:
			cost := Kinds[KindOf(j)].Cost
			pl.Silver -= cost
			s.Silver += cost
			if ev.Loud() {
				ev.Add(p, "subdue", "%s subdues %s for %d silver: the Jarl joins the crew", s.Name(p), name, cost)
			}
			// The Jarl joins now but takes no wound nor death this turn.
			pl.Crew = append(pl.Crew, j)
			s.Subdued = append(s.Subdued, j)
			if s.wound(p, woundsFor(Subdue, j), ev) {
				return
			}
		default:
			s.JarlDiscard = append(s.JarlDiscard, j)
			if e.Choice[i] == FleeFame {
				pl.Fame = max(0, pl.Fame-1) // never below 0: legalJarl offers no flight the fame does not cover
				if ev.Loud() {
					ev.Add(p, "flee", "%s flees from %s and loses 1 fame", s.Name(p), name)
				}
			} else {
				pl.VP = max(0, pl.VP-1)
				if ev.Loud() {
					ev.Add(p, "flee", "%s flees from %s and loses 1 VP", s.Name(p), name)
				}
			}
		}
	}
	s.Encounter = nil
	s.valkyries(ev)
}

// gainFame moves p up the fame track, no further than its end.
func (s *State) gainFame(p, n int, ev *events) {
	pl := &s.Seats[p]
	if n = min(n, len(FameVP)-1-pl.Fame); n > 0 {
		pl.Fame += n
		if ev.Loud() {
			ev.Add(p, "fame", "%s gains %d fame", s.Name(p), n)
		}
	}
}

// wound gives p n wounds to place. It reports whether the game now waits
// for p to choose where.
func (s *State) wound(p, n int, ev *events) (waiting bool) {
	s.Step = Step{Kind: StepWound, Seat: p, Left: n}
	return s.placeWounds(ev)
}

// woundable yields p's crew that can take a wound, one per kind and wound
// count (copies alike play alike).
func (s *State) woundable(p int) iter.Seq[int] {
	pl := &s.Seats[p]
	return crewChoices(pl, func(c int) bool { return pl.strengthOf(c) > 0 && !slices.Contains(s.Subdued, c) })
}

// placeWounds places the wounds left wherever there is no choice (one kind
// of crew member can take them, or all the room must be filled). It
// reports whether a choice remains.
func (s *State) placeWounds(ev *events) (waiting bool) {
	st := &s.Step
	p := st.Seat
	pl := &s.Seats[p]
	for st.Left > 0 {
		can := slices.Collect(s.woundable(p))
		switch {
		case len(can) == 0:
			st.Left = 0 // no room left: the rest are lost, as excess Valkyries are
		case len(can) == 1 || s.woundRoom(p) <= st.Left:
			s.addWound(pl, can[0], ev)
		default:
			return true
		}
	}
	return false
}

// addWound puts one wound on p's crew member c.
func (s *State) addWound(pl *Player, c int, ev *events) {
	if pl.Wounds == nil {
		pl.Wounds = map[int]int{}
	}
	pl.Wounds[c]++
	s.Step.Left--
	if ev.Loud() {
		ev.Add(s.Step.Seat, "wound", "%s's %s is wounded (strength %d)", s.Name(s.Step.Seat), cardName(c), pl.strengthOf(c))
	}
}

// crewChoices yields the crew members of pl that ok accepts, one for each
// kind and wound count, lowest id first.
func crewChoices(pl *Player, ok func(int) bool) iter.Seq[int] {
	return func(yield func(int) bool) {
		crew := append(make([]int, 0, MaxCrew+1), pl.Crew...)
		slices.Sort(crew)
		for i, c := range crew {
			// Taken already: an accepted lower id of the same kind and wounds.
			alike := func(d int) bool { return KindOf(d) == KindOf(c) && pl.Wounds[d] == pl.Wounds[c] && ok(d) }
			if ok(c) && !slices.ContainsFunc(crew[:i], alike) && !yield(c) {
				return
			}
		}
	}
}

// removeCrew takes c out of p's crew, its wounds healed.
func (s *State) removeCrew(p, c int) {
	pl := &s.Seats[p]
	pl.Crew = rules.Without(pl.Crew, c)
	delete(pl.Wounds, c)
	if len(pl.Wounds) == 0 {
		pl.Wounds = nil
	}
}

// discardCard puts a card out of play: a Jarl to the Jarl discards, a
// townsfolk to the discard pile.
func (s *State) discardCard(c int) {
	if IsJarl(c) {
		s.JarlDiscard = append(s.JarlDiscard, c)
	} else {
		s.Discard = append(s.Discard, c)
	}
}
