package vikings

import (
	"slices"

	"longhall/rules"
)

// What the game offers bots that search (rules.Quiet, rules.Redealer).

var (
	_ rules.Quiet    = (*State)(nil)
	_ rules.Redealer = (*State)(nil)
)

// Hush implements rules.Quiet: a copy that plays the same game without
// words. Its Legal leaves the labels empty, its Apply tells no events and
// checks an action against the rules of the decision without listing the
// legal ones, and its prompts have no text.
func (s *State) Hush() rules.State {
	c := s.Clone().(*State)
	c.Quieten()
	return c
}

// Redeal implements rules.Redealer: a copy in which what seat cannot see
// is dealt again from rng: the order of the deck and the cards in the
// other players' hands (every hand for a spectator), each hand keeping
// its size. The generator is seeded anew from rng too, so the dice and
// shuffles to come are unknown. The unseen cards are sorted before they
// are shuffled, so the re-deal depends only on what seat sees. Everything
// else (the discards, crews, war camps, the daughters' piles, the stack)
// is in plain sight and stays. A quiet state's re-deal is quiet.
func (s *State) Redeal(seat rules.Seat, rng *rules.RNG) rules.State {
	c := s.Clone().(*State)
	me := int(seat)
	// Gather the unseen cards in a fixed order (the deck, then the hands
	// by seat), deal them in that order again.
	var buf [128]int
	unseen := append(buf[:0], c.Deck...)
	for p := range c.Seats {
		if p != me {
			unseen = append(unseen, c.Seats[p].Hand...)
		}
	}
	slices.Sort(unseen)
	rules.Shuffle(rng, unseen)
	unseen = unseen[copy(c.Deck, unseen):]
	for p := range c.Seats {
		if p != me {
			unseen = unseen[copy(c.Seats[p].Hand, unseen):]
		}
	}
	c.RNG = rules.NewRNG(rng.Uint64())
	return c
}
