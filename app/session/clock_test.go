package session

import (
	"testing"
	"testing/synctest"
	"time"
)

// Issue 23, "A clock": when a time to answer is set, everyone sees the
// seconds left for the seat being waited on. Every member is sent the same
// clock at the same moment; one who comes in later is sent what is left.
func TestEveryoneSeesTheSeatsTimeToAnswer(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 3, Options{AnswerTime: 20 * time.Second})
		ann := local(t, h, "Ann", "")
		bob := join(t, h, "Bob", "")
		h.SetBot(2, true)
		bob.Ready(true)
		waitLobby(t, bob, "ready", func(l *Lobby) bool { return l.Seats[1].Ready })
		if err := h.Start(); err != nil {
			t.Fatal(err)
		}
		st := waitVersion(t, ann, 1) // the bot plays at once; Ann and Bob choose
		var clocks []*ClockMsg
		for _, g := range []*Guest{ann, bob} {
			c := waitFor(t, g, "the clock of version 1", func(u Update) bool { return u.Clock != nil && u.Clock.Version == st.Version }).Clock
			clocks = append(clocks, c)
		}
		if *clocks[0] != *clocks[1] {
			t.Errorf("Ann and Bob were sent different clocks: %+v and %+v", *clocks[0], *clocks[1])
		}
		if c := clocks[0]; c.Version != st.Version || c.Ms != 20000 || c.Seat != st.Prompts[0].Seat {
			t.Errorf("the clock reads %+v; want version %d, seat %d (the first waited on), 20000 ms", *c, st.Version, st.Prompts[0].Seat)
		}
		// Cat comes in 8 s later: 12 s are left.
		time.Sleep(8 * time.Second)
		synctest.Wait()
		cat := join(t, h, "Cat", "")
		if c := waitKind(t, cat, KindClock).Clock; c.Ms != 12000 || c.Version != st.Version {
			t.Errorf("the late comer's clock reads %+v, want 12000 ms at version %d", *c, st.Version)
		}
	})
}
