package raiders

import (
	"testing"

	"longhall/rules"
)

// A position for an undo case: the state, the seat to act and its action.
type undoCase = func(t *testing.T) (*State, int, rules.Action)

// placed is a two-player table (with the modules m) where seat 0 put its
// worker at building b, freed for it first if a black worker stood there,
// after setup arranged the position.
func placed(t *testing.T, m Modules, b int, setup func(s *State)) *State {
	t.Helper()
	s := tableWith(t, 2, m)
	if s.Buildings[b] != NoWorker {
		s.Buildings[b], s.Buildings[Armoury] = NoWorker, s.Buildings[b]
	}
	if setup != nil {
		setup(s)
	}
	do(t, s, 0, KindPlace, b)
	return s
}

// atTownHall is a three-player table where seat 0, holding only a card of
// kind k, discarded it at the Town Hall; setup arranges the rest first.
func atTownHall(t *testing.T, k int, setup func(s *State)) *State {
	t.Helper()
	s := table(t, 3)
	s.Buildings[TownHall], s.Buildings[Armoury] = NoWorker, Black
	c := onlyHand(t, s, 0, k)[0]
	if setup != nil {
		setup(s)
	}
	do(t, s, 0, KindPlace, TownHall)
	do(t, s, 0, KindTown, c)
	return s
}

// harbour readies seat 0 of a two-player table (with the modules m) to
// raid the first harbour, holding pieces, with a crew of Huntsmen.
func harbour(t *testing.T, m Modules, pieces Pieces) (*State, int) {
	t.Helper()
	s := tableWith(t, 2, m)
	h := spaceOf(Harbour)
	noCrew(s, 0)
	enlist(t, s, 0, Huntsman, Huntsman)
	fund(s, 0, 0, 2, 0, 0, 0)
	loot(s, h, pieces)
	return s, h
}

// outpost readies seat 0 of a two-player table to raid the first outpost
// with a grey worker and a crew of the given kinds.
func outpost(t *testing.T, crew ...int) (*State, int) {
	t.Helper()
	s := table(t, 2)
	o := spaceOf(Outpost)
	noCrew(s, 0)
	workerTo(t, s, -1, 0, Grey)
	enlist(t, s, 0, crew...)
	fund(s, 0, 0, Spaces[o].Provisions, 0, 0, 0)
	return s, o
}

// first is seat p's first legal action of a kind.
func first(t *testing.T, s *State, p int, kind string) rules.Action {
	t.Helper()
	for _, a := range s.Legal(rules.Seat(p)) {
		if a.Kind == kind {
			return a
		}
	}
	t.Fatalf("no %s among %v", kind, s.Legal(rules.Seat(p)))
	return rules.Action{}
}

func act0(kind string, args ...int) rules.Action { return rules.Action{Kind: kind, Args: args} }

// Undo: each kind of decision may be taken back (rules.Reversibly keeps
// the state before it) exactly when it shows nobody anything hidden from
// them, citing the condensed rules (raiders-of-the-north-sea-condensed.txt)
// and, for the modules, the comprehensive book (…-expansions.txt).
func TestUndo(t *testing.T) {
	for _, c := range []struct {
		name string
		play undoCase
		back bool // may be taken back
	}{
		// Set-up: choices among hidden cards.
		{"Setup, Townfolk: a card returned facedown to the bottom of the deck", func(t *testing.T) (*State, int, rules.Action) {
			s := newState(2, nil, 7, Modules{})
			return s, 0, s.Legal(0)[0]
		}, false},
		{"Setup 5 (draft): the townsfolk to hire face down chosen", func(t *testing.T) (*State, int, rules.Action) {
			s := newState(2, nil, 7, heroes)
			return s, 0, s.Legal(0)[0]
		}, false},

		// Work: buildings whose action depends on open things only.
		{"Work, Silversmith: a black worker placed for 3 silver", func(t *testing.T) (*State, int, rules.Action) {
			return table(t, 2), 0, act0(KindPlace, Silversmith)
		}, true},
		{"Work, Mill: a black worker placed for 1 provision", func(t *testing.T) (*State, int, rules.Action) {
			return table(t, 2), 0, act0(KindPlace, Mill)
		}, true},
		{"Work, Mill: a white worker's 1 gold chosen", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, Mill, func(s *State) { workerTo(t, s, -1, 0, White) })
			return s, 0, act0(KindMill, 1)
		}, true},
		{"Work, Armoury: the worker placed", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, 2)
			fund(s, 0, 0, 0, 0, 1, 0)
			return s, 0, act0(KindPlace, Armoury)
		}, true},
		{"Work, Armoury: 1 iron paid for 2 armour", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, Armoury, func(s *State) { fund(s, 0, 0, 0, 0, 1, 0) })
			return s, 0, act0(KindArm, 0)
		}, true},
		{"Work: a building's action declined", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, Armoury, func(s *State) { fund(s, 0, 0, 0, 0, 1, 0) })
			return s, 0, act0(KindSkip)
		}, true},
		{"Work, Long House: 1 livestock paid for 2 provisions", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, LongHouse, func(s *State) { fund(s, 0, 0, 0, 0, 0, 1) })
			return s, 0, act0(KindTrade)
		}, true},
		{"Work, Long House: an offering made, a new one dealt from the facedown stack", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, LongHouse, func(s *State) { fund(s, 0, 6, 0, 2, 2, 3) })
			return s, 0, first(t, s, 0, KindOffer)
		}, false},
		{"Work, Long House: an offering made with the stack empty", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, LongHouse, func(s *State) {
				fund(s, 0, 6, 0, 2, 2, 3)
				s.Seats[1].Offerings, s.Offering = append(s.Seats[1].Offerings, s.Offering...), nil
			})
			return s, 0, first(t, s, 0, KindOffer)
		}, true},
		{"Work, Gate House: 2 townsfolk cards drawn", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, 2)
			do(t, s, 0, KindPlace, Silversmith)
			return s, 0, act0(KindTake, GateHouse)
		}, false},
		{"Work, Gate House: nothing to draw, the deck and the discards empty", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, 2)
			s.Buildings[GateHouse], s.Buildings[Armoury] = NoWorker, Black
			s.Seats[1].Hand = append(s.Seats[1].Hand, s.Deck...)
			s.Deck = nil
			return s, 0, act0(KindPlace, GateHouse)
		}, true},
		{"Work, Treasury: the worker taken, with cards to sell", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, 2)
			do(t, s, 0, KindPlace, Silversmith)
			return s, 0, act0(KindTake, Treasury)
		}, true},
		{"Work, Treasury: 1 card discarded for 2 silver", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, Treasury, nil)
			return s, 0, first(t, s, 0, KindSell)
		}, false},
		{"Work, Treasury: 2 cards discarded for 1 gold", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, Treasury, nil)
			return s, 0, first(t, s, 0, KindSell2)
		}, false},
		{"Work, Town Hall: the worker placed with an empty hand", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, 2)
			s.Buildings[TownHall], s.Buildings[Armoury] = NoWorker, Black
			onlyHand(t, s, 0)
			return s, 0, act0(KindPlace, TownHall)
		}, true},
		{"Work, Town Hall: the worker placed, which shows whether the hand has a card to play", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, 2)
			s.Buildings[TownHall], s.Buildings[Armoury] = NoWorker, Black
			onlyHand(t, s, 0, Merchant)
			return s, 0, act0(KindPlace, TownHall)
		}, false},
		{"Work, Town Hall: a card discarded for its action", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, TownHall, func(s *State) { onlyHand(t, s, 0, Armourer) })
			return s, 0, first(t, s, 0, KindTown)
		}, false},
		{"Work, Barracks: the worker placed with silver for any townsfolk", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, 2)
			fund(s, 0, 2, 0, 0, 0, 0) // 4 silver: every townsfolk's cost
			return s, 0, act0(KindPlace, Barracks)
		}, true},
		{"Work, Barracks: the worker placed with 2 silver, which shows whether the hand has a card to hire", func(t *testing.T) (*State, int, rules.Action) {
			return table(t, 2), 0, act0(KindPlace, Barracks)
		}, false},
		{"Work, Barracks: a crew member hired, played face-up", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, Barracks, func(s *State) { onlyHand(t, s, 0, Mercenary); fund(s, 0, 2, 0, 0, 0, 0) })
			return s, 0, first(t, s, 0, KindHire)
		}, false},
		{"General: a crew member discarded before hiring, with silver for any townsfolk", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, Barracks, func(s *State) {
				onlyHand(t, s, 0, Forager)
				enlist(t, s, 0, Huntsman, Huntsman, Huntsman, Huntsman, Scout)
				fund(s, 0, 2, 0, 0, 0, 0)
			})
			return s, 0, first(t, s, 0, KindDismiss)
		}, true},
		{"General: a crew member discarded before hiring, with 2 silver, which shows the hand has a card to hire", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, Modules{}, Barracks, func(s *State) {
				onlyHand(t, s, 0, Forager)
				enlist(t, s, 0, Huntsman, Huntsman, Huntsman, Huntsman, Scout)
			})
			return s, 0, first(t, s, 0, KindDismiss)
		}, false},
		{"General: a card discarded down to 8 at the end of the turn", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, 2)
			onlyHand(t, s, 0, Scout, Scout, Scout, Archer, Archer, Huntsman, Huntsman, Huntsman, Huntsman)
			do(t, s, 0, KindPlace, Silversmith)
			do(t, s, 0, KindTake, GateHouse)
			return s, 0, first(t, s, 0, KindDiscard)
		}, false},

		// Town Hall abilities: choices among open things, or hidden cards.
		{"Town Hall, Archer: an opponent's worker swapped", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Archer, func(s *State) { workerTo(t, s, -1, 1, Grey) })
			return s, 0, act0(KindSwap, 1, GateHouse)
		}, true},
		{"Town Hall, Archer: the ability declined", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Archer, func(s *State) { workerTo(t, s, -1, 1, Grey) })
			return s, 0, act0(KindSkip)
		}, true},
		{"Town Hall, Barbarian: plunder taken from an opponent", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Barbarian, func(s *State) { fund(s, 2, 0, 0, 0, 1, 0) })
			return s, 0, act0(KindSteal, 2, Iron)
		}, true},
		{"Town Hall, Berserker: an opponent loses 1 armour", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Berserker, func(s *State) { s.Seats[1].Armour = 2 })
			return s, 0, act0(KindStrip, 1)
		}, true},
		{"Town Hall, Brawler: a crew member let go for plunder", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Brawler, func(s *State) { enlist(t, s, 0, Scout) })
			return s, 0, first(t, s, 0, KindBrawl)
		}, true},
		{"Town Hall, Gravedigger: a hand card put face up in the crew", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Gravedigger, func(s *State) { enlist(t, s, 0, Scout); give(t, s, 0, Mercenary) })
			return s, 0, first(t, s, 0, KindExhume)
		}, false},
		{"Town Hall, Merchant: the Silversmith's action used", func(t *testing.T) (*State, int, rules.Action) {
			return atTownHall(t, Merchant, nil), 0, act0(KindUse, Silversmith)
		}, true},
		{"Town Hall, Merchant: the Gate House's action used, townsfolk drawn", func(t *testing.T) (*State, int, rules.Action) {
			return atTownHall(t, Merchant, nil), 0, act0(KindUse, GateHouse)
		}, false},
		{"Town Hall, Mercenary: an opponent gives 1 provision", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Mercenary, func(s *State) { fund(s, 1, 0, 1, 0, 0, 0) })
			return s, 1, act0(KindGive, 1)
		}, true},
		{"Town Hall, Recruiter: a hand card hired face-up", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Recruiter, func(s *State) { give(t, s, 0, Mercenary) })
			return s, 0, first(t, s, 0, KindHire)
		}, false},
		{"Town Hall, Recruiter: a crew member discarded first (every card costs 2)", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Recruiter, func(s *State) {
				give(t, s, 0, Mercenary)
				enlist(t, s, 0, Huntsman, Huntsman, Huntsman, Huntsman, Scout)
			})
			return s, 0, first(t, s, 0, KindDismiss)
		}, true},
		{"Town Hall, Scout: the opponent to swap with chosen", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Scout, func(s *State) { give(t, s, 0, Mercenary) })
			return s, 0, act0(KindScout, 1)
		}, true},
		{"Town Hall, Scout: a hidden card given for one taken at random", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Scout, func(s *State) { give(t, s, 0, Mercenary) })
			do(t, s, 0, KindScout, 1)
			return s, 0, first(t, s, 0, KindTrade1)
		}, false},
		{"Town Hall, Scout: swapping stopped", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Scout, func(s *State) { give(t, s, 0, Mercenary) })
			do(t, s, 0, KindScout, 1)
			return s, 0, act0(KindSkip)
		}, true},
		{"Town Hall, Trader: an offering made for less, a new one dealt", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Trader, func(s *State) { fund(s, 0, 6, 0, 3, 3, 3) })
			return s, 0, first(t, s, 0, KindOffer)
		}, false},
		{"Town Hall, Warlord: 2 silver taken from an opponent", func(t *testing.T) (*State, int, rules.Action) {
			s := atTownHall(t, Warlord, func(s *State) { fund(s, 2, 3, 0, 0, 0, 0) })
			return s, 0, act0(KindRob, 2)
		}, true},

		// Raids.
		{"Raid, at a harbour: 1 point, no dice", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbour(t, Modules{}, Pieces{1, 0, 0, 0})
			return s, 0, act0(KindRaid, h)
		}, true},
		{"Raid: the dice shown rolled", func(t *testing.T) (*State, int, rules.Action) {
			s, o := outpost(t, Huntsman, Huntsman, Scout)
			return s, 0, act0(KindRaid, o)
		}, false},
		{"Raid: a crew member lost to a Valkyrie", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbour(t, Modules{}, Pieces{0, 0, 0, 1})
			do(t, s, 0, KindRaid, h)
			return s, 0, first(t, s, 0, KindLose)
		}, true},
		{"Brawler: a die rerolled", func(t *testing.T) (*State, int, rules.Action) {
			s, o := outpost(t, Brawler, Huntsman, Huntsman)
			do(t, s, 0, KindRaid, o)
			return s, 0, act0(KindReroll, 0)
		}, false},
		{"Brawler: the dice kept", func(t *testing.T) (*State, int, rules.Action) {
			s, o := outpost(t, Brawler, Huntsman, Huntsman)
			do(t, s, 0, KindRaid, o)
			return s, 0, act0(KindSkip)
		}, true},
		{"Avenger: the opponent to lose a crew member chosen", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbour(t, Modules{}, Pieces{0, 0, 0, 1})
			noCrew(s, 0)
			av := enlist(t, s, 0, Avenger, Huntsman)[0]
			enlist(t, s, 1, Scout)
			do(t, s, 0, KindRaid, h)
			do(t, s, 0, KindLose, av)
			return s, 0, act0(KindAvenge, 1)
		}, true},
		{"Avenger: the opponent's crew member lost", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbour(t, Modules{}, Pieces{0, 0, 0, 1})
			noCrew(s, 0)
			av := enlist(t, s, 0, Avenger, Huntsman)[0]
			enlist(t, s, 1, Scout)
			do(t, s, 0, KindRaid, h)
			do(t, s, 0, KindLose, av)
			do(t, s, 0, KindAvenge, 1)
			return s, 1, first(t, s, 1, KindLose)
		}, true},

		// Hall of Heroes.
		{"Mead Hall: the worker placed, Charm the Crowd open", func(t *testing.T) (*State, int, rules.Action) {
			return tableWith(t, 2, heroes), 0, act0(KindPlace, MeadHall)
		}, true},
		{"Mead Hall, Charm the Crowd: a face-up townsfolk taken, the row refilled from the deck", func(t *testing.T) (*State, int, rules.Action) {
			return placed(t, heroes, MeadHall, nil), 0, act0(KindCharm, 2)
		}, false},
		{"Mead Hall: a reputation tile claimed", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, heroes, MeadHall, func(s *State) { s.Seats[0].Armour = 6 })
			return s, 0, act0(KindClaim, RepArmour)
		}, true},
		{"Mead Hall, Complete a Quest: taken on, which shows the hand's strength", func(t *testing.T) (*State, int, rules.Action) {
			s, h := questing(t)
			return s, 0, act0(KindQuest, h)
		}, false},
		{"Mead Hall, Complete a Quest: a card discarded from hand", func(t *testing.T) (*State, int, rules.Action) {
			s, h := questing(t)
			do(t, s, 0, KindQuest, h)
			return s, 0, first(t, s, 0, KindSpend)
		}, false},
		{"Raid 4: the raid begun, mead to declare before rolling", func(t *testing.T) (*State, int, rules.Action) {
			s, m := meadRaid(t)
			return s, 0, act0(KindRaid, m)
		}, true},
		{"Raid 4: mead drunk, then the dice rolled", func(t *testing.T) (*State, int, rules.Action) {
			s, m := meadRaid(t)
			do(t, s, 0, KindRaid, m)
			return s, 0, act0(KindMead, 2)
		}, false},
		{"Raid 10: a harbour raided, a quest tile drawn onto it", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbour(t, heroes, Pieces{1, 0, 0, 0})
			return s, 0, act0(KindRaid, h)
		}, false},
		{"Raid 9: the Valkyries to resolve, the quest tile not drawn yet", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbour(t, heroes, Pieces{0, 0, 0, 1})
			return s, 0, act0(KindRaid, h)
		}, true},
		{"Raid 9 and 10: the last crew member lost, then a quest tile drawn", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbour(t, heroes, Pieces{0, 0, 0, 1})
			do(t, s, 0, KindRaid, h)
			return s, 0, first(t, s, 0, KindLose)
		}, false},

		// Fields of Fame.
		{"Raid 8: a Jarl token taken, a Jarl card revealed", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 1}, []int{Mercenary, Warlord}, Asgeir)
			return s, 0, act0(KindRaid, h)
		}, false},
		{"Raid 8: a Jarl to kill, another still to face", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 2}, []int{Mercenary, Warlord}, Asgeir, Bodvar)
			do(t, s, 0, KindRaid, h)
			return s, 0, act0(KindKill)
		}, true},
		{"Raid 8: a Jarl subdued", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 1}, []int{Mercenary, Warlord}, Asgeir)
			do(t, s, 0, KindRaid, h)
			return s, 0, act0(KindSubdue)
		}, true},
		{"Raid 8: the last Jarl fled from", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 1}, []int{Mercenary, Warlord}, Asgeir)
			do(t, s, 0, KindRaid, h)
			return s, 0, first(t, s, 0, KindFlee)
		}, true},
		{"Wounds: a wound placed on a crew member", func(t *testing.T) (*State, int, rules.Action) {
			s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 1}, []int{Mercenary, Warlord}, Asgeir)
			do(t, s, 0, KindRaid, h)
			do(t, s, 0, KindKill)
			return s, 0, first(t, s, 0, KindWound)
		}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, p, a := c.play(t)
			seat := rules.Seat(p)
			orig := s.Clone()
			reveals := s.Reveals(seat, a)
			_, before, err := rules.Reversibly(s, seat, a, func() ([]rules.Event, error) { return s.Apply(seat, a) })
			if err != nil {
				t.Fatal(err)
			}
			if back := before != nil; back != c.back {
				t.Fatalf("%v by seat %d may be taken back: %v, want %v (Reveals %v)", a, p, back, c.back, reveals)
			}
			if !c.back && !reveals {
				t.Errorf("%v is final only by the generator or a secret: the game should call it so (Reveals)", a)
			}
			if before != nil {
				if same, err := rules.SameState(before, orig); err != nil || !same {
					t.Errorf("the state kept to take %v back is not the one before it (err %v)", a, err)
				}
			}
		})
	}
}

// questing is a Hall of Heroes table where seat 0, holding strength 7 in
// hand, put its worker at the Mead Hall with a quest needing 6 at a
// harbour; it returns the harbour.
func questing(t *testing.T) (*State, int) {
	t.Helper()
	h := spaceOf(Harbour)
	s := placed(t, heroes, MeadHall, func(s *State) {
		q := 9 // needs 6
		s.QuestStack = rules.Without(s.QuestStack, q)
		s.SpaceQuest[h] = q
		onlyHand(t, s, 0, Jeweller, Archer, Berserker)
	})
	return s, h
}

// meadRaid readies seat 0 of a Hall of Heroes table, with 3 mead, to raid
// the first monastery.
func meadRaid(t *testing.T) (*State, int) {
	t.Helper()
	s := tableWith(t, 2, heroes)
	m := spaceOf(Monastery)
	noCrew(s, 0)
	enlist(t, s, 0, Huntsman, Reveller, Scout, Shieldmaiden)
	workerTo(t, s, -1, 0, White)
	fund(s, 0, 0, 3, 1, 0, 0)
	s.Seats[0].Mead, s.Mead = 3, s.Mead-3
	return s, m
}
