package session

import (
	"testing"
	"testing/synctest"
	"time"
)

// The time to answer on its own (answerClock), on synctest's clock: it runs
// out once, after its limit, for the step it was started for; stopped or
// started again for another step, the first never runs out; and what the
// players are told counts down.
func TestTheAnswerClockRunsOutOnceForItsStep(t *testing.T) {
	for _, c := range []struct {
		name  string
		then  func(c *answerClock, outs *[]int)
		after time.Duration
		want  []int // the steps that ran out
	}{
		{"it runs out after its limit", func(*answerClock, *[]int) {}, 15 * time.Second, []int{3}},
		{"not before", func(*answerClock, *[]int) {}, 14 * time.Second, nil},
		{"stopped, it never runs out", func(c *answerClock, _ *[]int) { c.stop() }, time.Minute, nil},
		{"started for the next step, only that one runs out", func(c *answerClock, outs *[]int) {
			time.Sleep(10 * time.Second)
			c.start(5, 4, 1, func() { *outs = append(*outs, 4) })
		}, time.Minute, []int{4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var outs []int
				var clk answerClock
				clk.setLimit(15 * time.Second)
				clk.start(4, 3, 0, func() { outs = append(outs, 3) })
				if !clk.runsFor(3) || clk.runsFor(2) {
					t.Fatal("the clock does not say it runs for step 3 only")
				}
				c.then(&clk, &outs)
				time.Sleep(c.after)
				synctest.Wait()
				if len(outs) != len(c.want) || len(outs) > 0 && outs[0] != c.want[0] {
					t.Errorf("ran out for steps %v, want %v", outs, c.want)
				}
			})
		})
	}
}

func TestTheAnswerClockTellsTheTimeLeft(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var clk answerClock
		clk.setLimit(time.Hour)
		if clk.limit != MaxAnswerTime {
			t.Errorf("an hour to answer is kept as %v, want the most a host may set, %v", clk.limit, MaxAnswerTime)
		}
		clk.setLimit(20 * time.Second)
		clk.start(7, 9, 2, func() {})
		time.Sleep(5 * time.Second)
		if m := clk.msg(); m.Version != 7 || m.Seat != 2 || m.Ms != 15000 {
			t.Errorf("5 s into 20 s the players are told %+v, want seat 2's 15000 ms at version 7", m)
		}
		time.Sleep(time.Minute)
		if m := clk.msg(); m.Ms != 0 {
			t.Errorf("past its end the clock says %d ms are left", m.Ms)
		}
		clk.ranOut()
		if clk.running() {
			t.Error("a clock that ran out still runs")
		}
	})
}
