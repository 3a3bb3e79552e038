package raiders

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
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
// games, in either seat, in the base game and with both modules on: 100
// games each (a rate the bot clears by far, so that 100 are enough to
// tell a broken bot), 1,000 under make test-long.
func TestBotBeatsRandom(t *testing.T) {
	for _, c := range []struct {
		name    string
		options map[string]string
	}{{"base game", nil}, {"both modules", bothModules}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			games := rulestest.Size(20, 100, 1000)
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
// and use the modules' actions when they are on: a game a player count
// and options, 50 under make test-long.
func TestBotsPlayWholeGames(t *testing.T) {
	games := rulestest.Size(1, 1, 50)
	used := map[string]int{}
	for _, options := range []map[string]string{nil, bothModules} {
		for players := 2; players <= 4; players++ {
			for g := range games {
				bots := map[rules.Seat]rules.Bot{}
				for p := range players {
					bots[rules.Seat(p)] = game{}.NewBot(uint64(100*g + p))
				}
				s, _ := playCounting(t, rules.Config{Players: players, Options: options}, uint64(100*g+players), bots, used)
				if err := check(s); err != nil {
					t.Fatal(err)
				}
				if g == 0 {
					t.Logf("%d players, %v: %v, %s", players, options, s.Outcome.Scores, s.Outcome.Reason)
				}
			}
		}
	}
	for _, k := range []string{KindDraft, KindMead, KindCharm, KindQuest, KindKill} {
		if used[k] == 0 {
			t.Errorf("the bots never chose %q in %d games with both modules (used: %v)", k, 3*games, used)
		}
	}
}

// With a module on and the base book's start (HandOption: keep 3 of 5),
// bots keep their hands as in the base game and play the modules on.
func TestBotsPlayTheKeepStartWithModules(t *testing.T) {
	options := map[string]string{HeroesOption.Key: On, FameOption.Key: On, HandOption.Key: HandKeep}
	used := map[string]int{}
	for _, players := range []int{2, 4} {
		bots := map[rules.Seat]rules.Bot{}
		for p := range players {
			bots[rules.Seat(p)] = game{}.NewBot(uint64(10 + p))
		}
		s, _ := playCounting(t, rules.Config{Players: players, Options: options}, uint64(20+players), bots, used)
		if err := check(s); err != nil {
			t.Fatal(err)
		}
	}
	if used[KindReturn] != 2*(2+4) || used[KindDraft] != 0 {
		t.Errorf("the bots returned %d cards and drafted %d, want %d and none", used[KindReturn], used[KindDraft], 2*(2+4))
	}
}

// counts is every player count with the given options, for the
// benchmarks.
func counts(options map[string]string) []rules.Config {
	return []rules.Config{{Players: 2, Options: options}, {Players: 3, Options: options}, {Players: 4, Options: options}}
}

// BenchmarkRandomPlayout plays random games at 2 to 4 players: the base
// game, and with both modules.
func BenchmarkRandomPlayout(b *testing.B) {
	b.Run("base", func(b *testing.B) { rulestest.RandomPlayouts(b, game{}, "raiders-base", counts(nil)) })
	b.Run("modules", func(b *testing.B) { rulestest.RandomPlayouts(b, game{}, "raiders-modules", counts(bothModules)) })
}

// BenchmarkBotDecision times one decision of the bot over positions met in
// bot games at 2 to 4 players: the base game, and with both modules.
func BenchmarkBotDecision(b *testing.B) {
	b.Run("base", func(b *testing.B) { rulestest.BotDecisions(b, game{}, 6, counts(nil)) })
	b.Run("modules", func(b *testing.B) { rulestest.BotDecisions(b, game{}, 6, counts(bothModules)) })
}

// BenchmarkBotVsRandom reports the bot's win rate against a random
// player: the base game, and with both modules.
func BenchmarkBotVsRandom(b *testing.B) {
	b.Run("base", func(b *testing.B) { rulestest.BotVsRandom(b, game{}, "raiders-base", rules.Config{}) })
	b.Run("modules", func(b *testing.B) {
		rulestest.BotVsRandom(b, game{}, "raiders-modules", rules.Config{Options: bothModules})
	})
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
		rulestest.ReportSelfPlay(b, fmt.Sprintf("raiders-%dp-%s", players, short), wins, b.N*games, turns, "turns")
	})
}

// selfPlayGames is how many games BenchmarkSelfPlay plays per player count.
const selfPlayGames = 600

// maxTurns bounds a bot game: a game that runs longer has stalled.
const maxTurns = 1500
