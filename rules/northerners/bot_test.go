package northerners

import (
	"fmt"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// The bar: the bot beats a random player in at least 85% of
// 2-player games: 100 games (a rate the bot clears by far, so that 100 are
// enough to tell a broken bot), 2,000 under make test-long.
func TestBotBeatsRandom(t *testing.T) {
	games := rulestest.Size(20, 100, 2000)
	wins := 0
	for seed := range uint64(games) {
		st, err := game{}.New(rules.Config{Players: 2}, seed)
		if err != nil {
			t.Fatal(err)
		}
		me := rules.Seat(seed % 2)
		rulestest.PlayBots(t, st, map[rules.Seat]rules.Bot{me: game{}.NewBot(seed)}, rules.NewRNG(seed), 5000)
		res := st.Result()
		if len(res.Winners) == 1 && res.Winners[0] == me {
			wins++
		}
	}
	t.Logf("the bot won %d of %d", wins, games)
	if wins*100 < 85*games {
		t.Errorf("the bot won %d of %d games against random play, want 85%%", wins, games)
	}
}

// Bots play whole games at every player count; each ends with a winner
// and the state valid: 5 games a player count, 100 under make test-long.
func TestBotsPlayWholeGames(t *testing.T) {
	games := rulestest.Size(5, 5, 100)
	for players := 2; players <= 4; players++ {
		for g := range games {
			st, _ := game{}.New(rules.Config{Players: players}, uint64(100*players+g))
			bots := map[rules.Seat]rules.Bot{}
			for p := range players {
				bots[rules.Seat(p)] = game{}.NewBot(uint64(10*g + p))
			}
			rulestest.PlayBots(t, st, bots, rules.NewRNG(1), 20000)
			if err := check(st); err != nil {
				t.Fatal(err)
			}
			if g == 0 {
				t.Logf("%d players: %d rounds, %s, scores %v", players, st.(*State).Round, st.Result().Reason, st.Result().Scores)
			}
		}
	}
}

// everyCount is every player count, for the benchmarks.
var everyCount = []rules.Config{{Players: 2}, {Players: 3}, {Players: 4}}

func BenchmarkRandomPlayout(b *testing.B) {
	rulestest.RandomPlayouts(b, game{}, "northerners", everyCount)
}

// BenchmarkBotDecision times one decision of the bot over positions met in
// bot games at 2 to 4 players.
func BenchmarkBotDecision(b *testing.B) { rulestest.BotDecisions(b, game{}, 6, everyCount) }

// BenchmarkBotPlayout plays whole games with the bot in every seat, each
// from a re-deal of a quiet copy of a new game, as the strong bot's
// playouts do (rules/mcts).
func BenchmarkBotPlayout(b *testing.B) {
	var starts []rules.State
	for i, cfg := range everyCount {
		st, err := game{}.New(cfg, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		starts = append(starts, rules.Hushed(st))
	}
	bot, rng := game{}.NewBot(1), rules.NewRNG(1)
	games := 0
	for i := 0; b.Loop(); i++ {
		st := rules.Redealt(starts[i%len(starts)], 0, rng)
		for st.Result() == nil {
			seat := st.Pending()[0].Seat
			a, err := bot.Choose(st, seat)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := st.Apply(seat, a); err != nil {
				b.Fatal(err)
			}
		}
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "northerners-bot-playouts:games/s")
}

func BenchmarkBotVsRandom(b *testing.B) {
	rulestest.BotVsRandom(b, game{}, "northerners", rules.Config{Players: 2})
}

// BenchmarkSelfPlay plays bots against each other and reports, at each
// player count and score track, the win rate by turn position (the start
// player first) and the spread of game length in rounds: no seat may be
// favoured by more than 5 points. A shared win counts for each winner as a
// share.
func BenchmarkSelfPlay(b *testing.B) {
	for _, start := range StartOption.Choices {
		short := "balanced"
		if start == StartBook {
			short = "book"
		}
		for players := 2; players <= 4; players++ {
			cfg := rules.Config{Players: players, Options: map[string]string{StartOption.Key: start}}
			b.Run(fmt.Sprintf("%dp-%s", players, short), func(b *testing.B) {
				games := selfPlayGames
				if testing.Short() {
					games /= 10
				}
				wins := make([]float64, players)
				var rounds []int
				for range b.N {
					for g := range games {
						seed := uint64(players*100000 + g)
						st, _ := game{}.New(cfg, seed)
						first := st.(*State).Start
						bots := map[rules.Seat]rules.Bot{}
						for p := range players {
							bots[rules.Seat(p)] = game{}.NewBot(seed*7 + uint64(p))
						}
						rulestest.PlayBots(b, st, bots, rules.NewRNG(seed), 20000)
						res := st.Result()
						for _, w := range res.Winners {
							wins[(int(w)-first+players)%players] += 1 / float64(len(res.Winners))
						}
						rounds = append(rounds, st.(*State).Round)
					}
				}
				rulestest.ReportSelfPlay(b, fmt.Sprintf("northerners-%dp-%s", players, short), wins, b.N*games, rounds, "rounds")
			})
		}
	}
}

// selfPlayGames is how many games BenchmarkSelfPlay plays per player count.
const selfPlayGames = 600
