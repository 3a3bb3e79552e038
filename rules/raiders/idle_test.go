package raiders

import (
	"slices"
	"testing"

	"longhall/rules"
)

// TestIdleBuildings: Work, "Put your worker at any building that is
// available ... Activate the building": the book allows a worker where
// its action can do nothing, and the chooser's view names those buildings
// before the choice, from what that seat sees itself.
func TestIdleBuildings(t *testing.T) {
	broke := func(s *State) { s.Silver += s.Seats[0].Silver; s.Seats[0].Silver = 0 }
	takeFrom := func(b int) func(t *testing.T, s *State) {
		return func(t *testing.T, s *State) {
			s.Buildings[Mill], s.Seats[0].Worker = s.Seats[0].Worker, NoWorker
			s.Buildings[b] = Black
			s.Step = Step{Kind: StepTake, Seat: 0, Building: Mill}
		}
	}
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, s *State)
		b     int
		idle  bool
	}{
		{"Barracks: no card in hand you can pay for", func(t *testing.T, s *State) { onlyHand(t, s, 0, Mercenary); broke(s) }, Barracks, true},
		{"Barracks: a card you can pay for", func(t *testing.T, s *State) {
			onlyHand(t, s, 0, Mercenary)
			broke(s)
			fund(s, 0, Kinds[Mercenary].Cost, 0, 0, 0, 0)
		}, Barracks, false},
		{"Long House: no livestock and no offering you can pay for", func(t *testing.T, s *State) { broke(s) }, LongHouse, true},
		{"Long House: 1 livestock to trade", func(t *testing.T, s *State) { broke(s); fund(s, 0, 0, 0, 0, 0, 1) }, LongHouse, false},
		{"Armoury: no iron and under 2 silver", func(t *testing.T, s *State) { broke(s); fund(s, 0, 1, 0, 0, 0, 0) }, Armoury, true},
		{"Armoury: 1 iron", func(t *testing.T, s *State) { broke(s); fund(s, 0, 0, 0, 0, 1, 0) }, Armoury, false},
		{"Silversmith: always silver", func(t *testing.T, s *State) { broke(s) }, Silversmith, false},
		{"Mill: always provisions", func(t *testing.T, s *State) { broke(s) }, Mill, false},
		{"Take from the Treasury with an empty hand", func(t *testing.T, s *State) {
			takeFrom(Treasury)(t, s)
			s.Discard = append(s.Discard, s.Seats[0].Hand...)
			s.Seats[0].Hand = nil
		}, Treasury, true},
		{"Take from the Treasury with a card to sell", takeFrom(Treasury), Treasury, false},
		{"Take from the Gate House with no card left to draw", func(t *testing.T, s *State) {
			takeFrom(GateHouse)(t, s)
			s.Deck, s.Discard = nil, nil
		}, GateHouse, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, 3)
			c.setup(t, s)
			v := s.view(0)
			if got := slices.Contains(v.Idle, c.b); got != c.idle {
				t.Errorf("the %s idle: %v, want %v (idle %v)", BuildingNames[c.b], got, c.idle, v.Idle)
			}
			for seat := 1; seat < len(s.Seats); seat++ {
				if v := s.view(seat); v.Idle != nil {
					t.Errorf("seat %d, not choosing, is told %v", seat, v.Idle)
				}
			}
			if v := s.view(int(rules.Everyone)); v.Idle != nil {
				t.Errorf("the view of everything lists %v", v.Idle)
			}
		})
	}
}

// TestAnIdleBuildingIsPassedOver: a worker put where it can do nothing is
// legal (the book says "any building that is available"), and the game
// goes straight on to taking a worker.
func TestAnIdleBuildingIsPassedOver(t *testing.T) {
	s := table(t, 2)
	onlyHand(t, s, 0, Mercenary)
	s.Silver += s.Seats[0].Silver
	s.Seats[0].Silver = 0
	if !slices.Contains(s.view(0).Idle, Barracks) {
		t.Fatal("the Barracks is not idle")
	}
	if _, err := s.Apply(0, rules.Action{Kind: KindPlace, Args: []int{Barracks}}); err != nil {
		t.Fatal(err)
	}
	if s.Step.Kind != StepTake {
		t.Errorf("after an idle Barracks the step is %q, want %q", s.Step.Kind, StepTake)
	}
}
