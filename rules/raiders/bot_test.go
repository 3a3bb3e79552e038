package raiders

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"longhall/rules"
)

// play plays a game to the end with the given bots (a RandomBot for the
// other seats) and returns it with the number of turns it took.
func play(tb testing.TB, cfg rules.Config, seed uint64, bots map[rules.Seat]rules.Bot) (*State, int) {
	tb.Helper()
	return playCounting(tb, cfg, seed, bots, nil)
}

// playCounting is play, counting the kinds of the bots' actions in used
// (when not nil).
func playCounting(tb testing.TB, cfg rules.Config, seed uint64, bots map[rules.Seat]rules.Bot, used map[string]int) (*State, int) {
	tb.Helper()
	st, err := game{}.New(cfg, seed)
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	random := rules.RandomBot{RNG: rules.NewRNG(seed + 1)}
	turns := 0
	for s.Outcome == nil {
		if turns > maxTurns {
			tb.Fatalf("%d players, seed %d: no end after %d turns", cfg.Players, seed, turns)
		}
		seat := s.Pending()[0].Seat
		var bot rules.Bot = random
		if b, ok := bots[seat]; ok {
			bot = b
		}
		a, err := bot.Choose(s, seat)
		if err != nil {
			tb.Fatal(err)
		}
		if _, isBot := bots[seat]; isBot && used != nil {
			used[a.Kind]++
		}
		if a.Kind == KindPlace || a.Kind == KindRaid {
			turns++
		}
		if _, err := s.Apply(seat, a); err != nil {
			tb.Fatalf("seed %d: the bot chose %v: %v", seed, a, err)
		}
	}
	return s, turns
}

// botVsRandom plays a 2-player game of the bot against RandomBot and
// reports whether the bot won alone.
func botVsRandom(tb testing.TB, options map[string]string, seed uint64, botSeat rules.Seat) bool {
	s, _ := play(tb, rules.Config{Players: 2, Options: options}, seed, map[rules.Seat]rules.Bot{botSeat: game{}.NewBot(seed)})
	return slices.Equal(s.Outcome.Winners, []rules.Seat{botSeat})
}

// bothModules is the options with Hall of Heroes and Fields of Fame on.
var bothModules = map[string]string{HeroesOption.Key: On, FameOption.Key: On}

// The bot beats a uniformly random player in at least 85% of 2-player
// games, in either seat, in the base game and with both modules on.
func TestBotBeatsRandom(t *testing.T) {
	for _, c := range []struct {
		name    string
		options map[string]string
	}{{"base game", nil}, {"both modules", bothModules}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			games := 100
			if testing.Short() {
				games = 20
			}
			wins := 0
			for i := range games {
				if botVsRandom(t, c.options, uint64(1000+i), rules.Seat(i%2)) {
					wins++
				}
			}
			if rate := float64(wins) / float64(games); rate < 0.85 {
				t.Errorf("the bot won %d of %d games (%.0f%%), want at least 85%%", wins, games, 100*rate)
			}
		})
	}
}

// Bots play whole games at every player count, with legal actions only,
// and use the modules' actions when they are on.
func TestBotsPlayWholeGames(t *testing.T) {
	used := map[string]int{}
	for _, options := range []map[string]string{nil, bothModules} {
		for players := 2; players <= 4; players++ {
			bots := map[rules.Seat]rules.Bot{}
			for p := range players {
				bots[rules.Seat(p)] = game{}.NewBot(uint64(p))
			}
			s, _ := playCounting(t, rules.Config{Players: players, Options: options}, uint64(players), bots, used)
			if err := check(s); err != nil {
				t.Fatal(err)
			}
			t.Logf("%d players, %v: %v, %s", players, options, s.Outcome.Scores, s.Outcome.Reason)
		}
	}
	for _, k := range []string{KindDraft, KindMead, KindCharm, KindQuest, KindKill} {
		if used[k] == 0 {
			t.Errorf("the bots never chose %q in 3 games with both modules (used: %v)", k, used)
		}
	}
}

// BenchmarkRandomPlayout plays random games at 2 to 4 players: the base
// game, and with both modules.
func BenchmarkRandomPlayout(b *testing.B) {
	b.Run("base", func(b *testing.B) { randomPlayouts(b, "base", nil) })
	b.Run("modules", func(b *testing.B) { randomPlayouts(b, "modules", bothModules) })
}

func randomPlayouts(b *testing.B, name string, options map[string]string) {
	rng := rules.NewRNG(1)
	random := rules.RandomBot{RNG: rng}
	games := 0
	for i := 0; b.Loop(); i++ {
		st, err := game{}.New(rules.Config{Players: 2 + i%3, Options: options}, uint64(i))
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
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "raiders-"+name+"-random-playouts:games/s")
}

// BenchmarkBotDecision times one decision of the bot over positions met in
// bot games at 2 to 4 players: the base game, and with both modules.
func BenchmarkBotDecision(b *testing.B) {
	b.Run("base", func(b *testing.B) { botDecisions(b, nil) })
	b.Run("modules", func(b *testing.B) { botDecisions(b, bothModules) })
}

func botDecisions(b *testing.B, options map[string]string) {
	type position struct {
		s    rules.State
		seat rules.Seat
	}
	var positions []position
	for seed := range uint64(6) {
		st, _ := game{}.New(rules.Config{Players: 2 + int(seed%3), Options: options}, seed)
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

// BenchmarkBotVsRandom reports the bot's win rate against a random
// player: the base game, and with both modules.
func BenchmarkBotVsRandom(b *testing.B) {
	for _, c := range []struct {
		name    string
		options map[string]string
	}{{"base", nil}, {"modules", bothModules}} {
		b.Run(c.name, func(b *testing.B) {
			wins, games := 0, 0
			for i := 0; b.Loop(); i++ {
				if botVsRandom(b, c.options, uint64(i), rules.Seat(i%2)) {
					wins++
				}
				games++
			}
			b.ReportMetric(100*float64(wins)/float64(games), "raiders-"+c.name+"-bot-vs-random-win%:%")
		})
	}
}

// BenchmarkSelfPlay plays bots against each other and reports, at each
// player count and for each starting silver (StartOption), the win rate
// by turn position (the start player first) and the spread of game length
// in turns: no seat may be favoured by more than 5 points. A shared win
// counts for each winner as a share.
func BenchmarkSelfPlay(b *testing.B) {
	for _, modules := range []bool{false, true} {
		for _, start := range StartOption.Choices {
			short := "balanced"
			if start == StartBook {
				short = "book"
			}
			options := map[string]string{StartOption.Key: start}
			if modules {
				short += "-modules"
				maps.Copy(options, bothModules)
			}
			for players := 2; players <= 4; players++ {
				selfPlay(b, players, options, short)
			}
		}
	}
}

// selfPlay plays selfPlayGames bot games at a player count and options,
// and reports them.
func selfPlay(b *testing.B, players int, options map[string]string, short string) {
	b.Run(fmt.Sprintf("%dp-%s", players, short), func(b *testing.B) {
		games := selfPlayGames
		if testing.Short() {
			games /= 10
		}
		wins := make([]float64, players)
		var turns []int
		for range b.N {
			for g := range games {
				seed := uint64(players*100000 + g)
				bots := map[rules.Seat]rules.Bot{}
				for p := range players {
					bots[rules.Seat(p)] = game{}.NewBot(seed*7 + uint64(p))
				}
				s, n := play(b, rules.Config{Players: players, Options: options}, seed, bots)
				for _, w := range s.Outcome.Winners {
					pos := (int(w) - s.Start + players) % players
					wins[pos] += 1 / float64(len(s.Outcome.Winners))
				}
				turns = append(turns, n)
			}
		}
		total := float64(b.N * games)
		name := fmt.Sprintf("raiders-%dp-%s", players, short)
		for pos, w := range wins {
			b.ReportMetric(100*w/total, fmt.Sprintf("%s-win%%-position%d:%%", name, pos+1))
		}
		slices.Sort(turns)
		b.ReportMetric(float64(turns[len(turns)/10]), name+"-turns-p10:turns")
		b.ReportMetric(float64(turns[len(turns)/2]), name+"-turns-p50:turns")
		b.ReportMetric(float64(turns[len(turns)*9/10]), name+"-turns-p90:turns")
	})
}

// selfPlayGames is how many games BenchmarkSelfPlay plays per player count.
const selfPlayGames = 600

// maxTurns bounds a bot game: a game that runs longer has stalled.
const maxTurns = 1500
