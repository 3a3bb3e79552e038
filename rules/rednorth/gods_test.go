package rednorth

import (
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// Gods, page 15: one case per God, each invoked in Ragnarok by seat 0.
func TestGods(t *testing.T) {
	ragnarok := func(god string, me seatSpec, others ...seatSpec) table {
		me.god = god
		players := 1 + len(others)
		outposts := []string{"green", "red", "blue", "purple", "yellow"}[:players+1]
		return table{players: players, round: Ragnarok, outposts: outposts, seats: append([]seatSpec{me}, others...)}
	}
	opponent := seatSpec{party: []string{"green"}}
	for _, tc := range []struct {
		name string
		tt   table
		run  func(t *testing.T, s *State)
	}{
		{
			// Thor: "Retrieve the Hero card discarded as part of the leftover
			// Muster Group at the end of the Spring round, and add it to your hand."
			name: "Thor takes the set-aside Hero into hand",
			tt: func() table {
				tt := ragnarok("Thor", seatSpec{party: []string{"red"}}, opponent)
				tt.setAside = []string{"blue hero"}
				return tt
			}(),
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindInvoke)
				if !slices.Equal(s.Seats[0].Hand, []int{heroID(Blue)}) || len(s.SetAside) != 0 || s.Turn != 1 {
					t.Errorf("hand %v set aside %v turn %d", specs(s.Seats[0].Hand), s.SetAside, s.Turn)
				}
			},
		},
		{
			// Decision InvokeNeedsEffect: Thor with no Hero set aside is not offered.
			name: "Thor is not offered without a set-aside Hero",
			tt:   ragnarok("Thor", seatSpec{party: []string{"red"}}, opponent),
			run: func(t *testing.T, s *State) {
				if err := refuse(t, s, 0, rules.ErrIllegal, KindInvoke); !strings.Contains(err.Error(), "would change nothing") {
					t.Errorf("reason %v", err)
				}
			},
		},
		{
			// Loki: "Take 2 Glory tokens from the supply and immediately place
			// them on any cards in your Party, face-up or face-down ... not on Jarls."
			name: "Loki places 2 Glory, face-down cards allowed, Jarls not",
			tt:   ragnarok("Loki", seatSpec{party: []string{"jarl", "red", "^blue"}}, opponent),
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindInvoke)
				if countKind(s, 0, KindLoki) != 2 || hasAction(s, 0, KindLoki, 0) {
					t.Fatalf("Loki choices %v", s.Legal(0))
				}
				do(t, s, 0, KindLoki, 1)
				if s.Turn != 0 || s.Step == nil || s.Step.Left != 1 {
					t.Fatalf("after one token: turn %d step %+v", s.Turn, s.Step)
				}
				do(t, s, 0, KindLoki, 1)
				if s.Seats[0].Party[1].Glory != 2 || s.Seats[0].Glory != 0 || s.Turn != 1 {
					t.Errorf("glory on the red Raider %d, supply %d", s.Seats[0].Party[1].Glory, s.Seats[0].Glory)
				}
				if pts, _ := raidPoints(s.Seats[0].Party); pts[Red] != 2+1+2 {
					t.Errorf("red points %d", pts[Red])
				}
				// The Glory is public, the card under it is not.
				if pc := s.view(1).Seats[0].Party[1]; pc.Glory != 2 || pc.Card != nil {
					t.Errorf("opponent sees %+v", pc)
				}
			},
		},
		{
			// Odin: "Gain 2 VP: take a 2VP token."
			name: "Odin gives 2 VP",
			tt:   ragnarok("Odin", seatSpec{vp: 3}, opponent),
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindInvoke)
				if s.Seats[0].VP != 5 {
					t.Errorf("VP %d", s.Seats[0].VP)
				}
			},
		},
		{
			// Freya: "Draw 1 card from the deck, look at it secretly, and place it
			// face-down at either end ... This may result in your Party
			// consisting of 4 face-down cards."
			name: "Freya adds a secret card face-down at an end",
			tt: func() table {
				tt := ragnarok("Freya", seatSpec{party: []string{"red", "red", "red"}}, opponent)
				tt.deck = []string{"green"}
				return tt
			}(),
			run: func(t *testing.T, s *State) {
				ev := do(t, s, 0, KindInvoke)
				if s.Step == nil || s.Step.Kind != StepFreyaEnd || cardSpec(s.Step.Card) != "green" {
					t.Fatalf("step %+v", s.Step)
				}
				if v := s.view(1); v.Step == nil || v.Step.Card != nil {
					t.Error("the opponent sees Freya's card")
				}
				if v := s.view(0); v.Step.Card == nil || v.Step.Card.Name != "green Raider" {
					t.Error("the invoker does not see Freya's card")
				}
				last := ev[len(ev)-1]
				if last.Text != "Gordon draws a card (Freya)" || last.Secret != "Gordon draws a green Raider (Freya)" {
					t.Errorf("draw event %+v", last)
				}
				do(t, s, 0, KindEnd, Right)
				if got := partySpecs(s.Seats[0].Party); !slices.Equal(got, []string{"red", "red", "red", "green"}) {
					t.Errorf("party %v", got)
				}
			},
		},
		{
			// Nornir: "Retrieve all Glory tokens from all cards in your Raiding
			// Party. You may replay them later this round individually."
			name: "Nornir takes back the Glory to play again",
			tt:   ragnarok("Nornir", seatSpec{party: []string{"^red+2", "^blue+1"}}, opponent),
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindInvoke)
				if s.Seats[0].Glory != 3 || s.Seats[0].Party[0].Glory != 0 || s.Seats[0].Party[1].Glory != 0 {
					t.Fatalf("glory %d, party %v", s.Seats[0].Glory, partySpecs(s.Seats[0].Party))
				}
				do(t, s, 1, KindWithdraw, 0)
				do(t, s, 0, KindInspire, 1)
				if s.Seats[0].Party[1].Glory != 1 || s.Seats[0].Glory != 2 {
					t.Errorf("after Inspire: %v", partySpecs(s.Seats[0].Party))
				}
			},
		},
		{
			// Tyr: "Draw 4 cards from the deck and add them to your hand."
			name: "Tyr draws 4 cards",
			tt:   ragnarok("Tyr", seatSpec{hand: []string{"jarl"}}, opponent),
			run: func(t *testing.T, s *State) {
				deck := len(s.Deck)
				top := slices.Clone(s.Deck[:4])
				ev := do(t, s, 0, KindInvoke)
				if len(s.Seats[0].Hand) != 5 || len(s.Deck) != deck-4 {
					t.Fatalf("hand %v, deck %d", specs(s.Seats[0].Hand), len(s.Deck))
				}
				for _, id := range top {
					if !slices.Contains(s.Seats[0].Hand, id) {
						t.Errorf("%s from the top of the deck is not in hand", cardName(id))
					}
				}
				var draw rules.Event
				for _, e := range ev {
					if e.Kind == "draw" {
						draw = e
					}
				}
				if draw.Text != "Gordon draws 4 cards (Tyr)" || !slices.Equal(draw.SecretTo, []rules.Seat{0}) || draw.For(1).Text != draw.Text {
					t.Errorf("draw event %+v", draw)
				}
			},
		},
		{
			// Decision DeckOutReshuffles: a short deck gives what it has; the
			// discard pile is not shuffled in.
			name: "Tyr with a short deck draws what is left",
			tt: func() table {
				tt := ragnarok("Tyr", seatSpec{party: []string{"red"}}, opponent)
				tt.discard = []string{"blue", "blue"}
				return tt
			}(),
			run: func(t *testing.T, s *State) {
				s.Removed = append(s.Removed, s.Deck[2:]...)
				s.Deck = s.Deck[:2]
				do(t, s, 0, KindInvoke)
				if len(s.Seats[0].Hand) != 2 || len(s.Deck) != 0 || len(s.Discard) != 2 {
					t.Errorf("hand %v deck %d discard %d", specs(s.Seats[0].Hand), len(s.Deck), len(s.Discard))
				}
			},
		},
		{
			// Saga: "Turn 1 card of your choice in each opponent's Raiding Party
			// face-up. Skip players who have no face-down cards."
			name: "Saga turns a card of each opponent, skipping those with none",
			tt:   ragnarok("Saga", seatSpec{party: []string{"red"}}, seatSpec{party: []string{"^green", "blue", "red"}}, seatSpec{party: []string{"^green"}}, seatSpec{party: []string{"blue"}}),
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindInvoke)
				if s.Step == nil || !slices.Equal(s.Step.Targets, []int{1, 3}) || len(s.Legal(0)) != 3 {
					t.Fatalf("Saga targets %+v, legal %v", s.Step, s.Legal(0))
				}
				refuse(t, s, 0, rules.ErrIllegal, KindSaga, 1, 0) // already face-up
				refuse(t, s, 0, rules.ErrIllegal, KindSaga, 0, 0) // your own Party
				do(t, s, 0, KindSaga, 3, 0)
				do(t, s, 0, KindSaga, 1, 2)
				if !s.Seats[3].Party[0].FaceUp || !s.Seats[1].Party[2].FaceUp || s.Seats[1].Party[1].FaceUp || s.Turn != 1 {
					t.Errorf("parties %v %v, turn %d", partySpecs(s.Seats[1].Party), partySpecs(s.Seats[3].Party), s.Turn)
				}
			},
		},
		{
			// Hel: "Search the discard pile for any 1 Jarl or Raider card and place
			// it face-up anywhere in your Raiding Party – even between other cards."
			name: "Hel takes a Jarl or Raider from the discard pile to any place",
			tt: func() table {
				tt := ragnarok("Hel", seatSpec{party: []string{"red", "blue"}}, opponent)
				tt.discard = []string{"red hero", "jarl", "green"}
				return tt
			}(),
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindInvoke)
				if countKind(s, 0, KindHel) != 2 || hasAction(s, 0, KindHel, heroID(Red)) {
					t.Fatalf("Hel choices %v", s.Legal(0))
				}
				do(t, s, 0, KindHel, s.Discard[1])
				if len(s.Legal(0)) != 3 {
					t.Fatalf("places %v", s.Legal(0))
				}
				do(t, s, 0, KindInsert, 1)
				if got := partySpecs(s.Seats[0].Party); !slices.Equal(got, []string{"red", "^jarl", "blue"}) {
					t.Errorf("party %v", got)
				}
				if pts, _ := raidPoints(s.Seats[0].Party); pts[Red] != 3 || pts[Blue] != 3 {
					t.Errorf("points %v", pts)
				}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := build(t, tc.tt)
			if tc.tt.seats[0].god != "" && tc.name != "Thor is not offered without a set-aside Hero" && !hasAction(s, 0, KindInvoke) {
				t.Fatalf("Invoke not offered: %v", s.Legal(0))
			}
			tc.run(t, s)
			if s.Seats[0].God == -1 && !slices.Contains(s.GodsUsed, func() int { g, _ := parseGod(tc.tt.seats[0].god); return int(g) }()) {
				t.Error("an invoked God was not discarded")
			}
		})
	}
}
