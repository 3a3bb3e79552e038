package session

import (
	"strings"
	"testing"
	"testing/synctest"

	"longhall/rules"
)

// A shared screen shows one person at a time (Show): the host sends the
// table to that person only, a person it parks hears no state until the
// screen is theirs, and then their seat's log since the version they
// hold, and the state.
func TestASharedScreenIsSentTheTableOfThePersonItShows(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		ann := local(t, h, "Ann", "")
		bob := local(t, h, "Bob", "")
		if err := h.Start(); err != nil {
			t.Fatal(err)
		}
		first := waitVersion(t, ann, 0)
		waitVersion(t, bob, 0)
		if _, err := h.Show("no such token"); err == nil {
			t.Error("a token nobody holds was shown")
		}
		if _, err := h.Show(ann.Token()); err != nil {
			t.Fatal(err)
		}
		ann.Intent(first.Legal[0])
		waitVersion(t, ann, 1)

		// Bob was parked: nothing of the table came his way.
		for _, u := range unread(bob) {
			if u.State != nil || u.Log != nil {
				t.Fatalf("a parked person was sent the table: %+v", u)
			}
		}

		step, err := h.Show(bob.Token())
		if err != nil {
			t.Fatal(err)
		}
		log := waitKind(t, bob, KindLog).Log
		got := waitVersion(t, bob, 1)
		if log.First || len(log.Entries) != 1 || log.Entries[0].N != 1 || got.Step < step || got.Seat != 1 {
			t.Errorf("shown, Bob is sent a log (whole: %v) of %d entries and seat %d's state of step %d, want the one entry since his version 0 and a state of step %d or later", log.First, len(log.Entries), got.Seat, got.Step, step)
		}
		// Now Ann is parked: Bob's choice reaches Bob only.
		bob.Intent(got.Legal[0])
		waitVersion(t, bob, 2)
		for _, u := range unread(ann) {
			if u.State != nil {
				t.Fatalf("Ann, parked, was sent the state of version %d", u.State.Version)
			}
		}
		// "" shows everyone again: Ann is brought up to date.
		if _, err := h.Show(""); err != nil {
			t.Fatal(err)
		}
		waitVersion(t, ann, 2)
	})
}

// A move taken back while a person was parked changes the log they hold:
// shown again, they are sent their seat's whole log, the take-back in it.
func TestAPersonShownAfterATakeBackIsSentTheWholeLog(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 3, Options{})
		ann := local(t, h, "Ann", "")
		bob := local(t, h, "Bob", "")
		local(t, h, "Cid", "")
		if err := h.Start(); err != nil {
			t.Fatal(err)
		}
		first := waitVersion(t, ann, 0)
		waitVersion(t, bob, 0)
		if _, err := h.Show(ann.Token()); err != nil {
			t.Fatal(err)
		}
		ann.Intent(first.Legal[0])
		waitVersion(t, ann, 1)
		if _, err := h.Show(bob.Token()); err != nil {
			t.Fatal(err)
		}
		st := waitVersion(t, bob, 1)
		bob.Intent(st.Legal[0])
		st = waitVersion(t, bob, 2)
		if st.Undo == "" {
			t.Fatal("Bob's choice, the round still open, may not be taken back")
		}
		bob.Intent(rules.Action{Kind: UndoKind})
		waitFor(t, bob, "the move taken back", func(u Update) bool { return u.State != nil && u.State.Version == 1 })
		if _, err := h.Show(ann.Token()); err != nil {
			t.Fatal(err)
		}
		log := waitKind(t, ann, KindLog).Log
		if !log.First || len(log.Entries) != 2 || !strings.Contains(strings.Join(log.Entries[1].Lines, " "), "took back") {
			t.Errorf("shown again after Bob took a move back, Ann is sent a log (whole: %v) of %+v; want her whole log, the take-back in it", log.First, log.Entries)
		}
	})
}

// unread is every update g has been sent and not read yet, once the
// bubble's goroutines are all idle.
func unread(g *Guest) []Update {
	synctest.Wait()
	var out []Update
	for {
		select {
		case u := <-g.Updates():
			out = append(out, u)
		default:
			return out
		}
	}
}
