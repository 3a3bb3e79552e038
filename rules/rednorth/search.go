package rednorth

import (
	"slices"

	"longhall/rules"
)

// What Red North offers bots that search (rules.Quiet, rules.Redealer).

var (
	_ rules.Quiet    = (*State)(nil)
	_ rules.Redealer = (*State)(nil)
)

// Hush implements rules.Quiet: a copy that plays the same game without
// words. Its Legal leaves labels empty, its Apply returns no events and
// its prompts have no text; the state itself (its encoding, the Report,
// the Result and its reason) is the same as a loud game's.
func (s *State) Hush() rules.State {
	c := s.clone()
	c.Quieten()
	return c
}

// Redeal implements rules.Redealer: a copy of s in which every card seat
// cannot see is dealt again at random from rng into the same places: the
// deck, the other seats' hands and face-down cards, and the card Freya
// drew for another seat. The Gods nobody has seen (the God pile and the
// Gods removed unseen) are dealt again too, and the generator is seeded
// anew from rng, so that the draws to come are unknown as well. A
// spectator (rules.Spectator) sees no hand. The unseen cards are gathered
// in a fixed order and sorted before they are shuffled, so the re-deal
// depends only on what seat sees. A quiet state re-deals quiet.
func (s *State) Redeal(seat rules.Seat, rng *rules.RNG) rules.State {
	c := s.clone()
	me := int(seat) // -1 for a spectator, who holds nothing
	ids := make([]int, 0, NumCards)
	c.eachHidden(me, func(id *int) { ids = append(ids, *id) })
	slices.Sort(ids)
	rules.Shuffle(rng, ids)
	c.eachHidden(me, func(id *int) { *id, ids = ids[0], ids[1:] })
	for p := range c.Seats {
		slices.Sort(c.Seats[p].Hand) // hands are kept sorted by id
	}

	// The God pile and the Gods removed unseen are one pool of faces
	// nobody has seen, in two places of fixed sizes.
	gods := append(slices.Clone(c.GodPile), c.GodsRemoved...)
	slices.Sort(gods)
	rules.Shuffle(rng, gods)
	copy(c.GodPile, gods)
	copy(c.GodsRemoved, gods[len(c.GodPile):])

	*c.RNG = *rules.NewRNG(rng.Uint64())
	return c
}

// eachHidden calls f on every card seat me cannot see, in a fixed order
// that depends only on what me sees: the deck top first, then by seat
// each other hand and each face-down card of a Party, then the card Freya
// drew for another seat.
func (s *State) eachHidden(me int, f func(id *int)) {
	for i := range s.Deck {
		f(&s.Deck[i])
	}
	for p := range s.Seats {
		if p == me {
			continue
		}
		pl := &s.Seats[p]
		for i := range pl.Hand {
			f(&pl.Hand[i])
		}
		for i := range pl.Party {
			if !pl.Party[i].FaceUp {
				f(&pl.Party[i].Card)
			}
		}
	}
	if st := s.Step; st != nil && st.Kind == StepFreyaEnd && st.Seat != me && st.Card >= 0 {
		f(&st.Card)
	}
}
