package session

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/rules"
)

func TestPauseHoldsIntentsAndBots(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		r.h.SetPaused(true, "back in five")
		u := waitKind(t, r.ann, KindPaused)
		if u.Paused.Reason != "back in five" {
			t.Errorf("reason %q", u.Paused.Reason)
		}
		// Rob leaves; a bot takes his seat; the game starts paused.
		r.rob.msg(KindStand, nil)
		for l := (Lobby{}); len(l.Seats) == 0 || l.Seats[1].Kind != SeatEmpty; {
			r.rob.until(KindLobby, &l)
		}
		r.h.SetBot(1, true)
		if err := r.h.Start(); err != nil {
			t.Fatal(err)
		}
		st := waitVersion(t, r.ann, 0)
		if r.ann.Latest().Paused == nil {
			t.Error("Ann's snapshot does not show the pause")
		}
		r.ann.Intent(st.Legal[0])
		waitError(t, r.ann, CodePaused)
		// The bot would move at once if it could.
		busy := true
		inLoop(t, r.h, func() { busy = r.h.bot.busy })
		if busy || hostVersion(t, r.h) != 0 {
			t.Fatal("a bot moved or is thinking during the pause")
		}
		// A guest joining during the pause is told.
		cat := join(t, r.h, "Cat", "")
		waitKind(t, cat, KindPaused)

		r.h.SetPaused(false, "")
		waitKind(t, r.ann, KindResumed)
		waitVersion(t, r.ann, 1) // the bot
		if r.ann.Latest().Paused != nil {
			t.Error("Ann's snapshot still shows the pause")
		}
		r.annPlays(t, false)
	})
}

// TestBotsArePacedByTheClock: a bot acts no sooner than BotDelay after its
// turn comes (and within twice as long: see TestABotsTimeToAnswerIsDrawn).
func TestBotsArePacedByTheClock(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{BotDelay: time.Second})
		ann := local(t, h, "Ann", "")
		h.SetBot(1, true)
		h.Start()
		waitVersion(t, ann, 0)
		time.Sleep(999 * time.Millisecond)
		synctest.Wait() // whatever was due by now has happened
		if v := hostVersion(t, h); v != 0 {
			t.Fatalf("the bot moved after %v", 999*time.Millisecond)
		}
		time.Sleep(time.Millisecond)
		st := waitVersion(t, ann, 1)
		if st.Events[0].Seat != 1 {
			t.Fatalf("version 1 was made by seat %d", st.Events[0].Seat)
		}
	})
}

func TestASlowBotDoesNotHoldUpTheHost(t *testing.T) {
	leaktest.Check(t)
	gate = make(chan struct{})
	released := false
	release := func() {
		if !released {
			released = true
			close(gate)
		}
	}
	h, err := NewHost(context.Background(), "hand-gated-test", rules.Config{Players: 2}, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { release(); h.Close() })
	ann := local(t, h, "Ann", "")
	h.SetBot(1, true)
	h.Start()
	st := waitVersion(t, ann, 0)
	// The bot is thinking (blocked) on its clone; the host still answers.
	n, _ := ann.Ping()
	if p := waitKind(t, ann, KindPong).Pong; p.N != n {
		t.Fatal("wrong pong")
	}
	ann.Intent(st.Legal[0])
	waitVersion(t, ann, 1)
	// The bot's stale answer (made for version 0) is thrown away and it
	// thinks again on the new state.
	release()
	st = waitVersion(t, ann, 2)
	if st.Events[0].Seat != 1 {
		t.Fatalf("version 2 was made by seat %d", st.Events[0].Seat)
	}
	mustCheckHost(t, h)
}

func TestABrokenBotCannotStallTheGame(t *testing.T) {
	leaktest.Check(t)
	var logs []string
	h, err := NewHost(context.Background(), "hand-badbot-test", rules.Config{Players: 3}, 1, Options{Logf: func(f string, a ...any) { logs = append(logs, f) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	ann := local(t, h, "Ann", "")
	h.SetBot(1, true)
	h.SetBot(2, true)
	done := autoplay(ann, 1)
	h.Start()
	if tr := <-done; tr.err != nil || len(tr.errs) > 0 {
		t.Fatal(tr.err, tr.errs)
	}
	inLoop(t, h, func() {
		if len(logs) == 0 {
			t.Error("the bot's failures were not logged")
		}
	})
	mustCheckHost(t, h)
}

// TestTheTimeToAnswer: with a time to answer set, a human seat whose
// prompt may time out takes the game's timeout action when it runs out
// (in Hands, its lowest card), one seat at a time and not a moment
// before; an answer in time stops the clock; the lobby shows the time;
// bots are never timed.
func TestTheTimeToAnswer(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 3, Options{AnswerTime: 20 * time.Second})
		ann := local(t, h, "Ann", "")
		bob := join(t, h, "Bob", "")
		h.SetBot(2, true)
		bob.Ready(true)
		if l := waitLobby(t, bob, "ready", func(l *Lobby) bool { return l.Seats[1].Ready }); l.AnswerTime != 20 {
			t.Errorf("the lobby shows %d s to answer, want 20", l.AnswerTime)
		}
		if err := h.Start(); err != nil {
			t.Fatal(err)
		}
		waitVersion(t, ann, 1) // the bot plays at once
		time.Sleep(19 * time.Second)
		synctest.Wait()
		if v := hostVersion(t, h); v != 1 {
			t.Fatalf("someone was timed out after 19 s (version %d)", v)
		}
		time.Sleep(time.Second)
		st := waitVersion(t, ann, 2)
		if st.Events[0].Kind != "timeout" || st.Events[0].Seat != 0 {
			t.Fatalf("version 2 says %+v, want Ann's time running out", st.Events[0])
		}
		// Bob answers in time; the round ends, the bot plays the next,
		// and Ann's new clock starts from there.
		time.Sleep(10 * time.Second)
		bst := bob.Latest().State
		bob.Intent(bst.Legal[0])
		waitVersion(t, ann, 4)
		time.Sleep(19 * time.Second)
		synctest.Wait()
		if v := hostVersion(t, h); v != 4 {
			t.Fatalf("a clock left over from Bob's answered prompt ran out (version %d)", v)
		}
		// The host turns the clock off: nobody is timed out any more.
		if err := h.SetAnswerTime(0); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Minute)
		synctest.Wait()
		if v := hostVersion(t, h); v != 4 {
			t.Errorf("with no time limit: version %d", v)
		}
		waitLobby(t, bob, "no time limit", func(l *Lobby) bool { return l.AnswerTime == 0 })
	})
}
