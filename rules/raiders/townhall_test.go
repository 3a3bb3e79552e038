package raiders

import (
	"testing"

	"longhall/rules"
)

// Town Hall: "Discard 1 card from your hand for the action at its bottom
// right." One case per townsfolk kind with a Town Hall ability; the player
// (seat 0 of 3) holds only that card and, where it needs them, more.
func TestTownHallAbilities(t *testing.T) {
	for _, c := range []struct {
		kind   int
		setup  func(t *testing.T, s *State)
		choose []rules.Action // after discarding the card; Args nil: the first legal of the kind
		want   func(t *testing.T, s *State)
	}{
		{Archer, func(t *testing.T, s *State) { workerTo(t, s, -1, 1, Grey) }, []rules.Action{{Kind: KindSwap, Args: []int{1, GateHouse}}}, func(t *testing.T, s *State) {
			if s.Seats[1].Worker != Black || s.Buildings[GateHouse] != Grey {
				t.Errorf("the opponent holds %d, the Gate House %d", s.Seats[1].Worker, s.Buildings[GateHouse])
			}
		}},
		{Armourer, nil, nil, func(t *testing.T, s *State) { wantArmour(t, s, 1) }},
		{Avenger, func(t *testing.T, s *State) { fund(s, 1, 1, 0, 0, 0, 0) }, nil, func(t *testing.T, s *State) {
			if s.Seats[1].Silver != 2 || s.Seats[2].Silver != 1 {
				t.Errorf("opponents' silver %d and %d, want 2 and 1", s.Seats[1].Silver, s.Seats[2].Silver)
			}
		}},
		{Barbarian, func(t *testing.T, s *State) { fund(s, 2, 0, 0, 0, 1, 0) }, []rules.Action{{Kind: KindSteal, Args: []int{2, Iron}}}, func(t *testing.T, s *State) {
			if s.Seats[0].Iron != 1 || s.Seats[2].Iron != 0 {
				t.Errorf("iron %d, the opponent's %d", s.Seats[0].Iron, s.Seats[2].Iron)
			}
		}},
		{Berserker, func(t *testing.T, s *State) { s.Seats[1].Armour = 2 }, []rules.Action{{Kind: KindStrip, Args: []int{1}}}, func(t *testing.T, s *State) {
			if s.Seats[1].Armour != 1 {
				t.Errorf("the opponent's armour %d, want 1", s.Seats[1].Armour)
			}
		}},
		{Brawler, func(t *testing.T, s *State) { enlist(t, s, 0, Scout) }, []rules.Action{{Kind: KindBrawl}}, func(t *testing.T, s *State) {
			pl := &s.Seats[0]
			if len(pl.Crew) != 0 || pl.Gold+pl.Iron+pl.Livestock != 1 {
				t.Errorf("crew %v, plunder %d/%d/%d", pl.Crew, pl.Gold, pl.Iron, pl.Livestock)
			}
		}},
		{Cartographer, func(t *testing.T, s *State) { fund(s, 0, 0, 1, 0, 0, 0) }, nil, func(t *testing.T, s *State) { wantProvisions(t, s, 0); wantGold(t, s, 1) }},
		{Champion, func(t *testing.T, s *State) { fund(s, 1, 0, 2, 0, 0, 0) }, nil, func(t *testing.T, s *State) {
			if s.Seats[1].Provisions != 1 {
				t.Errorf("the opponent's provisions %d, want 1", s.Seats[1].Provisions)
			}
		}},
		{Forager, nil, nil, func(t *testing.T, s *State) { wantProvisions(t, s, 2) }},
		{Gatekeeper, nil, nil, func(t *testing.T, s *State) { wantHand(t, s, 3) }},
		{Gravedigger, func(t *testing.T, s *State) {
			enlist(t, s, 0, Scout)
			give(t, s, 0, Mercenary)
		}, []rules.Action{{Kind: KindExhume}}, func(t *testing.T, s *State) {
			if KindOf(s.Seats[0].Crew[0]) != Mercenary || KindOf(s.Seats[0].Hand[0]) != Scout {
				t.Errorf("crew %v, hand %v", s.Seats[0].Crew, s.Seats[0].Hand)
			}
		}},
		{Huntsman, nil, nil, func(t *testing.T, s *State) { wantProvisions(t, s, 1); wantSilver(t, s, 3) }},
		{Jeweller, nil, nil, func(t *testing.T, s *State) { wantSilver(t, s, 0); wantGold(t, s, 1) }},
		{Marauder, func(t *testing.T, s *State) { fund(s, 0, 0, 0, 0, 0, 1) }, nil, func(t *testing.T, s *State) { wantGold(t, s, 1) }},
		{Merchant, nil, []rules.Action{{Kind: KindUse, Args: []int{Silversmith}}}, func(t *testing.T, s *State) { wantSilver(t, s, 5) }},
		{Mercenary, func(t *testing.T, s *State) { fund(s, 1, 0, 1, 0, 0, 0) }, []rules.Action{{Kind: KindGive, Args: []int{1}}}, func(t *testing.T, s *State) {
			// Seat 1 has silver and a provision and chooses; seat 2 has only silver.
			wantSilver(t, s, 3)
			wantProvisions(t, s, 1)
		}},
		{Recruiter, func(t *testing.T, s *State) { give(t, s, 0, Mercenary) }, []rules.Action{{Kind: KindHire}}, func(t *testing.T, s *State) {
			wantCrew(t, s, 1)
			wantSilver(t, s, 0)
		}},
		{Sage, nil, nil, func(t *testing.T, s *State) {
			if len(s.Offering) != 13 || s.Offering[12] < 0 {
				t.Errorf("the stack %v", s.Offering)
			}
		}},
		{Scout, func(t *testing.T, s *State) { give(t, s, 0, Mercenary) }, []rules.Action{{Kind: KindScout, Args: []int{1}}, {Kind: KindTrade1}}, func(t *testing.T, s *State) {
			wantHand(t, s, 1)
			if len(s.Seats[1].Hand) != 3 || !containsKind(s.Seats[1].Hand, Mercenary) {
				t.Errorf("the opponent's hand %v", s.Seats[1].Hand)
			}
		}},
		{Shieldmaiden, func(t *testing.T, s *State) { fund(s, 0, 0, 0, 0, 0, 1) }, nil, func(t *testing.T, s *State) {
			if s.Seats[0].Iron != 1 || s.Seats[0].Livestock != 0 {
				t.Errorf("iron %d, livestock %d", s.Seats[0].Iron, s.Seats[0].Livestock)
			}
		}},
		{Trader, func(t *testing.T, s *State) { fund(s, 0, 6, 0, 3, 3, 3) }, []rules.Action{{Kind: KindOffer}}, func(t *testing.T, s *State) {
			if len(s.Seats[0].Offerings) != 1 {
				t.Errorf("offerings %v", s.Seats[0].Offerings)
			}
		}},
		{Warlord, func(t *testing.T, s *State) { fund(s, 2, 3, 0, 0, 0, 0) }, []rules.Action{{Kind: KindRob, Args: []int{2}}}, func(t *testing.T, s *State) {
			wantSilver(t, s, 4)
			if s.Seats[2].Silver != 3 {
				t.Errorf("the opponent's silver %d, want 3", s.Seats[2].Silver)
			}
		}},
		{Warmonger, func(t *testing.T, s *State) { fund(s, 1, 0, 1, 0, 0, 0) }, []rules.Action{{Kind: KindRob, Args: []int{1}}}, func(t *testing.T, s *State) {
			wantProvisions(t, s, 1)
		}},
	} {
		t.Run(Kinds[c.kind].Name, func(t *testing.T) {
			s := table(t, 3)
			s.Buildings[TownHall], s.Buildings[Armoury] = NoWorker, Black
			cards := onlyHand(t, s, 0, c.kind)
			if c.setup != nil {
				c.setup(t, s)
			}
			do(t, s, 0, KindPlace, TownHall)
			do(t, s, 0, KindTown, cards[0])
			for _, a := range c.choose {
				if a.Args == nil && a.Kind != KindSkip {
					a.Args = firstArgs(t, s, a.Kind)
				}
				do(t, s, s.Step.Seat, a.Kind, a.Args...)
			}
			if s.Step.Kind != StepTake {
				t.Fatalf("the ability is not over: %+v, legal %v", s.Step, s.Legal(rules.Seat(s.Step.Seat)))
			}
			c.want(t, s)
		})
	}
}

func containsKind(cards []int, k int) bool {
	for _, c := range cards {
		if KindOf(c) == k {
			return true
		}
	}
	return false
}

// Heroes have no Town Hall ability, and a card whose ability could do
// nothing is not offered there.
func TestTownHallOffersOnlyWhatCanWork(t *testing.T) {
	s := table(t, 2)
	s.Buildings[TownHall], s.Buildings[Armoury] = NoWorker, Black
	cards := onlyHand(t, s, 0, Brynjar, Cartographer) // no provision to pay
	do(t, s, 0, KindPlace, TownHall)
	if s.Step.Kind != StepTake {
		t.Fatalf("the Town Hall waits for a choice with nothing to offer: %v", s.Legal(0))
	}
	if len(s.Seats[0].Hand) != 2 || cards[0] < 0 {
		t.Fatal("a card was discarded")
	}
}
