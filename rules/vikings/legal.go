package vikings

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// Legal implements rules.State.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	p := int(seat)
	if s.Outcome != nil || !s.seatOK(p) || s.Step.Seat != p {
		return nil
	}
	pl := &s.Seats[p]
	var out []rules.Action
	switch s.Step.Kind {
	case StepAct:
		out = s.legalAct(p)
	case StepReact:
		out = append(s.legalReactions(p), act(KindPass, "Pass"))
	case StepRespond:
		out = slices.Concat(s.legalEvents(p), s.legalHeroUses(p), []rules.Action{act(KindPass, "Pass")})
	case StepOverboard:
		for _, c := range s.overboardChoices(p) {
			out = append(out, act(KindOverboard, "Throw "+CardName(c)+" overboard", c))
		}
	case StepTake:
		for _, c := range distinct(s.Seats[s.Step.Other].Crew) {
			out = append(out, act(KindTake, "Take "+CardName(c), c))
		}
	case StepKeep:
		out = []rules.Action{act(KindKeep, "Keep "+CardName(s.Step.Card)+" in your crew", 1), act(KindKeep, "Throw "+CardName(s.Step.Card)+" overboard", 0)}
	case StepPush:
		for _, d := range s.moves(s.Seats[s.Step.Other].Ship) {
			out = append(out, act(KindPush, fmt.Sprintf("Move %s's longship %s", s.name(s.Step.Other), DirNames[d]), d))
		}
	case StepMonster:
		for _, i := range s.monsterSpaces() {
			out = append(out, act(KindMonster, fmt.Sprintf("Move the sea monster to %s", SpaceName(i)), i))
		}
	case StepSacrifice:
		// STANDARD ACTIONS, Sacrifice: "discards pairs of cards": the cards
		// are chosen one at a time, and the sacrifice may stop only between
		// pairs, never on the first card of one.
		label := "Sacrifice %s (the first card of a pair)"
		if s.Step.Left%2 == 1 {
			label = "Sacrifice %s (completing the pair, draw a card)"
		}
		for _, c := range distinct(pl.Hand) {
			out = append(out, act(KindDiscard, fmt.Sprintf(label, CardName(c)), c))
		}
		if s.Step.Left%2 == 0 {
			out = append(out, act(KindStop, "Stop sacrificing"))
		}
	case StepDiscard:
		for _, c := range distinct(pl.Hand) {
			out = append(out, act(KindDiscard, "Discard "+CardName(c), c))
		}
	}
	return out
}

// moves lists the directions a longship may be moved in from space i by
// anything but sailing: allowed there, and not onto the sea monster.
func (s *State) moves(i int) []int {
	var out []int
	for d := range 4 {
		if j := Neighbour(i, d); j >= 0 && j != s.Monster {
			out = append(out, d)
		}
	}
	return out
}

// monsterSpaces lists where the sea monster may be moved: any space with
// no longship that is not a harbour (and not where it is).
func (s *State) monsterSpaces() []int {
	var out []int
	for i, sp := range Spaces {
		if sp.Kind != Harbour && i != s.Monster && !s.shipOn(i) {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) shipOn(i int) bool {
	return slices.ContainsFunc(s.Seats, func(p Player) bool { return p.Ship == i })
}

// legalAct lists the active player's choices.
func (s *State) legalAct(p int) []rules.Action {
	pl := &s.Seats[p]
	var out []rules.Action
	if s.HeroOpen {
		for _, c := range distinct(pl.Hand) {
			if TypeOf(c) != Hero {
				continue
			}
			if len(pl.Crew) < CrewLimit {
				out = append(out, act(KindHero, "Put "+CardName(c)+" in your crew", c))
				continue
			}
			for _, o := range distinct(pl.Crew) {
				out = append(out, act(KindHero, fmt.Sprintf("Put %s in your crew, throwing %s overboard", CardName(c), CardName(o)), c, o))
			}
		}
	}
	// Sailing: wind cards, and events for their wind.
	for _, c := range distinct(pl.Hand) {
		w := WindOf(c)
		if w == NoWind {
			continue
		}
		for d := range 4 {
			if w != AnyWind && w != d {
				continue
			}
			j := Neighbour(pl.Ship, d)
			if j < 0 || j == s.Monster && s.Standard {
				continue // onto the sea monster only with a standard action left
			}
			label := fmt.Sprintf("Sail %s with %s", DirNames[d], CardName(c))
			if TypeOf(c) == Event {
				label += " (for its wind)"
			}
			if j == s.Monster {
				label += ", and attack the sea monster"
			}
			out = append(out, act(KindSail, label, c, d))
		}
	}
	out = append(out, s.legalEvents(p)...)
	if !s.Standard {
		for _, o := range s.opponents(p) {
			if s.Seats[o].Ship == pl.Ship {
				out = append(out, act(KindAttack, "Attack "+s.name(o)+"'s longship", o))
			}
		}
		if s.canLoot(p) {
			out = append(out, act(KindLoot, "Loot the "+ColourNames[Spaces[pl.Ship].Colour]+" village"))
		}
		if s.canFeast(p) {
			out = append(out, act(KindFeast, "Host a feast"))
		}
		if len(pl.Hand) >= 2 {
			out = append(out, act(KindSacrifice, "Sacrifice pairs of cards to the gods"))
		}
	}
	out = append(out, s.legalHeroUses(p)...)
	for _, d := range s.moves(pl.Ship) {
		out = append(out, act(KindRow, "Row "+DirNames[d]+" (ends your turn)", d))
	}
	return append(out, act(KindEnd, "End your turn"))
}

// opponents lists the other seats in turn order after p.
func (s *State) opponents(p int) []int {
	out := make([]int, 0, s.Players-1)
	for i := 1; i < s.Players; i++ {
		out = append(out, (p+i)%s.Players)
	}
	return out
}

// hasColour says whether p holds a daughter of colour k, in the crew or
// the camp; a player always counts as holding their own colour.
func (s *State) hasColour(p, k int) bool {
	pl := &s.Seats[p]
	if pl.Colour == k {
		return true
	}
	return slices.ContainsFunc(slices.Concat(pl.Crew, pl.Camp), func(c int) bool { return DaughterColour(c) == k })
}

// canLoot: on a village of another colour, whose daughter p does not
// hold, with one left in its pile.
func (s *State) canLoot(p int) bool {
	sp := Spaces[s.Seats[p].Ship]
	return sp.Kind == Village && !s.hasColour(p, sp.Colour) && len(s.Daughters[sp.Colour]) > 0
}

// canFeast: at p's own harbour with a daughter in the crew.
func (s *State) canFeast(p int) bool {
	pl := &s.Seats[p]
	return pl.Ship == HarbourOf[pl.Colour] && slices.ContainsFunc(pl.Crew, IsDaughter)
}

// legalEvents lists the events p may play for their effect now, with
// their targets.
func (s *State) legalEvents(p int) []rules.Action {
	pl := &s.Seats[p]
	var out []rules.Action
	seen := map[int]bool{}
	for _, c := range distinct(pl.Hand) {
		k := KindOf(c)
		if TypeOf(c) != Event || Kinds[k].Reaction || seen[k] {
			continue
		}
		seen[k] = true
		name := Kinds[k].Name
		switch k {
		case Mutiny:
			for _, o := range s.opponents(p) {
				if len(s.Seats[o].Crew) > 0 {
					out = append(out, act(KindEvent, fmt.Sprintf("%s: %s throws a crew member overboard", name, s.name(o)), c, o))
				}
			}
		case Command:
			for _, o := range s.opponents(p) {
				for _, d := range s.moves(s.Seats[o].Ship) {
					out = append(out, act(KindEvent, fmt.Sprintf("%s: move %s's longship %s", name, s.name(o), DirNames[d]), c, o, d))
				}
			}
		case Current:
			for _, d := range s.moves(pl.Ship) {
				out = append(out, act(KindEvent, fmt.Sprintf("%s: move your longship %s", name, DirNames[d]), c, d))
			}
		case Stirs:
			for _, i := range s.monsterSpaces() {
				out = append(out, act(KindEvent, fmt.Sprintf("%s: the sea monster moves to %s", name, SpaceName(i)), c, i))
			}
		case Ravens:
			if len(s.Deck)+len(s.Discard) > 0 {
				out = append(out, act(KindEvent, name+": draw 2 cards", c))
			}
		case Thief:
			for _, o := range s.opponents(p) {
				if len(s.Seats[o].Hand) > 0 {
					out = append(out, act(KindEvent, fmt.Sprintf("%s: take a random card from %s", name, s.name(o)), c, o))
				}
			}
		}
	}
	return out
}

// legalHeroUses lists the once-a-round abilities p may use as an action
// or a response: the Helmsman's move and the Seeress's card.
func (s *State) legalHeroUses(p int) []rules.Action {
	pl := &s.Seats[p]
	var out []rules.Action
	for _, c := range distinct(pl.Crew) {
		if slices.Contains(pl.Used, c) {
			continue
		}
		switch KindOf(c) {
		case Helmsman:
			for _, d := range s.moves(pl.Ship) {
				out = append(out, act(KindUse, "Helmsman: move your longship "+DirNames[d], c, d))
			}
		case Seeress:
			if len(s.Deck)+len(s.Discard) > 0 {
				out = append(out, act(KindUse, "Seeress: draw a card", c))
			}
		}
	}
	return out
}

// legalReactions lists the reactions p may play on the stack now.
func (s *State) legalReactions(p int) []rules.Action {
	pl := &s.Seats[p]
	base, top := s.Stack[0], s.Stack[len(s.Stack)-1]
	rolls := base.Kind == KindAttack || base.Kind == KindMonsterAttack
	var out []rules.Action
	seen := map[int]bool{}
	for _, c := range distinct(pl.Hand) {
		k := KindOf(c)
		if TypeOf(c) != Event || !Kinds[k].Reaction || seen[k] {
			continue
		}
		seen[k] = true
		name := Kinds[k].Name
		switch k {
		case Loki:
			out = append(out, act(KindEvent, name+": cancel "+s.entryWords(len(s.Stack)-1), c))
		case Thor:
			if rolls {
				out = append(out, act(KindEvent, name+": +1 to the roll", c, 1), act(KindEvent, name+": −1 to the roll", c, 0))
			}
		case Calm:
			if top.Kind == KindSail && TypeOf(top.Args[0]) == Wind {
				out = append(out, act(KindEvent, name+": cancel "+s.entryWords(len(s.Stack)-1), c))
			}
		case ShieldWall:
			if base.Kind == KindAttack && base.Args[0] == p {
				out = append(out, act(KindEvent, name+": cancel the attack on your longship", c))
			}
		case Seasick:
			if base.Kind == KindFeast && base.Seat != p {
				for _, d := range s.Seats[base.Seat].Crew {
					if IsDaughter(d) && !slices.Contains(s.Seasick, d) {
						out = append(out, act(KindEvent, fmt.Sprintf("%s: %s stays aboard", name, CardName(d)), c, d))
					}
				}
			}
		}
	}
	if rolls {
		for _, c := range distinct(pl.Crew) {
			if KindOf(c) == Skald && !slices.Contains(pl.Used, c) {
				out = append(out, act(KindUse, "Skald: +1 to the roll", c, 1), act(KindUse, "Skald: −1 to the roll", c, 0))
			}
		}
	}
	return out
}

// overboardChoices lists the crew members p may throw overboard now: any
// of them, or, when a second daughter of one colour came aboard
// (Step.Card), one of that colour's two.
func (s *State) overboardChoices(p int) []int {
	crew := s.Seats[p].Crew
	if s.Step.Card >= 0 && IsDaughter(s.Step.Card) {
		k := DaughterColour(s.Step.Card)
		return slices.DeleteFunc(slices.Clone(crew), func(c int) bool { return DaughterColour(c) != k })
	}
	return distinct(crew)
}

// SpaceName names a space for labels: its kind, colour and place.
func SpaceName(i int) string {
	sp := Spaces[i]
	where := fmt.Sprintf("row %d, column %d", sp.Row+1, sp.Col+1)
	switch sp.Kind {
	case Harbour:
		return "the " + ColourNames[sp.Colour] + " harbour"
	case Village:
		return "the " + ColourNames[sp.Colour] + " village"
	case Centre:
		return "the centre (" + where + ")"
	}
	return "the sea at " + where
}

// entryWords says what stack entry i is, with its player's name.
func (s *State) entryWords(i int) string { return EntryWords(s.Stack[i], s.name) }

// EntryWords says what a stack entry is, naming players with name: "Jack's
// attack on Magda", "Magda's Loki the Trickster". Boards use it too.
func EntryWords(e Entry, name func(int) string) string {
	who := name(e.Seat) + "'s "
	switch e.Kind {
	case KindSail:
		return who + CardName(e.Args[0]) + " (sailing " + DirNames[e.Args[1]] + ")"
	case KindEvent, KindUse:
		return who + CardName(e.Args[0])
	case KindAttack:
		return who + "attack on " + name(e.Args[0])
	case KindMonsterAttack:
		return who + "attack on the sea monster"
	case KindLoot:
		return who + "looting"
	case KindFeast:
		return who + "feast"
	case KindSacrifice:
		return who + "sacrifice"
	}
	return who + e.Kind
}
