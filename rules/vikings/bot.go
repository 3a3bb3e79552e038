package vikings

import "longhall/rules"

// NewBot implements rules.BotGame.
func (game) NewBot(seed uint64) rules.Bot { return &Bot{rng: rules.NewRNG(seed)} }

// Bot plays to a plan: sail to the nearest village whose daughter it still
// needs, then home to feast, by the shortest way around the sea monster;
// attack a longship carrying daughters, hinder the player closest to
// winning, and react when a card or an attack is aimed at it. It reads
// only its own hand and what the table shows.
type Bot struct{ rng *rules.RNG }

// Choose implements rules.Bot.
func (b *Bot) Choose(st rules.State, seat rules.Seat) (rules.Action, error) {
	s, ok := st.(*State)
	if !ok {
		return rules.Action{}, rules.Errorf(ID, rules.ErrIllegal, "the bot plays only Vikings")
	}
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return rules.Action{}, rules.ErrNotPending
	}
	p := int(seat)
	t := s.target(p) // once for every action: the state does not change
	best, bestV := 0, -1e9
	for i, a := range legal {
		v := s.worth(p, t, a) + 0.01*float64(b.rng.Intn(10))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return legal[best], nil
}

// target is where p's longship should head: home with daughters to feast,
// else the nearest village whose daughter p still needs.
func (s *State) target(p int) int {
	pl := &s.Seats[p]
	aboard := rules.CountBy(pl.Crew, IsDaughter)
	home := HarbourOf[pl.Colour]
	best, bestD := -1, 1<<30
	for k := range Colours {
		v := VillageOf[k]
		d := distance(pl.Ship, v, s.Monster)
		if s.hasColour(p, k) || len(s.Daughters[k]) == 0 || d < 0 {
			continue
		}
		if d < bestD {
			best, bestD = v, d
		}
	}
	if aboard > 0 && (best < 0 || aboard+len(pl.Camp) >= Colours-1 || aboard >= 2) {
		return home
	}
	if best < 0 {
		return home
	}
	return best
}

// distanceTo is the moves from space i to space j around the monster (a
// long way for none).
func (s *State) distanceTo(i, j int) int {
	if d := distance(i, j, s.Monster); d >= 0 {
		return d
	}
	return 50
}

// leader is the opponent of p closest to winning: most daughters home,
// then aboard.
func (s *State) leader(p int) int {
	best, bestV := -1, -1
	for o := range s.others(p) {
		pl := &s.Seats[o]
		if v := 3*len(pl.Camp) + rules.CountBy(pl.Crew, IsDaughter); v > bestV {
			best, bestV = o, v
		}
	}
	return best
}

// cardValue is what keeping card c is worth to p, heading for space t.
func (s *State) cardValue(p, t, c int) float64 {
	switch KindOf(c) {
	case Loki:
		return 5
	case Thor, ShieldWall, Command, Ravens, Current:
		return 3
	case Berserker, Shieldmaiden, Helmsman, Skald, Seeress:
		if len(s.Seats[p].Crew) < CrewLimit {
			return 3
		}
		return 1
	case WindAny:
		return 3
	}
	if w := WindOf(c); w >= 0 && w < 4 {
		pl := &s.Seats[p]
		if j := Neighbour(pl.Ship, w); j >= 0 && s.distanceTo(j, t) < s.distanceTo(pl.Ship, t) {
			return 2.5
		}
		return 1.5
	}
	return 2
}

// worth scores one legal action for p, heading for space t (target):
// higher is better.
func (s *State) worth(p, t int, a rules.Action) float64 {
	pl := &s.Seats[p]
	now := s.distanceTo(pl.Ship, t)
	closer := func(j int) float64 {
		if j < 0 || j == s.Monster {
			return -1
		}
		return float64(now - s.distanceTo(j, t))
	}
	switch a.Kind {
	case KindFeast:
		return 100
	case KindLoot:
		return 90
	case KindHero:
		if len(a.Args) > 1 && IsDaughter(a.Args[1]) {
			return -5
		}
		return 20 - s.cardValue(p, t, a.Args[0])
	case KindAttack:
		o := a.Args[0]
		daughters := rules.CountBy(s.Seats[o].Crew, IsDaughter)
		odds := s.crewOf(p, Berserker) - s.crewOf(o, Shieldmaiden)
		if daughters > 0 && odds >= 0 || odds > 0 {
			return 30 + 5*float64(daughters)
		}
		return -5
	case KindSail:
		j := Neighbour(pl.Ship, a.Args[1])
		if j == s.Monster {
			return -10 // the monster is avoided: the way goes round it
		}
		if c := closer(j); c > 0 {
			return 40 - s.cardValue(p, t, a.Args[0])
		}
		return -10
	case KindUse:
		switch KindOf(a.Args[0]) {
		case Helmsman:
			if closer(Neighbour(pl.Ship, a.Args[1])) > 0 {
				return 45
			}
			return -10
		case Seeress:
			return 25
		case Skald:
			return s.rollHelps(p, a.Args[1])
		}
	case KindEvent:
		return s.eventWorth(p, t, a)
	case KindRow:
		if closer(Neighbour(pl.Ship, a.Args[0])) > 0 {
			return 5
		}
		return -20
	case KindEnd, KindPass, KindStop:
		return 0
	case KindSacrifice:
		return -1
	case KindDiscard:
		return 10 - s.cardValue(p, t, a.Args[0])
	case KindOverboard:
		c := a.Args[0]
		if IsDaughter(c) {
			if s.hasColour(p, DaughterColour(c)) && rules.CountBy(pl.Crew, func(d int) bool { return DaughterColour(d) == DaughterColour(c) }) > 1 {
				return 5 // one of two alike
			}
			return -10
		}
		return 5 - s.cardValue(p, t, c)
	case KindTake:
		if k := DaughterColour(a.Args[0]); k >= 0 && !s.hasColour(p, k) {
			return 10
		}
		return 5
	case KindKeep:
		c := s.Step.Card
		keep := (IsDaughter(c) && !s.hasColour(p, DaughterColour(c))) || len(pl.Crew) < CrewLimit
		if keep == (a.Args[0] == 1) {
			return 1
		}
		return 0
	case KindPush:
		o := s.Step.Other
		from := s.Seats[o].Ship
		j := Neighbour(from, a.Args[0])
		ot := s.target(o)
		return float64(s.distanceTo(j, ot) - s.distanceTo(from, ot))
	case KindMonster:
		// Put it in the leader's way: next to their target.
		l := s.leader(p)
		return -float64(s.distanceTo(a.Args[0], s.target(l))) + 0.1*float64(s.distanceTo(a.Args[0], t))
	}
	return 0
}

// rollHelps says how much a +1 (up 1) or −1 on the attack on the stack
// helps p.
func (s *State) rollHelps(p, up int) float64 {
	base := s.Stack[0]
	mine := base.Seat == p
	against := base.Kind == KindAttack && base.Args[0] == p
	switch {
	case mine && up == 1, against && up == 0:
		return 20
	}
	return -5
}

// eventWorth scores playing an event for its effect, for p heading for
// space t.
func (s *State) eventWorth(p, t int, a rules.Action) float64 {
	c := a.Args[0]
	top := len(s.Stack) - 1
	switch KindOf(c) {
	case Loki:
		if top >= 0 && s.hurts(p, top) {
			return 30
		}
		return -5
	case Thor:
		return s.rollHelps(p, a.Args[1])
	case ShieldWall:
		return 30
	case Seasick:
		return 15
	case Calm:
		if top >= 0 && s.Stack[top].Seat == s.leader(p) {
			return 10
		}
		return -5
	case Ravens:
		return 15
	case Thief:
		return 8
	case Mutiny:
		if a.Args[1] == s.leader(p) {
			return 8
		}
		return 2
	case Command:
		o, d := a.Args[1], a.Args[2]
		from := s.Seats[o].Ship
		ot := s.target(o)
		if o == s.leader(p) && s.distanceTo(Neighbour(from, d), ot) > s.distanceTo(from, ot) {
			return 12
		}
		return -5
	case Current:
		pl := &s.Seats[p]
		if j := Neighbour(pl.Ship, a.Args[1]); j >= 0 && s.distanceTo(j, t) < s.distanceTo(pl.Ship, t) {
			return 35
		}
		return -5
	case Stirs:
		return -1
	}
	return 0
}

// hurts says whether stack entry i works against p.
func (s *State) hurts(p, i int) bool {
	e := s.Stack[i]
	switch e.Kind {
	case KindAttack:
		return e.Args[0] == p
	case KindEvent:
		switch KindOf(e.Args[0]) {
		case Mutiny, Thief, Command:
			return e.Args[1] == p
		case Loki, Calm:
			// Cancelling something of p's, just below.
			return i > 0 && s.Stack[i-1].Seat == p
		case Thor:
			base := s.Stack[0]
			return base.Seat == p && e.Args[1] == 0 || base.Kind == KindAttack && base.Args[0] == p && e.Args[1] == 1
		}
	case KindFeast, KindLoot:
		return e.Seat == s.leader(p) && e.Seat != p
	}
	return false
}
