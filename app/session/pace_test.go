package session

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"longhall/rules"
	_ "longhall/rules/northerners"
	_ "longhall/rules/raiders"
	_ "longhall/rules/rednorth"
	_ "longhall/rules/vikings"
)

// The table's pace (issue 39), as a person playing alone against hard
// bots at the default pace meets it: how often they are asked for a Pass,
// how long they wait on the bots between their decisions, how long a
// game lasts. Each game is played whole in a synctest bubble, whose clock
// moves only when everything waits: the times are the host's own waits
// (the bots' drawn and fixed waits, the automatic answers' delays) and
// the person's, never the machine's speed. The person decides as the
// game's easy bot would, in personThinks; the hard bots' searches run to
// their budget, which the fake clock never cuts.
//
// It is make bench's report, not a test of speed: it runs only with
// LONGHALL_PACE=1, and prints its figures as benchmark lines (the only
// way a synctest bubble, which needs a *testing.T, reports to make bench).
func TestTablePace(t *testing.T) {
	if os.Getenv("LONGHALL_PACE") == "" {
		t.Skip("make bench's report: LONGHALL_PACE=1")
	}
	for _, tc := range []struct {
		game    string
		players int
	}{
		{"rednorth", 2}, {"raiders", 2}, {"vikings", 2}, {"vikings", 3}, {"northerners", 2},
	} {
		name := fmt.Sprintf("%s/%dp", tc.game, tc.players)
		t.Run(name, func(t *testing.T) {
			var p pace
			inBubble(t, func(t *testing.T) { p = playAtPace(t, tc.game, tc.players, 20261129) })
			waits := slices.Sorted(slices.Values(p.botTurns))
			fmt.Printf("BenchmarkTablePace/%s 1 %d pass-clicks:clicks/game %d prompts:prompts/game %.1f bot-turn-median:s %.1f bot-turn-p95:s %.1f game:min\n",
				name, p.passClicks, p.prompts, quantile(waits, 0.5).Seconds(), quantile(waits, 0.95).Seconds(), p.game.Minutes())
		})
	}
}

// personThinks is how long the person takes over each decision.
const personThinks = 3 * time.Second

// pace is what one game against the bots was like for its person.
type pace struct {
	prompts    int             // decisions the person was asked for
	passClicks int             // of them, answered with the pass a time out would give
	botTurns   []time.Duration // each wait, between two of the person's decisions, on a bot
	game       time.Duration
}

// playAtPace plays one game: the person in seat 0 on the host's device,
// hard bots in the other seats.
func playAtPace(t *testing.T, game string, players int, seed uint64) pace {
	h, err := NewHost(context.Background(), game, rules.Config{Players: players}, seed, Options{BotDelay: DefaultBotDelay})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for s := 1; s < players; s++ {
		h.SetBot(rules.Seat(s), true)
		h.SetBotLevel(rules.Seat(s), rules.Hard)
	}
	ann := local(t, h, "Ann", "")
	g, err := rules.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	brain := rules.NewBot(g, seed)
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	var p pace
	start := time.Now()
	asked, version, botMoved := time.Now(), -1, false
	inFlight := -1 // the version the person's move in flight was decided at
	for u := range ann.Updates() {
		s := u.State
		switch {
		case u.Error != nil:
			inFlight = -1 // refused: the table moved past it; look again
			s = ann.Latest().State
		case s == nil:
			continue
		}
		if s.Version > version {
			if s.Actor != 0 {
				botMoved = true
			} else if inFlight >= 0 {
				inFlight = -1 // the person's move, applied
			}
			version = s.Version
		}
		if s.Result != nil {
			break
		}
		if inFlight >= 0 || len(s.Legal) == 0 || s.Step != ann.Latest().State.Step {
			continue // a move still out, nothing asked, or a table already past
		}
		var a, pass rules.Action
		var expiring bool
		inLoop(t, h, func() {
			if exp, ok := h.state.(rules.Expiring); ok {
				pass, expiring = exp.OnTimeout(0)
			}
			a, err = brain.Choose(h.state.Clone(), 0)
		})
		if errors.Is(err, rules.ErrNotPending) {
			continue // answered for the person as they looked (an automatic answer)
		}
		if err != nil {
			t.Fatal(err)
		}
		if botMoved {
			p.botTurns = append(p.botTurns, time.Since(asked))
		}
		p.prompts++
		if expiring && a.Same(pass) {
			p.passClicks++
		}
		time.Sleep(personThinks)
		if _, err := ann.Intent(a); err != nil {
			t.Fatal(err)
		}
		inFlight, asked, botMoved = s.Version, time.Now(), false
	}
	p.game = time.Since(start)
	ann.Close()
	return p
}

// quantile is the q-quantile of sorted durations (0 for none).
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(int(q*float64(len(sorted))), len(sorted)-1)]
}
