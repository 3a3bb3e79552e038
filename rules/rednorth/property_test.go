package rednorth

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/mcts"
	"longhall/rules/rulestest"
)

// conforms is Red North's own invariants for the conformance suite: the
// state is valid (every card in exactly one place), other seats' face-down
// cards reach a view as backs, never ids, and a spectator has no hand.
func conforms(st rules.State) error {
	s := st.(*State)
	if err := s.check(); err != nil {
		return err
	}
	for me := 0; me < s.Players; me++ {
		v := s.view(me)
		for p, sv := range v.Seats {
			for i, pc := range sv.Party {
				if p != me && !pc.FaceUp && pc.Card != nil {
					return fmt.Errorf("seat %d sees seat %d's face-down card %d", me, p, i)
				}
				if p == me && !pc.FaceUp && (pc.Card == nil || !pc.HiddenToOthers) {
					return fmt.Errorf("seat %d does not see its own face-down card %d", me, i)
				}
			}
		}
	}
	if v := s.view(int(rules.Spectator)); v.Hand != nil {
		return fmt.Errorf("a spectator has a hand")
	}
	return nil
}

// suite is Red North for the conformance suite.
func suite() rulestest.Suite {
	return rulestest.Suite{
		Game: game{},
		// The Raiders of a colour are alike, and so are the Jarls:
		// deploying, adding, salvaging or raising one or another from the
		// hand or the discards is one choice twice.
		Copies: func(_ rules.State, a, b rules.Action) bool {
			switch a.Kind {
			case KindDeploy, KindAdd, KindSalvage, KindHel:
				return b.Kind == a.Kind && len(a.Args) == 1 && len(b.Args) == 1 && cardSpec(a.Args[0]) == cardSpec(b.Args[0])
			}
			return false
		},
		// The hard bot with the least budget (one playout of each action,
		// from a re-deal): its choice too must not depend on what its seat
		// cannot see.
		Hard: func(seed uint64) rules.Bot { b := mcts.New(game{}, seed); b.Steps = 1; return b },
		// No Scramble: the suite re-deals with the game's own Redeal.
		Check: conforms,
		Private: func(st rules.State, me rules.Seat) []string {
			return private(st.(*State), int(me))
		},
		BadConfigs: []rules.Config{
			{Players: 2, Setup: json.RawMessage(`{"outposts":["green"]}`)},
			{Players: 3, Setup: json.RawMessage(`not json`)},
		},
	}
}

// TestConformance plays whole games at 2, 3 and 4 players with random and
// bot players through the conformance suite (rulestest.DefaultGames a
// config, the thousands under make test-long): at every step Pending and
// Legal agree, refused actions change nothing, clones are independent, no
// seat's view, legal list or bot choice depends on what it cannot see, and
// every record replays to the same state.
func TestConformance(t *testing.T) {
	s := suite()
	s.Every, s.HiddenEvery = 9, 10
	rulestest.Run(t, s)
}

// checkStep verifies the contract at one step, for Red North's own drivers.
func checkStep(tb testing.TB, st rules.State) {
	tb.Helper()
	if err := conforms(st); err != nil {
		tb.Fatal(err)
	}
	pending := map[rules.Seat]bool{}
	for _, p := range st.Pending() {
		pending[p.Seat] = true
	}
	for p := rules.Seat(-1); int(p) <= st.(*State).Players; p++ {
		if l := st.Legal(p); pending[p] != (len(l) > 0) {
			tb.Fatalf("seat %d pending %v with %d legal actions", p, pending[p], len(l))
		}
	}
}

// TestViewHidesOtherSeats builds the test the contract names: two states
// that differ only in another seat's hand and face-down cards give the same
// view, and different views to that other seat.
func TestViewHidesOtherSeats(t *testing.T) {
	s := build(t, table{players: 3, outposts: []string{"green", "red", "blue", "purple"},
		seats: []seatSpec{{party: []string{"red", "^blue"}, hand: []string{"jarl"}}, {party: []string{"green", "red"}, hand: []string{"red", "red"}}, {}}})
	other := s.clone()
	// Seat 1 holds a green Raider instead of its hand's first red one, and
	// its face-down green Raider becomes a purple one.
	pl := &other.Seats[1]
	swapWithDeck := func(p *int, spec string) {
		for i, id := range other.Deck {
			if cardSpec(id) == spec {
				*p, other.Deck[i] = id, *p
				return
			}
		}
		t.Fatalf("no %s in the deck", spec)
	}
	swapWithDeck(&pl.Hand[0], "green")
	slices.Sort(pl.Hand)
	swapWithDeck(&pl.Party[0].Card, "purple")
	if err := other.check(); err != nil {
		t.Fatal(err)
	}
	for _, me := range []int{0, 2, int(rules.Spectator)} {
		if a, b := encode(t, s.View(rules.Seat(me))), encode(t, other.View(rules.Seat(me))); a != b {
			t.Errorf("seat %d tells the states apart", me)
		}
	}
	if encode(t, s.View(1)) == encode(t, other.View(1)) {
		t.Error("seat 1 cannot see its own cards")
	}
	// Seat 0 sees its own face-down Raider and the opponent's back.
	v := s.view(0)
	if own := v.Seats[0].Party[0]; own.Card == nil || own.Card.Name != "red Raider" || !own.HiddenToOthers {
		t.Errorf("own face-down card %+v", own)
	}
	if theirs := v.Seats[1].Party[0]; theirs.Card != nil || theirs.FaceUp {
		t.Errorf("opponent's face-down card %+v", theirs)
	}
	if v.Seats[1].HandCount != 2 || len(v.Hand) != 1 || v.DeckCount != len(s.Deck) {
		t.Errorf("counts %+v", v.Seats[1])
	}
	// Every card seat 2's view names, read back from the wire as a board
	// reads it: none of seat 1's hidden cards is among them.
	var back View
	if err := json.Unmarshal([]byte(encode(t, s.View(2))), &back); err != nil {
		t.Fatal(err)
	}
	shown := cardsIn(reflect.ValueOf(back))
	if len(shown) == 0 {
		t.Fatal("the view names no card at all, so the check proves nothing")
	}
	for _, id := range append(slices.Clone(s.Seats[1].Hand), s.Seats[1].Party[0].Card) {
		if slices.Contains(shown, id) {
			t.Errorf("seat 2's view contains hidden card id %d", id)
		}
	}
}

// cardsIn lists the ids of every CardView inside v.
func cardsIn(v reflect.Value) []int {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return cardsIn(v.Elem())
	case reflect.Struct:
		if c, ok := v.Interface().(CardView); ok {
			return []int{c.ID}
		}
		var out []int
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out = append(out, cardsIn(v.Field(i))...)
			}
		}
		return out
	case reflect.Slice, reflect.Array:
		var out []int
		for i := range v.Len() {
			out = append(out, cardsIn(v.Index(i))...)
		}
		return out
	}
	return nil
}

// private names the cards seat p holds hidden from the others: the hand,
// the face-down cards of the Raiding Party, and a card Freya drew that
// waits for its end (rulestest.Suite.Private).
func private(s *State, p int) []string {
	pl := &s.Seats[p]
	var out []string
	for _, id := range pl.Hand {
		out = append(out, cardName(id))
	}
	for _, pc := range pl.Party {
		if !pc.FaceUp {
			out = append(out, cardName(pc.Card))
		}
	}
	if st := s.Step; st != nil && st.Kind == StepFreyaEnd && st.Seat == p && st.Card >= 0 {
		out = append(out, cardName(st.Card))
	}
	return out
}
