package raiders

import (
	"testing"

	"longhall/rules"
)

// Setup: the bag fills the raid spaces, black workers stand at the Gate
// House, Town Hall and Treasury, everyone has a black worker, 2 silver and
// five townsfolk to keep three of, and three offerings lie face up.
func TestSetup(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := newState(players, nil, uint64(players), Modules{})
		if err := check(s); err != nil {
			t.Fatal(err)
		}
		for i, sp := range Spaces[:BaseSpaces] {
			n := 0
			for _, c := range s.Plunder[i] {
				n += c
			}
			if n != sp.Plunder || s.SpaceWorkers[i] != sp.Worker {
				t.Errorf("space %d holds %d pieces and a %d worker, want %d and %d", i, n, s.SpaceWorkers[i], sp.Plunder, sp.Worker)
			}
		}
		supply := 0
		for _, n := range s.Supply {
			supply += n
		}
		if supply != 10 {
			t.Errorf("the main supply has %d pieces, want the bag's 10 left over", supply)
		}
		for b, w := range s.Buildings {
			want := NoWorker
			if b == GateHouse || b == TownHall || b == Treasury {
				want = Black
			}
			if w != want {
				t.Errorf("%s holds worker %d, want %d", BuildingNames[b], w, want)
			}
		}
		for p, pl := range s.Seats {
			if pl.Worker != Black || pl.Silver != 2 || len(pl.Dealt) != 5 || len(pl.Hand) != 0 {
				t.Errorf("seat %d starts with %+v", p, pl)
			}
		}
		if len(s.Offering) != 13 || s.Row[0] < 0 || s.Row[2] < 0 || s.Start < 0 || s.Start >= players {
			t.Errorf("offerings %v + %d, start player %d", s.Row, len(s.Offering), s.Start)
		}
		// Each player keeps 3 of 5 and returns the other 2 to the bottom.
		if len(s.Pending()) != players {
			t.Fatalf("%d seats keep at once, want %d", len(s.Pending()), players)
		}
		for p := range s.Seats {
			dealt := s.Seats[p].Dealt
			if len(dealt) != Dealt {
				t.Fatalf("seat %d was dealt %v", p, dealt)
			}
			first := s.Legal(rules.Seat(p))[0].Args[0]
			do(t, s, p, KindReturn, first)
			if len(s.Seats[p].Hand) != 0 {
				t.Errorf("seat %d has a hand after returning one card", p)
			}
			legal := s.Legal(rules.Seat(p))
			second := legal[len(legal)-1].Args[0]
			do(t, s, p, KindReturn, second)
			if bottom := s.Deck[len(s.Deck)-2:]; bottom[0] != first || bottom[1] != second {
				t.Errorf("seat %d returned %v to the bottom, want %v", p, bottom, []int{first, second})
			}
			if len(s.Seats[p].Hand) != Kept || s.Legal(rules.Seat(p)) != nil && s.Step.Kind == StepKeep {
				t.Errorf("seat %d keeps %v and may still act", p, s.Seats[p].Hand)
			}
		}
		if s.Step.Kind != StepTurn || s.Step.Seat != s.Start {
			t.Errorf("after keeping, step %+v, want the start player's turn", s.Step)
		}
	}
}

// Work: "Put your worker at any building that is available (has no worker
// at it)... Take a worker from any other building that has a worker."
func TestWorkPlacesThenTakesAnother(t *testing.T) {
	s := table(t, 2)
	refused(t, s, 0, KindPlace, GateHouse) // taken
	do(t, s, 0, KindPlace, Silversmith)
	if s.Seats[0].Silver != 2+3 {
		t.Fatalf("silver %d after a black worker at the Silversmith", s.Seats[0].Silver)
	}
	refused(t, s, 0, KindTake, Silversmith) // not the one just placed
	if offered(s, 0, KindTake, Mill) {
		t.Fatal("taking from an empty building is offered")
	}
	do(t, s, 0, KindTake, GateHouse)
	if len(s.Seats[0].Hand) != 3+2 || s.Seats[0].Worker != Black || s.Buildings[GateHouse] != NoWorker {
		t.Fatalf("after taking from the Gate House: %+v", s.Seats[0])
	}
	if s.Step.Kind != StepTurn || s.Step.Seat != 1 {
		t.Fatalf("the turn did not pass: %+v", s.Step)
	}
}

// The eight buildings (Work), each with its worker-colour rules.
func TestBuildings(t *testing.T) {
	for _, c := range []struct {
		name   string
		colour int
		setup  func(t *testing.T, s *State)
		b      int
		choose []rules.Action
		want   func(t *testing.T, s *State)
	}{
		{name: "Gate House: draw 2 townsfolk", colour: Black, b: GateHouse, setup: func(t *testing.T, s *State) {
			s.Buildings[GateHouse], s.Buildings[Armoury] = NoWorker, Black
		}, want: func(t *testing.T, s *State) { wantHand(t, s, 3+2) }},
		{name: "Gate House with a Gatekeeper: 1 more", colour: Black, b: GateHouse, setup: func(t *testing.T, s *State) {
			s.Buildings[GateHouse], s.Buildings[Armoury] = NoWorker, Black
			enlist(t, s, 0, Gatekeeper)
		}, want: func(t *testing.T, s *State) { wantHand(t, s, 3+3) }},
		{name: "Treasury: 1 card for 2 silver", colour: Black, b: Treasury, setup: moveTreasury,
			choose: []rules.Action{{Kind: KindSell}}, want: func(t *testing.T, s *State) { wantHand(t, s, 2); wantSilver(t, s, 4) }},
		{name: "Treasury: 2 cards for 1 gold", colour: Black, b: Treasury, setup: moveTreasury,
			choose: []rules.Action{{Kind: KindSell2}}, want: func(t *testing.T, s *State) { wantHand(t, s, 1); wantGold(t, s, 1) }},
		{name: "Barracks: pay the cost to hire", colour: Black, b: Barracks, setup: func(t *testing.T, s *State) {
			onlyHand(t, s, 0, Mercenary)
			fund(s, 0, 2, 0, 0, 0, 0)
		}, choose: []rules.Action{{Kind: KindHire}}, want: func(t *testing.T, s *State) { wantCrew(t, s, 1); wantSilver(t, s, 0) }},
		{name: "Barracks: a Recruiter takes 1 off", colour: Black, b: Barracks, setup: func(t *testing.T, s *State) {
			onlyHand(t, s, 0, Mercenary)
			enlist(t, s, 0, Recruiter)
			fund(s, 0, 1, 0, 0, 0, 0)
		}, choose: []rules.Action{{Kind: KindHire}}, want: func(t *testing.T, s *State) { wantCrew(t, s, 2); wantSilver(t, s, 0) }},
		{name: "Barracks: a full crew dismisses one first", colour: Black, b: Barracks, setup: func(t *testing.T, s *State) {
			onlyHand(t, s, 0, Forager)
			enlist(t, s, 0, Huntsman, Huntsman, Huntsman, Huntsman, Scout)
		}, choose: []rules.Action{{Kind: KindDismiss}, {Kind: KindHire}}, want: func(t *testing.T, s *State) { wantCrew(t, s, 5); wantSilver(t, s, 1) }},
		{name: "Armoury: 1 iron for 2 armour", colour: Black, b: Armoury, setup: func(t *testing.T, s *State) { fund(s, 0, 0, 0, 0, 1, 0) },
			choose: []rules.Action{{Kind: KindArm, Args: []int{0}}}, want: func(t *testing.T, s *State) { wantArmour(t, s, 2) }},
		{name: "Armoury: 2 silver for 1 armour", colour: Black, b: Armoury,
			choose: []rules.Action{{Kind: KindArm, Args: []int{1}}}, want: func(t *testing.T, s *State) { wantArmour(t, s, 1); wantSilver(t, s, 0) }},
		{name: "Mill: black, 1 provision", colour: Black, b: Mill, want: func(t *testing.T, s *State) { wantProvisions(t, s, 1) }},
		{name: "Mill: grey, 2 provisions", colour: Grey, b: Mill, want: func(t *testing.T, s *State) { wantProvisions(t, s, 2) }},
		{name: "Mill: white, 2 provisions", colour: White, b: Mill, choose: []rules.Action{{Kind: KindMill, Args: []int{0}}},
			want: func(t *testing.T, s *State) { wantProvisions(t, s, 2) }},
		{name: "Mill: white, or 1 gold", colour: White, b: Mill, choose: []rules.Action{{Kind: KindMill, Args: []int{1}}},
			want: func(t *testing.T, s *State) { wantGold(t, s, 1) }},
		{name: "Mill with a Forager: 1 more provision", colour: Grey, b: Mill, setup: func(t *testing.T, s *State) { enlist(t, s, 0, Forager) },
			want: func(t *testing.T, s *State) { wantProvisions(t, s, 3) }},
		{name: "Silversmith: black, 3 silver", colour: Black, b: Silversmith, want: func(t *testing.T, s *State) { wantSilver(t, s, 5) }},
		{name: "Silversmith: grey, 2 silver", colour: Grey, b: Silversmith, want: func(t *testing.T, s *State) { wantSilver(t, s, 4) }},
		{name: "Silversmith: white, 2 silver", colour: White, b: Silversmith, want: func(t *testing.T, s *State) { wantSilver(t, s, 4) }},
		{name: "Silversmith with a Jeweller: 1 more", colour: White, b: Silversmith, setup: func(t *testing.T, s *State) { enlist(t, s, 0, Jeweller) },
			want: func(t *testing.T, s *State) { wantSilver(t, s, 5) }},
		{name: "Long House: 1 livestock for 2 provisions", colour: Black, b: LongHouse, setup: func(t *testing.T, s *State) { fund(s, 0, 0, 0, 0, 0, 1) },
			choose: []rules.Action{{Kind: KindTrade}}, want: func(t *testing.T, s *State) { wantProvisions(t, s, 2) }},
		{name: "Long House: an offering", colour: Black, b: LongHouse, setup: func(t *testing.T, s *State) { fund(s, 0, 6, 0, 2, 2, 3) },
			choose: []rules.Action{{Kind: KindOffer, Args: []int{0}}}, want: func(t *testing.T, s *State) {
				if len(s.Seats[0].Offerings) != 1 || s.Row[0] < 0 || len(s.Offering) != 12 {
					t.Errorf("offerings %v, row %v, stack %d", s.Seats[0].Offerings, s.Row, len(s.Offering))
				}
			}},
		{name: "Long House with a Sage: a second action", colour: Black, b: LongHouse, setup: func(t *testing.T, s *State) {
			fund(s, 0, 0, 0, 0, 0, 2)
			enlist(t, s, 0, Sage)
		}, choose: []rules.Action{{Kind: KindTrade}, {Kind: KindTrade}}, want: func(t *testing.T, s *State) { wantProvisions(t, s, 4) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, 2)
			if c.colour != Black {
				workerTo(t, s, -1, 0, c.colour)
			}
			if c.setup != nil {
				c.setup(t, s)
			}
			do(t, s, 0, KindPlace, c.b)
			for _, a := range c.choose {
				if len(a.Args) == 0 && a.Kind != KindTrade {
					a.Args = firstArgs(t, s, a.Kind)
				}
				do(t, s, 0, a.Kind, a.Args...)
			}
			if s.Step.Kind != StepTake {
				t.Fatalf("the building's action is not over: %+v, legal %v", s.Step, s.Legal(0))
			}
			c.want(t, s)
		})
	}
}

// moveTreasury frees the Treasury (its black worker goes to the Armoury).
func moveTreasury(t *testing.T, s *State) {
	s.Buildings[Treasury], s.Buildings[Armoury] = NoWorker, Black
}

// firstArgs is the first legal action of a kind's arguments.
func firstArgs(t *testing.T, s *State, kind string) []int {
	t.Helper()
	for _, a := range s.Legal(rules.Seat(s.Step.Seat)) {
		if a.Kind == kind {
			return a.Args
		}
	}
	t.Fatalf("no %s among %v", kind, s.Legal(rules.Seat(s.Step.Seat)))
	return nil
}

func wantHand(t *testing.T, s *State, n int) {
	t.Helper()
	if len(s.Seats[0].Hand) != n {
		t.Errorf("%d cards in hand, want %d", len(s.Seats[0].Hand), n)
	}
}

func wantSilver(t *testing.T, s *State, n int) {
	t.Helper()
	if s.Seats[0].Silver != n {
		t.Errorf("%d silver, want %d", s.Seats[0].Silver, n)
	}
}

func wantGold(t *testing.T, s *State, n int) {
	t.Helper()
	if s.Seats[0].Gold != n {
		t.Errorf("%d gold, want %d", s.Seats[0].Gold, n)
	}
}

func wantCrew(t *testing.T, s *State, n int) {
	t.Helper()
	if len(s.Seats[0].Crew) != n {
		t.Errorf("%d crew, want %d", len(s.Seats[0].Crew), n)
	}
}

func wantArmour(t *testing.T, s *State, n int) {
	t.Helper()
	if s.Seats[0].Armour != n {
		t.Errorf("%d armour, want %d", s.Seats[0].Armour, n)
	}
}

func wantProvisions(t *testing.T, s *State, n int) {
	t.Helper()
	if s.Seats[0].Provisions != n {
		t.Errorf("%d provisions, want %d", s.Seats[0].Provisions, n)
	}
}

// General: "no more than 8 silver, 8 provisions, and 8 in-hand cards at the
// end of their turn. Discard excess"; "no more than 5 hired crew".
func TestLimitsAtTheEndOfTheTurn(t *testing.T) {
	s := table(t, 2)
	fund(s, 0, 7, 8, 0, 0, 0)
	onlyHand(t, s, 0, Scout, Scout, Scout, Archer, Archer, Huntsman, Huntsman, Huntsman, Huntsman) // 9 cards
	do(t, s, 0, KindPlace, Silversmith)                                                            // 12 silver
	do(t, s, 0, KindTake, GateHouse)                                                               // 11 cards
	if s.Seats[0].Silver != MaxSilver || s.Seats[0].Provisions != MaxProvisions {
		t.Errorf("kept %d silver and %d provisions", s.Seats[0].Silver, s.Seats[0].Provisions)
	}
	for range 3 {
		if s.Step.Kind != StepDiscard {
			t.Fatalf("step %+v with %d cards", s.Step, len(s.Seats[0].Hand))
		}
		do(t, s, 0, KindDiscard, firstArgs(t, s, KindDiscard)...)
	}
	if len(s.Seats[0].Hand) != MaxHand || s.Step.Kind != StepTurn || s.Step.Seat != 1 {
		t.Fatalf("%d cards, step %+v", len(s.Seats[0].Hand), s.Step)
	}
}

// General: "A player who would collect a resource that is unavailable
// receives nothing."
func TestAnEmptySupplyGivesNothing(t *testing.T) {
	s := table(t, 2)
	s.Seats[1].Silver += s.Silver
	s.Silver = 0
	do(t, s, 0, KindPlace, Silversmith)
	if s.Seats[0].Silver != 2 {
		t.Fatalf("%d silver from an empty supply", s.Seats[0].Silver)
	}
}

// General: "If the townsfolk deck runs out, shuffle the discards to form a
// new deck."
func TestAnEmptyDeckTakesTheDiscards(t *testing.T) {
	s := table(t, 2)
	s.Discard = append(s.Discard, s.Deck[1:]...)
	s.Deck = s.Deck[:1]
	discards := len(s.Discard)
	do(t, s, 0, KindPlace, Silversmith)
	do(t, s, 0, KindTake, GateHouse) // draws the last card, then one from the reshuffled discards
	if len(s.Seats[0].Hand) != 3+2 || len(s.Discard) != 0 || len(s.Deck) != discards-1 {
		t.Fatalf("hand %d, discards %d, deck %d", len(s.Seats[0].Hand), len(s.Discard), len(s.Deck))
	}
}

// StartOption: the book gives everyone 2 silver; "balanced" gives the seats
// after the start player more (3, 4 and 5 at 4 players).
func TestStartingSilver(t *testing.T) {
	for _, c := range []struct {
		start string
		want  []int // by turn position, the start player first
	}{
		{StartBook, []int{2, 2, 2, 2}},
		{StartBalanced, []int{2, 2 + BalancedSilver[4][1], 2 + BalancedSilver[4][2], 2 + BalancedSilver[4][3]}},
	} {
		st, err := game{}.New(rules.Config{Players: 4, Options: map[string]string{StartOption.Key: c.start}}, 5)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for k, want := range c.want {
			if got := s.Seats[(s.Start+k)%4].Silver; got != want {
				t.Errorf("%s: position %d has %d silver, want %d", c.start, k+1, got, want)
			}
		}
		if err := check(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := (game{}).New(rules.Config{Players: 2, Options: map[string]string{StartOption.Key: "lots"}}, 1); err == nil {
		t.Error("an unknown starting silver was accepted")
	}
}
