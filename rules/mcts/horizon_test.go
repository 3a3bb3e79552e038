package mcts_test

import (
	"testing"

	"longhall/rules"
	"longhall/rules/mcts"
	"longhall/rules/rulestest"
)

// far is a toy game: seat 0 picks a number from 0 to 4, then seat 1 waits
// through a long stretch of forced moves, and a coin decides the winner.
// Playouts to the end tell the numbers apart by luck only; a judge that
// prefers the bigger number tells them apart at once.
type far struct{}

func (far) Info() rules.Info {
	return rules.Info{ID: "far", Name: "Far", MinPlayers: 2, MaxPlayers: 2, SearchSteps: 2_000, SearchHorizon: 1}
}

func (far) New(cfg rules.Config, seed uint64) (rules.State, error) {
	return &farState{picked: -1, rng: rules.NewRNG(seed), judged: new(int)}, nil
}

type farState struct {
	picked, waited int
	rng            *rules.RNG
	result         *rules.Result
	judged         *int // how often a search asked for a judgement
}

func (s *farState) Pending() []rules.Prompt {
	switch {
	case s.result != nil:
		return nil
	case s.picked < 0:
		return []rules.Prompt{{Seat: 0}}
	}
	return []rules.Prompt{{Seat: 1}}
}

func (s *farState) Legal(seat rules.Seat) []rules.Action {
	switch {
	case s.result != nil:
		return nil
	case s.picked < 0 && seat == 0:
		return []rules.Action{{Kind: "pick", Args: []int{0}}, {Kind: "pick", Args: []int{1}}, {Kind: "pick", Args: []int{2}}, {Kind: "pick", Args: []int{3}}, {Kind: "pick", Args: []int{4}}}
	case s.picked >= 0 && seat == 1:
		return []rules.Action{{Kind: "wait"}}
	}
	return nil
}

func (s *farState) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if _, err := rules.FindLegal(s, seat, a); err != nil {
		return nil, err
	}
	if a.Kind == "pick" {
		s.picked = a.Args[0]
		return nil, nil
	}
	if s.waited++; s.waited == 200 {
		s.result = &rules.Result{Winners: []rules.Seat{rules.Seat(s.rng.Intn(2))}, Scores: []int{0, 0}}
	}
	return nil, nil
}

func (s *farState) View(rules.Seat) any   { return s.picked }
func (s *farState) Result() *rules.Result { return s.result }
func (s *farState) Standing(seat rules.Seat) float64 {
	*s.judged++
	if seat == 0 {
		return float64(s.picked) / 4
	}
	return 1 - float64(s.picked)/4
}
func (s *farState) Clone() rules.State {
	c := *s
	c.rng = rules.NewRNG(s.rng.Uint64())
	return &c
}

// A game that judges its states stops each playout at its horizon and
// takes the judgement: the bot sees at once what only luck would show at
// the end. Every seed must see it: 10 of them, 500 under make test-long.
func TestAJudgedPlayoutStopsAtTheHorizon(t *testing.T) {
	st, _ := far{}.New(rules.Config{Players: 2}, 1)
	for seed := range uint64(rulestest.Size(10, 10, 500)) {
		a, err := mcts.New(far{}, seed).Choose(st, 0)
		if err != nil {
			t.Fatal(err)
		}
		if a.Args[0] != 4 {
			t.Fatalf("seed %d: picked %v, where the judge prefers 4", seed, a)
		}
	}
}

// With no horizon every playout goes to the end and nothing is judged.
func TestAPlayoutWithNoHorizonGoesToTheEnd(t *testing.T) {
	st, _ := far{}.New(rules.Config{Players: 2}, 1)
	b := mcts.New(far{}, 3)
	b.Horizon = 0
	a, err := b.Choose(st, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rules.FindLegal(st, 0, a); err != nil {
		t.Fatalf("chose %v: %v", a, err)
	}
	if n := *st.(*farState).judged; n != 0 {
		t.Fatalf("judged %d playouts with no horizon", n)
	}
}

// A search told it has had enough ends after the playout under way: cut
// after one playout, before every action was tried, it plays as the greedy
// bot would; cut once every action has been tried, it takes the best so
// far, which the judge has already shown to be 4.
func TestASearchToldEnoughEndsWithItsBestSoFar(t *testing.T) {
	st, _ := far{}.New(rules.Config{Players: 2}, 1)
	for _, c := range []struct {
		name     string
		playouts int
		want     func(a rules.Action) bool
	}{
		{"cut after one playout", 1, func(a rules.Action) bool {
			_, err := rules.FindLegal(st, 0, a)
			return err == nil
		}},
		{"cut after a round", 5, func(a rules.Action) bool { return a.Args[0] == 4 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			judged := st.(*farState).judged
			*judged = 0
			a, err := mcts.New(far{}, 2).ChooseUntil(st, 0, func() bool { return *judged >= c.playouts })
			if err != nil {
				t.Fatal(err)
			}
			if *judged != c.playouts {
				t.Errorf("the search played %d playouts after it was told to stop at %d", *judged, c.playouts)
			}
			if !c.want(a) {
				t.Errorf("chose %v", a)
			}
		})
	}
}
