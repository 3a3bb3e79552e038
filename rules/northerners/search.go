package northerners

import (
	"slices"

	"longhall/rules"
)

// What the game offers bots that search (rules.Quiet, rules.Redealer):
// a quiet copy that plays the same game without words, and a re-deal of
// what a seat cannot see.

var (
	_ rules.Quiet    = (*State)(nil)
	_ rules.Redealer = (*State)(nil)
)

// Hush implements rules.Quiet: a copy that plays exactly the same game
// (the same actions in the same order, the same draws, the same states
// and result) without words: Legal leaves the labels empty, Apply returns
// no events and checks the action against the decision at hand without
// listing every legal one, and Pending leaves the prompt's text empty.
func (s *State) Hush() rules.State {
	c := s.Clone().(*State)
	c.Quieten()
	return c
}

// Redeal implements rules.Redealer: a copy of s in which everything seat
// cannot see is dealt again from rng (README.md, Hidden information):
//
//   - the order of the bag of land tiles, of the raid cards and of the
//     Kaupang pile;
//   - the blessings in the deck, in the discards (a blessing let go from the
//     Blessing action's offer lies there face down) and in the other
//     players' hands and offers; hands and offers take no Loki card, which
//     resolves when drawn;
//   - the quests in the deck, in the discards (discarded face down) and in
//     the other players' hands, a hand only quests its holder does not
//     meet (dealQuests);
//   - the generator, seeded anew, so the dice and shuffles to come are new.
//
// Each set of unseen cards is gathered and sorted before it is shuffled,
// so the deal depends only on what seat sees: the sizes of the hands and
// piles, and the cards on the table. (The game does not keep which of
// the discarded blessings were played face up, so those are dealt again
// too: a search forgets them, which costs it a little knowledge and never
// shows it anything hidden.) Seat may be rules.Spectator. A quiet state's
// re-deal is quiet.
func (s *State) Redeal(seat rules.Seat, rng *rules.RNG) rules.State {
	c := s.Clone().(*State)
	me := int(seat)
	for _, pile := range [][]int{c.Bag, c.RaidDeck, c.KaupangPile} {
		slices.Sort(pile)
		rules.Shuffle(rng, pile)
	}
	c.dealBlessings(me, rng)
	c.dealQuests(me, rng)
	c.RNG = rules.NewRNG(rng.Uint64())
	c.loaded = nil
	return c
}

// dealBlessings deals the blessings me cannot see again: the deck, the
// discards and the other players' hands and offers keep their sizes; the
// hands and offers take the first cards of the shuffled pool that are no
// Loki card, the piles the rest in order.
func (s *State) dealBlessings(me int, rng *rules.RNG) {
	var held [][]int
	need := 0
	for p := range s.Seats {
		if p != me {
			pl := &s.Seats[p]
			held = append(held, pl.Hand, pl.Offer)
			need += len(pl.Hand) + len(pl.Offer)
		}
	}
	pool := make([]int, 0, need+len(s.Blessings)+len(s.BlessDiscard))
	pool = append(append(pool, s.Blessings...), s.BlessDiscard...)
	for _, h := range held {
		pool = append(pool, h...)
	}
	slices.Sort(pool)
	rules.Shuffle(rng, pool)
	// Hands never hold a Loki card; should a hand-made state hold more
	// than the pool can deal without one, any card will do.
	strict := rules.CountBy(pool, func(c int) bool { return CardKind(c) != CardLoki }) >= need
	hands, rest := make([]int, 0, need), make([]int, 0, len(pool)-need)
	for _, c := range pool {
		if len(hands) < need && (!strict || CardKind(c) != CardLoki) {
			hands = append(hands, c)
		} else {
			rest = append(rest, c)
		}
	}
	for _, h := range held {
		hands = hands[copy(h, hands):]
	}
	rest = rest[copy(s.Blessings, rest):]
	copy(s.BlessDiscard, rest)
}

// dealQuests deals the quests me cannot see again: the deck, the discards
// and the other players' quests keep their sizes. The game turns every
// quest up the moment it is met, so a quest face down in a player's hand
// is one that player does not meet (after the opening; before the first
// action anything goes, see opening): each hand takes such quests, the
// first of the shuffled pool that fit, moved along as another hand needs
// them (augmenting paths, so a deal is found whenever one exists); the
// piles take the rest in order. Where no deal fits (a state where a quest
// met is still face down, as after the last action of the game), any
// quest will do.
func (s *State) dealQuests(me int, rng *rules.RNG) {
	var holders []int // one entry per quest held, by its holder
	pool := make([]int, 0, len(Quests))
	pool = append(append(pool, s.QuestDeck...), s.QuestDiscard...)
	for p := range s.Seats {
		if p != me {
			for _, q := range s.Seats[p].Quests {
				holders = append(holders, p)
				pool = append(pool, q)
			}
		}
	}
	slices.Sort(pool)
	rules.Shuffle(rng, pool)
	open := s.opening() || s.Outcome != nil
	// fits[p][i]: the quest pool[i] may lie face down in p's hand.
	fits := make([][]bool, len(s.Seats))
	for _, p := range holders {
		if fits[p] == nil {
			fits[p] = make([]bool, len(pool))
			var table tableMemo
			for i, q := range pool {
				fits[p][i] = open || !s.meets(p, Quests[q], &table)
			}
		}
	}
	taker := matchQuests(holders, fits, len(pool))
	if taker == nil {
		// No deal fits: the first quests of the pool, whatever they ask.
		taker = make([]int, len(pool))
		for i := range taker {
			taker[i] = -1
			if i < len(holders) {
				taker[i] = i
			}
		}
	}
	// Each hand takes its quests in pool order, the piles the rest.
	next := 0 // the first slot of the hand being filled
	for next < len(holders) {
		p := holders[next]
		hand := s.Seats[p].Quests[:0]
		for i, q := range pool {
			if t := taker[i]; t >= 0 && holders[t] == p {
				hand = append(hand, q)
			}
		}
		next += len(hand)
	}
	rest := make([]int, 0, len(pool)-len(holders))
	for i, q := range pool {
		if taker[i] < 0 {
			rest = append(rest, q)
		}
	}
	rest = rest[copy(s.QuestDeck, rest):]
	copy(s.QuestDiscard, rest)
}

// matchQuests gives each slot (a quest held by holders[slot]) a quest of
// the pool that fits its holder (fits[holder][i]): the first free one in
// pool order, else one taken by an earlier slot that can move along to
// another (Kuhn's augmenting paths). taker[i] is the slot holding
// pool[i], -1 for none; nil when not every slot can be given one.
func matchQuests(holders []int, fits [][]bool, n int) []int {
	taker := make([]int, n)
	for i := range taker {
		taker[i] = -1
	}
	seen := make([]bool, n)
	var give func(slot int) bool
	give = func(slot int) bool {
		for i := range n {
			if seen[i] || !fits[holders[slot]][i] {
				continue
			}
			seen[i] = true
			if taker[i] < 0 || give(taker[i]) {
				taker[i] = slot
				return true
			}
		}
		return false
	}
	for slot := range holders {
		// The first free quest that fits, else one moved along.
		free := -1
		for i := range n {
			if taker[i] < 0 && fits[holders[slot]][i] {
				free = i
				break
			}
		}
		if free >= 0 {
			taker[free] = slot
			continue
		}
		clear(seen)
		if !give(slot) {
			return nil
		}
	}
	return taker
}
