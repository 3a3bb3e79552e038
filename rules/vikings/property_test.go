package vikings

import (
	"fmt"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/mcts"
	"longhall/rules/rulestest"
)

// check verifies that nothing was created or lost (every action card and
// every daughter is in exactly one place) and that the book's limits hold:
// at most 3 crew but while one is thrown overboard, one daughter of a
// colour per player and never their own, no longship left on the sea
// monster but while it is being attacked.
func check(st rules.State) error {
	s := st.(*State)
	cards := slices.Concat(s.Deck, s.Discard)
	for _, e := range s.Stack {
		if e.Kind == KindSail || e.Kind == KindEvent {
			cards = append(cards, e.Args[0])
		}
	}
	var daughters []int
	if s.Step.Kind == StepKeep { // a crew member taken, not yet kept or thrown
		if IsDaughter(s.Step.Card) {
			daughters = append(daughters, s.Step.Card)
		} else {
			cards = append(cards, s.Step.Card)
		}
	}
	for _, pile := range s.Daughters {
		daughters = append(daughters, pile...)
	}
	for p := range s.Seats {
		pl := &s.Seats[p]
		for _, c := range slices.Concat(pl.Hand, pl.Crew, pl.Camp) {
			if IsDaughter(c) {
				daughters = append(daughters, c)
			} else {
				cards = append(cards, c)
			}
		}
		for _, c := range pl.Hand {
			if IsDaughter(c) {
				return fmt.Errorf("seat %d holds a daughter in hand", p)
			}
		}
		if len(pl.Crew) > CrewLimit && !(s.Step.Kind == StepOverboard && s.Step.Seat == p) {
			return fmt.Errorf("seat %d has %d crew", p, len(pl.Crew))
		}
		colours := map[int]int{}
		for _, c := range slices.Concat(pl.Crew, pl.Camp) {
			if k := DaughterColour(c); k >= 0 {
				colours[k]++
				if k == pl.Colour || colours[k] > 1 && !(s.Step.Kind == StepOverboard && s.Step.Seat == p) {
					return fmt.Errorf("seat %d (%s) holds daughters %v and %v", p, ColourNames[pl.Colour], pl.Crew, pl.Camp)
				}
			}
		}
		for _, c := range pl.Camp {
			if !IsDaughter(c) {
				return fmt.Errorf("seat %d has %s in the war camp", p, CardName(c))
			}
		}
		if pl.Ship == s.Monster && !(len(s.Stack) > 0 && s.Stack[0].Kind == KindMonsterAttack && s.Stack[0].Seat == p) && s.MonsterFrom < 0 {
			return fmt.Errorf("seat %d's longship shares the sea monster's space %d", p, s.Monster)
		}
	}
	slices.Sort(cards)
	for i, c := range cards {
		if c != i {
			return fmt.Errorf("the action cards are not all there once: %v", cards)
		}
	}
	if len(cards) != NumActionCards {
		return fmt.Errorf("%d action cards, want %d", len(cards), NumActionCards)
	}
	slices.Sort(daughters)
	for i, c := range daughters {
		if c != NumActionCards+i {
			return fmt.Errorf("the daughters are not all there once: %v", daughters)
		}
	}
	if len(daughters) != Colours*DaughtersPerColour {
		return fmt.Errorf("%d daughters, want %d", len(daughters), Colours*DaughtersPerColour)
	}
	if Spaces[s.Monster].Kind == Harbour {
		return fmt.Errorf("the sea monster is in a harbour")
	}
	// Hidden things stay hidden: no view holds another seat's hand.
	for me := -1; me < s.Players; me++ {
		v := s.view(me)
		for p, pv := range v.Players {
			if pv.Hand != len(s.Seats[p].Hand) {
				return fmt.Errorf("seat %d's hand count is wrong in seat %d's view", p, me)
			}
		}
		if me < 0 && len(v.Hand) > 0 {
			return fmt.Errorf("a spectator sees a hand")
		}
	}
	return nil
}

// suite is Vikings for the conformance suite.
func suite() rulestest.Suite {
	return rulestest.Suite{
		Game: game{},
		// The hard bot with the least budget (one playout of each action,
		// from a re-deal): its choice too must not depend on what its seat
		// cannot see.
		Hard:  func(seed uint64) rules.Bot { b := mcts.New(game{}, seed); b.Steps = 1; return b },
		Check: check,
		Private: func(st rules.State, me rules.Seat) []string {
			return private(st.(*State), int(me))
		},
		BadConfigs: []rules.Config{
			{Players: 2, Options: map[string]string{"map": "big"}},
			{Players: 2, Options: map[string]string{"start": "7 each"}},
			{Players: 3, Setup: []byte(`{}`)},
		},
	}
}

// TestConformance plays whole games at 2, 3 and 4 players through the
// conformance suite (rulestest.DefaultGames a config, the thousands under
// make test-long): at every step Pending and Legal agree, refused actions
// change nothing, clones are independent, no seat's view, legal actions or
// bot choice depends on what it cannot see, nothing is created or lost,
// every stack resolves and every game ends, and the record replays to the
// same state.
func TestConformance(t *testing.T) {
	s := suite()
	s.Every, s.HiddenEvery = 9, 10
	rulestest.Run(t, s)
}

var fuzzKinds = []string{
	KindHero, KindSail, KindEvent, KindAttack, KindLoot, KindFeast, KindSacrifice, KindUse, KindRow, KindEnd,
	KindPass, KindDiscard, KindStop, KindOverboard, KindTake, KindKeep, KindPush, KindMonster, "SAIL",
}

// FuzzApply feeds Apply arbitrary actions mixed with legal ones: Apply
// never panics, a refused action leaves the state as it was, and the state
// stays valid after every accepted one.
func FuzzApply(f *testing.F) { rulestest.FuzzApply(f, suite(), fuzzKinds) }

// private names the cards of seat p's hand (rulestest.Suite.Private).
func private(s *State, p int) []string {
	var out []string
	for _, c := range s.Seats[p].Hand {
		out = append(out, CardName(c))
	}
	return out
}
