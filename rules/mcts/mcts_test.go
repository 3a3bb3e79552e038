package mcts_test

import (
	"testing"

	"longhall/rules"
	"longhall/rules/mcts"
	"longhall/rules/rulestest"
	"longhall/rules/testgame"
)

// The strong bot passes the conformance suite's checks as Hands' bot: its
// choices are legal, and re-dealing what its seat cannot see leaves them
// as they were.
func TestConformance(t *testing.T) {
	rulestest.Run(t, rulestest.Suite{
		Game: testgame.Game{}, Check: testgame.Check, Private: testgame.Private,
		Hard: func(seed uint64) rules.Bot { b := mcts.New(testgame.Game{}, seed); b.Steps = 300; return b },
	})
}

// A seeded bot decides alike on equal views, and its answer is legal.
func TestSameSeedSameChoice(t *testing.T) {
	st, err := testgame.Game{}.New(rules.Config{Players: 3}, 7)
	if err != nil {
		t.Fatal(err)
	}
	a1, err := mcts.New(testgame.Game{}, 1).Choose(st, 0)
	if err != nil {
		t.Fatal(err)
	}
	a2, _ := mcts.New(testgame.Game{}, 1).Choose(st, 0)
	if !a1.Same(a2) {
		t.Fatalf("the same seed chose %v and %v", a1, a2)
	}
	if _, err := rules.FindLegal(st, 0, a1); err != nil {
		t.Fatalf("chose %v: %v", a1, err)
	}
	if a1.Label == "" {
		t.Fatalf("chose %+v without its label", a1)
	}
}

// It refuses to move for a seat that is not asked, or after the end.
func TestRefusesWhenNotPending(t *testing.T) {
	st, _ := testgame.Game{}.New(rules.Config{Players: 2}, 3)
	if _, err := mcts.New(testgame.Game{}, 1).Choose(st, 5); err == nil {
		t.Fatal("chose for a seat outside the table")
	}
}
