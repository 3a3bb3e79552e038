package raiders

import (
	"slices"

	"longhall/rules"
)

// What searches need (rules.Redealer): re-dealing what a seat cannot see.
// Hush, the quiet copy (rules.Quiet), is in clone.go.

var (
	_ rules.Redealer = (*State)(nil)
	_ rules.Quiet    = (*State)(nil)
)

// Redeal implements rules.Redealer: a copy of s in which everything seat
// cannot see is dealt again from rng. Re-dealt are the townsfolk in the
// deck and in the other players' hands and set-up cards (dealt and
// drafted), as one pool, each pile keeping its size; the order of the
// face-down offering, quest and Jarl stacks; and the generator, seeded
// anew, so the dice and shuffles to come are unknown. The discards, the
// crews, the face-up rows and everything else in the views stay. The
// unseen cards and stacks are sorted before they are shuffled, so the
// re-deal depends only on what seat sees. A quiet state re-deals quiet.
func (s *State) Redeal(seat rules.Seat, rng *rules.RNG) rules.State {
	c := s.Clone().(*State)
	c.redeal(int(seat), rng)
	return c
}

// redeal deals again, in place, what seat p cannot see (see Redeal),
// drawing on rng in a fixed order: the pool of unseen cards, then the
// offering, quest and Jarl stacks, then the new generator's seed.
func (s *State) redeal(p int, rng *rules.RNG) {
	piles := s.hiddenPiles(p, make([][]int, 0, 16))
	pool := make([]int, 0, 128)
	for _, pile := range piles {
		pool = append(pool, pile...)
	}
	slices.Sort(pool)
	rules.Shuffle(rng, pool)
	for _, pile := range piles {
		pool = pool[copy(pile, pool):]
	}
	for q := range s.Seats {
		if q != p {
			slices.Sort(s.Seats[q].Dealt) // as dealt: in order (newState)
		}
	}
	for _, stack := range [...][]int{s.Offering, s.QuestStack, s.JarlDeck} {
		slices.Sort(stack)
		rules.Shuffle(rng, stack)
	}
	*s.RNG = *rules.NewRNG(rng.Uint64())
}

// hiddenPiles appends the piles of townsfolk seat p cannot see, in a fixed
// order: the deck, then each other seat's hand, dealt and drafted cards
// (every seat's for a spectator). The stacks of offerings, quests and
// Jarls are hidden too, but only their order: they are shuffled whole.
func (s *State) hiddenPiles(p int, out [][]int) [][]int {
	out = append(out, s.Deck)
	for q := range s.Seats {
		if q != p {
			pl := &s.Seats[q]
			out = append(out, pl.Hand, pl.Dealt, pl.Draft)
		}
	}
	return out
}
