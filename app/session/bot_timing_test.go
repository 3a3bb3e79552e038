package session

import (
	"context"
	"slices"
	"testing"
	"time"

	"longhall/rules"
)

// slowBot thinks a second for every legal action beyond the first (in a
// synctest bubble, where sleeping is thinking), in slices, ending early
// when told it has had enough; it strikes when it can.
type slowBot struct{}

func (b slowBot) Choose(st rules.State, seat rules.Seat) (rules.Action, error) {
	return b.ChooseUntil(st, seat, nil)
}

func (slowBot) ChooseUntil(st rules.State, seat rules.Seat, enough func() bool) (rules.Action, error) {
	legal := st.Legal(seat)
	for range (len(legal) - 1) * 100 {
		if enough != nil && enough() {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return legal[len(legal)-1], nil
}

// botAnswersAt plays a react game in a bubble against a slow bot in seat
// 1, dealt the sword or not, and returns when Ann's seat heard each
// message after the start, and how long after Ann's move each of the
// bot's answers came.
func botAnswersAt(t *testing.T, sword string, waits []time.Duration) (heardAt, answers []time.Duration) {
	inBubble(t, func(t *testing.T) {
		next := slices.Clone(waits)
		h, err := NewHost(context.Background(), "react-test", rules.Config{Players: 2, Options: map[string]string{"sword": sword}}, 1,
			Options{
				BotWait: func(string) time.Duration { d := next[0]; next = append(next[1:], d); return d },
				makeBot: func(string, uint64) rules.Bot { return slowBot{} },
			})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		ann := local(t, h, "Ann", "")
		h.SetBot(1, true)
		start := time.Now()
		if err := h.Start(); err != nil {
			t.Fatal(err)
		}
		var moved time.Time
		for u := range ann.Updates() {
			if u.State == nil && u.Log == nil {
				continue
			}
			heardAt = append(heardAt, time.Since(start))
			s := u.State
			if s == nil {
				continue
			}
			if len(s.Events) > 0 && s.Events[0].Seat == 1 {
				answers = append(answers, time.Since(moved))
			}
			if s.Result != nil {
				break
			}
			if len(s.Legal) > 0 {
				time.Sleep(time.Second) // Ann thinks
				moved = time.Now()
				if _, err := ann.Intent(s.Legal[0]); err != nil {
					t.Fatal(err)
				}
			}
		}
		ann.Close()
	})
	return heardAt, answers
}

// The table's rule: nobody learns what a seat holds, "not even from
// timing". A bot answers a time drawn before it starts thinking after its
// prompt, whether it had one move or a choice to think over: Ann hears the
// bot's answers at the same moments whether it holds the sword (a second
// of thought each time) or not (a forced pass), and a search longer than
// its time is cut short to fit it.
func TestABotsTimeToAnswerTellsNothing(t *testing.T) {
	waits := []time.Duration{1700 * time.Millisecond, 2900 * time.Millisecond, 600 * time.Millisecond}
	withSword, answers := botAnswersAt(t, "yes", waits)
	without, forced := botAnswersAt(t, "no", waits)
	if !slices.Equal(withSword, without) {
		t.Errorf("Ann hears at other moments when the bot holds the sword:\n%v\n%v", withSword, without)
	}
	if !slices.Equal(answers, waits) || !slices.Equal(forced, waits) {
		t.Errorf("the bot answered after %v with the sword and %v without, want the drawn %v", answers, forced, waits)
	}
}

// By default a bot takes BotDelay and up to as much again, twice as much
// for a hard bot, and not always the same.
func TestABotsTimeToAnswerIsDrawn(t *testing.T) {
	h := &Host{opts: Options{BotDelay: 600 * time.Millisecond}}
	for _, c := range []struct {
		level    string
		from, to time.Duration
	}{{rules.Easy, 600 * time.Millisecond, 1200 * time.Millisecond}, {rules.Hard, 600 * time.Millisecond, 1800 * time.Millisecond}} {
		seen := map[time.Duration]bool{}
		for range 1000 {
			d := h.botWait(c.level)
			if d < c.from || d >= c.to {
				t.Fatalf("%s: a wait of %v", c.level, d)
			}
			seen[d] = true
		}
		if len(seen) < 100 {
			t.Errorf("%s: only %d different waits in 1000", c.level, len(seen))
		}
	}
	if d := (&Host{}).botWait(rules.Hard); d != 0 {
		t.Errorf("with no BotDelay a bot waits %v", d)
	}
}

// A run of the bots' decisions (botWait): the first bot decision after a
// person's waits a drawn time, BotDelay and up to as much again for an
// easy bot; each decision straight after a bot's waits BotDelay/2 exactly.
// An automatic answer for the person keeps the run going only when nobody
// else is there to see it come (runOn). Echo (undo_bots_test.go): each
// seat goes, then confirms; Ann is on the host's device, the bot in seat 1.
func TestTheBotsRunsWaitAFixedTime(t *testing.T) {
	const d = time.Second
	for _, tc := range []struct {
		name    string
		watched bool          // Eve watches
		goAfter time.Duration // the bot's go after Ann's confirmation: the least, and how much more it may be
		spread  time.Duration
	}{
		{"with a watcher, the bot's go starts a run", true, d, d},
		{"alone, Ann's confirmation at once keeps the run going", false, d / 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				h, err := NewHost(context.Background(), "echo-test", rules.Config{Players: 2}, 1, Options{BotDelay: d, PassDelay: func() time.Duration { return 2 * time.Second }})
				if err != nil {
					t.Fatal(err)
				}
				defer h.Close()
				h.SetBot(1, true)
				ann := local(t, h, "Ann", "")
				if tc.watched {
					join(t, h, "Eve", "")
				}
				if err := h.Start(); err != nil {
					t.Fatal(err)
				}
				if _, err := ann.Intent(waitVersion(t, ann, 0).Legal[0]); err != nil {
					t.Fatal(err)
				}
				at := map[int]time.Time{}
				for v := 1; v <= 4; v++ {
					waitVersion(t, ann, v)
					at[v] = time.Now()
				}
				if wait := at[3].Sub(at[2]); wait < tc.goAfter || wait > tc.goAfter+tc.spread {
					t.Errorf("the bot went %v after Ann's confirmation, want %v and up to %v more", wait, tc.goAfter, tc.spread)
				}
				if wait := at[4].Sub(at[3]); wait != d/2 {
					t.Errorf("the bot confirmed %v after its go, want %v: the run's later decision", wait, d/2)
				}
				ann.Close()
			})
		})
	}
}
