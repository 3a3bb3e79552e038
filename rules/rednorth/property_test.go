package rednorth

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// scramble returns a copy of s in which every card hidden from seat me
// (the deck, other seats' hands, their face-down cards and a Freya card they
// are placing) has been dealt again at random into the same places. Seat me
// must not be able to tell the two apart.
func scramble(s *State, me int, rng *rules.RNG) *State {
	c := s.clone()
	var slots []*int
	for i := range c.Deck {
		slots = append(slots, &c.Deck[i])
	}
	for p := range c.Seats {
		if p == me {
			continue
		}
		pl := &c.Seats[p]
		for i := range pl.Hand {
			slots = append(slots, &pl.Hand[i])
		}
		for i := range pl.Party {
			if !pl.Party[i].FaceUp {
				slots = append(slots, &pl.Party[i].Card)
			}
		}
	}
	if c.Step != nil && c.Step.Seat != me && c.Step.Kind == StepFreyaEnd {
		slots = append(slots, &c.Step.Card)
	}
	ids := make([]int, len(slots))
	for i, p := range slots {
		ids[i] = *p
	}
	rules.Shuffle(rng, ids)
	for i, p := range slots {
		*p = ids[i]
	}
	for p := range c.Seats {
		slices.Sort(c.Seats[p].Hand)
	}
	return c
}

// checkStep verifies the invariants the contract promises at one step.
func checkStep(tb testing.TB, st rules.State) {
	tb.Helper()
	s := st.(*State)
	if err := s.check(); err != nil {
		tb.Fatalf("invalid state: %v", err)
	}
	pending := map[int]bool{}
	for _, p := range s.Pending() {
		pending[int(p.Seat)] = true
	}
	for p := -1; p <= s.Players; p++ {
		legal := s.Legal(rules.Seat(p))
		if pending[p] && len(legal) == 0 {
			tb.Fatalf("seat %d is pending with no legal action (phase %s step %+v)", p, s.Phase, s.Step)
		}
		if !pending[p] && len(legal) != 0 {
			tb.Fatalf("seat %d is not pending but has %d legal actions", p, len(legal))
		}
		for _, a := range legal {
			if a.Label == "" {
				tb.Fatalf("unlabelled action %v", a)
			}
		}
	}
	if (s.Result() == nil) != (len(pending) > 0) {
		tb.Fatalf("result %v with %d pending seats", s.Result(), len(pending))
	}
}

// checkHidden verifies that no seat's View (nor its Legal list, nor the bot's
// choice) depends on what that seat may not see.
func checkHidden(tb testing.TB, s *State, rng *rules.RNG) {
	tb.Helper()
	for me := -1; me < s.Players; me++ {
		other := scramble(s, me, rng)
		if a, b := encode(tb, s.View(rules.Seat(me))), encode(tb, other.View(rules.Seat(me))); a != b {
			tb.Fatalf("seat %d's view depends on hidden cards:\n%s\n%s", me, a, b)
		}
		if me < 0 {
			continue
		}
		if a, b := encode(tb, s.Legal(rules.Seat(me))), encode(tb, other.Legal(rules.Seat(me))); a != b {
			tb.Fatalf("seat %d's legal actions depend on hidden cards", me)
		}
		if rules.IsPending(s, rules.Seat(me)) {
			a1, _ := game{}.NewBot(3).Choose(s, rules.Seat(me))
			a2, _ := game{}.NewBot(3).Choose(other, rules.Seat(me))
			if !a1.Same(a2) {
				tb.Fatalf("seat %d's bot chose %v and %v on the same view", me, a1, a2)
			}
		}
	}
	// Face-down cards of other seats are backs, never ids.
	for me := 0; me < s.Players; me++ {
		v := s.view(me)
		for p, sv := range v.Seats {
			for i, pc := range sv.Party {
				if p != me && !pc.FaceUp && pc.Card != nil {
					tb.Fatalf("seat %d sees seat %d's face-down card %d", me, p, i)
				}
				if p == me && !pc.FaceUp && (pc.Card == nil || !pc.HiddenToOthers) {
					tb.Fatalf("seat %d does not see its own face-down card %d", me, i)
				}
			}
		}
	}
	if v := s.view(int(rules.Spectator)); v.Hand != nil {
		tb.Fatal("a spectator has a hand")
	}
}

// TestRandomGames plays many whole games with random and bot players at 2, 3
// and 4 players, checking the invariants at every step and the replay of
// every record.
func TestRandomGames(t *testing.T) {
	games := 600
	if testing.Short() {
		games = 60
	}
	for players := 2; players <= 4; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			for i := range games {
				seed := uint64(players*100000 + i)
				rng := rules.NewRNG(seed ^ 0x5eed)
				seats := make([]rules.SeatInfo, players)
				bots := map[rules.Seat]rules.Bot{}
				for p := range seats {
					// A third of the games seat a bot or two among the random players.
					if i%3 == 0 && p%2 == 0 {
						bots[rules.Seat(p)] = game{}.NewBot(seed + uint64(p))
						seats[p].Bot = true
					}
				}
				s, rec, err := rules.Play(ID, rules.Config{}, seed, seats)
				if err != nil {
					t.Fatal(err)
				}
				hidden := i%10 == 0
				step := 0
				playOut(t, s, rec, bots, rng, func(st rules.State) {
					checkStep(t, st)
					if hidden && step%5 == 0 {
						checkHidden(t, st.(*State), rng)
					}
					step++
				})
				data, err := json.Marshal(rec)
				if err != nil {
					t.Fatal(err)
				}
				back, err := rules.ReadRecord(strings.NewReader(string(data)))
				if err != nil {
					t.Fatal(err)
				}
				r, _, err := rules.Replay(back)
				if err != nil {
					t.Fatalf("seed %d: replay: %v", seed, err)
				}
				if same, err := rules.SameState(s, r); err != nil || !same {
					t.Fatalf("seed %d: the replay differs (err %v)", seed, err)
				}
			}
		})
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
	data := encode(t, s.View(2))
	for _, id := range append(slices.Clone(s.Seats[1].Hand), s.Seats[1].Party[0].Card) {
		if strings.Contains(data, fmt.Sprintf(`"id":%d,`, id)) {
			t.Errorf("seat 2's view contains hidden card id %d", id)
		}
	}
}
