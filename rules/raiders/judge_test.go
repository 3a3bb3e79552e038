package raiders

import (
	"math"
	"testing"

	"longhall/rules"
)

// Game End: the final scores add up, and the player with the most VP wins
// (ties to the higher Valkyrie track, then the higher armoury track). A
// search that stops early judges each seat by how it stands on that race.
func TestStanding(t *testing.T) {
	for _, c := range []struct {
		name    string
		players int
		arrange func(s *State)
		want    func(t *testing.T, s *State)
	}{
		{"a seat far ahead in VP is all but sure to win", 2, func(s *State) {
			s.Seats[0].VP = 30
		}, func(t *testing.T, s *State) {
			if got := s.Standing(0); got < 0.95 {
				t.Errorf("seat 0, 30 VP ahead, stands %.3f", got)
			}
		}},
		{"a few VP ahead stands better, not surely", 3, func(s *State) {
			s.Seats[2].VP = 3
			for p := range 2 { // otherwise alike
				s.Seats[p].Hand, s.Seats[p].Silver, s.Seats[p].Provisions = s.Seats[2].Hand, s.Seats[2].Silver, s.Seats[2].Provisions
			}
		}, func(t *testing.T, s *State) {
			if a, b := s.Standing(2), s.Standing(0); a <= b || a > 0.95 {
				t.Errorf("seat 2, 3 VP ahead, stands %.3f against %.3f", a, b)
			}
		}},
		{"gold and iron score at the end", 2, func(s *State) {
			fund(s, 1, 0, 0, 4, 4, 0)
		}, func(t *testing.T, s *State) {
			if a, b := s.Standing(1), s.Standing(0); a <= b {
				t.Errorf("seat 1 with 8 VP of plunder stands %.3f against %.3f", a, b)
			}
		}},
		{"a finished game gives its winner the win", 2, func(s *State) {
			s.Seats[1].VP = 20
			var ev events
			s.finish(&ev)
		}, func(t *testing.T, s *State) {
			if s.Standing(1) != 1 || s.Standing(0) != 0 {
				t.Errorf("standings %.3f, %.3f after seat 1 won", s.Standing(0), s.Standing(1))
			}
		}},
		{"a shared win is shared", 4, func(s *State) {
			// Whatever the hands, equal totals and tracks share the win.
			s.Outcome = &rules.Result{Winners: []rules.Seat{1, 3}, Scores: []int{10, 20, 5, 20}}
			s.Step = Step{Kind: StepOver, Seat: -1}
			s.Seats[2].VP = 50 // the outcome, not the board, decides
		}, func(t *testing.T, s *State) {
			for p, want := range []float64{0, 0.5, 0, 0.5} {
				if got := s.Standing(rules.Seat(p)); got != want {
					t.Errorf("seat %d stands %.3f, want %.1f", p, got, want)
				}
			}
		}},
		{"no seat out of range stands", 2, nil, func(t *testing.T, s *State) {
			if s.Standing(2) != 0 || s.Standing(-1) != 0 {
				t.Errorf("seats 2 and -1 stand %.3f, %.3f", s.Standing(2), s.Standing(-1))
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, c.players)
			if c.arrange != nil {
				c.arrange(s)
			}
			c.want(t, s)
			sumsToOne(t, s)
		})
	}
}

// sumsToOne checks that the seats' standings are shares of one win.
func sumsToOne(t *testing.T, s *State) {
	t.Helper()
	sum := 0.0
	for p := range s.Players {
		v := s.Standing(rules.Seat(p))
		if v < 0 || v > 1 || math.IsNaN(v) {
			t.Fatalf("seat %d stands %v", p, v)
		}
		sum += v
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Fatalf("standings sum to %v", sum)
	}
}

// Through whole games of the greedy bot, with and without the modules,
// the standings stay shares of one win, the leader by the estimate stands
// best, and judging allocates nothing (a search judges every playout).
func TestStandingThroughGames(t *testing.T) {
	for _, cfg := range []rules.Config{
		{Players: 2}, {Players: 3}, {Players: 4},
		{Players: 3, Options: map[string]string{HeroesOption.Key: On, FameOption.Key: On}},
	} {
		bots := map[rules.Seat]rules.Bot{}
		for p := range cfg.Players {
			bots[rules.Seat(p)] = game{}.NewBot(uint64(p))
		}
		st, err := game{}.New(cfg, 5)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for n := 0; s.Outcome == nil; n++ {
			if n > 20_000 {
				t.Fatal("no end")
			}
			if n%7 == 0 {
				sumsToOne(t, s)
				lead, best := 0, math.Inf(-1)
				for p := range s.Players {
					if e := estimate(s, p); e > best {
						lead, best = p, e
					}
				}
				for p := range s.Players {
					if s.Standing(rules.Seat(p)) > s.Standing(rules.Seat(lead)) {
						t.Fatalf("%d players, step %d: seat %d stands above the leader %d", cfg.Players, n, p, lead)
					}
				}
				if allocs := testing.AllocsPerRun(5, func() { s.Standing(0) }); allocs != 0 {
					t.Fatalf("Standing allocates %v times", allocs)
				}
			}
			seat := s.Pending()[0].Seat
			a, err := bots[seat].Choose(s, seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
		sumsToOne(t, s)
	}
}
