package raiders

import (
	"strings"
	"testing"

	"longhall/rules"
)

// passTurn has the player to move put their worker at the first empty
// building, skip its action, take the first worker offered and skip that.
func passTurn(t *testing.T, s *State) {
	t.Helper()
	p := s.Step.Seat
	for first := true; s.Outcome == nil && (first || s.Step.Kind != StepTurn); first = false {
		legal := s.Legal(rules.Seat(p))
		a := legal[0]
		for _, l := range legal {
			if l.Kind == KindSkip || (s.Step.Kind == StepTurn && l.Kind == KindPlace) || l.Kind == KindTake || l.Kind == KindDiscard {
				a = l
				break
			}
		}
		do(t, s, p, a.Kind, a.Args...)
	}
}

// Play: the game ends after "5 fortresses are raided", "the offering deck
// is empty" or "no valkyries remain on the board"; then "each player,
// including that player, takes 1 final turn".
func TestEndTriggersAndTheFinalRound(t *testing.T) {
	for _, c := range []struct {
		name    string
		trigger func(s *State)
		cause   string
	}{
		{"five fortresses raided", func(s *State) {
			n := 0
			for i, sp := range Spaces {
				if sp.Settlement == Fortress && n < FortressesToEnd {
					loot(s, i, Pieces{})
					n++
				}
			}
		}, "fortresses"},
		{"the offering stack is empty", func(s *State) {
			s.Seats[1].Offerings = append(s.Seats[1].Offerings, s.Offering...)
			s.Offering = nil
		}, "offering"},
		{"no Valkyries on the board", func(s *State) {
			for i := range s.Plunder {
				left := s.Plunder[i]
				left[Valkyrie] = 0
				loot(s, i, left)
			}
		}, "Valkyries"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, 3)
			c.trigger(s)
			passTurn(t, s) // seat 0's turn meets the condition
			if s.FinalLeft != 3 || !strings.Contains(s.EndCause, c.cause) {
				t.Fatalf("final round %d, cause %q", s.FinalLeft, s.EndCause)
			}
			for _, want := range []int{1, 2, 0} { // everyone, seat 0 too, has one more turn
				if s.Outcome != nil || s.Step.Seat != want {
					t.Fatalf("the final round skipped seat %d: step %+v, outcome %v", want, s.Step, s.Outcome)
				}
				passTurn(t, s)
			}
			if s.Outcome == nil {
				t.Fatal("the game did not end after the final round")
			}
		})
	}
}

// Game End: track positions, offerings, crew, "1 point for each gold, 1 for
// each iron, and 1 for each 2 livestock".
func TestFinalScore(t *testing.T) {
	s := table(t, 2)
	pl := &s.Seats[0]
	pl.VP, pl.Valkyrie, pl.Armour = 10, 3, 5
	fund(s, 0, 0, 0, 2, 1, 5)
	pl.Offerings = []int{s.Row[0]}
	s.Row[0] = s.Offering[0]
	s.Offering = s.Offering[1:]
	enlist(t, s, 0, Champion, Warlord, Merchant, Trader)
	got := s.FinalScore(0)
	want := Score{Raids: 10, Valkyrie: ValkyrieVP[3], Armour: ArmourVP[5], Offerings: Offerings[pl.Offerings[0]].VP,
		Crew: 3 + 2 + 5 + 1, Plunder: 2 + 1 + 2}
	want.Total = want.Raids + want.Valkyrie + want.Armour + want.Offerings + want.Crew + want.Plunder
	if got != want {
		t.Errorf("score %+v, want %+v", got, want)
	}
}

// Game End: "In case of ties, favor highest on valkyrie track, then highest
// on armoury track."
func TestTieBreaks(t *testing.T) {
	for _, c := range []struct {
		name              string
		valkyries, armour [2]int
		winners           []int
		reason            string
	}{
		{"the Valkyrie track decides", [2]int{2, 3}, [2]int{5, 0}, []int{1}, "Valkyrie"},
		{"then the armoury track", [2]int{3, 3}, [2]int{4, 5}, []int{1}, "armoury"},
		{"else the win is shared", [2]int{3, 3}, [2]int{5, 5}, []int{0, 1}, "share"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, 2)
			for p := range 2 {
				s.Seats[p].Valkyrie, s.Seats[p].Armour = c.valkyries[p], c.armour[p]
			}
			// Equal totals: the raid VP make up the tracks' difference.
			for p := range 2 {
				sc := s.FinalScore(p)
				s.Seats[p].VP = 40 - sc.Total
			}
			var ev events
			s.finish(&ev)
			r := s.Outcome
			if len(r.Winners) != len(c.winners) || int(r.Winners[0]) != c.winners[0] || !strings.Contains(r.Reason, c.reason) {
				t.Errorf("winners %v (%s), want %v", r.Winners, r.Reason, c.winners)
			}
		})
	}
}
