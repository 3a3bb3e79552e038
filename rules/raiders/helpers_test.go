package raiders

import (
	"errors"
	"slices"
	"testing"

	"longhall/rules"
)

// table returns a game past the set-up: each player kept the first three
// of their five cards, and seat 0 is to work or raid. Tests then arrange
// the position by hand.
func table(t *testing.T, players int) *State { return tableWith(t, players, Modules{}) }

// tableWith is table with modules: with one on, each player drafted (hired
// the first card offered, passed the next two), or kept the first three
// with m.Keep.
func tableWith(t *testing.T, players int, m Modules) *State {
	t.Helper()
	s := newState(players, nil, 7, m)
	for p := range s.Seats {
		for (s.Step.Kind == StepKeep || s.Step.Kind == StepDraft) && len(s.Legal(rules.Seat(p))) > 0 {
			if _, err := s.Apply(rules.Seat(p), s.Legal(rules.Seat(p))[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	s.Turn, s.Start = 0, 0
	s.Step = Step{Kind: StepTurn, Seat: 0}
	return s
}

// card returns a card id of kind k, taken out of the deck, the discard
// pile or, failing those, another player's hand than not's.
func card(t *testing.T, s *State, k int, not ...int) int {
	t.Helper()
	piles := []*[]int{&s.Deck, &s.Discard}
	for p := range s.Seats {
		if len(not) == 0 || p != not[0] {
			piles = append(piles, &s.Seats[p].Hand)
		}
	}
	for _, pile := range piles {
		for _, c := range *pile {
			if KindOf(c) == k {
				*pile = rules.Without(*pile, c)
				return c
			}
		}
	}
	t.Fatalf("no %s left to take", Kinds[k].Name)
	return -1
}

// give puts a card of each kind into p's hand.
func give(t *testing.T, s *State, p int, kinds ...int) []int {
	t.Helper()
	var out []int
	for _, k := range kinds {
		c := card(t, s, k, p)
		s.Seats[p].Hand = append(s.Seats[p].Hand, c)
		out = append(out, c)
	}
	return out
}

// onlyHand discards p's hand and gives them a card of each kind.
func onlyHand(t *testing.T, s *State, p int, kinds ...int) []int {
	t.Helper()
	s.Discard = append(s.Discard, s.Seats[p].Hand...)
	s.Seats[p].Hand = nil
	return give(t, s, p, kinds...)
}

// enlist puts a card of each kind into p's crew.
func enlist(t *testing.T, s *State, p int, kinds ...int) []int {
	t.Helper()
	var out []int
	for _, k := range kinds {
		c := card(t, s, k, p)
		s.Seats[p].Crew = append(s.Seats[p].Crew, c)
		out = append(out, c)
	}
	return out
}

// fund moves resources from the supply to p: silver, provisions, gold,
// iron, livestock.
func fund(s *State, p, silver, provisions, gold, iron, livestock int) {
	pl := &s.Seats[p]
	pl.Silver += silver
	s.Silver -= silver
	pl.Provisions += provisions
	s.Provisions -= provisions
	for k, n := range [3]int{gold, iron, livestock} {
		*pl.plunder(k) += n
		s.Supply[k] -= n
		for s.Supply[k] < 0 { // borrow from the board's plunder
			for i := range s.Plunder {
				if s.Plunder[i][k] > 0 && s.Supply[k] < 0 {
					s.Plunder[i][k]--
					s.Supply[k]++
				}
			}
		}
	}
}

// do applies an action that must be legal.
func do(t *testing.T, s *State, p int, kind string, args ...int) []rules.Event {
	t.Helper()
	ev, err := s.Apply(rules.Seat(p), rules.Action{Kind: kind, Args: args})
	if err != nil {
		t.Fatalf("%s%v by seat %d: %v (legal: %v)", kind, args, p, err, s.Legal(rules.Seat(p)))
	}
	if err := check(s); err != nil {
		t.Fatalf("after %s%v: %v", kind, args, err)
	}
	return ev
}

// refused checks that an action is not legal.
func refused(t *testing.T, s *State, p int, kind string, args ...int) {
	t.Helper()
	if _, err := s.Apply(rules.Seat(p), rules.Action{Kind: kind, Args: args}); !errors.Is(err, rules.ErrIllegal) && !errors.Is(err, rules.ErrNotPending) {
		t.Fatalf("%s%v by seat %d: %v, want it refused", kind, args, p, err)
	}
}

// offered reports whether an action is among p's legal ones.
func offered(s *State, p int, kind string, args ...int) bool {
	return slices.ContainsFunc(s.Legal(rules.Seat(p)), func(a rules.Action) bool {
		return a.Kind == kind && slices.Equal(a.Args, args)
	})
}

// workerTo swaps a worker of colour w from a raid space with whatever
// stands at building b (b < 0: in p's hand), keeping every worker counted.
func workerTo(t *testing.T, s *State, b, p, w int) {
	t.Helper()
	for i, sw := range s.SpaceWorkers {
		if sw == w {
			if b >= 0 {
				s.SpaceWorkers[i], s.Buildings[b] = s.Buildings[b], w
			} else {
				s.SpaceWorkers[i], s.Seats[p].Worker = s.Seats[p].Worker, w
			}
			return
		}
	}
	t.Fatalf("no %s worker on the raid spaces", ColourNames[w])
}

// hallCards lists the Mead Hall's face-up cards.
func (s *State) hallCards() []int {
	return slices.DeleteFunc(slices.Clone(s.Hall), func(c int) bool { return c < 0 })
}
