package session

import (
	"testing"
	"time"

	"longhall/rules"
)

// sendAt sends g's intent as if decided on the table of step: a move that
// was on its way while the table moved on.
func sendAt(t *testing.T, g *Guest, a rules.Action, step int) {
	t.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seq++
	if err := g.sendLocked(KindIntent, Intent{Seq: g.seq, Seat: g.snap.Seat, Action: a, Step: step}); err != nil {
		t.Fatal(err)
	}
}

// A Pass that arrives after the host has answered for its seat answers a
// question that is gone. Bob's reaction window times out and the game
// passes for him; Ann goes again and a new window opens for Bob; then his
// Pass, decided in the first window, arrives over a slow link. The rules
// would take it as his answer in the second window, which he never saw:
// it is refused as moved_on ("answered"), and the Pass he makes in the
// second window is taken.
func TestAnAnswerAfterTheTableAnsweredForTheSeatIsRefused(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h, ann, bob := reactTable(t, "no", AutoPassOff, Options{AnswerTime: 20 * time.Second})
		if _, err := ann.Intent(waitVersion(t, ann, 0).Legal[0]); err != nil {
			t.Fatal(err)
		}
		first := waitVersion(t, bob, 1) // Bob's first window
		pass := first.Legal[0]
		if s := waitVersion(t, bob, 2); s.Actor != 1 {
			t.Fatalf("version 2 is seat %d's, want the pass the game made for Bob", s.Actor)
		}
		if _, err := ann.Intent(waitVersion(t, ann, 2).Legal[0]); err != nil {
			t.Fatal(err)
		}
		second := waitVersion(t, bob, 3)
		sendAt(t, bob, pass, first.Step)
		if e := waitError(t, bob, CodeMovedOn); e.Args == nil || e.Args.Why != WhyAnswered {
			t.Fatalf("the late pass is refused with %+v, want the why %q", e.Args, WhyAnswered)
		}
		if v := hostVersion(t, h); v != 3 {
			t.Fatalf("the late pass was played: the table is at version %d", v)
		}
		sendAt(t, bob, pass, second.Step)
		if s := waitVersion(t, bob, 4); s.Actor != 1 {
			t.Fatalf("version 4 is seat %d's, want Bob's pass", s.Actor)
		}
	})
}
