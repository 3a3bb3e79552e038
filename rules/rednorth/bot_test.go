package rednorth

import (
	"testing"

	"longhall/rules"
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
// games with fixed seeds, the bot in either seat.
func TestBotBeatsRandom(t *testing.T) {
	const games = 200
	wins := 0
	for i := range games {
		if botVsRandom(t, uint64(1000+i), rules.Seat(i%2)) {
			wins++
		}
	}
	if rate := float64(wins) / games; rate < 0.90 {
		t.Errorf("the bot won %d of %d games (%.0f%%), want at least 90%%", wins, games, 100*rate)
	}
}

// The bot only chooses legal actions, in every phase, at every player count.
func TestBotPlaysWholeGames(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for seed := range uint64(10) {
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

func BenchmarkRandomPlayout(b *testing.B) {
	rng := rules.NewRNG(1)
	random := rules.RandomBot{RNG: rng}
	games := 0
	for i := 0; b.Loop(); i++ {
		st, err := game{}.New(rules.Config{Players: 2 + i%3}, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for st.Result() == nil {
			pr := st.Pending()
			seat := pr[rng.Intn(len(pr))].Seat
			a, _ := random.Choose(st, seat)
			if _, err := st.Apply(seat, a); err != nil {
				b.Fatal(err)
			}
		}
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkBotDecision times one decision of the bot over positions met in
// real games (every phase, 2 to 4 players).
func BenchmarkBotDecision(b *testing.B) {
	type position struct {
		s    rules.State
		seat rules.Seat
	}
	var positions []position
	for seed := range uint64(30) {
		st, _ := game{}.New(rules.Config{Players: 2 + int(seed%3)}, seed)
		bot := game{}.NewBot(seed)
		for st.Result() == nil {
			seat := st.Pending()[0].Seat
			positions = append(positions, position{st.Clone(), seat})
			a, _ := bot.Choose(st, seat)
			if _, err := st.Apply(seat, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	bot := game{}.NewBot(1)
	for i := 0; b.Loop(); i++ {
		p := positions[i%len(positions)]
		if _, err := bot.Choose(p.s, p.seat); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBotVsRandom(b *testing.B) {
	wins, games := 0, 0
	for i := 0; b.Loop(); i++ {
		if botVsRandom(b, uint64(i), rules.Seat(i%2)) {
			wins++
		}
		games++
	}
	b.ReportMetric(100*float64(wins)/float64(games), "win%")
}
