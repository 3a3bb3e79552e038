package raiders

import (
	"fmt"
	"iter"
	"slices"

	"longhall/rules"
)

// choices collects the actions open at one decision, in Legal's order. It
// lists them (labelled for a loud state, bare for a quiet one), or only
// looks for one action among them (Apply's check, allows), or for any at
// all, without listing them. The rules that offer actions are written
// once, against it:
//
//	for x := range l.span(KindX, n) { // when checking, only the x asked for
//		if s.canDo(x) && l.add(KindX, x) {
//			l.label("Do x") // words are built only when a label is wanted
//		}
//	}
type choices struct {
	mode   mode
	labels bool         // listing: label the actions (a loud state's Legal)
	want   rules.Action // checking: the action looked for
	found  bool         // checking, probing: it is open
	n      int          // listing: how many are listed
	nargs  int          // and their arguments, all told
	// The actions listed: the first ones in room, inside choices (on its
	// caller's stack, so listing them allocates nothing), the others in
	// more. list copies them out.
	room [12]listed
	more []listed
}

// mode is what choices does with the actions offered.
type mode int

const (
	listing  mode = iota // list them all
	checking             // look for want among them
	probing              // look for any, stopping at the first
)

// listed is an action as choices keeps it, its arguments inline.
type listed struct {
	kind, label string
	args        [2]int
	nargs       int
}

// add offers an action. It reports whether the caller is to label it.
func (l *choices) add(kind string, args ...int) bool {
	switch l.mode {
	case checking:
		if kind == l.want.Kind && slices.Equal(args, l.want.Args) {
			l.found = true
		}
		return false
	case probing:
		l.found = true
		return false
	}
	e := listed{kind: kind, nargs: len(args)}
	if copy(e.args[:], args) < len(args) {
		panic("raiders: Legal offers an action with more than 2 arguments (see listed)")
	}
	if l.n < len(l.room) {
		l.room[l.n] = e
	} else {
		l.more = append(l.more, e)
	}
	l.n++
	l.nargs += len(args)
	return l.labels
}

// done says whether the actions still to offer no longer matter: the one
// looked for, or any at all, is found.
func (l *choices) done() bool { return l.found }

// at is the i-th action listed.
func (l *choices) at(i int) *listed {
	if i < len(l.room) {
		return &l.room[i]
	}
	return &l.more[i-len(l.room)]
}

// list returns the actions listed, in one array, their arguments in
// another.
func (l *choices) list() []rules.Action {
	if l.n == 0 {
		return nil
	}
	out, args := make([]rules.Action, l.n), make([]int, l.nargs)
	for i := range out {
		e := l.at(i)
		out[i] = rules.Action{Kind: e.kind, Label: e.label}
		if e.nargs > 0 {
			// Capped, so that appending to one action's Args never
			// writes over the next one's.
			out[i].Args = args[:e.nargs:e.nargs]
			copy(args, e.args[:e.nargs])
			args = args[e.nargs:]
		}
	}
	return out
}

// addAs offers an action whose label is already written (a constant).
func (l *choices) addAs(label, kind string, args ...int) {
	if l.add(kind, args...) {
		l.label(label)
	}
}

// label labels the action just added.
func (l *choices) label(text string) { l.at(l.n - 1).label = text }

// cards yields the cards of hand to offer as kind's one argument: one of
// each kind (byKind), until done, or, when checking an action, only its
// own card if it is of that kind and one of those.
func (l *choices) cards(kind string, hand []int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if l.mode != checking {
			eachKind(hand, func(c int) bool { return yield(c) && !l.done() })
		} else if a := l.want; a.Kind == kind && len(a.Args) == 1 && firstOfKind(hand, a.Args[0]) {
			yield(a.Args[0])
		}
	}
}

// span yields the arguments 0 to n-1 that an action of kind with one
// argument may have, to offer those open: all of them, until done, but,
// when checking an action, only its own argument if it is of that kind,
// and none if it is not. So Apply checks an index directly, without
// trying the others.
func (l *choices) span(kind string, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if l.mode != checking {
			for i := range n {
				if !yield(i) || l.done() {
					return
				}
			}
			return
		}
		if a := l.want; a.Kind == kind && len(a.Args) == 1 && a.Args[0] >= 0 && a.Args[0] < n {
			yield(a.Args[0])
		}
	}
}

// Legal implements rules.State. A quiet state leaves every label empty.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	l := choices{labels: s.Loud()}
	s.legal(int(seat), &l)
	return l.list()
}

// allows says whether seat p may take action a now: whether Legal would
// list it (labels aside), found without listing anything.
func (s *State) allows(p int, a rules.Action) bool {
	l := choices{mode: checking, want: a}
	s.legal(p, &l)
	return l.found
}

// byKind yields one card of each kind among cards, the lowest id, in
// order of id, so that copies of a kind, which play alike, make one
// choice. (Card ids run through the kinds in order: sorted, a kind's
// cards lie together, its lowest id first.)
func byKind(cards []int) iter.Seq[int] {
	return func(yield func(int) bool) { eachKind(cards, yield) }
}

// eachKind is byKind's loop, for iterators built on it.
func eachKind(cards []int, yield func(int) bool) {
	sorted := append(make([]int, 0, 16), cards...)
	slices.Sort(sorted)
	for i, c := range sorted {
		if (i == 0 || KindOf(sorted[i-1]) != KindOf(c)) && !yield(c) {
			return
		}
	}
}

// firstOfKind says whether card c is among cards and the lowest id of its
// kind there: one that byKind yields.
func firstOfKind(cards []int, c int) bool {
	k := KindOf(c)
	return slices.Contains(cards, c) && !slices.ContainsFunc(cards, func(d int) bool { return d < c && KindOf(d) == k })
}

func cardName(c int) string { return Kinds[KindOf(c)].Name }

// opponents yields the other seats in turn order after p.
func (s *State) opponents(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 1; i < s.Players; i++ {
			if !yield((p + i) % s.Players) {
				return
			}
		}
	}
}

// raidCost is what p pays to raid space i: provisions and gold, after
// crew discounts.
func (s *State) raidCost(p, i int) (provisions, gold int) {
	sp, pl := &Spaces[i], &s.Seats[p]
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
	sp, pl := &Spaces[i], &s.Seats[p]
	// The cheapest and most selective tests first: a space takes only
	// some colours.
	if worker == NoWorker || !sp.Colours[worker] || len(pl.Crew) < sp.Crew || s.Plunder[i] == (Pieces{}) {
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

// anyone accepts every card: for crewChoices.
func anyone(int) bool { return true }

// legal offers seat p's actions now to l: the whole of Legal.
func (s *State) legal(p int, l *choices) {
	if s.Outcome != nil || !s.SeatOK(p) {
		return
	}
	st := &s.Step
	switch st.Kind {
	case StepKeep:
		s.legalKeep(p, l)
		return
	case StepDraft:
		s.legalDraft(p, l)
		return
	}
	if st.Seat != p {
		return
	}
	pl := &s.Seats[p]
	switch st.Kind {
	case StepTurn:
		for b := range l.span(KindPlace, NumBuildings) {
			if s.Buildings[b] == NoWorker && s.inPlay(b) && l.add(KindPlace, b) {
				l.label("Work: put your worker at the " + BuildingNames[b])
			}
		}
		for i := range l.span(KindRaid, len(s.Plunder)) {
			if s.canRaid(p, i) && l.add(KindRaid, i) {
				l.label("Raid " + SpaceName(i))
			}
		}
	case StepTake:
		for b := range l.span(KindTake, NumBuildings) {
			if w := s.Buildings[b]; w != NoWorker && b != st.Building && l.add(KindTake, b) {
				l.label(fmt.Sprintf("Take the %s worker from the %s", ColourNames[w], BuildingNames[b]))
			}
		}
	case StepBuilding:
		s.legalBuilding(p, st.Building, l)
		if ActionsOptional || !s.buildingAction(p, st.Building) {
			l.addAs("Do nothing here", KindSkip)
		}
	case StepAbility:
		s.legalAbility(p, l)
		if ActionsOptional || !s.abilityAction(p) {
			l.addAs("Do nothing more", KindSkip)
		}
	case StepReroll:
		for i := range l.span(KindReroll, len(s.Raid.Dice)) {
			if l.add(KindReroll, i) {
				l.label(fmt.Sprintf("Reroll the %d", s.Raid.Dice[i]))
			}
		}
		l.addAs("Keep the dice", KindSkip)
	case StepLose:
		for c := range crewChoices(pl, func(c int) bool { return !slices.Contains(s.Subdued, c) }) {
			if l.add(KindLose, c) {
				l.label("Lose your " + s.crewName(p, c))
			}
		}
	case StepAvenge:
		for o := range s.opponents(p) {
			if len(s.Seats[o].Crew) > 0 && l.add(KindAvenge, o) {
				l.label("Avenger: " + s.Name(o) + " loses a crew member")
			}
		}
	case StepYield:
		for c := range crewChoices(pl, anyone) {
			if l.add(KindLose, c) {
				l.label("Lose your " + s.crewName(p, c))
			}
		}
	case StepMead:
		s.legalMead(p, l)
	case StepQuest:
		s.legalQuest(p, l)
	case StepJarl:
		s.jarlChoices(p, l, nil)
	case StepWound:
		for c := range s.woundable(p) {
			if l.add(KindWound, c) {
				l.label("Wound your " + s.crewName(p, c))
			}
		}
	case StepTribute:
		if pl.Silver > 0 {
			l.addAs("Give 1 silver", KindGive, 0)
		}
		if pl.Provisions > 0 {
			l.addAs("Give 1 provision", KindGive, 1)
		}
	case StepScout:
		if len(s.Seats[st.Other].Hand) > 0 {
			for c := range l.cards(KindTrade1, pl.Hand) {
				if l.add(KindTrade1, c) {
					l.label("Give your " + cardName(c) + " for one of theirs")
				}
			}
		}
		l.addAs("Stop swapping", KindSkip)
	case StepDiscard:
		for c := range l.cards(KindDiscard, pl.Hand) {
			if l.add(KindDiscard, c) {
				l.label("Discard your " + cardName(c))
			}
		}
	}
}

func (s *State) legalKeep(p int, l *choices) {
	d := s.Seats[p].Dealt
	if len(d) <= Kept {
		return
	}
	for c := range l.cards(KindReturn, d) {
		if l.add(KindReturn, c) {
			l.label("Return your " + cardName(c) + " to the deck")
		}
	}
}

// abilityAction says whether the ability in Step.Card offers a choice
// (skip aside).
func (s *State) abilityAction(p int) bool {
	l := choices{mode: probing}
	s.legalAbility(p, &l)
	return l.found
}

// buildingAction says whether building b offers p an action (skip
// aside).
func (s *State) buildingAction(p, b int) bool {
	l := choices{mode: probing}
	s.legalBuilding(p, b, &l)
	return l.found
}

// legalBuilding offers building b's actions to p (skip aside).
func (s *State) legalBuilding(p, b int, l *choices) {
	pl := &s.Seats[p]
	switch b {
	case TownHall:
		for c := range l.cards(KindTown, pl.Hand) {
			if s.abilityPossible(p, c) && l.add(KindTown, c) {
				l.label(fmt.Sprintf("Discard your %s: %s", cardName(c), KindText[KindOf(c)][1]))
			}
		}
	case Treasury:
		for c := range l.cards(KindSell, pl.Hand) {
			if l.add(KindSell, c) {
				l.label("Discard your " + cardName(c) + " for 2 silver")
			}
		}
		if s.Supply[Gold] > 0 && !l.done() {
			kinds := slices.AppendSeq(make([]int, 0, NumKinds), byKind(pl.Hand))
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
					if l.add(KindSell2, a, second) {
						l.label(fmt.Sprintf("Discard your %s and %s for 1 gold", cardName(a), cardName(second)))
					}
				}
			}
		}
	case Barracks:
		s.legalHire(p, l, func(c int) int { return s.hireCost(p, c) })
	case Armoury:
		if pl.Armour < MaxArmour && pl.Iron > 0 {
			l.addAs("Pay 1 iron for 2 armour", KindArm, 0)
		}
		if pl.Armour < MaxArmour && pl.Silver >= 2 {
			l.addAs("Pay 2 silver for 1 armour", KindArm, 1)
		}
	case Mill:
		l.addAs("Gain 2 provisions", KindMill, 0)
		if s.Supply[Gold] > 0 {
			l.addAs("Gain 1 gold", KindMill, 1)
		}
	case MeadHall:
		s.legalMeadHall(p, l)
	case LongHouse:
		if pl.Livestock > 0 {
			l.addAs("Pay 1 livestock for 2 provisions", KindTrade)
		}
		for slot, o := range s.Row {
			if o >= 0 && s.canOffer(p, o, -1) && l.add(KindOffer, slot) {
				l.label(fmt.Sprintf("Make offering %d (%d VP)", slot+1, Offerings[o].VP))
			}
		}
	}
}

// legalHire offers hiring each affordable kind in hand at the given cost,
// or dismissing a crew member first when the crew is full.
func (s *State) legalHire(p int, l *choices, cost func(int) int) {
	pl := &s.Seats[p]
	if len(pl.Crew) < MaxCrew {
		for c := range l.cards(KindHire, pl.Hand) {
			if cost(c) <= pl.Silver && l.add(KindHire, c) {
				l.label(fmt.Sprintf("Hire your %s for %d silver", cardName(c), cost(c)))
			}
		}
		return
	}
	// A cost is a kind's, so any card stands for its kind here.
	if slices.ContainsFunc(pl.Hand, func(c int) bool { return cost(c) <= pl.Silver }) {
		for c := range crewChoices(pl, anyone) {
			if l.add(KindDismiss, c) {
				l.label("Dismiss your " + s.crewName(p, c) + " to make room")
			}
		}
	}
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
