package rednorth

import (
	"testing"

	"longhall/rules"
)

// TestUndo: one case per kind of action, named after the rule it plays,
// checks that rules.Reversibly lets it be taken back, or calls it final,
// as undo.go says: final exactly when it turns a card up, shows a hand
// card, draws from the deck or names a hidden card.
func TestUndo(t *testing.T) {
	// Ragnarok with seat 0 holding god and an opponent with a face-down card.
	ragnarok := func(god string, me seatSpec, opts ...func(*table)) table {
		me.god = god
		tt := table{players: 2, round: Ragnarok, outposts: []string{"green", "red", "blue"},
			seats: []seatSpec{me, {party: []string{"green"}}}}
		for _, o := range opts {
			o(&tt)
		}
		return tt
	}
	withDeck := func(d ...string) func(*table) { return func(tt *table) { tt.deck = d } }
	withDiscard := func(d ...string) func(*table) { return func(tt *table) { tt.discard = d } }
	withSetAside := func(d ...string) func(*table) { return func(tt *table) { tt.setAside = d } }
	// Summer, seat 0 about to deploy its last card, the others deployed;
	// owners hold the Outposts whose powers follow Deployment.
	powers := func(owners map[Colour]int, discard ...string) table {
		deployed := []string{"red", "red", "red"}
		return table{players: 3, round: Summer, outposts: []string{"green", "red", "yellow", "blue"}, owners: owners, discard: discard, deploying: true,
			seats: []seatSpec{{party: []string{"green", "green"}, hand: []string{"blue"}}, {party: deployed}, {party: deployed}}}
	}
	deployLast := func(t *testing.T, s *State) { do(t, s, 0, KindDeploy, s.Seats[0].Hand[0]) }
	// Player Actions in Spring, seat 0 to act: a face-down red Raider, a
	// face-up blue one, a green Raider in hand.
	actions := table{players: 2, outposts: []string{"green", "red", "blue"},
		seats: []seatSpec{{party: []string{"red", "^blue"}, hand: []string{"green"}, glory: 1}, {party: []string{"green"}}}}
	// The last pass of a round: seat 1 has passed, seat 0 passes now.
	lastPass := func(round int, outposts []string, mine, theirs []string) table {
		return table{players: 2, round: round, outposts: outposts,
			seats: []seatSpec{{party: mine}, {party: theirs, passed: true}}}
	}
	discarded := func(spec string) func(*State) []int {
		return func(s *State) []int {
			for _, id := range s.Discard {
				if cardSpec(id) == spec {
					return []int{id}
				}
			}
			return []int{-1}
		}
	}
	args := func(a ...int) func(*State) []int { return func(*State) []int { return a } }

	for _, tc := range []struct {
		name  string
		tt    table
		prep  func(t *testing.T, s *State) // the actions that lead to the one tested
		seat  int
		kind  string
		args  func(s *State) []int
		final bool
	}{
		{
			// Deployment: "Each player simultaneously chooses 3 cards ... face-down";
			// "After placement, the cards ... generally do not change." The
			// action names the card of a hand hidden from the others.
			name: "Deployment: a card deployed face-down stays", seat: 0, kind: KindDeploy, final: true,
			tt:   powers(nil),
			args: func(s *State) []int { return []int{s.Seats[0].Hand[0]} },
		},
		{
			// Activate Outpost Powers, Angleland: a public token changes hands.
			name: "Outpost Powers, Angleland: giving the First Player token", seat: 2, kind: KindGive,
			tt: powers(map[Colour]int{Red: 2}), prep: deployLast, args: args(1),
		},
		{
			// Activate Outpost Powers, Sax: the discard pile is public.
			name: "Outpost Powers, Sax: taking a Raider from the discard pile", seat: 1, kind: KindSalvage,
			tt: powers(map[Colour]int{Yellow: 1}, "jarl", "blue"), prep: deployLast, args: discarded("blue"),
		},
		{
			name: "Outpost Powers, Sax: placing it face-up at an end", seat: 1, kind: KindEnd,
			tt: powers(map[Colour]int{Yellow: 1}, "jarl", "blue"), args: args(Left),
			prep: func(t *testing.T, s *State) {
				deployLast(t, s)
				do(t, s, 1, KindSalvage, discarded("blue")(s)...)
			},
		},
		{
			name: "Outpost Powers, Sax: declining", seat: 1, kind: KindDecline,
			tt: powers(map[Colour]int{Yellow: 1}, "blue"), prep: deployLast, args: args(),
		},
		{
			// Player Actions, Withdraw: the face-down card goes back unseen.
			name: "Player Actions, Withdraw: a face-down card back to hand", seat: 0, kind: KindWithdraw,
			tt: actions, args: args(0),
		},
		{
			// Player Actions, Reinforce: "Turn one face-down card ... face-up".
			name: "Player Actions, Reinforce: turning a face-down card up", seat: 0, kind: KindReinforce, final: true,
			tt: actions, args: args(0),
		},
		{
			// "... then add one card from your hand face-up": the hand card is shown.
			name: "Player Actions, Reinforce: the hand card added face-up", seat: 0, kind: KindAdd, final: true,
			tt: actions, args: func(s *State) []int { return []int{s.Seats[0].Hand[0]} },
			prep: func(t *testing.T, s *State) { do(t, s, 0, KindReinforce, 0) },
		},
		{
			// "... to either end of your Party": the card is already seen.
			name: "Player Actions, Reinforce: choosing the end", seat: 0, kind: KindEnd,
			tt: actions, args: args(Right),
			prep: func(t *testing.T, s *State) {
				do(t, s, 0, KindReinforce, 0)
				do(t, s, 0, KindAdd, s.Seats[0].Hand[0])
			},
		},
		{
			name: "Player Actions, Inspire: Glory on a face-up Raider", seat: 0, kind: KindInspire,
			tt: actions, args: args(1),
		},
		{
			name: "Player Actions, Promote: the Champion token on a face-up Jarl", seat: 0, kind: KindPromote,
			tt: table{players: 2, outposts: []string{"green", "red", "blue"}, owners: map[Colour]int{Blue: 0}, champion: at(0),
				seats: []seatSpec{{party: []string{"red", "^jarl"}}, {party: []string{"green"}}}},
			args: args(1),
		},
		{
			// Player Actions, Pass: the Muster Groups are face-up.
			name: "Player Actions, Pass: taking a Muster Group", seat: 0, kind: KindPass,
			tt: actions, args: args(0),
		},
		{
			// Resolution A: "turn all face-down cards ... face-up".
			name: "Resolution A: the last pass reveals the face-down cards", seat: 0, kind: KindPass, final: true,
			tt: lastPass(Summer, []string{"green", "red", "blue"}, []string{"red", "^red"}, []string{"^green"}), args: args(0),
		},
		{
			// Resolution E: the Summer Muster Groups come from the deck, and
			// their Gods are turned face-up.
			name: "Resolution E: the last pass of Spring deals the Summer groups", seat: 0, kind: KindPass, final: true,
			tt: lastPass(Spring, []string{"green", "red", "blue"}, []string{"^red"}, []string{"^green"}), args: args(0),
		},
		{
			// Resolution D, Frankenland: "Draw 2 cards from the deck."
			name: "Resolution D: the last pass lets Frankenland draw", seat: 0, kind: KindPass, final: true,
			tt: lastPass(Summer, []string{"green", "red", "purple"}, []string{"^purple"}, []string{"^green"}), args: args(0),
		},
		{
			// Every card face-up and no draw in Summer without Frankenland.
			name: "Resolution: the last pass of Summer with nothing hidden", seat: 0, kind: KindPass,
			tt: lastPass(Summer, []string{"green", "red", "blue"}, []string{"^red"}, []string{"^green"}), args: args(0),
		},
		{
			// Game End: Ragnarok's D draws nothing and E is skipped.
			name: "Game End: the last pass of Ragnarok with nothing hidden", seat: 0, kind: KindPass,
			tt: lastPass(Ragnarok, []string{"green", "red", "purple"}, []string{"^purple"}, []string{"^green"}), args: args(),
		},
		{
			// Gods, Thor: the set-aside Hero is public.
			name: "Gods, Thor: the set-aside Hero to hand", seat: 0, kind: KindInvoke,
			tt: ragnarok("Thor", seatSpec{party: []string{"red"}}, withSetAside("blue hero")), args: args(),
		},
		{
			name: "Gods, Loki: invoked with a face-up Raider", seat: 0, kind: KindInvoke,
			tt: ragnarok("Loki", seatSpec{party: []string{"jarl", "red", "^blue"}}), args: args(),
		},
		{
			// Loki is offered only with a Raider or Hero in the Party; with
			// none face-up, that says a face-down card is no Jarl.
			name: "Gods, Loki: invoked with only face-down Raiders", seat: 0, kind: KindInvoke, final: true,
			tt: ragnarok("Loki", seatSpec{party: []string{"^jarl", "red"}}), args: args(),
		},
		{
			name: "Gods, Loki: Glory on a face-up Raider", seat: 0, kind: KindLoki,
			tt: ragnarok("Loki", seatSpec{party: []string{"jarl", "red", "^blue"}}), args: args(2),
			prep: func(t *testing.T, s *State) { do(t, s, 0, KindInvoke) },
		},
		{
			// "Glory tokens may not be placed on Jarls": Glory on a face-down
			// card says it is not one.
			name: "Gods, Loki: Glory on a face-down card", seat: 0, kind: KindLoki, final: true,
			tt: ragnarok("Loki", seatSpec{party: []string{"jarl", "red", "^blue"}}), args: args(1),
			prep: func(t *testing.T, s *State) { do(t, s, 0, KindInvoke) },
		},
		{
			name: "Gods, Odin: 2 VP", seat: 0, kind: KindInvoke,
			tt: ragnarok("Odin", seatSpec{party: []string{"red"}}), args: args(),
		},
		{
			// Gods, Freya: "Draw 1 card from the deck, look at it secretly".
			name: "Gods, Freya: drawing a card", seat: 0, kind: KindInvoke, final: true,
			tt: ragnarok("Freya", seatSpec{party: []string{"red"}}, withDeck("green")), args: args(),
		},
		{
			// "... and place it face-down at either end".
			name: "Gods, Freya: placing the card face-down", seat: 0, kind: KindEnd,
			tt: ragnarok("Freya", seatSpec{party: []string{"red"}}, withDeck("green")), args: args(Left),
			prep: func(t *testing.T, s *State) { do(t, s, 0, KindInvoke) },
		},
		{
			name: "Gods, Nornir: Glory back from the Party", seat: 0, kind: KindInvoke,
			tt: ragnarok("Nornir", seatSpec{party: []string{"^red+1"}}), args: args(),
		},
		{
			// Gods, Tyr: "Draw 4 cards from the deck".
			name: "Gods, Tyr: drawing 4 cards", seat: 0, kind: KindInvoke, final: true,
			tt: ragnarok("Tyr", seatSpec{party: []string{"red"}}), args: args(),
		},
		{
			name: "Gods, Saga: invoking opens the choice", seat: 0, kind: KindInvoke,
			tt: ragnarok("Saga", seatSpec{party: []string{"red"}}), args: args(),
		},
		{
			// "Turn 1 card of your choice in each opponent's Raiding Party face-up."
			name: "Gods, Saga: turning an opponent's card up", seat: 0, kind: KindSaga, final: true,
			tt: ragnarok("Saga", seatSpec{party: []string{"red"}}), args: args(1, 0),
			prep: func(t *testing.T, s *State) { do(t, s, 0, KindInvoke) },
		},
		{
			name: "Gods, Hel: invoking opens the choice", seat: 0, kind: KindInvoke,
			tt: ragnarok("Hel", seatSpec{party: []string{"red"}}, withDiscard("jarl")), args: args(),
		},
		{
			// "Search the discard pile for any 1 Jarl or Raider": it is public.
			name: "Gods, Hel: taking a card from the discard pile", seat: 0, kind: KindHel,
			tt: ragnarok("Hel", seatSpec{party: []string{"red"}}, withDiscard("jarl")), args: discarded("jarl"),
			prep: func(t *testing.T, s *State) { do(t, s, 0, KindInvoke) },
		},
		{
			// "... place it face-up anywhere in your Raiding Party".
			name: "Gods, Hel: placing it face-up", seat: 0, kind: KindInsert,
			tt: ragnarok("Hel", seatSpec{party: []string{"red"}}, withDiscard("jarl")), args: args(0),
			prep: func(t *testing.T, s *State) {
				do(t, s, 0, KindInvoke)
				do(t, s, 0, KindHel, discarded("jarl")(s)...)
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := build(t, tc.tt)
			if tc.prep != nil {
				tc.prep(t, s)
			}
			seat := rules.Seat(tc.seat)
			a := rules.Action{Kind: tc.kind, Args: tc.args(s)}
			if !hasAction(s, tc.seat, a.Kind, a.Args...) {
				t.Fatalf("%v is not legal for seat %d: %v", a, seat, s.Legal(seat))
			}
			if got := s.Reveals(seat, a); got != tc.final {
				t.Errorf("Reveals %v, want %v", got, tc.final)
			}
			pre := encode(t, s)
			_, before, err := rules.Reversibly(s, seat, a, func() ([]rules.Event, error) { return s.Apply(seat, a) })
			if err != nil {
				t.Fatal(err)
			}
			if final := before == nil; final != tc.final {
				t.Fatalf("final %v, want %v", final, tc.final)
			}
			if before != nil && encode(t, before) != pre {
				t.Error("the state kept to take the action back is not the state before it")
			}
		})
	}
}
