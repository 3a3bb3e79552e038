package northerners

import (
	"encoding/json"
	"errors"
	"testing"

	"longhall/rules"
)

// table returns a game between the named players (seat 0 first, then
// clockwise, everyone's marker at 0) where seat 0 begins its first turn,
// with the check of every invariant run after each action the tests take.
// Tests then arrange the position by hand.
func table(t *testing.T, names ...string) *State {
	t.Helper()
	s := newState(len(names), names, 3, RagnarokLast, false)
	s.Start = 0
	for p := range s.Seats {
		s.Seats[p].Turns = 0
	}
	var ev events
	s.startTurn(0, &ev)
	return s
}

// do applies an action that must be legal.
func do(t *testing.T, s *State, p int, kind string, args ...int) []rules.Event {
	t.Helper()
	ev, err := s.Apply(rules.Seat(p), rules.Action{Kind: kind, Args: args})
	if err != nil {
		t.Fatalf("%s %v by seat %d: %v (step %s; legal %v)", kind, args, p, err, s.Step.Kind, s.Legal(rules.Seat(p)))
	}
	if err := check(s); err != nil {
		t.Fatalf("after %s %v: %v", kind, args, err)
	}
	return ev
}

// refused says the action must be refused as illegal, changing nothing.
func refused(t *testing.T, s *State, p int, kind string, args ...int) {
	t.Helper()
	before := s.Clone()
	_, err := s.Apply(rules.Seat(p), rules.Action{Kind: kind, Args: args})
	if !errors.Is(err, rules.ErrIllegal) && !errors.Is(err, rules.ErrNotPending) {
		t.Fatalf("%s %v by seat %d: got %v, want a refusal", kind, args, p, err)
	}
	if !sameState(before.(*State), s) {
		t.Fatalf("a refused %s changed the state", kind)
	}
}

func sameState(a, b *State) bool {
	ja, jb := mustJSON(a), mustJSON(b)
	return ja == jb
}

// legal says whether an action is among seat p's legal ones.
func legal(s *State, p int, kind string, args ...int) bool {
	_, err := rules.FindLegal(s, rules.Seat(p), rules.Action{Kind: kind, Args: args})
	return err == nil
}

// road lays crossroads from the bag on the squares given.
func road(t *testing.T, s *State, squares ...int) {
	t.Helper()
	for _, q := range squares {
		lay(t, s, q, "crossroads", 0)
	}
}

// lay takes a land tile of the named shape from the bag and places it on
// square q, turned rot.
func lay(t *testing.T, s *State, q int, shape string, rot int) {
	t.Helper()
	if Squares[q].Kind != Land || s.Cells[q].Tile >= 0 {
		t.Fatalf("square %d is not empty land", q)
	}
	for _, tile := range s.Bag {
		if TileName(tile) == shape {
			s.Bag = rules.Without(s.Bag, tile)
			s.Cells[q].Tile, s.Cells[q].Rot = tile, rot
			return
		}
	}
	t.Fatalf("no %s left in the bag", shape)
}

// building puts p's building of kind k on square q (a land tile there).
func building(t *testing.T, s *State, p, q, k int) {
	t.Helper()
	if s.Cells[q].Tile < 0 {
		road(t, s, q)
	}
	s.Cells[q].Building, s.Cells[q].Owner = k, p
	s.Seats[p].Builds[k]--
}

// give moves a blessing of kind k from the deck into p's hand.
func give(t *testing.T, s *State, p, k int) int {
	t.Helper()
	for _, c := range s.Blessings {
		if CardKind(c) == k {
			s.Blessings = rules.Without(s.Blessings, c)
			s.Seats[p].Hand = append(s.Seats[p].Hand, c)
			return c
		}
	}
	t.Fatalf("no %s in the deck", CardKinds[k].Name)
	return -1
}

// sq is the square at a row and column.
func sq(r, c int) int { return r*Size + c }

// endTurns ends turns until it is seat p's act step again, each seat
// resolving its harvest in the order Legal gives.
func toAct(t *testing.T, s *State, p int) {
	t.Helper()
	for n := 0; !(s.Step.Kind == StepAct && s.Step.Seat == p); n++ {
		if n > 200 {
			t.Fatalf("seat %d never gets to act", p)
		}
		q := s.Step.Seat
		if s.Step.Kind == StepAct {
			do(t, s, q, KindEnd)
			continue
		}
		a := s.Legal(rules.Seat(q))[0]
		do(t, s, q, a.Kind, a.Args...)
	}
}

// action is the index in Actions of the named action.
func action(t *testing.T, name string) int {
	t.Helper()
	for i, a := range Actions {
		if a.Name == name {
			return i
		}
	}
	t.Fatalf("no action %q", name)
	return -1
}

func mustJSON(s *State) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}
