package vikings

import (
	"errors"
	"slices"
	"testing"

	"longhall/rules"
)

// table returns a game between the named players (seat 0 first, then
// clockwise) whose hands are empty and where seat 0 begins its first
// turn. Tests then arrange the position by hand.
func table(t *testing.T, names ...string) *State {
	t.Helper()
	s := newState(len(names), names, 3, false)
	for p := range s.Seats {
		s.Deck = append(s.Deck, s.Seats[p].Hand...)
		s.Seats[p].Hand = []int{}
	}
	var ev events
	s.Seats[s.Turn].Turns = 0
	s.startTurn(0, &ev)
	return s
}

// give puts a card of each kind into p's hand, taken from the deck or the
// discards, and returns them.
func give(t *testing.T, s *State, p int, kinds ...int) []int {
	t.Helper()
	var out []int
	for _, k := range kinds {
		found := false
		for _, pile := range []*[]int{&s.Deck, &s.Discard} {
			for _, c := range *pile {
				if KindOf(c) == k {
					*pile = rules.Without(*pile, c)
					s.Seats[p].Hand = append(s.Seats[p].Hand, c)
					out = append(out, c)
					found = true
					break
				}
			}
			if found {
				break
			}
		}
		if !found {
			t.Fatalf("no %s left to give", Kinds[k].Name)
		}
	}
	return out
}

// enlist puts a hero of each kind into p's crew.
func enlist(t *testing.T, s *State, p int, kinds ...int) []int {
	t.Helper()
	cards := give(t, s, p, kinds...)
	for _, c := range cards {
		s.Seats[p].Hand = rules.Without(s.Seats[p].Hand, c)
		s.Seats[p].Crew = append(s.Seats[p].Crew, c)
	}
	return cards
}

// daughter moves a daughter of colour k from her pile to p's crew.
func daughter(s *State, p, k int) int {
	d := s.Daughters[k][0]
	s.Daughters[k] = s.Daughters[k][1:]
	s.Seats[p].Crew = append(s.Seats[p].Crew, d)
	return d
}

// do applies an action that must be legal, then checks the state.
func do(t *testing.T, s *State, p int, kind string, args ...int) []rules.Event {
	t.Helper()
	ev, err := s.Apply(rules.Seat(p), rules.Action{Kind: kind, Args: args})
	if err != nil {
		t.Fatalf("%s%v by seat %d: %v (step %+v, legal: %v)", kind, args, p, err, s.Step, s.Legal(rules.Seat(p)))
	}
	if err := check(s); err != nil {
		t.Fatalf("after %s%v: %v", kind, args, err)
	}
	return ev
}

// passes has each seat in turn pass, checking whose turn it is to react.
func passes(t *testing.T, s *State, seats ...int) {
	t.Helper()
	for _, p := range seats {
		if s.Step.Seat != p {
			t.Fatalf("seat %d to decide (%s), want seat %d", s.Step.Seat, s.Step.Kind, p)
		}
		do(t, s, p, KindPass)
	}
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

// dieWillShow makes the next die roll show d.
func dieWillShow(t *testing.T, s *State, d int) {
	t.Helper()
	for seed := range uint64(1000) {
		r := rules.NewRNG(seed)
		c := *r
		if 1+c.Intn(6) == d {
			s.RNG = r
			return
		}
	}
	t.Fatalf("no seed rolls %d", d)
}

// space returns the id of the cell at row r, column c.
func space(r, c int) int { return cellID[r][c] }
