package rednorth

import (
	"fmt"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// botVsRandom plays a 2-player game of the bot against RandomBot, the bot
// in seat botSeat, and reports whether the bot won.
func botVsRandom(tb testing.TB, seed uint64, botSeat rules.Seat) bool {
	tb.Helper()
	st, err := game{}.New(rules.Config{Players: 2}, seed)
	if err != nil {
		tb.Fatal(err)
	}
	bots := map[rules.Seat]rules.Bot{botSeat: game{}.NewBot(seed)}
	playOut(tb, st, nil, bots, rules.NewRNG(seed+1), nil)
	return st.Result().Winners[0] == botSeat
}

// The bot must beat a uniformly random player clearly: at least 90% of 200
// games with fixed seeds, the bot in either seat (4,000 under make
// test-long). Red North's games are quick, so even -short plays the 200 a
// 90% bar needs.
func TestBotBeatsRandom(t *testing.T) {
	games := rulestest.Size(200, 200, 4000)
	wins := 0
	for i := range games {
		if botVsRandom(t, uint64(1000+i), rules.Seat(i%2)) {
			wins++
		}
	}
	if rate := float64(wins) / float64(games); rate < 0.90 {
		t.Errorf("the bot won %d of %d games (%.0f%%), want at least 90%%", wins, games, 100*rate)
	}
}

// The bot only chooses legal actions, in every phase, at every player count:
// 10 games a player count, 200 under make test-long.
func TestBotPlaysWholeGames(t *testing.T) {
	games := rulestest.Size(10, 10, 200)
	for players := 2; players <= 4; players++ {
		for seed := range uint64(games) {
			st, err := game{}.New(rules.Config{Players: players}, seed)
			if err != nil {
				t.Fatal(err)
			}
			bots := map[rules.Seat]rules.Bot{}
			for p := range players {
				bots[rules.Seat(p)] = game{}.NewBot(seed*10 + uint64(p))
			}
			playOut(t, st, nil, bots, rules.NewRNG(seed), func(s rules.State) { checkStep(t, s) })
		}
	}
	if _, err := (game{}).NewBot(1).Choose(newGame(t, 2, 1, nil), 7); err == nil {
		t.Error("the bot chose for a seat that is not pending")
	}
}

// every player count, for the benchmarks.
var everyCount = []rules.Config{{Players: 2}, {Players: 3}, {Players: 4}}

func BenchmarkRandomPlayout(b *testing.B) {
	rulestest.RandomPlayouts(b, game{}, "rednorth", everyCount)
}

// BenchmarkBotDecision times one decision of the bot over positions met in
// real games (every phase, 2 to 4 players).
func BenchmarkBotDecision(b *testing.B) { rulestest.BotDecisions(b, game{}, 30, everyCount) }

func BenchmarkBotVsRandom(b *testing.B) {
	rulestest.BotVsRandom(b, game{}, "rednorth", rules.Config{Players: 2})
}

// BenchmarkSelfPlay plays bots against each other and reports, at each
// player count, the win rate by turn position (the first player of Spring
// first) and the spread of game length in actions: the designed content
// (the Outposts' points, the rulings) must not favour a seat. A shared win
// counts for each winner as a share.
func BenchmarkSelfPlay(b *testing.B) {
	for players := 2; players <= 4; players++ {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			const games = 3000 // Red North plays fast: enough games for a point of precision
			wins := make([]float64, players)
			var lengths []int
			for range b.N {
				for g := range games {
					seed := uint64(players*100000 + g)
					st, err := game{}.New(rules.Config{Players: players}, seed)
					if err != nil {
						b.Fatal(err)
					}
					first := st.(*State).FirstPlayer
					bots := map[rules.Seat]rules.Bot{}
					for p := range players {
						bots[rules.Seat(p)] = game{}.NewBot(seed*7 + uint64(p))
					}
					n := 0
					playOut(b, st, nil, bots, rules.NewRNG(seed), func(rules.State) { n++ })
					for _, w := range st.Result().Winners {
						wins[(int(w)-first+players)%players] += 1 / float64(len(st.Result().Winners))
					}
					lengths = append(lengths, n)
				}
			}
			rulestest.ReportSelfPlay(b, fmt.Sprintf("rednorth-%dp", players), wins, b.N*games, lengths, "actions")
		})
	}
}
