package raiders

import (
	"fmt"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// scramble deals again, in a copy, everything seat me cannot see: the
// other players' hands and set-up cards, the deck's order and the offering
// stack's order.
func scramble(s *State, me int, rng *rules.RNG) *State {
	c := s.Clone().(*State)
	slots := c.unseen(me)
	ids := make([]int, len(slots))
	for i, p := range slots {
		ids[i] = *p
	}
	rules.Shuffle(rng, ids)
	for i, p := range slots {
		*p = ids[i]
	}
	for p := range c.Seats {
		slices.Sort(c.Seats[p].Dealt)
	}
	rules.Shuffle(rng, c.Offering)
	return c
}

// check verifies that nothing was created or lost: every card, offering,
// piece of plunder, Valkyrie, silver, provision and worker is in exactly
// one place, and the limits hold.
func check(st rules.State) error {
	s := st.(*State)
	cards := slices.Concat(s.Deck, s.Discard)
	offerings := slices.Concat(s.Offering)
	plunder := s.Supply
	silver, provisions := s.Silver, s.Provisions
	var workers [3]int
	count := func(w int) error {
		if w < NoWorker || w > White {
			return fmt.Errorf("a worker of colour %d", w)
		}
		if w != NoWorker {
			workers[w]++
		}
		return nil
	}
	for _, o := range s.Row {
		if o >= 0 {
			offerings = append(offerings, o)
		}
	}
	for p := range s.Seats {
		pl := &s.Seats[p]
		cards = slices.Concat(cards, pl.Hand, pl.Crew, pl.Dealt)
		offerings = append(offerings, pl.Offerings...)
		plunder[Gold] += pl.Gold
		plunder[Iron] += pl.Iron
		plunder[Livestock] += pl.Livestock
		silver += pl.Silver
		provisions += pl.Provisions
		if err := count(pl.Worker); err != nil {
			return err
		}
		if len(pl.Crew) > MaxCrew || pl.Armour > MaxArmour || pl.Valkyrie > MaxValkyrie {
			return fmt.Errorf("seat %d has %d crew, %d armour, Valkyrie track %d", p, len(pl.Crew), pl.Armour, pl.Valkyrie)
		}
		for _, n := range []int{pl.Silver, pl.Provisions, pl.Gold, pl.Iron, pl.Livestock, pl.Armour, pl.VP} {
			if n < 0 {
				return fmt.Errorf("seat %d has a negative count: %+v", p, *pl)
			}
		}
		if p != s.Step.Seat && s.Step.Kind == StepTurn && (len(pl.Hand) > MaxHand || pl.Silver > MaxSilver || pl.Provisions > MaxProvisions) {
			return fmt.Errorf("seat %d is over a limit between turns: %d cards, %d silver, %d provisions", p, len(pl.Hand), pl.Silver, pl.Provisions)
		}
	}
	for i := range Spaces {
		for k := range plunder {
			plunder[k] += s.Plunder[i][k]
		}
		if err := count(s.SpaceWorkers[i]); err != nil {
			return err
		}
	}
	for _, w := range s.Buildings {
		if err := count(w); err != nil {
			return err
		}
	}
	slices.Sort(cards)
	for i, c := range cards {
		if c != i {
			return fmt.Errorf("the townsfolk are not all there once: %v", cards)
		}
	}
	if len(cards) != NumCards {
		return fmt.Errorf("%d townsfolk, want %d", len(cards), NumCards)
	}
	slices.Sort(offerings)
	for i, o := range offerings {
		if o != i {
			return fmt.Errorf("the offerings are not all there once: %v", offerings)
		}
	}
	if len(offerings) != len(Offerings) {
		return fmt.Errorf("%d offerings, want %d", len(offerings), len(Offerings))
	}
	if plunder != Bag {
		return fmt.Errorf("plunder and Valkyries %v, want %v", plunder, Bag)
	}
	if silver != SilverSupply || provisions != ProvisionsSupply {
		return fmt.Errorf("%d silver and %d provisions, want %d and %d", silver, provisions, SilverSupply, ProvisionsSupply)
	}
	if want := [3]int{3 + s.Players, 11, 12}; workers != want {
		return fmt.Errorf("workers by colour %v, want %v", workers, want)
	}
	// Hidden things stay hidden: no view holds another seat's hand.
	for me := -1; me < s.Players; me++ {
		v := s.view(me)
		for p, pv := range v.Players {
			if pv.Hand != len(s.Seats[p].Hand) {
				return fmt.Errorf("seat %d's hand count is wrong in seat %d's view", p, me)
			}
		}
		if me < 0 && (len(v.Hand) > 0 || len(v.Dealt) > 0) {
			return fmt.Errorf("a spectator sees a hand")
		}
	}
	return nil
}

// suite is Raiders for the conformance suite.
func suite() rulestest.Suite {
	return rulestest.Suite{
		Game: game{},
		Scramble: func(st rules.State, me rules.Seat, rng *rules.RNG) rules.State {
			return scramble(st.(*State), int(me), rng)
		},
		Check: check,
		BadConfigs: []rules.Config{
			{Players: 2, Options: map[string]string{"heroes": "on"}},
			{Players: 3, Setup: []byte(`{}`)},
		},
	}
}

// TestConformance plays many whole games at 2, 3 and 4 players through the
// conformance suite: at every step Pending and Legal agree, refused actions
// change nothing, clones are independent, no seat's view, legal actions or
// bot choice depends on what it cannot see, nothing is created or lost,
// and the record replays to the same state.
func TestConformance(t *testing.T) {
	s := suite()
	s.Games, s.Every, s.HiddenEvery = 150, 9, 10
	rulestest.Run(t, s)
}

var fuzzKinds = []string{
	KindReturn, KindPlace, KindTake, KindRaid, KindSkip, KindTown, KindSell, KindSell2, KindHire, KindDismiss, KindArm,
	KindMill, KindTrade, KindOffer, KindReroll, KindLose, KindAvenge, KindDiscard, KindSwap, KindSteal, KindStrip,
	KindBrawl, KindExhume, KindUse, KindGive, KindScout, KindTrade1, KindRob, "RAID",
}

// FuzzApply feeds Apply arbitrary actions mixed with legal ones: Apply
// never panics, a refused action leaves the state as it was, and the state
// stays valid after every accepted one.
func FuzzApply(f *testing.F) { rulestest.FuzzApply(f, suite(), fuzzKinds) }
