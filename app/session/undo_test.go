package session

import (
	"strings"
	"testing"

	"longhall/app/internal/leaktest"
	"longhall/rules"
)

// twoAtTable starts a Hands game (two cards each, both choose at once)
// with Ann on the host's device and Bob over a pipe.
func twoAtTable(t *testing.T) (*Host, *Guest, *Guest) {
	t.Helper()
	h := newTestHost(t, 2, Options{})
	ann := local(t, h, "Ann", "")
	bob := join(t, h, "Bob", "")
	bob.Ready(true)
	waitLobby(t, bob, "Bob ready", func(l *Lobby) bool { return l.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, ann, 0)
	waitVersion(t, bob, 0)
	return h, ann, bob
}

// logAfter waits for a guest's whole log, sent again after an undo.
func logAfter(t *testing.T, g *Guest) []rules.LogEntry {
	t.Helper()
	return waitFor(t, g, "the log", func(u Update) bool { return u.Log != nil && u.Log.First }).Log.Entries
}

// A seat takes back its own last move while nobody else has moved and
// nothing hidden was shown: both tables go back to exactly the state
// before it, the record loses it, and everyone's log says who took back
// what (the undo, "in rooms too").
func TestASeatTakesBackItsOwnLastMove(t *testing.T) {
	leaktest.Check(t)
	h, ann, bob := twoAtTable(t)
	annSnap := ann.Latest() // version 0: nobody has moved
	if _, err := bob.Intent(bob.Latest().State.Legal[0]); err != nil {
		t.Fatal(err)
	}
	mine := waitVersion(t, bob, 1)
	theirs := waitVersion(t, ann, 1)
	if mine.Undo == "" {
		t.Fatal("Bob is not offered to take back his move")
	}
	if theirs.Undo != "" {
		t.Fatalf("Ann is offered to take back Bob's move: %q", theirs.Undo)
	}
	if _, err := bob.Undo(); err != nil {
		t.Fatal(err)
	}
	for g, want := range map[*Guest]string{bob: "Bob took back: play card", ann: "Bob took back a move: seat 1 has chosen"} {
		entries := logAfter(t, g)
		if len(entries) != 1 || entries[0].N != 0 || !strings.HasPrefix(entries[0].Lines[0], want) {
			t.Fatalf("the log after the undo: %+v, want %q", entries, want)
		}
		if g == ann && strings.Contains(entries[0].Lines[0], "card") {
			t.Fatalf("Ann is told Bob's card: %q", entries[0].Lines[0])
		}
		s := waitVersion(t, g, 0)
		if s.Undo != "" || s.Step != 2 {
			t.Fatalf("after the undo: step %d, undo %q", s.Step, s.Undo)
		}
	}
	if string(ann.Latest().State.View) != string(annSnap.State.View) {
		t.Fatalf("Ann's table is not as before Bob's move:\n%s\n%s", ann.Latest().State.View, annSnap.State.View)
	}
	if hostVersion(t, h) != 0 {
		t.Fatal("the record still holds the move taken back")
	}
	mustCheckHost(t, h)
}

// Nothing is taken back across another seat's decision, nor once the
// round's reveal has shown everyone the cards and dealt new ones (a draw).
func TestUndoIsRefusedAfterAnotherSeatMovedOrADraw(t *testing.T) {
	leaktest.Check(t)
	h, ann, bob := twoAtTable(t)
	if _, err := ann.Intent(ann.Latest().State.Legal[0]); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, ann, 1)
	if _, err := bob.Intent(waitVersion(t, bob, 1).Legal[0]); err != nil {
		t.Fatal(err)
	}
	// Bob's card ended the round: cards turned up, new ones dealt.
	if s := waitVersion(t, bob, 2); s.Undo != "" {
		t.Fatalf("Bob is offered to take back the card that turned the round up: %q", s.Undo)
	}
	if s := waitVersion(t, ann, 2); s.Undo != "" {
		t.Fatalf("Ann is offered to take back a move across Bob's: %q", s.Undo)
	}
	for _, g := range []*Guest{ann, bob} {
		if _, err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		if e := waitError(t, g, CodeNoUndo); !strings.Contains(e.Text, "nothing of yours to take back") {
			t.Fatalf("the refusal reads %q", e.Text)
		}
	}
	if hostVersion(t, h) != 2 {
		t.Fatal("a refused undo changed the record")
	}
	mustCheckHost(t, h)
}

// A move decided on a table that an undo has since changed is refused, so
// that nobody plays on a move that no longer stands; decided again on the
// table as it is, it is played.
func TestAMoveDecidedBeforeAnUndoIsRefused(t *testing.T) {
	leaktest.Check(t)
	h, ann, bob := twoAtTable(t)
	if _, err := ann.Intent(ann.Latest().State.Legal[0]); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, ann, 1)
	late := waitVersion(t, bob, 1) // Bob decides on Ann's move...
	if _, err := ann.Undo(); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, ann, 0)
	// ...which Ann has taken back before his move arrives. Bob's guest
	// has read the new state by now, so the old step is sent by hand.
	if err := bob.send(KindIntent, Intent{Seq: 1, Seat: 1, Action: late.Legal[0], Step: late.Step}); err != nil {
		t.Fatal(err)
	}
	waitError(t, bob, CodeTakenBack)
	if hostVersion(t, h) != 0 {
		t.Fatal("a move decided before the undo was played")
	}
	mustCheckHost(t, h)
}

// A move the rules refuse is told apart by when it was decided: on a table
// that has changed since (another seat moved first), the player is told
// the table moved on, since what they chose was open when they chose it;
// decided on the table as it is, it is the rules' refusal.
func TestAMoveTheTableMovedPastIsSaidToBeLate(t *testing.T) {
	leaktest.Check(t)
	h, ann, bob := twoAtTable(t)
	seen := bob.Latest().State // version 0, read by twoAtTable
	if _, err := ann.Intent(ann.Latest().State.Legal[0]); err != nil {
		t.Fatal(err)
	}
	now := waitVersion(t, bob, 1)
	never := rules.Action{Kind: "choose", Args: []int{99}}
	if err := bob.send(KindIntent, Intent{Seq: 1, Seat: 1, Action: never, Step: seen.Step}); err != nil {
		t.Fatal(err)
	}
	if e := waitError(t, bob, CodeMovedOn); !strings.Contains(e.Text, "moved on") {
		t.Fatalf("the refusal reads %q", e.Text)
	}
	if err := bob.send(KindIntent, Intent{Seq: 2, Seat: 1, Action: never, Step: now.Step}); err != nil {
		t.Fatal(err)
	}
	if e := waitError(t, bob, CodeIllegal); e.Seq != 2 {
		t.Fatalf("the refusal is for intent %d, want 2", e.Seq)
	}
	if hostVersion(t, h) != 1 {
		t.Fatal("a refused move changed the record")
	}
	mustCheckHost(t, h)
}
