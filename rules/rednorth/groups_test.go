package rednorth

import (
	"strings"
	"testing"

	"longhall/rules"
)

// Passing takes one Muster Group (book, Player Actions: Pass); the groups
// left keep the numbers they were dealt with, so the log ("takes Muster
// Group 2") names a group the table still shows as 2 and never another.
func TestMusterGroupsKeepTheirNumbers(t *testing.T) {
	st, err := game{}.New(rules.Config{Players: 3}, 7)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rng := rules.NewRNG(1)
	// Deploy at random until Player Actions begin.
	for s.Phase != PhaseActions {
		pr := s.Pending()[0]
		legal := s.Legal(pr.Seat)
		if _, err := s.Apply(pr.Seat, legal[rng.Intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	seat := rules.Seat(s.Turn)
	ev := do(t, s, int(seat), KindPass, 1)
	if !strings.Contains(ev[0].Text, "takes Muster Group 2") {
		t.Fatalf("the log says %q", ev[0].Text)
	}
	v := s.view(0)
	var ns []int
	for _, g := range v.Groups {
		ns = append(ns, g.N)
	}
	if len(ns) != 3 || ns[0] != 1 || ns[1] != 3 || ns[2] != 4 {
		t.Fatalf("after group 2 is taken the table shows groups %v, want [1 3 4]", ns)
	}
	for _, a := range s.Legal(rules.Seat(s.Turn)) {
		if a.Kind == KindPass && len(a.Args) == 1 && a.Args[0] == 1 && !strings.Contains(a.Label, "Muster Group 3") {
			t.Errorf("the second group left is offered as %q", a.Label)
		}
	}
}
