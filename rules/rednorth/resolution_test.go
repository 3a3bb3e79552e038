package rednorth

import (
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// resolveNow runs the Resolution at once, as if everyone had passed.
func resolveNow(tb testing.TB, s *State) []rules.Event {
	tb.Helper()
	for i := range s.Seats {
		s.Seats[i].Passed = true
	}
	sink := s.Sink()
	s.resolve(&sink)
	ev := sink.Events()
	if err := s.check(); err != nil {
		tb.Fatalf("after resolution: %v", err)
	}
	return ev
}

func colourReport(tb testing.TB, s *State, c Colour) ColourReport {
	tb.Helper()
	for _, cr := range s.Report.Colours {
		if cr.Colour == c.String() {
			return cr
		}
	}
	tb.Fatalf("no report for %s", c)
	return ColourReport{}
}

// Resolution A: "for each colour, each player totals the Raid Points of all
// cards of that colour in their Raiding Party."
func TestResolutionARaidPoints(t *testing.T) {
	for _, tc := range []struct {
		name  string
		party []string
		want  map[Colour]int
	}{
		{"Raider 2 and Hero 4", []string{"red", "red hero"}, map[Colour]int{Red: 6}},
		{"Jarl adds +1 to each adjacent Raider or Hero", []string{"red", "jarl", "blue hero"}, map[Colour]int{Red: 3, Blue: 5}},
		{"Jarl does not reach a card two places away", []string{"jarl", "blue", "red"}, map[Colour]int{Blue: 3, Red: 2}},
		{"Jarls do not affect other Jarls", []string{"jarl", "jarl", "red"}, map[Colour]int{Red: 3}},
		{"a card between two Jarls gets both", []string{"jarl", "green", "jarl"}, map[Colour]int{Green: 4}},
		{"Promoted Jarl adds +2 instead", []string{"red", "^jarl*", "blue"}, map[Colour]int{Red: 4, Blue: 4}},
		{"Glory adds +1 to its card's colour", []string{"red+2", "blue"}, map[Colour]int{Red: 4, Blue: 2}},
		{"colours add up across the Party", []string{"red", "blue", "red"}, map[Colour]int{Red: 4, Blue: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := build(t, table{players: 2, outposts: []string{"green", "red", "blue"}, owners: map[Colour]int{Blue: 0}, champion: at(0),
				seats: []seatSpec{{party: tc.party}, {}}})
			resolveNow(t, s)
			for _, c := range s.InPlay {
				cr := colourReport(t, s, c)
				// Outposts add their printed points to their controller.
				outpost := 0
				if c == Blue {
					outpost = OutpostRaidPoints
				}
				if cr.Cards[0] != tc.want[c] || cr.Outposts[0] != outpost || cr.Points[0] != tc.want[c]+outpost {
					t.Errorf("%s: cards %d outpost %d total %d, want %d+%d", c, cr.Cards[0], cr.Outposts[0], cr.Points[0], tc.want[c], outpost)
				}
			}
		})
	}
}

// Resolution A: "First, turn all face-down cards ... face-up."
func TestResolutionARevealsEverything(t *testing.T) {
	s := build(t, table{players: 2, round: Ragnarok, outposts: []string{"green", "red", "blue"},
		seats: []seatSpec{{party: []string{"red", "^blue", "jarl"}}, {party: []string{"green"}}}})
	resolveNow(t, s)
	for p, pl := range s.Seats {
		for _, pc := range pl.Party {
			if !pc.FaceUp {
				t.Errorf("seat %d: %s still face-down", p, cardName(pc.Card))
			}
		}
		for _, pc := range s.view(int(rules.Spectator)).Seats[p].Party {
			if pc.Card == nil {
				t.Errorf("seat %d: a revealed card is hidden from spectators", p)
			}
		}
	}
}

// Resolution B to D, one case per rule.
func TestResolutionSteps(t *testing.T) {
	three := []string{"green", "red", "blue"}
	for _, tc := range []struct {
		name string
		tt   table
		run  func(t *testing.T, s *State, ev []rules.Event)
	}{
		{
			// B: "The player with the most Raid Points in each colour wins ...
			// and scores VP."
			name: "B: most points takes the Outpost",
			tt:   table{players: 2, outposts: three, seats: []seatSpec{{party: []string{"red", "red"}}, {party: []string{"red"}}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if cr := colourReport(t, s, Red); s.Owner[Red] != 0 || cr.Outcome != OutcomeWon || cr.Winner != 0 {
					t.Errorf("red: %+v", cr)
				}
				if s.Seats[0].VP != 1 || s.Seats[1].VP != 0 {
					t.Errorf("VP %d %d", s.Seats[0].VP, s.Seats[1].VP)
				}
			},
		},
		{
			// B: "If two or more players are tied for highest, the player with
			// the Tie Breaker token takes it."
			name: "B: a tie goes to the Tie Breaker holder",
			tt:   table{players: 2, outposts: three, tb: at(1), seats: []seatSpec{{party: []string{"red"}}, {party: []string{"red"}}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if cr := colourReport(t, s, Red); s.Owner[Red] != 1 || cr.Outcome != OutcomeTieBreaker {
					t.Errorf("red: %+v", cr)
				}
			},
		},
		{
			// B: "If none holds the Tie Breaker token, the Outpost is returned to
			// the centre. No player controls it."
			name: "B: a tie without the Tie Breaker leaves the Outpost uncontrolled",
			tt: table{players: 3, outposts: []string{"green", "red", "blue", "purple"}, tb: at(2), owners: map[Colour]int{Red: 2},
				seats: []seatSpec{{party: []string{"red"}}, {party: []string{"red"}}, {}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if cr := colourReport(t, s, Red); s.Owner[Red] != -1 || cr.Outcome != OutcomeTied || cr.Before != 2 {
					t.Errorf("red: %+v", cr)
				}
				if s.view(0).Outposts[1].Owner != -1 {
					t.Error("the view still shows an owner")
				}
			},
		},
		{
			// B: "the Tie Breaker token does not change hands yet ... even if you
			// take the green Outpost from another player in this round".
			name: "B: the Tie Breaker changes hands only in D",
			tt: table{players: 2, outposts: three, tb: at(1), owners: map[Colour]int{Green: 1},
				seats: []seatSpec{{party: []string{"green hero", "red"}}, {party: []string{"red"}}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if s.Owner[Green] != 0 {
					t.Fatalf("green to %d", s.Owner[Green])
				}
				if s.Owner[Red] != 1 {
					t.Errorf("red tie to %d, want the old Tie Breaker holder 1", s.Owner[Red])
				}
				if s.TieBreaker != 0 {
					t.Errorf("after D the Tie Breaker is with %d", s.TieBreaker)
				}
			},
		},
		{
			// Decisions OutpostRaidPoints and MinPointsToControl: a holder nobody
			// attacks keeps the Outpost on its printed points and scores it.
			name: "B: an Outpost nobody raids stays with its holder",
			tt:   table{players: 2, round: Summer, outposts: three, owners: map[Colour]int{Blue: 0}, seats: []seatSpec{{}, {party: []string{"red"}}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if cr := colourReport(t, s, Blue); s.Owner[Blue] != 0 || cr.Outcome != OutcomeRetained || cr.Points[0] != OutpostRaidPoints {
					t.Errorf("blue: %+v", cr)
				}
				if s.Seats[0].VP != Summer {
					t.Errorf("VP %d, want %d for keeping blue in Summer", s.Seats[0].VP, Summer)
				}
			},
		},
		{
			// Decision MinPointsToControl: a 0-0 tie is not a win for the Tie
			// Breaker holder.
			name: "B: an Outpost nobody holds or raids stays uncontrolled",
			tt:   table{players: 2, outposts: three, tb: at(1), seats: []seatSpec{{party: []string{"red"}}, {}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if cr := colourReport(t, s, Green); s.Owner[Green] != -1 || cr.Outcome != OutcomeUnraided {
					t.Errorf("green: %+v", cr)
				}
			},
		},
		{
			// C: "Take 1 Glory token for each colour you did not win, in which
			// you had at least one Raider or Hero of a matching colour."
			name: "C: Glory for each colour fought and lost",
			tt: table{players: 2, outposts: three,
				seats: []seatSpec{{party: []string{"red", "blue", "jarl"}, glory: 1}, {party: []string{"red hero", "blue hero"}}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if s.Seats[0].Glory != 1+2 || s.Report.Glory[0] != 2 || s.Seats[1].Glory != 0 {
					t.Errorf("glory %d (report %v)", s.Seats[0].Glory, s.Report.Glory)
				}
				if cr := colourReport(t, s, Red); !slices.Equal(cr.Glory, []int{0}) {
					t.Errorf("red glory to %v", cr.Glory)
				}
			},
		},
		{
			// C: "Outposts lost without a battle ... do not grant you any Glory,
			// even if the Outpost itself has Raid Points."
			name: "C: no Glory for an Outpost lost without a battle",
			tt: table{players: 2, outposts: three, owners: map[Colour]int{Blue: 0},
				seats: []seatSpec{{party: []string{"jarl"}}, {party: []string{"blue"}}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if s.Owner[Blue] != 1 || s.Seats[0].Glory != 0 {
					t.Errorf("blue to %d, seat 0 glory %d", s.Owner[Blue], s.Seats[0].Glory)
				}
			},
		},
		{
			// D: "Red: take the First Player token. Green: the Tie Breaker. Blue:
			// the Champion. Purple: draw 2 cards."
			name: "D: Outpost tokens and Frankenland's cards",
			tt: table{players: 3, outposts: []string{"green", "red", "blue", "purple"}, first: 0,
				seats: []seatSpec{{}, {party: []string{"red", "green"}}, {party: []string{"blue", "purple"}}}},
			run: func(t *testing.T, s *State, ev []rules.Event) {
				if s.FirstPlayer != 1 || s.TieBreaker != 1 || s.Champion != 2 {
					t.Errorf("first %d tie breaker %d champion %d", s.FirstPlayer, s.TieBreaker, s.Champion)
				}
				// Seat 2 kept no cards in hand: it now holds Frankenland's 2.
				if len(s.Seats[2].Hand) != PurpleDraw || s.Report.Draws[2] != PurpleDraw {
					t.Errorf("seat 2 hand %v", specs(s.Seats[2].Hand))
				}
				var draw rules.Event
				for _, e := range ev {
					if e.Kind == "draw" {
						draw = e
					}
				}
				if draw.Text != "Håkkå draws 2 cards (Frankenland)" || !slices.Equal(draw.SecretTo, []rules.Seat{2}) || !strings.Contains(draw.Secret, cardName(s.Seats[2].Hand[0])) {
					t.Errorf("draw event %+v", draw)
				}
			},
		},
		{
			// D: "If the red Outpost ... is not in play, give the First Player
			// token to the player with the most VP."
			name: "D: without Angleland the most VP takes the First Player token",
			tt: table{players: 2, outposts: []string{"green", "blue", "yellow"}, first: 0,
				seats: []seatSpec{{}, {party: []string{"blue"}}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if s.FirstPlayer != 1 {
					t.Errorf("first player %d", s.FirstPlayer)
				}
			},
		},
		{
			// D: on a VP tie, a tied player controlling green takes it (the
			// converse of the book's sentence).
			name: "D: without Angleland a VP tie goes to the tied player with green",
			tt: table{players: 2, outposts: []string{"green", "blue", "yellow"}, first: 0,
				seats: []seatSpec{{vp: 1}, {party: []string{"green"}}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if s.Seats[0].VP != 1 || s.Seats[1].VP != 1 || s.FirstPlayer != 1 {
					t.Errorf("VP %d %d, first player %d", s.Seats[0].VP, s.Seats[1].VP, s.FirstPlayer)
				}
			},
		},
		{
			// D: "In the event of a tie, if none of the tied players controls the
			// green Outpost, the player that currently has the First Player token
			// keeps it."
			name: "D: without Angleland a VP tie without green keeps the token",
			tt: table{players: 3, outposts: []string{"green", "blue", "yellow", "purple"}, first: 2,
				seats: []seatSpec{{vp: 3}, {vp: 3}, {vp: 0}}},
			run: func(t *testing.T, s *State, _ []rules.Event) {
				if s.FirstPlayer != 2 {
					t.Errorf("first player %d", s.FirstPlayer)
				}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := build(t, tc.tt)
			ev := resolveNow(t, s)
			tc.run(t, s, ev)
		})
	}
}

// Score per Outpost: 1 VP in Spring, 2 in Summer, 3 in Ragnarok.
func TestResolutionBVPPerRound(t *testing.T) {
	for round := Spring; round <= Ragnarok; round++ {
		s := build(t, table{players: 2, round: round, outposts: []string{"green", "red", "blue"},
			seats: []seatSpec{{party: []string{"red", "blue"}}, {}}})
		resolveNow(t, s)
		if s.Seats[0].VP != 2*round || s.Report.VP[0] != 2*round {
			t.Errorf("%s: %d VP for two Outposts", roundName(round), s.Seats[0].VP)
		}
	}
}

// Resolution E: "Return all Glory tokens ... Discard all cards from all
// Raiding Parties ... discard the unclaimed Muster Group, but set aside the
// unclaimed Hero card ... create the Summer Muster Groups ... Remove unused
// God cards from the game."
func TestResolutionEPreparesSummer(t *testing.T) {
	s := build(t, table{players: 3, outposts: []string{"green", "red", "blue", "purple"},
		seats: []seatSpec{{party: []string{"^red+2", "blue"}}, {party: []string{"jarl", "blue"}}, {party: []string{"jarl"}}}})
	for p := range 3 {
		do(t, s, p, KindPass, 0)
	}
	// Groups 0, 1, 2 were taken (green, red, blue Heroes): purple is left.
	if s.Round != Summer || s.Phase != PhaseDeploy {
		t.Fatalf("round %d phase %s", s.Round, s.Phase)
	}
	if !slices.Equal(s.SetAside, []int{heroID(Purple)}) {
		t.Errorf("set aside %v", specs(s.SetAside))
	}
	// The Glory on the red Raider went back to the general supply: seat 0
	// only has the Glory it earned for losing blue (2 against 3).
	if s.Seats[0].Glory != 1 {
		t.Errorf("seat 0 glory %d", s.Seats[0].Glory)
	}
	for p, pl := range s.Seats {
		if len(pl.Party) != 0 || pl.Passed {
			t.Errorf("seat %d still has a party or has passed", p)
		}
	}
	// Discard: the parties (5 cards) and the unclaimed group's 2 cards.
	if len(s.Discard) != 7 {
		t.Errorf("discard %v", specs(s.Discard))
	}
	if len(s.Groups) != 4 || len(s.GodsRemoved) != NumGods-4 || len(s.GodPile) != 0 {
		t.Fatalf("%d Summer groups, %d Gods removed", len(s.Groups), len(s.GodsRemoved))
	}
	for _, g := range s.Groups {
		if g.God < 0 || g.Hero != -1 || len(g.Cards) != SummerGroupCards {
			t.Errorf("Summer group %+v", g)
		}
	}
	// Unused Gods are never shown.
	if v := s.view(0); v.GodsHidden != NumGods-4 || len(v.GodsUsed) != 0 {
		t.Errorf("view of Gods: hidden %d used %v", v.GodsHidden, v.GodsUsed)
	}
}

// Game structure: "No Muster Groups are created for this final round."
func TestResolutionEPreparesRagnarok(t *testing.T) {
	s := build(t, table{players: 2, round: Summer, outposts: []string{"green", "red", "blue"},
		seats: []seatSpec{{party: []string{"red"}}, {party: []string{"green"}}}})
	left := s.Groups[2]
	do(t, s, 0, KindPass, 0)
	do(t, s, 1, KindPass, 0)
	if s.Round != Ragnarok || len(s.Groups) != 0 {
		t.Fatalf("round %d groups %d", s.Round, len(s.Groups))
	}
	if !slices.Contains(s.GodsUsed, left.God) || !slices.Contains(s.Discard, left.Cards[0]) {
		t.Errorf("the unclaimed Summer group was not discarded: gods %v", s.GodsUsed)
	}
}

// Game end: "D - ... Do not collect Outpost tokens or draw any cards, except
// for the Tie Breaker token. E - ... Skip this step entirely."
func TestRagnarokExceptions(t *testing.T) {
	s := build(t, table{players: 3, round: Ragnarok, outposts: []string{"green", "red", "blue", "purple"}, first: 0, champion: at(0),
		seats: []seatSpec{{}, {party: []string{"green", "red", "blue", "purple"}}, {party: []string{"jarl"}}}})
	deck := len(s.Deck)
	resolveNow(t, s)
	if s.TieBreaker != 1 {
		t.Errorf("the Tie Breaker is still collected: %d", s.TieBreaker)
	}
	if s.FirstPlayer != 0 || s.Champion != 0 || len(s.Deck) != deck || len(s.Seats[1].Hand) != 0 {
		t.Errorf("Ragnarok D gave tokens or cards: first %d champion %d deck %d", s.FirstPlayer, s.Champion, len(s.Deck))
	}
	if s.Phase != PhaseOver || s.Result() == nil || len(s.Seats[1].Party) != 4 || len(s.Discard) != 0 {
		t.Errorf("E ran or the game did not end: phase %s", s.Phase)
	}
	if len(s.Pending()) != 0 || len(s.Legal(0)) != 0 || len(s.Legal(1)) != 0 {
		t.Error("a finished game still offers actions")
	}
	// Decision RagnarokMovesFirstPlayer: without Angleland the token does not
	// move to the leader either.
	s = build(t, table{players: 2, round: Ragnarok, outposts: []string{"green", "blue", "yellow"}, first: 0,
		seats: []seatSpec{{}, {party: []string{"blue"}, vp: 4}}})
	resolveNow(t, s)
	if s.FirstPlayer != 0 {
		t.Errorf("first player moved to %d at the end of Ragnarok", s.FirstPlayer)
	}
}

// The book's resolution example: Gordon, Rikki and Håkkå, who holds the Tie
// Breaker. "Green goes to Gordon. Red becomes uncontrolled, as neither Rikki
// nor Gordon have the Tie Breaker. Purple and blue go to Håkkå, as he has the
// Tie Breaker. Håkkå gains 1 Glory, for green. Rikki gains 3 Glory, for red,
// blue, and purple. Gordon gains 2 Glory, for blue and red."
func TestResolutionBookExample(t *testing.T) {
	s := build(t, table{players: 3, round: Summer, outposts: []string{"green", "red", "blue", "purple"}, first: 0,
		tb: at(2), owners: map[Colour]int{Green: 2},
		seats: []seatSpec{
			{party: []string{"green hero", "red", "blue"}}, // Gordon: green 4, red 2, blue 2
			{party: []string{"red", "blue", "purple"}},     // Rikki: red 2, blue 2, purple 2
			{party: []string{"green", "purple", "blue"}}}}) // Håkkå: green 2 + Vinland 1, purple 2, blue 2
	ev := resolveNow(t, s)
	gordon, rikki, hakka := 0, 1, 2
	for _, c := range []struct {
		colour  Colour
		owner   int
		outcome string
		points  []int
		glory   []int
	}{
		{Green, gordon, OutcomeWon, []int{4, 0, 3}, []int{hakka}},
		{Red, -1, OutcomeTied, []int{2, 2, 0}, []int{gordon, rikki}},
		{Blue, hakka, OutcomeTieBreaker, []int{2, 2, 2}, []int{gordon, rikki}},
		{Purple, hakka, OutcomeTieBreaker, []int{0, 2, 2}, []int{rikki}},
	} {
		cr := colourReport(t, s, c.colour)
		if s.Owner[c.colour] != c.owner || cr.Outcome != c.outcome || !slices.Equal(cr.Points, c.points) || !slices.Equal(cr.Glory, c.glory) {
			t.Errorf("%s: owner %d outcome %s points %v glory %v", c.colour, s.Owner[c.colour], cr.Outcome, cr.Points, cr.Glory)
		}
	}
	if got := s.Report.Glory; !slices.Equal(got, []int{2, 3, 1}) {
		t.Errorf("Glory handed out %v, want Gordon 2, Rikki 3, Håkkå 1", got)
	}
	if got := s.Report.VP; !slices.Equal(got, []int{2, 0, 4}) {
		t.Errorf("VP %v", got)
	}
	want := []string{
		"Green (Vinland): Gordon 4, Håkkå 3. Gordon takes it.",
		"Red (Angleland): Gordon 2, Rikki 2. Gordon and Rikki tie and neither holds the Tie Breaker: it becomes uncontrolled.",
		"Blue (Rus): Gordon 2, Rikki 2, Håkkå 2. Gordon, Rikki and Håkkå tie; Håkkå has the Tie Breaker and takes it.",
		"Purple (Frankenland): Rikki 2, Håkkå 2. Rikki and Håkkå tie; Håkkå has the Tie Breaker and takes it.",
		"Rikki takes 3 Glory for red, blue and purple",
	}
	var log []string
	for _, e := range ev {
		log = append(log, e.Text)
	}
	for _, w := range want {
		if !slices.Contains(log, w) {
			t.Errorf("log lacks %q:\n%s", w, strings.Join(log, "\n"))
		}
	}
	// D: Gordon takes the Tie Breaker with Vinland, Håkkå the Champion.
	if s.TieBreaker != gordon || s.Champion != hakka {
		t.Errorf("tie breaker %d champion %d", s.TieBreaker, s.Champion)
	}
}
