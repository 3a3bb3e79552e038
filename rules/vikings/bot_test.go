package vikings

import (
	"fmt"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// play plays a game to the end with the given bots (a RandomBot for the
// other seats) and returns it with the number of turns it took.
func play(tb testing.TB, players int, seed uint64, bots map[rules.Seat]rules.Bot) (*State, int) {
	tb.Helper()
	return playWith(tb, rules.Config{Players: players}, seed, bots)
}

// playWith is play with a config (options).
func playWith(tb testing.TB, cfg rules.Config, seed uint64, bots map[rules.Seat]rules.Bot) (*State, int) {
	tb.Helper()
	players := cfg.Players
	st, err := game{}.New(cfg, seed)
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	random := rules.RandomBot{RNG: rules.NewRNG(seed + 1)}
	for steps := 0; s.Outcome == nil; steps++ {
		if steps > 100000 {
			tb.Fatalf("%d players, seed %d: no end", players, seed)
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
		if _, err := s.Apply(seat, a); err != nil {
			tb.Fatalf("seed %d: %v chose %v: %v", seed, seat, a, err)
		}
	}
	turns := 0
	for _, pl := range s.Seats {
		turns += pl.Turns
	}
	return s, turns
}

// botVsRandom plays a 2-player game of the bot against RandomBot and
// reports whether the bot won alone.
func botVsRandom(tb testing.TB, seed uint64, botSeat rules.Seat) bool {
	s, _ := play(tb, 2, seed, map[rules.Seat]rules.Bot{botSeat: game{}.NewBot(seed)})
	return slices.Equal(s.Outcome.Winners, []rules.Seat{botSeat})
}

// The bot beats a uniformly random player in at least 85% of 2-player
// games, in either seat: 100 games (a rate the bot clears by far, so that
// 100 are enough to tell a broken bot), 2,000 under make test-long.
func TestBotBeatsRandom(t *testing.T) {
	games := rulestest.Size(20, 100, 2000)
	wins := 0
	for i := range games {
		if botVsRandom(t, uint64(1000+i), rules.Seat(i%2)) {
			wins++
		}
	}
	if rate := float64(wins) / float64(games); rate < 0.85 {
		t.Errorf("the bot won %d of %d games (%.0f%%), want at least 85%%", wins, games, 100*rate)
	}
}

// Reaction rounds come back to the player who played last ("until all
// players pass in a row"): the bot, attacking, plays Power of Thor for +1
// on its own attack once the defender has passed, and passes when it has
// nothing more to add.
func TestBotAnswersItsOwnAttack(t *testing.T) {
	s := table(t, "Jack", "Magda")
	s.Seats[0].Ship, s.Seats[1].Ship = space(2, 5), space(2, 5)
	thor := give(t, s, 0, Thor)[0]
	give(t, s, 0, WindNorth)
	bot := game{}.NewBot(1)
	do(t, s, 0, KindAttack, 1)
	passes(t, s, 1)
	a, err := bot.Choose(s, 0)
	if err != nil || a.Kind != KindEvent || !slices.Equal(a.Args, []int{thor, 1}) {
		t.Fatalf("the attacker's bot chose %v (%v), want Power of Thor +1", a, err)
	}
	do(t, s, 0, a.Kind, a.Args...)
	passes(t, s, 1)
	if a, err := bot.Choose(s, 0); err != nil || a.Kind != KindPass {
		t.Errorf("with nothing more to play the bot chose %v (%v), want a pass", a, err)
	}
}

// Bots play whole games at every player count with legal actions only,
// and most end with a Konung, not a spent deck: at least 7 in 10, of 10
// games a player count, 200 under make test-long (all 600 of those did
// when the long run came).
func TestBotsPlayWholeGames(t *testing.T) {
	games := rulestest.Size(10, 10, 200)
	for players := 2; players <= 4; players++ {
		konungs := 0
		for g := range games {
			bots := map[rules.Seat]rules.Bot{}
			for p := range players {
				bots[rules.Seat(p)] = game{}.NewBot(uint64(10*g + p))
			}
			s, turns := play(t, players, uint64(100*players+g), bots)
			if err := check(s); err != nil {
				t.Fatal(err)
			}
			if len(s.Outcome.Winners) == 1 && len(s.Seats[s.Outcome.Winners[0]].Camp) == Colours-1 {
				konungs++
			}
			if g == 0 {
				t.Logf("%d players: %d turns, %s", players, turns, s.Outcome.Reason)
			}
		}
		t.Logf("%d players: %d of %d bot games crowned a Konung", players, konungs, games)
		if konungs*10 < 7*games {
			t.Errorf("%d players: only %d of %d bot games crowned a Konung", players, konungs, games)
		}
	}
}

// everyCount is every player count, for the benchmarks.
var everyCount = []rules.Config{{Players: 2}, {Players: 3}, {Players: 4}}

func BenchmarkRandomPlayout(b *testing.B) {
	rulestest.RandomPlayouts(b, game{}, "vikings", everyCount)
}

// BenchmarkBotDecision times one decision of the bot over positions met in
// bot games at 2 to 4 players.
func BenchmarkBotDecision(b *testing.B) { rulestest.BotDecisions(b, game{}, 6, everyCount) }

func BenchmarkBotVsRandom(b *testing.B) {
	rulestest.BotVsRandom(b, game{}, "vikings", rules.Config{Players: 2})
}

// BenchmarkSelfPlay plays bots against each other and reports, at each
// player count, the win rate by turn position (the start player first)
// and the spread of game length in turns: no seat may be favoured by more
// than 5 points. A shared win counts for each winner as a share.
func BenchmarkSelfPlay(b *testing.B) {
	for _, start := range StartOption.Choices {
		short := "balanced"
		if start == StartBook {
			short = "book"
		}
		for players := 2; players <= 4; players++ {
			selfPlay(b, players, start, short)
		}
	}
}

// selfPlay plays selfPlayGames bot games at a player count and starting
// hands, and reports them.
func selfPlay(b *testing.B, players int, start, short string) {
	{
		cfg := rules.Config{Players: players, Options: map[string]string{StartOption.Key: start}}
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
					st, _ := game{}.New(cfg, seed)
					first := int(st.(*State).Turn)
					s, n := playWith(b, cfg, seed, bots)
					for _, w := range s.Outcome.Winners {
						wins[(int(w)-first+players)%players] += 1 / float64(len(s.Outcome.Winners))
					}
					turns = append(turns, n)
				}
			}
			rulestest.ReportSelfPlay(b, fmt.Sprintf("vikings-%dp-%s", players, short), wins, b.N*games, turns, "turns")
		})
	}
}

// selfPlayGames is how many games BenchmarkSelfPlay plays per player count.
const selfPlayGames = 600
