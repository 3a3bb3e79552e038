package vikings

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"longhall/rules"
)

// inCamp puts a daughter of each colour from her pile into p's war camp.
func inCamp(s *State, p int, colours ...int) {
	for _, k := range colours {
		s.Seats[p].Camp = append(s.Seats[p].Camp, s.Daughters[k][0])
		s.Daughters[k] = s.Daughters[k][1:]
	}
}

// Standing judges the race the book sets (GAME END: the first to feast
// daughters of three thanes home is Konung): daughters home and aboard,
// the way still to sail, the cards to sail it with, and who moves first.
func TestStandingFollowsTheRace(t *testing.T) {
	for _, c := range []struct {
		name          string
		players       int
		arrange       func(s *State)
		better, worse int     // better stands better than worse
		least         float64 // and at least this share
	}{
		{"two daughters home and the third aboard in the harbour, against none", 2, func(s *State) {
			inCamp(s, 0, Blue, Green)
			daughter(s, 0, Yellow)
		}, 0, 1, 0.9},
		{"the same for the player who moves second", 2, func(s *State) {
			inCamp(s, 1, Red, Blue)
			daughter(s, 1, Green)
			s.Seats[1].Ship = HarbourOf[Yellow]
		}, 1, 0, 0.9},
		{"two daughters home against none", 2, func(s *State) {
			inCamp(s, 1, Red, Green)
		}, 1, 0, 0.75},
		{"a daughter aboard at her village against a longship still in its harbour", 2, func(s *State) {
			daughter(s, 1, Blue)
			s.Seats[1].Ship = VillageOf[Blue]
		}, 1, 0, 0.5},
		{"a full hand against none", 2, func(s *State) {
			give(t, s, 1, WindAny, WindAny, WindNorth, WindEast, WindSouth, WindWest)
		}, 1, 0, 0.5},
		{"an even start: the player who moves first", 2, func(*State) {}, 0, 1, 0.5},
		{"two daughters home among four players", 4, func(s *State) {
			inCamp(s, 2, Red, Green)
			daughter(s, 3, Red)
		}, 2, 3, 0.5},
		{"a daughter home against none at all among four players", 4, func(s *State) {
			inCamp(s, 3, Yellow)
		}, 3, 0, 0.25},
	} {
		t.Run(c.name, func(t *testing.T) {
			names := []string{"Jack", "Magda", "Olaf", "Sigrid"}[:c.players]
			s := table(t, names...)
			c.arrange(s)
			if err := check(s); err != nil {
				t.Fatal(err)
			}
			b, w := s.Standing(rules.Seat(c.better)), s.Standing(rules.Seat(c.worse))
			t.Logf("seat %d stands %.3f, seat %d %.3f", c.better, b, c.worse, w)
			if b <= w || b < c.least {
				t.Errorf("seat %d stands %.3f, seat %d %.3f: want the first better, and at least %.2f", c.better, b, c.worse, w, c.least)
			}
		})
	}
}

// Every move still to sail counts against a seat, however far its goal:
// the bend of fMoves2 stops before it could make a longer way better.
func TestStandingFallsWithTheWay(t *testing.T) {
	for players := 2; players <= 4; players++ {
		w := standingWeights[players]
		score := func(moves int) float64 {
			m := float64(min(moves, movesBend))
			return w[fMoves]*float64(moves) + w[fMoves2]*m*m/10
		}
		for m := range 2 * planCap {
			if score(m+1) >= score(m) {
				t.Fatalf("%d players: %d moves score %.3f, %d moves %.3f", players, m+1, score(m+1), m, score(m))
			}
		}
	}
}

// Standing is a share of the win: between 0 and 1, summing to 1 over the
// seats, in positions of greedy games at every player count; and it is
// called once a playout, so it allocates nothing.
func TestStandingIsAShare(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := newState(players, nil, uint64(players), false)
		bots := make([]*Bot, players)
		for p := range bots {
			bots[p] = &Bot{rng: rules.NewRNG(uint64(p))}
		}
		for n := 0; s.Outcome == nil; n++ {
			if n%7 == 0 {
				sum := 0.0
				for p := range players {
					v := s.Standing(rules.Seat(p))
					if v < 0 || v > 1 || math.IsNaN(v) {
						t.Fatalf("%d players, action %d: seat %d stands %v", players, n, p, v)
					}
					sum += v
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Fatalf("%d players, action %d: the shares sum to %v", players, n, sum)
				}
			}
			if n == 50 {
				if a := testing.AllocsPerRun(100, func() { s.Standing(0) }); a != 0 {
					t.Errorf("Standing allocates %v times", a)
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
	}
}

// A finished game stands as its result says: the Konung ("a feast brings
// home daughters of three thanes") has the whole win; when the deck is
// spent with the war camps even (README, The long game), the win is shared.
func TestStandingOfAFinishedGame(t *testing.T) {
	s := table(t, "Jack", "Magda")
	inCamp(s, 0, Blue, Green)
	daughter(s, 0, Yellow)
	do(t, s, 0, KindFeast)
	passes(t, s, 1, 0)
	if s.Outcome == nil {
		t.Fatal("no Konung")
	}
	if w, l := s.Standing(0), s.Standing(1); w != 1 || l != 0 {
		t.Errorf("the Konung stands %v, the other %v: want 1 and 0", w, l)
	}
	s = table(t, "Jack", "Magda", "Olaf")
	inCamp(s, 0, Blue)
	inCamp(s, 2, Red)
	s.longGameOver(nil)
	for p, want := range []float64{0.5, 0, 0.5} {
		if got := s.Standing(rules.Seat(p)); got != want {
			t.Errorf("the deck spent, seat %d stands %v, want %v", p, got, want)
		}
	}
}

// sample is one position of a greedy game: each seat's features and its
// share of the game's win.
type sample struct {
	f   [][numFeatures]float64
	won []float64
}

// greedySamples plays games of the greedy bot at the given player count
// and takes every position `every` actions apart.
func greedySamples(t *testing.T, players, games, every int) (out []sample, actions int) {
	for g := range games {
		seed := uint64(1000*players + g)
		s := newState(players, nil, seed, false)
		bots := make([]*Bot, players)
		for p := range bots {
			bots[p] = &Bot{rng: rules.NewRNG(seed*8 + uint64(p))}
		}
		var pos []sample
		for n := 0; s.Outcome == nil; n++ {
			if n%every == every/2 {
				sm := sample{f: make([][numFeatures]float64, players)}
				for p := range players {
					sm.f[p] = s.features(p)
				}
				pos = append(pos, sm)
			}
			seat := s.Pending()[0].Seat
			a, err := bots[seat].Choose(s, seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			actions++
		}
		won := make([]float64, players)
		for _, w := range s.Outcome.Winners {
			won[w] = 1 / float64(len(s.Outcome.Winners))
		}
		for i := range pos {
			pos[i].won = won
		}
		out = append(out, pos...)
	}
	return out, actions
}

// logLoss is the mean cross-entropy of the softmax of w·f against the
// winners, with its gradient and Hessian.
func logLoss(data []sample, w [numFeatures]float64) (loss float64, grad [numFeatures]float64, hess [numFeatures][numFeatures]float64) {
	for _, sm := range data {
		n := len(sm.f)
		pr := make([]float64, n)
		top := math.Inf(-1)
		for p := range n {
			for i := range numFeatures {
				pr[p] += w[i] * sm.f[p][i]
			}
			top = max(top, pr[p])
		}
		sum := 0.0
		for p := range n {
			pr[p] = math.Exp(pr[p] - top)
			sum += pr[p]
		}
		var mu [numFeatures]float64
		for p := range n {
			pr[p] /= sum
			for i := range numFeatures {
				mu[i] += pr[p] * sm.f[p][i]
			}
		}
		for p := range n {
			if sm.won[p] == 0 {
				continue
			}
			loss -= sm.won[p] * math.Log(pr[p])
			for i := range numFeatures {
				grad[i] += sm.won[p] * (mu[i] - sm.f[p][i])
			}
		}
		for p := range n {
			for i := range numFeatures {
				for j := range numFeatures {
					hess[i][j] += pr[p] * (sm.f[p][i] - mu[i]) * (sm.f[p][j] - mu[j])
				}
			}
		}
	}
	m := float64(len(data))
	loss /= m
	for i := range numFeatures {
		grad[i] /= m
		for j := range numFeatures {
			hess[i][j] /= m
		}
	}
	return loss, grad, hess
}

// solve solves h x = g by Gaussian elimination, with a little ridge.
func solve(h [numFeatures][numFeatures]float64, g [numFeatures]float64) (x [numFeatures]float64) {
	for i := range numFeatures {
		h[i][i] += 1e-6
	}
	for c := range numFeatures {
		piv := c
		for r := c + 1; r < numFeatures; r++ {
			if math.Abs(h[r][c]) > math.Abs(h[piv][c]) {
				piv = r
			}
		}
		h[c], h[piv] = h[piv], h[c]
		g[c], g[piv] = g[piv], g[c]
		for r := c + 1; r < numFeatures; r++ {
			k := h[r][c] / h[c][c]
			for j := c; j < numFeatures; j++ {
				h[r][j] -= k * h[c][j]
			}
			g[r] -= k * g[c]
		}
	}
	for c := numFeatures - 1; c >= 0; c-- {
		v := g[c]
		for j := c + 1; j < numFeatures; j++ {
			v -= h[c][j] * x[j]
		}
		x[c] = v / h[c][c]
	}
	return x
}

// TestFitStanding fits standingWeights to the winners of greedy games
// (the bots a search plays its lines out with), by Newton's method on the
// softmax's log loss, and prints them: LONGHALL_FIT_GAMES=2000 go test
// -run FitStanding ./rules/vikings -v. Without it, it is skipped.
func TestFitStanding(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("LONGHALL_FIT_GAMES"))
	if games <= 0 {
		t.Skip("LONGHALL_FIT_GAMES not set")
	}
	for _, players := range []int{2, 3, 4} {
		d, actions := greedySamples(t, players, games, 10)
		t.Logf("%d players: %.0f actions a game", players, float64(actions)/float64(games))
		cut := len(d) * 4 / 5
		t.Logf("%d players alone: %s", players, fit(t, players, d[:cut], d[cut:]))
	}
}

// fit fits the weights to data by Newton's method and says how they do on
// test.
func fit(t *testing.T, players int, data, test []sample) string {
	var zero [numFeatures]float64
	base, _, _ := logLoss(test, zero)
	cur, _, _ := logLoss(test, standingWeights[players])
	w := zero
	for range 12 {
		_, g, h := logLoss(data, w)
		x := solve(h, g)
		for i := range w {
			w[i] -= x[i]
		}
	}
	got, _, _ := logLoss(test, w)
	out := fmt.Sprintf("held-out log loss: even shares %.4f, standingWeights %.4f, fitted %.4f; ", base, cur, got)
	out += fmt.Sprintf("\n\t%d: {", players)
	for i, v := range w {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%.3f", v)
	}
	out += "},"

	return out
}

// BenchmarkStanding times one judgement, in a position some way into a
// 4-player game.
func BenchmarkStanding(b *testing.B) {
	s := newState(4, nil, 1, false)
	bot := &Bot{rng: rules.NewRNG(1)}
	for range 200 {
		seat := s.Pending()[0].Seat
		a, _ := bot.Choose(s, seat)
		if _, err := s.Apply(seat, a); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		s.Standing(0)
	}
}
