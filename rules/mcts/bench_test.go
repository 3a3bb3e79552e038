package mcts_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"longhall/rules"
	"longhall/rules/mcts"
	"longhall/rules/northerners"
	"longhall/rules/raiders"
	"longhall/rules/rednorth"
	"longhall/rules/vikings"
)

// The games the strong bot is measured in, with the player counts of
// its reports.
var games = []struct {
	id   string
	game func() rules.Game
}{
	{rednorth.ID, lookup(rednorth.ID)}, {northerners.ID, lookup(northerners.ID)},
	{raiders.ID, lookup(raiders.ID)}, {vikings.ID, lookup(vikings.ID)},
}

func lookup(id string) func() rules.Game {
	return func() rules.Game {
		g, err := rules.Lookup(id)
		if err != nil {
			panic(err)
		}
		return g
	}
}

// BenchmarkHardVsEasy plays seeded games of one strong bot against the
// greedy bot, 2 players (one of each) and 4 (one strong, three greedy),
// the strong bot in each seat in turn, and reports its share of the wins
// ("hard-wins:%"; an even share is 50 and 25). -benchtime=400x plays 400
// games of each.
func BenchmarkHardVsEasy(b *testing.B) {
	for _, g := range games {
		for _, players := range []int{2, 4} {
			b.Run(fmt.Sprintf("%s/%dp", g.id, players), func(b *testing.B) {
				game := g.game()
				if players > game.Info().MaxPlayers {
					b.Skip("not a player count of the game")
				}
				// Games are independent: they share out the cores, each
				// seeded by its number, so the share is the same however
				// many cores play them.
				var (
					mu     sync.Mutex
					won    float64
					n      int
					next   atomic.Int64
					failed error
				)
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						i := int(next.Add(1) - 1)
						r, err := hardGame(game, players, i)
						mu.Lock()
						won, n = won+r, n+1
						if err != nil {
							failed = err
						}
						mu.Unlock()
					}
				})
				if failed != nil {
					b.Fatal(failed)
				}
				b.ReportMetric(100*won/float64(n), g.id+fmt.Sprintf("-%dp", players)+"-hard-wins:%")
			})
		}
	}
}

// hardGame plays game i: the strong bot in seat i mod players, the
// greedy one in the others, and returns the strong bot's share of the win.
func hardGame(game rules.Game, players, i int) (float64, error) {
	seed := uint64(i)
	st, err := game.New(rules.Config{Players: players}, seed)
	if err != nil {
		return 0, err
	}
	hard := rules.Seat(i % players)
	bots := make([]rules.Bot, players)
	for p := range bots {
		bots[p] = rules.NewBot(game, seed*8+uint64(p))
	}
	bots[hard] = hardBot(game, seed*8+uint64(hard))
	for n := 0; st.Result() == nil; n++ {
		if n > 100_000 {
			return 0, fmt.Errorf("game %d did not end", i)
		}
		seat := st.Pending()[0].Seat
		a, err := bots[seat].Choose(st, seat)
		if err != nil {
			return 0, fmt.Errorf("game %d, seat %d: %w", i, seat, err)
		}
		if _, err := st.Apply(seat, a); err != nil {
			return 0, fmt.Errorf("game %d, seat %d chose %v: %w", i, seat, a, err)
		}
	}
	return rules.WinShare(st.Result(), hard), nil
}

// hardBot is the strong bot as the app makes it, or with the budget
// LONGHALL_HARD_STEPS and the horizon LONGHALL_HARD_HORIZON give, to
// measure others.
func hardBot(game rules.Game, seed uint64) *mcts.Bot {
	b := mcts.New(game, seed)
	if n, err := strconv.Atoi(os.Getenv("LONGHALL_HARD_STEPS")); err == nil && n > 0 {
		b.Steps = n
	}
	if n, err := strconv.Atoi(os.Getenv("LONGHALL_HARD_HORIZON")); err == nil && n >= 0 {
		b.Horizon = n
	}
	return b
}

// BenchmarkHardDecision times the strong bot's decisions at the positions
// of greedy 2-player games, and reports their median and 95th percentile
// ("hard-p50:ms", "hard-p95:ms"): the wait a player has while it thinks.
func BenchmarkHardDecision(b *testing.B) {
	for _, g := range games {
		b.Run(g.id, func(b *testing.B) {
			game := g.game()
			var times []time.Duration
			for i := 0; b.Loop(); i++ {
				seed := uint64(i)
				st, err := game.New(rules.Config{Players: 2}, seed)
				if err != nil {
					b.Fatal(err)
				}
				// A position some way into a greedy game.
				easy := map[rules.Seat]rules.Bot{0: rules.NewBot(game, seed), 1: rules.NewBot(game, seed+1)}
				for step := 0; step < 10+i%40 && st.Result() == nil; step++ {
					seat := st.Pending()[0].Seat
					a, err := easy[seat].Choose(st, seat)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := st.Apply(seat, a); err != nil {
						b.Fatal(err)
					}
				}
				if st.Result() != nil {
					continue
				}
				seat := st.Pending()[0].Seat
				start := time.Now()
				if _, err := hardBot(game, seed).Choose(st, seat); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
			}
			slices.Sort(times)
			if len(times) > 0 {
				b.ReportMetric(ms(times[len(times)/2]), g.id+"-hard-p50:ms")
				b.ReportMetric(ms(times[len(times)*95/100]), g.id+"-hard-p95:ms")
			}
		})
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
