package rulestest

import (
	"fmt"
	"slices"
	"testing"

	"longhall/rules"
)

// The benchmarks every game's `make bench` lines come from, written once:
// random playouts, bot decisions, the bot against random play, and the
// report of bot self-play by turn position.

// PlayBots plays st to its end: each step the first pending seat chooses,
// with its bot in bots or else a RandomBot on rng. It returns the number
// of actions applied and fails tb past limit actions (a stalled game).
func PlayBots(tb testing.TB, st rules.State, bots map[rules.Seat]rules.Bot, rng *rules.RNG, limit int) int {
	tb.Helper()
	random := rules.RandomBot{RNG: rng}
	n := 0
	for st.Result() == nil {
		if n > limit {
			tb.Fatalf("no end after %d actions", limit)
		}
		seat := st.Pending()[0].Seat
		var bot rules.Bot = random
		if b, ok := bots[seat]; ok {
			bot = b
		}
		play(tb, st, seat, bot)
		n++
	}
	return n
}

// play has seat's bot choose its action in st, and applies it.
func play(tb testing.TB, st rules.State, seat rules.Seat, bot rules.Bot) {
	tb.Helper()
	a, err := bot.Choose(st, seat)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := st.Apply(seat, a); err != nil {
		tb.Fatalf("seat %d chose %v: %v", seat, a, err)
	}
}

// PlayRandomly plays up to n random actions of st, each by its first
// pending seat (a RandomBot on rng), and stops early at the end of the
// game: a test's way to reach a state some way into a real game. It
// returns the number of actions applied.
func PlayRandomly(tb testing.TB, st rules.State, rng *rules.RNG, n int) int {
	tb.Helper()
	bot := rules.RandomBot{RNG: rng}
	for i := range n {
		if st.Result() != nil {
			return i
		}
		play(tb, st, st.Pending()[0].Seat, bot)
	}
	return n
}

// RandomPlayouts plays random games, the configs in turn, until b is done
// and reports games a second as "<name>-random-playouts". It plays as a
// search's playouts do: on a quiet copy (rules.Quiet) when the game has one.
func RandomPlayouts(b *testing.B, g rules.Game, name string, configs []rules.Config) {
	rng := rules.NewRNG(1)
	random := rules.RandomBot{RNG: rng}
	games := 0
	for i := 0; b.Loop(); i++ {
		st, err := g.New(configs[i%len(configs)], uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		st = rules.Hushed(st)
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
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), name+"-random-playouts:games/s")
}

// BotDecisions times one decision of g's bot over the positions met in
// games bot games, the configs in turn.
func BotDecisions(b *testing.B, g rules.Game, games int, configs []rules.Config) {
	type position struct {
		s    rules.State
		seat rules.Seat
	}
	bg := g.(rules.BotGame)
	var positions []position
	for seed := range uint64(games) {
		st, err := g.New(configs[int(seed)%len(configs)], seed)
		if err != nil {
			b.Fatal(err)
		}
		bot := bg.NewBot(seed)
		for st.Result() == nil {
			seat := st.Pending()[0].Seat
			positions = append(positions, position{st.Clone(), seat})
			a, _ := bot.Choose(st, seat)
			if _, err := st.Apply(seat, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	bot := bg.NewBot(1)
	for i := 0; b.Loop(); i++ {
		p := positions[i%len(positions)]
		if _, err := bot.Choose(p.s, p.seat); err != nil {
			b.Fatal(err)
		}
	}
}

// BotVsRandom plays 2-player games of g's bot against random play, the
// bot's seat alternating, until b is done, and reports the share the bot
// won alone as "<name>-bot-vs-random-win%".
func BotVsRandom(b *testing.B, g rules.Game, name string, cfg rules.Config) {
	cfg.Players = 2
	wins, games := 0, 0
	for i := 0; b.Loop(); i++ {
		seed := uint64(i)
		st, err := g.New(cfg, seed)
		if err != nil {
			b.Fatal(err)
		}
		seat := rules.Seat(i % 2)
		PlayBots(b, st, map[rules.Seat]rules.Bot{seat: g.(rules.BotGame).NewBot(seed)}, rules.NewRNG(seed+1), 1_000_000)
		if slices.Equal(st.Result().Winners, []rules.Seat{seat}) {
			wins++
		}
		games++
	}
	b.ReportMetric(100*float64(wins)/float64(games), name+"-bot-vs-random-win%:%")
}

// ReportSelfPlay reports bot self-play: the win share of each turn
// position over games games (wins by position, a shared win split) as
// "<name>-win%-position<n>", and the 10th, 50th and 90th percentiles of
// the games' lengths as "<name>-<unit>-p10" and so on.
func ReportSelfPlay(b *testing.B, name string, wins []float64, games int, lengths []int, unit string) {
	for pos, w := range wins {
		b.ReportMetric(100*w/float64(games), fmt.Sprintf("%s-win%%-position%d:%%", name, pos+1))
	}
	slices.Sort(lengths)
	for _, q := range []struct {
		name string
		at   int
	}{{"p10", len(lengths) / 10}, {"p50", len(lengths) / 2}, {"p90", len(lengths) * 9 / 10}} {
		b.ReportMetric(float64(lengths[q.at]), fmt.Sprintf("%s-%s-%s:%s", name, unit, q.name, unit))
	}
}
