package vikings

import (
	"fmt"
	"iter"
	"slices"

	"longhall/rules"
)

// Legal implements rules.State. A quiet state's actions have no labels.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	var b listBuf
	l := lister{loud: s.Loud(), buf: &b}
	s.walk(int(seat), &l)
	return b.list()
}

// allows reports whether seat may take a now: whether Legal offers it
// (labels aside). It walks the same rules as Legal, but only through the
// actions of a's kind (and card), and lists none.
func (s *State) allows(seat rules.Seat, a rules.Action) bool {
	l := lister{matching: true, want: a}
	s.walk(int(seat), &l)
	return l.found
}

// lister is the one walk through a seat's legal actions, in Legal's
// order, for two callers: Legal, which lists them in buf (labelled only
// when the state is loud), and Apply, which looks for the action it was
// given (matching) without listing any, so that Apply accepts exactly
// what Legal offers.
type lister struct {
	loud bool     // label the actions listed
	buf  *listBuf // where they are listed

	matching bool // looking for want instead of listing
	want     rules.Action
	found    bool
}

// listBuf keeps a list in small arrays, on Legal's stack, for list to
// copy out at its exact size; what does not fit goes to spill. It is
// apart from the lister so that Apply's matching walk need not clear it.
type listBuf struct {
	n, argCount int
	kinds       [listed]string
	argEnds     [listed]uint8    // where each action's Args end in args
	args        [3 * listed]int8 // ids (below maxCards), spaces, seats and directions fit
	labels      []string         // when loud, each listed action's
	spill       []rules.Action
}

// listed is how many actions a listBuf keeps in its arrays: most lists
// are shorter.
const listed = 32

// offers reports whether the walk should go through the actions of kind:
// when matching, only the wanted kind, and none once it is found.
func (l *lister) offers(kind string) bool {
	return !l.matching || !l.found && l.want.Kind == kind
}

// card reports whether the walk should go through the actions that play
// card c (their first argument): when matching, only the wanted card's.
func (l *lister) card(c int) bool {
	return !l.matching || len(l.want.Args) > 0 && l.want.Args[0] == c
}

// add offers one action. It reports whether the caller should label it
// (label): only a loud list is labelled, so a quiet one builds no words.
func (l *lister) add(kind string, args ...int) bool {
	if l.matching {
		if kind == l.want.Kind && slices.Equal(args, l.want.Args) {
			l.found = true
		}
		return false
	}
	l.buf.add(kind, args)
	return l.loud
}

// label labels the action just added.
func (l *lister) label(text string) { l.buf.label(text) }

// add lists an action.
func (b *listBuf) add(kind string, args []int) {
	if b.spill != nil || b.n == listed || b.argCount+len(args) > len(b.args) || !small(args) {
		b.spill = append(b.spill, rules.Action{Kind: kind, Args: slices.Clone(args)})
		return
	}
	for _, v := range args {
		b.args[b.argCount] = int8(v)
		b.argCount++
	}
	b.kinds[b.n] = kind
	b.argEnds[b.n] = uint8(b.argCount)
	b.n++
}

// small reports whether every arg fits a listBuf's arrays.
func small(args []int) bool {
	for _, v := range args {
		if v != int(int8(v)) {
			return false
		}
	}
	return true
}

// label labels the action listed last.
func (b *listBuf) label(text string) {
	if len(b.spill) > 0 {
		b.spill[len(b.spill)-1].Label = text
		return
	}
	if b.labels == nil {
		b.labels = make([]string, 0, listed)
	}
	b.labels = append(b.labels[:b.n-1], text)
}

// list returns the actions listed, in arrays of their own: one for the
// actions and one for all their Args, each action's capped at its length
// so that appending to one never writes into the next one's.
func (b *listBuf) list() []rules.Action {
	if b.n == 0 {
		return nil
	}
	out := make([]rules.Action, b.n, b.n+len(b.spill))
	var args []int
	if b.argCount > 0 {
		args = make([]int, b.argCount)
		for i, v := range b.args[:b.argCount] {
			args[i] = int(v)
		}
	}
	start := 0
	for i := range out {
		end := int(b.argEnds[i])
		out[i].Kind = b.kinds[i]
		if i < len(b.labels) {
			out[i].Label = b.labels[i]
		}
		if end > start {
			out[i].Args = args[start:end:end]
		}
		start = end
	}
	return append(out, b.spill...)
}

// walk goes through p's legal actions in order (see lister).
func (s *State) walk(p int, l *lister) {
	if s.Outcome != nil || !s.SeatOK(p) || s.Step.Seat != p {
		return
	}
	pl := &s.Seats[p]
	var buf [16]int
	switch s.Step.Kind {
	case StepAct:
		s.walkAct(p, l)
	case StepReact:
		s.walkReactions(p, l)
		if l.add(KindPass) {
			l.label("Pass")
		}
	case StepRespond:
		s.walkEvents(p, l)
		s.walkHeroUses(p, l)
		if l.add(KindPass) {
			l.label("Pass")
		}
	case StepOverboard:
		if l.offers(KindOverboard) {
			for _, c := range s.overboardChoices(buf[:0], p) {
				if l.add(KindOverboard, c) {
					l.label("Throw " + CardName(c) + " overboard")
				}
			}
		}
	case StepTake:
		if l.offers(KindTake) {
			for _, c := range distinct(buf[:0], s.Seats[s.Step.Other].Crew) {
				if l.add(KindTake, c) {
					l.label("Take " + CardName(c))
				}
			}
		}
	case StepKeep:
		if l.add(KindKeep, 1) {
			l.label("Keep " + CardName(s.Step.Card) + " in your crew")
		}
		if l.add(KindKeep, 0) {
			l.label("Throw " + CardName(s.Step.Card) + " overboard")
		}
	case StepPush:
		if l.offers(KindPush) {
			o := s.Step.Other
			for d := range 4 {
				if s.canMove(s.Seats[o].Ship, d) && l.add(KindPush, d) {
					l.label(fmt.Sprintf("Move %s's longship %s", s.Name(o), DirNames[d]))
				}
			}
		}
	case StepMonster:
		if l.offers(KindMonster) {
			for i := range Spaces {
				if s.monsterMayGo(i) && l.add(KindMonster, i) {
					l.label(fmt.Sprintf("Move the sea monster to %s", SpaceName(i)))
				}
			}
		}
	case StepSacrifice:
		// STANDARD ACTIONS, Sacrifice: "discards pairs of cards": the cards
		// are chosen one at a time, and the sacrifice may stop only between
		// pairs, never on the first card of one.
		if l.offers(KindDiscard) {
			label := "Sacrifice %s (the first card of a pair)"
			if s.Step.Left%2 == 1 {
				label = "Sacrifice %s (completing the pair, draw a card)"
			}
			for _, c := range distinct(buf[:0], pl.Hand) {
				if l.add(KindDiscard, c) {
					l.label(fmt.Sprintf(label, handCardName(pl.Hand, c)))
				}
			}
		}
		if s.Step.Left%2 == 0 && l.add(KindStop) {
			l.label("Stop sacrificing")
		}
	case StepDiscard:
		if l.offers(KindDiscard) {
			for _, c := range distinct(buf[:0], pl.Hand) {
				if l.add(KindDiscard, c) {
					l.label("Discard " + handCardName(pl.Hand, c))
				}
			}
		}
	}
}

// handCardName names card c of hand for a choice among the hand's
// cards, with its wind when the hand holds a copy of its kind with
// another: two such copies are two choices (the wind kept differs), which
// would otherwise read alike ("Discard Seasickness" twice).
func handCardName(hand []int, c int) string {
	name, w := CardName(c), WindOf(c)
	if w == NoWind {
		return name
	}
	for _, o := range hand {
		if o != c && KindOf(o) == KindOf(c) && WindOf(o) != w {
			if w == AnyWind {
				return name + " (any wind)"
			}
			return name + " (" + DirNames[w] + " wind)"
		}
	}
	return name
}

// canMove reports whether a longship on space i may be moved in direction
// d by anything but sailing: the space allows it, and not onto the sea
// monster.
func (s *State) canMove(i, d int) bool {
	j := Neighbour(i, d)
	return j >= 0 && j != s.Monster
}

// movable reports whether a longship on space i may be moved at all.
func (s *State) movable(i int) bool {
	for d := range 4 {
		if s.canMove(i, d) {
			return true
		}
	}
	return false
}

// monsterMayGo reports whether the sea monster may be moved to space i:
// a space with no longship that is not a harbour (and not where it is).
func (s *State) monsterMayGo(i int) bool {
	return Spaces[i].Kind != Harbour && i != s.Monster && !s.shipOn(i)
}

func (s *State) shipOn(i int) bool {
	for p := range s.Seats {
		if s.Seats[p].Ship == i {
			return true
		}
	}
	return false
}

// walkAct goes through the active player's choices.
func (s *State) walkAct(p int, l *lister) {
	pl := &s.Seats[p]
	var hb [16]int
	var hand []int // distinct, for the heroes and sails
	if l.offers(KindHero) || l.offers(KindSail) {
		hand = distinct(hb[:0], pl.Hand)
	}
	if s.HeroOpen && l.offers(KindHero) {
		var cb [8]int
		var crew []int // distinct, once a hero needs room
		for _, c := range hand {
			if TypeOf(c) != Hero || !l.card(c) {
				continue
			}
			if len(pl.Crew) < CrewLimit {
				if l.add(KindHero, c) {
					l.label("Put " + CardName(c) + " in your crew")
				}
				continue
			}
			if crew == nil {
				crew = distinct(cb[:0], pl.Crew)
			}
			for _, o := range crew {
				if l.add(KindHero, c, o) {
					l.label(fmt.Sprintf("Put %s in your crew, throwing %s overboard", CardName(c), CardName(o)))
				}
			}
		}
	}
	// Sailing: wind cards, and events for their wind.
	if l.offers(KindSail) {
		for _, c := range hand {
			w := WindOf(c)
			if w == NoWind || !l.card(c) {
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
				if l.add(KindSail, c, d) {
					l.label(sailLabel(c, d, j == s.Monster))
				}
			}
		}
	}
	s.walkEvents(p, l)
	if !s.Standard {
		if l.offers(KindAttack) {
			for o := range s.others(p) {
				if s.Seats[o].Ship == pl.Ship && l.add(KindAttack, o) {
					l.label("Attack " + s.Name(o) + "'s longship")
				}
			}
		}
		if l.offers(KindLoot) && s.canLoot(p) && l.add(KindLoot) {
			l.label("Loot the " + ColourNames[Spaces[pl.Ship].Colour] + " village")
		}
		if l.offers(KindFeast) && s.canFeast(p) && l.add(KindFeast) {
			l.label("Host a feast")
		}
		if len(pl.Hand) >= 2 && l.add(KindSacrifice) {
			l.label("Sacrifice pairs of cards to the gods")
		}
	}
	s.walkHeroUses(p, l)
	if l.offers(KindRow) {
		for d := range 4 {
			if s.canMove(pl.Ship, d) && l.add(KindRow, d) {
				l.label("Row " + DirNames[d] + " (ends your turn)")
			}
		}
	}
	if l.add(KindEnd) {
		l.label("End your turn")
	}
}

// sailLabel is the label of sailing direction d with card c, onto the
// sea monster or not.
func sailLabel(c, d int, monster bool) string {
	label := fmt.Sprintf("Sail %s with %s", DirNames[d], CardName(c))
	if TypeOf(c) == Event {
		label += " (for its wind)"
	}
	if monster {
		label += ", and attack the sea monster"
	}
	return label
}

// others yields the other seats in turn order after p.
func (s *State) others(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 1; i < s.Players; i++ {
			if !yield((p + i) % s.Players) {
				return
			}
		}
	}
}

// opponents lists the other seats in turn order after p.
func (s *State) opponents(p int) []int {
	out := make([]int, 0, s.Players-1)
	for o := range s.others(p) {
		out = append(out, o)
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
	for _, c := range pl.Crew {
		if DaughterColour(c) == k {
			return true
		}
	}
	for _, c := range pl.Camp {
		if DaughterColour(c) == k {
			return true
		}
	}
	return false
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

// walkEvents goes through the events p may play for their effect now,
// with their targets: one card of each kind, the first in the hand.
func (s *State) walkEvents(p int, l *lister) {
	if !l.offers(KindEvent) {
		return
	}
	pl := &s.Seats[p]
	first := firstOfKind(pl.Hand)
	for _, k := range effectKinds {
		c := int(first[k]) - 1
		if c < 0 || !l.card(c) {
			continue
		}
		name := Kinds[k].Name
		switch k {
		case Mutiny:
			for o := range s.others(p) {
				if len(s.Seats[o].Crew) > 0 && l.add(KindEvent, c, o) {
					l.label(fmt.Sprintf("%s: %s throws a crew member overboard", name, s.Name(o)))
				}
			}
		case Command:
			for o := range s.others(p) {
				for d := range 4 {
					if s.canMove(s.Seats[o].Ship, d) && l.add(KindEvent, c, o, d) {
						l.label(fmt.Sprintf("%s: move %s's longship %s", name, s.Name(o), DirNames[d]))
					}
				}
			}
		case Current:
			for d := range 4 {
				if s.canMove(pl.Ship, d) && l.add(KindEvent, c, d) {
					l.label(fmt.Sprintf("%s: move your longship %s", name, DirNames[d]))
				}
			}
		case Stirs:
			for i := range Spaces {
				if s.monsterMayGo(i) && l.add(KindEvent, c, i) {
					l.label(fmt.Sprintf("%s: the sea monster moves to %s", name, SpaceName(i)))
				}
			}
		case Ravens:
			if len(s.Deck)+len(s.Discard) > 0 && l.add(KindEvent, c) {
				l.label(name + ": draw 2 cards")
			}
		case Thief:
			for o := range s.others(p) {
				if len(s.Seats[o].Hand) > 0 && l.add(KindEvent, c, o) {
					l.label(fmt.Sprintf("%s: take a random card from %s", name, s.Name(o)))
				}
			}
		}
	}
}

// walkHeroUses goes through the once-a-round abilities p may use as an
// action or a response: the Helmsman's move and the Seeress's card.
func (s *State) walkHeroUses(p int, l *lister) {
	if !l.offers(KindUse) {
		return
	}
	pl := &s.Seats[p]
	var cb [8]int
	for _, c := range distinct(cb[:0], pl.Crew) {
		if slices.Contains(pl.Used, c) || !l.card(c) {
			continue
		}
		switch KindOf(c) {
		case Helmsman:
			for d := range 4 {
				if s.canMove(pl.Ship, d) && l.add(KindUse, c, d) {
					l.label("Helmsman: move your longship " + DirNames[d])
				}
			}
		case Seeress:
			if len(s.Deck)+len(s.Discard) > 0 && l.add(KindUse, c) {
				l.label("Seeress: draw a card")
			}
		}
	}
}

// walkReactions goes through the reactions p may play on the stack now.
func (s *State) walkReactions(p int, l *lister) {
	pl := &s.Seats[p]
	base, top := s.Stack[0], s.Stack[len(s.Stack)-1]
	rolls := base.Kind == KindAttack || base.Kind == KindMonsterAttack
	if l.offers(KindEvent) {
		// One card of each kind, the first in the hand.
		first := firstOfKind(pl.Hand)
		for _, k := range reactionKinds {
			c := int(first[k]) - 1
			if c < 0 || !l.card(c) {
				continue
			}
			name := Kinds[k].Name
			switch k {
			case Loki:
				// Not on the player's own entry: cancelling what one
				// played oneself answers nobody (README, Rulings).
				if top.Seat != p && l.add(KindEvent, c) {
					l.label(name + ": cancel " + s.entryWords(len(s.Stack)-1))
				}
			case Thor:
				if rolls {
					if l.add(KindEvent, c, 1) {
						l.label(name + ": +1 to the roll")
					}
					if l.add(KindEvent, c, 0) {
						l.label(name + ": −1 to the roll")
					}
				}
			case Calm:
				if top.Kind == KindSail && top.Seat != p && TypeOf(top.Args[0]) == Wind && l.add(KindEvent, c) {
					l.label(name + ": cancel " + s.entryWords(len(s.Stack)-1))
				}
			case ShieldWall:
				if base.Kind == KindAttack && base.Args[0] == p && l.add(KindEvent, c) {
					l.label(name + ": cancel the attack on your longship")
				}
			case Seasick:
				if base.Kind == KindFeast && base.Seat != p {
					for _, d := range s.Seats[base.Seat].Crew {
						if IsDaughter(d) && !slices.Contains(s.Seasick, d) && l.add(KindEvent, c, d) {
							l.label(fmt.Sprintf("%s: %s stays aboard", name, CardName(d)))
						}
					}
				}
			}
		}
	}
	if rolls && l.offers(KindUse) {
		var cb [8]int
		for _, c := range distinct(cb[:0], pl.Crew) {
			if KindOf(c) != Skald || slices.Contains(pl.Used, c) || !l.card(c) {
				continue
			}
			if l.add(KindUse, c, 1) {
				l.label("Skald: +1 to the roll")
			}
			if l.add(KindUse, c, 0) {
				l.label("Skald: −1 to the roll")
			}
		}
	}
}

// overboardChoices lists, in buf, the crew members p may throw overboard
// now: any of them, or, when a second daughter of one colour came aboard
// (Step.Card), one of that colour's two.
func (s *State) overboardChoices(buf []int, p int) []int {
	crew := s.Seats[p].Crew
	if s.Step.Card >= 0 && IsDaughter(s.Step.Card) {
		k := DaughterColour(s.Step.Card)
		out := buf[:0]
		for _, c := range crew {
			if DaughterColour(c) == k {
				out = append(out, c)
			}
		}
		return out
	}
	return distinct(buf, crew)
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
func (s *State) entryWords(i int) string { return EntryWords(s.Stack[i], s.Name) }

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
