package rednorth

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// exampleSetup is the fixed 2-player set-up of testdata/example.json.
func exampleSetup() *Setup {
	deck := []string{
		"green", "green", "red", "red", "blue", "jarl", // seat 0, with Jarl 0
		"blue", "blue", "red", "green", "green", "green", // seat 1, with Jarl 1
		"red", "blue", // green group
		"green", "jarl", // red group
		"red", "red", // blue group
	}
	left := map[string]int{"green": 11, "red": 11, "blue": 11, "jarl": 4}
	for _, d := range deck {
		left[d]--
	}
	for _, c := range []string{"green", "red", "blue", "jarl"} {
		deck = append(deck, slices.Repeat([]string{c}, left[c])...)
	}
	return &Setup{Outposts: []string{"green", "red", "blue"}, Deck: deck, FirstPlayer: at(0),
		Gods: []string{"Odin", "Tyr", "Hel", "Thor", "Loki", "Freya", "Nornir", "Saga"}, Names: []string{"Gordon", "Rikki"}}
}

// Deployment: "Each player simultaneously chooses 3 cards from their hand
// and places them face-down in a row in front of them."
func TestDeployment(t *testing.T) {
	s := newGame(t, 2, 1, exampleSetup())
	if p := s.Pending(); len(p) != 2 || p[0].Seat != 0 || p[1].Seat != 1 {
		t.Fatalf("both seats must deploy at once: %v", p)
	}
	hand0 := slices.Clone(s.Seats[0].Hand)
	// Cards go to the right end in the order chosen, face-down.
	do(t, s, 0, KindDeploy, hand0[6])
	do(t, s, 1, KindDeploy, s.Seats[1].Hand[0])
	do(t, s, 0, KindDeploy, hand0[0])
	do(t, s, 0, KindDeploy, hand0[3])
	if got := s.Seats[0].Party; len(got) != 3 || got[0].Card != hand0[6] || got[1].Card != hand0[0] || got[2].Card != hand0[3] || got[0].FaceUp || got[2].FaceUp {
		t.Fatalf("party %v", partySpecs(got))
	}
	if len(s.Seats[0].Hand) != 4 {
		t.Errorf("hand after deploying: %v", specs(s.Seats[0].Hand))
	}
	// A deployed seat waits for the others; the View says who is still choosing.
	refuse(t, s, 0, rules.ErrNotPending, KindDeploy, hand0[1])
	v := s.view(1)
	if v.Seats[0].Deploying || !v.Seats[1].Deploying || !slices.Equal(v.Pending, []int{1}) {
		t.Errorf("view of who deploys: %+v %+v %v", v.Seats[0], v.Seats[1], v.Pending)
	}
	// Only hand cards may be deployed.
	refuse(t, s, 1, rules.ErrIllegal, KindDeploy, hand0[1])
	refuse(t, s, 1, rules.ErrIllegal, KindDeploy, 999)
	do(t, s, 1, KindDeploy, s.Seats[1].Hand[0])
	do(t, s, 1, KindDeploy, s.Seats[1].Hand[0])
	// No Outpost is held in Spring, so Player Actions start with the First Player.
	if s.Phase != PhaseActions || s.Turn != 0 || s.Step != nil {
		t.Fatalf("after deployment: phase %s turn %d step %v", s.Phase, s.Turn, s.Step)
	}
}

// One case per Player Action and its refusals (book: Player Actions).
func TestPlayerActions(t *testing.T) {
	two := func(party []string, hand []string, glory int) table {
		return table{players: 2, outposts: []string{"green", "red", "blue"},
			seats: []seatSpec{{party: party, hand: hand, glory: glory}, {party: []string{"red", "red", "red"}, hand: []string{"blue"}}}}
	}
	for _, tc := range []struct {
		name string
		tt   table
		run  func(t *testing.T, s *State)
	}{
		{
			// Withdraw: "Return a face-down card ... to your hand ... slide the
			// remaining cards together."
			name: "Withdraw returns a face-down card and closes the gap",
			tt:   two([]string{"^green", "red", "blue"}, nil, 0),
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindWithdraw, 1)
				if got := partySpecs(s.Seats[0].Party); !slices.Equal(got, []string{"^green", "blue"}) {
					t.Errorf("party %v", got)
				}
				if got := specs(s.Seats[0].Hand); !slices.Equal(got, []string{"red"}) {
					t.Errorf("hand %v", got)
				}
				if s.Turn != 1 {
					t.Errorf("turn %d after an action", s.Turn)
				}
			},
		},
		{
			// Decision WithdrawnGloryToOwner: Loki's Glory on a withdrawn
			// face-down card goes back to the general supply.
			name: "Withdraw returns the card's Glory to the supply, not the player",
			tt:   two([]string{"red+2", "blue"}, nil, 1),
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindWithdraw, 0)
				if s.Seats[0].Glory != 1 || len(s.Seats[0].Party) != 1 || s.Seats[0].Party[0].Glory != 0 {
					t.Errorf("glory %d, party %v", s.Seats[0].Glory, partySpecs(s.Seats[0].Party))
				}
			},
		},
		{
			// Withdraw: "Face-up cards may not be withdrawn."
			name: "Withdraw refuses a face-up card",
			tt:   two([]string{"^green", "red"}, nil, 0),
			run: func(t *testing.T, s *State) {
				err := refuse(t, s, 0, rules.ErrIllegal, KindWithdraw, 0)
				if !strings.Contains(err.Error(), "face-up cards may not be withdrawn") {
					t.Errorf("reason: %v", err)
				}
			},
		},
		{
			// Reinforce: "Turn one face-down card ... face-up, then add one card
			// from your hand face-up to either end."
			name: "Reinforce flips, then adds a hand card at an end",
			tt:   two([]string{"green", "red", "blue"}, []string{"jarl", "blue"}, 0),
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindReinforce, 1)
				if !s.Seats[0].Party[1].FaceUp || s.Step == nil || s.Step.Kind != StepReinforceAdd {
					t.Fatalf("after the flip: %v step %v", partySpecs(s.Seats[0].Party), s.Step)
				}
				// The second step offers the hand cards, the third the two ends only.
				if n := countKind(s, 0, KindAdd); n != 2 || len(s.Legal(0)) != 2 {
					t.Fatalf("add choices %v", s.Legal(0))
				}
				refuse(t, s, 0, rules.ErrIllegal, KindPass, 0)
				do(t, s, 0, KindAdd, s.Seats[0].Hand[0]) // the blue Raider (hands are sorted by id)
				refuse(t, s, 0, rules.ErrIllegal, KindEnd, 2)
				do(t, s, 0, KindEnd, Left)
				if got := partySpecs(s.Seats[0].Party); !slices.Equal(got, []string{"^blue", "green", "^red", "blue"}) {
					t.Errorf("party %v", got)
				}
				if s.Turn != 1 || s.Step != nil {
					t.Errorf("turn %d step %v", s.Turn, s.Step)
				}
			},
		},
		{
			// Reinforce: "you may not take this action if you have no face-down
			// cards remaining."
			name: "Reinforce refused without a face-down card",
			tt:   two([]string{"^green", "^red"}, []string{"jarl"}, 0),
			run: func(t *testing.T, s *State) {
				err := refuse(t, s, 0, rules.ErrIllegal, KindReinforce, 0)
				if !strings.Contains(err.Error(), "no face-down card") {
					t.Errorf("reason: %v", err)
				}
			},
		},
		{
			// Decision ReinforceNeedsHandCard: a Reinforce must add a card.
			name: "Reinforce refused with an empty hand",
			tt:   two([]string{"green", "red"}, nil, 0),
			run: func(t *testing.T, s *State) {
				err := refuse(t, s, 0, rules.ErrIllegal, KindReinforce, 0)
				if !strings.Contains(err.Error(), "no card in hand") {
					t.Errorf("reason: %v", err)
				}
			},
		},
		{
			// Inspire: "Place 1 Glory token on a face-up Raider or Hero."
			name: "Inspire puts a Glory from supply on a face-up Raider",
			tt:   two([]string{"^red", "^jarl", "blue"}, nil, 2),
			run: func(t *testing.T, s *State) {
				if n := countKind(s, 0, KindInspire); n != 1 {
					t.Errorf("%d Inspire choices, want 1 (the face-up Raider)", n)
				}
				do(t, s, 0, KindInspire, 0)
				if s.Seats[0].Party[0].Glory != 1 || s.Seats[0].Glory != 1 {
					t.Errorf("glory on card %d, in supply %d", s.Seats[0].Party[0].Glory, s.Seats[0].Glory)
				}
			},
		},
		{
			// Inspire: "Glory tokens may not be placed on Jarls"; face-down
			// cards and an empty supply are refused too.
			name: "Inspire refusals",
			tt:   two([]string{"^red", "^jarl", "blue"}, nil, 1),
			run: func(t *testing.T, s *State) {
				for _, c := range []struct {
					pos  int
					want string
				}{{1, "may not be placed on Jarls"}, {2, "face-up Raider or Hero"}} {
					if err := refuse(t, s, 0, rules.ErrIllegal, KindInspire, c.pos); !strings.Contains(err.Error(), c.want) {
						t.Errorf("reason %v, want %q", err, c.want)
					}
				}
				s.Seats[0].Glory = 0
				if err := refuse(t, s, 0, rules.ErrIllegal, KindInspire, 0); !strings.Contains(err.Error(), "no Glory") {
					t.Errorf("reason %v", err)
				}
			},
		},
		{
			// Promote: "Place the Champion token on a face-up Jarl ... only if
			// you control the blue Outpost and have the Champion token."
			name: "Promote puts the Champion on a face-up Jarl",
			tt: table{players: 2, outposts: []string{"green", "red", "blue"}, owners: map[Colour]int{Blue: 0}, champion: at(0),
				seats: []seatSpec{{party: []string{"^red", "^jarl", "jarl"}}, {party: []string{"red"}}}},
			run: func(t *testing.T, s *State) {
				if n := countKind(s, 0, KindPromote); n != 1 {
					t.Errorf("%d Promote choices, want 1", n)
				}
				do(t, s, 0, KindPromote, 1)
				if !s.Seats[0].Party[1].Champion {
					t.Error("no Champion on the Jarl")
				}
				do(t, s, 1, KindWithdraw, 0)
				err := refuse(t, s, 0, rules.ErrIllegal, KindPromote, 1)
				if !strings.Contains(err.Error(), "already on a Jarl") {
					t.Errorf("reason %v", err)
				}
			},
		},
		{
			name: "Promote refused without the blue Outpost",
			tt: table{players: 2, outposts: []string{"green", "red", "blue"}, owners: map[Colour]int{Blue: 1}, champion: at(0),
				seats: []seatSpec{{party: []string{"^jarl"}}, {}}},
			run: func(t *testing.T, s *State) {
				if err := refuse(t, s, 0, rules.ErrIllegal, KindPromote, 0); !strings.Contains(err.Error(), "blue Outpost") {
					t.Errorf("reason %v", err)
				}
			},
		},
		{
			name: "Promote refused without the Champion token",
			tt: table{players: 2, outposts: []string{"green", "red", "blue"}, owners: map[Colour]int{Blue: 0}, champion: at(1),
				seats: []seatSpec{{party: []string{"^jarl"}}, {}}},
			run: func(t *testing.T, s *State) {
				if err := refuse(t, s, 0, rules.ErrIllegal, KindPromote, 0); !strings.Contains(err.Error(), "Champion token") {
					t.Errorf("reason %v", err)
				}
			},
		},
		{
			name: "Promote refused on a face-down Jarl",
			tt: table{players: 2, outposts: []string{"green", "red", "blue"}, owners: map[Colour]int{Blue: 0}, champion: at(0),
				seats: []seatSpec{{party: []string{"jarl"}}, {}}},
			run: func(t *testing.T, s *State) {
				if err := refuse(t, s, 0, rules.ErrIllegal, KindPromote, 0); !strings.Contains(err.Error(), "face-up Jarl") {
					t.Errorf("reason %v", err)
				}
			},
		},
		{
			// Invoke: "only available in the third round: Ragnarok."
			name: "Invoke refused before Ragnarok",
			tt: table{players: 2, round: Summer, outposts: []string{"green", "red", "blue"},
				seats: []seatSpec{{party: []string{"red"}, god: "Odin"}, {}}},
			run: func(t *testing.T, s *State) {
				if err := refuse(t, s, 0, rules.ErrIllegal, KindInvoke); !strings.Contains(err.Error(), "only be invoked in Ragnarok") {
					t.Errorf("reason %v", err)
				}
			},
		},
		{
			// Invoke: "You may only do this once per game. Discard the God card
			// after use."
			name: "Invoke once, then the God is discarded",
			tt: table{players: 2, round: Ragnarok, outposts: []string{"green", "red", "blue"},
				seats: []seatSpec{{party: []string{"red"}, god: "Odin"}, {party: []string{"blue"}}}},
			run: func(t *testing.T, s *State) {
				do(t, s, 0, KindInvoke)
				if s.Seats[0].God != -1 || !s.Seats[0].Invoked || !slices.Contains(s.GodsUsed, int(Odin)) {
					t.Fatalf("after invoking: %+v used %v", s.Seats[0], s.GodsUsed)
				}
				do(t, s, 1, KindWithdraw, 0)
				if err := refuse(t, s, 0, rules.ErrIllegal, KindInvoke); !strings.Contains(err.Error(), "already invoked") {
					t.Errorf("reason %v", err)
				}
			},
		},
		{
			// Pass: "Take one of the remaining Muster Groups into your hand ...
			// you skip your future turns."
			name: "Pass takes a Muster Group and skips later turns",
			tt: table{players: 3, outposts: []string{"green", "red", "blue", "purple"},
				seats: []seatSpec{{party: []string{"red"}}, {party: []string{"blue"}}, {party: []string{"green"}}}},
			run: func(t *testing.T, s *State) {
				g := s.Groups[1]
				do(t, s, 0, KindPass, 1)
				want := append([]int{g.Hero}, g.Cards...)
				slices.Sort(want)
				if !slices.Equal(s.Seats[0].Hand, want) || len(s.Groups) != 3 || !s.Seats[0].Passed {
					t.Fatalf("hand %v groups %d", specs(s.Seats[0].Hand), len(s.Groups))
				}
				do(t, s, 1, KindWithdraw, 0)
				do(t, s, 2, KindWithdraw, 0)
				if s.Turn != 1 {
					t.Fatalf("turn %d: the passed seat 0 must be skipped", s.Turn)
				}
				if err := refuse(t, s, 0, rules.ErrNotPending, KindWithdraw, 0); !strings.Contains(err.Error(), "passed") {
					t.Errorf("reason %v", err)
				}
			},
		},
		{
			// Gods: "When you pass during the Summer round, place the God you
			// receive face-up in front you."
			name: "Pass in Summer puts the God in front of you",
			tt: table{players: 2, round: Summer, outposts: []string{"green", "red", "blue"},
				seats: []seatSpec{{party: []string{"red"}}, {party: []string{"blue"}}}},
			run: func(t *testing.T, s *State) {
				g := s.Groups[2]
				do(t, s, 0, KindPass, 2)
				if s.Seats[0].God != g.God || len(s.Seats[0].Hand) != SummerGroupCards {
					t.Errorf("God %d, hand %v", s.Seats[0].God, specs(s.Seats[0].Hand))
				}
				if v := s.view(1); v.Seats[0].God == nil || v.Seats[0].God.ID != g.God {
					t.Error("the God in front of a player is public")
				}
			},
		},
		{
			// Game structure: "No Muster Groups are created for this final round."
			name: "Pass in Ragnarok takes nothing",
			tt: table{players: 2, round: Ragnarok, outposts: []string{"green", "red", "blue"},
				seats: []seatSpec{{party: []string{"red"}}, {party: []string{"blue"}}}},
			run: func(t *testing.T, s *State) {
				refuse(t, s, 0, rules.ErrIllegal, KindPass, 0)
				do(t, s, 0, KindPass)
				if len(s.Seats[0].Hand) != 0 || !s.Seats[0].Passed {
					t.Errorf("hand %v", s.Seats[0].Hand)
				}
			},
		},
		{
			// Player Actions: "Continue until all players have passed."
			name: "The round resolves when the last player passes",
			tt: table{players: 2, outposts: []string{"green", "red", "blue"}, turn: 1,
				seats: []seatSpec{{party: []string{"red"}, passed: true}, {party: []string{"blue"}}}},
			run: func(t *testing.T, s *State) {
				do(t, s, 1, KindPass, 0)
				if s.Round != Summer || s.Phase != PhaseDeploy || s.Report == nil || s.Report.Round != Spring {
					t.Errorf("round %d phase %s", s.Round, s.Phase)
				}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.run(t, build(t, tc.tt))
		})
	}
}

// Player Actions: "Starting with the player with the First Player token and
// proceeding clockwise."
func TestTurnOrderStartsWithTheFirstPlayer(t *testing.T) {
	s := build(t, table{players: 4, outposts: []string{"green", "red", "blue", "purple", "yellow"}, first: 2, deploying: true,
		seats: []seatSpec{{party: []string{"red", "red", "red"}}, {party: []string{"red", "red", "red"}}, {party: []string{"red", "red"}, hand: []string{"blue"}}, {party: []string{"red", "red", "red"}}}})
	do(t, s, 2, KindDeploy, s.Seats[2].Hand[0])
	var order []int
	for range 4 {
		order = append(order, s.Turn)
		do(t, s, s.Turn, KindWithdraw, 0)
	}
	if !slices.Equal(order, []int{2, 3, 0, 1}) {
		t.Errorf("turn order %v", order)
	}
}

// Activate Outpost Powers, after Deployment and before the first action.
func TestOutpostPowers(t *testing.T) {
	deployed := []string{"red", "red", "red"}
	pos := func(owners map[Colour]int, discard []string) table {
		return table{players: 3, round: Summer, outposts: []string{"green", "red", "yellow", "blue"}, owners: owners, discard: discard, deploying: true,
			seats: []seatSpec{{party: []string{"green", "green"}, hand: []string{"blue"}}, {party: deployed}, {party: deployed}}}
	}
	deployLast := func(t *testing.T, s *State) { do(t, s, 0, KindDeploy, s.Seats[0].Hand[0]) }
	for _, tc := range []struct {
		name string
		tt   table
		run  func(t *testing.T, s *State)
	}{
		{
			// Red / Angleland: "give the First Player token to a player of your
			// choice".
			name: "Angleland gives the First Player token away",
			tt:   pos(map[Colour]int{Red: 2}, nil),
			run: func(t *testing.T, s *State) {
				deployLast(t, s)
				if s.Phase != PhasePowers || s.Step == nil || s.Step.Kind != StepRed || s.Step.Seat != 2 || len(s.Legal(2)) != 3 {
					t.Fatalf("phase %s step %+v legal %v", s.Phase, s.Step, s.Legal(2))
				}
				refuse(t, s, 0, rules.ErrNotPending, KindWithdraw, 0)
				do(t, s, 2, KindGive, 1)
				if s.FirstPlayer != 1 || s.Phase != PhaseActions || s.Turn != 1 {
					t.Errorf("first %d phase %s turn %d", s.FirstPlayer, s.Phase, s.Turn)
				}
			},
		},
		{
			// "... or decide to keep it for yourself."
			name: "Angleland keeps the First Player token",
			tt:   pos(map[Colour]int{Red: 2}, nil),
			run: func(t *testing.T, s *State) {
				deployLast(t, s)
				do(t, s, 2, KindGive, 2)
				if s.FirstPlayer != 2 || s.Turn != 2 {
					t.Errorf("first %d turn %d", s.FirstPlayer, s.Turn)
				}
			},
		},
		{
			// Yellow / Sax: "select a single Raider card from the discard pile
			// and place it face-up to either the left or right end".
			name: "Sax takes a Raider from the discard pile to an end",
			tt:   pos(map[Colour]int{Yellow: 1}, []string{"jarl", "blue", "green"}),
			run: func(t *testing.T, s *State) {
				deployLast(t, s)
				legal := s.Legal(1)
				if len(legal) != 3 || countKind(s, 1, KindSalvage) != 2 || countKind(s, 1, KindDecline) != 1 {
					t.Fatalf("Sax choices %v (Raiders only, and decline)", legal)
				}
				blue := s.Discard[1]
				refuse(t, s, 1, rules.ErrIllegal, KindSalvage, s.Discard[0]) // a Jarl
				do(t, s, 1, KindSalvage, blue)
				do(t, s, 1, KindEnd, Left)
				if got := partySpecs(s.Seats[1].Party); !slices.Equal(got, []string{"^blue", "red", "red", "red"}) {
					t.Errorf("party %v", got)
				}
				if s.Phase != PhaseActions || slices.Contains(s.Discard, blue) {
					t.Errorf("phase %s discard %v", s.Phase, specs(s.Discard))
				}
			},
		},
		{
			name: "Sax may decline",
			tt:   pos(map[Colour]int{Yellow: 1}, []string{"blue"}),
			run: func(t *testing.T, s *State) {
				deployLast(t, s)
				do(t, s, 1, KindDecline)
				if len(s.Seats[1].Party) != 3 || len(s.Discard) != 1 || s.Phase != PhaseActions {
					t.Errorf("party %v discard %v", partySpecs(s.Seats[1].Party), specs(s.Discard))
				}
			},
		},
		{
			name: "Sax is skipped with no Raider in the discard pile",
			tt:   pos(map[Colour]int{Yellow: 1}, []string{"jarl"}),
			run: func(t *testing.T, s *State) {
				deployLast(t, s)
				if s.Phase != PhaseActions || s.Step != nil {
					t.Errorf("phase %s step %v", s.Phase, s.Step)
				}
			},
		},
		{
			// Both powers, Angleland first, then Sax, then the First Player acts.
			name: "Angleland then Sax before the first action",
			tt:   pos(map[Colour]int{Red: 1, Yellow: 2}, []string{"blue"}),
			run: func(t *testing.T, s *State) {
				deployLast(t, s)
				do(t, s, 1, KindGive, 0)
				if s.Step == nil || s.Step.Kind != StepSax || s.Step.Seat != 2 {
					t.Fatalf("step %+v", s.Step)
				}
				do(t, s, 2, KindSalvage, s.Discard[0])
				do(t, s, 2, KindEnd, Right)
				if s.Phase != PhaseActions || s.Turn != 0 {
					t.Errorf("phase %s turn %d", s.Phase, s.Turn)
				}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.run(t, build(t, tc.tt))
		})
	}
}

// Errors are typed and readable whatever is sent.
func TestRefusalsAreTyped(t *testing.T) {
	s := newGame(t, 2, 1, exampleSetup())
	refuse(t, s, 5, rules.ErrNotPending, KindDeploy, s.Seats[0].Hand[0])
	refuse(t, s, -1, rules.ErrNotPending, KindDeploy, s.Seats[0].Hand[0])
	refuse(t, s, 0, rules.ErrIllegal, "bogus", 1, 2, 3)
	refuse(t, s, 0, rules.ErrIllegal, KindDeploy)
	refuse(t, s, 0, rules.ErrIllegal, KindWithdraw, 0)
	s.Outcome = &rules.Result{Winners: []rules.Seat{0}}
	s.Phase = PhaseOver
	_, err := s.Apply(0, rules.Action{Kind: KindDeploy, Args: []int{s.Seats[0].Hand[0]}})
	if !errors.Is(err, rules.ErrGameOver) || !strings.HasPrefix(err.Error(), "rednorth: ") {
		t.Errorf("after the end: %v", err)
	}
}
