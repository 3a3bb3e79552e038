package session

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"longhall/app/internal/leaktest"
	"longhall/rules"
)

func TestGuestReconnectsWithItsTokenAndRetakesItsSeat(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		bob := join(t, r.h, "Bob", "")
		r.h.SetBot(1, false)
		// Rob leaves seat 1 for Bob.
		r.rob.msg(KindStand, nil)
		for l := (Lobby{}); len(l.Seats) == 0 || l.Seats[1].Kind != SeatEmpty; {
			r.rob.until(KindLobby, &l)
		}
		bob.Sit(1)
		bob.Ready(true)
		waitLobby(t, r.ann, "Bob ready in seat 1", func(l *Lobby) bool { return l.Seats[1].Member != 0 && l.Seats[1].Ready })
		if err := r.h.Start(); err != nil {
			t.Fatal(err)
		}
		waitVersion(t, bob, 0)
		seq, err := bob.Intent(rules.Action{Kind: "choose", Args: []int{1}})
		if err != nil || seq != 1 {
			t.Fatalf("intent %d, %v", seq, err)
		}
		waitVersion(t, bob, 1)
		token, id := bob.Token(), bob.Latest().You

		// The link drops.
		bob.Close()
		if !errorsIsClosed(bob.Err()) {
			t.Fatalf("Err after Close: %v", bob.Err())
		}
		waitLobby(t, r.ann, "Bob away", func(l *Lobby) bool { return l.Seats[1].Member == id && !l.Seats[1].Connected })
		r.annPlays(t, false) // the game waits for Bob but goes on for Ann

		again := join(t, r.h, "Bob", token)
		snap := again.Latest()
		if snap.Seat != 1 || snap.You != id || snap.Token != token {
			t.Fatalf("reconnected as %+v, want seat 1, id %d, same token", snap, id)
		}
		// Bob gets his whole log back, his own secrets in it and nobody else's.
		lg := waitKind(t, again, KindLog).Log
		if !lg.First || lg.More || lg.Upto != 2 || len(lg.Entries) != 2 {
			t.Fatalf("log on reconnect: %+v", lg)
		}
		if e := lg.Entries[0]; e.N != 1 || e.Seat != 1 || !strings.Contains(e.Lines[0], " chose card") {
			t.Errorf("Bob's own move reads %+v", e)
		}
		if e := lg.Entries[1]; e.N != 2 || e.Seat != 0 || e.Lines[0] != "seat 0 has chosen" {
			t.Errorf("Ann's move reads %+v in Bob's log", e)
		}
		st := waitVersion(t, again, 2)
		if len(st.Legal) == 0 || len(st.Events) != 0 {
			t.Fatalf("state on reconnect: legal %v, events %v", st.Legal, st.Events)
		}
		waitLobby(t, r.ann, "Bob back", func(l *Lobby) bool { return l.Seats[1].Member == id && l.Seats[1].Connected })
		// The sequence numbers carry on from where the host left them.
		seq, err = again.Intent(st.Legal[0])
		if err != nil || seq != 2 {
			t.Fatalf("intent after reconnect: %d, %v", seq, err)
		}
		waitVersion(t, again, 3)
		mustCheckHost(t, r.h)
	})
}

func errorsIsClosed(err error) bool { return errors.Is(err, ErrClosed) }

func TestTheNewestConnectionOfATokenWins(t *testing.T) {
	leaktest.Check(t)
	h := newTestHost(t, 2, Options{})
	first := join(t, h, "Bob", "")
	second := join(t, h, "Bob on phone", first.Token())
	if second.Seat() != first.Seat() {
		t.Fatalf("second connection got seat %d, first had %d", second.Seat(), first.Seat())
	}
	u := waitKind(t, first, KindKicked)
	if !strings.Contains(u.Kicked.Reason, "connected again") || u.Kicked.Why != KickElsewhere {
		t.Errorf("kicked with %+v", u.Kicked)
	}
	<-first.Done()
	if e, ok := first.Err().(*Error); !ok || e.Code != CodeKicked || e.Why != KickElsewhere {
		t.Errorf("Err %v", first.Err())
	}
	l := waitLobby(t, second, "renamed", func(l *Lobby) bool { return l.Seats[first.Seat()].Name == "Bob on phone" })
	if !l.Seats[first.Seat()].Connected {
		t.Error("the seat shows disconnected although the new link is up")
	}
	mustCheckHost(t, h)
}

// A link that drops and comes back (Hello.Resume) takes the seat only if
// no other link took it meanwhile: a phone that wakes up must not take
// the seat from the laptop its player moved to. The same link coming back
// before the host noticed the drop takes it, and so does a player who
// asks for the seat (a hello without Resume: the newest connection wins).
func TestALinkThatComesBackDoesNotTakeTheSeatFromANewerOne(t *testing.T) {
	leaktest.Check(t)
	h := newTestHost(t, 2, Options{})
	phone, phoneLink := joinHello(t, h, Hello{Name: "Bob"})
	token, seat := phone.Token(), phone.Seat()
	laptop, laptopLink := joinHello(t, h, Hello{Name: "Bob", Token: token})
	waitKind(t, phone, KindKicked)
	if phoneLink == 0 || laptopLink == phoneLink {
		t.Fatalf("links %d and %d", phoneLink, laptopLink)
	}

	// The phone wakes up and comes back on its old link's word.
	back := hello(t, h, Hello{Name: "Bob", Token: token, Resume: phoneLink})
	u := waitKind(t, back, KindKicked)
	if u.Kicked.Why != KickElsewhere || !strings.Contains(u.Kicked.Reason, "elsewhere") {
		t.Errorf("the phone coming back reads %+v", u.Kicked)
	}
	if err := laptop.Ready(true); err != nil {
		t.Fatal(err)
	}
	waitLobby(t, laptop, "the laptop still seated, and heard", func(l *Lobby) bool { return l.Seats[seat].Connected && l.Seats[seat].Ready })

	// The laptop's link drops unnoticed and comes back: it is still the
	// seat's newest link, so it takes the seat.
	again, _ := joinHello(t, h, Hello{Name: "Bob", Token: token, Resume: laptopLink})
	if again.Seat() != seat {
		t.Fatalf("the laptop came back to seat %d", again.Seat())
	}
	waitKind(t, laptop, KindKicked)

	// On the phone the player asks for the seat: it comes there.
	asked, _ := joinHello(t, h, Hello{Name: "Bob", Token: token})
	if asked.Seat() != seat {
		t.Fatalf("the phone asked and sits in seat %d", asked.Seat())
	}
	waitKind(t, again, KindKicked)
	mustCheckHost(t, h)
}

// hello connects a remote guest over a pipe with a given hello.
func hello(t testing.TB, h *Host, m Hello) *Guest {
	t.Helper()
	a, b := Pipe()
	if err := h.Attach(a); err != nil {
		t.Fatal(err)
	}
	g, err := NewGuest(context.Background(), b, m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// joinHello is hello that waits for the welcome and returns its link.
func joinHello(t testing.TB, h *Host, m Hello) (*Guest, int64) {
	t.Helper()
	g := hello(t, h, m)
	return g, waitKind(t, g, KindWelcome).Welcome.Link
}

func TestHostResumesFromASaveAndGuestsRetakeTheirSeats(t *testing.T) {
	leaktest.Check(t)
	var last Save
	ctx, cancel := context.WithCancel(context.Background())
	h, err := NewHost(ctx, "hand-test", rules.Config{Players: 3, Options: map[string]string{"hand": "2"}}, 7, Options{OnSave: func(s Save) { last = s }})
	if err != nil {
		t.Fatal(err)
	}
	ann, err := h.Local("Ann", "")
	if err != nil {
		t.Fatal(err)
	}
	waitKind(t, ann, KindWelcome)
	bob := join(t, h, "Bob", "")
	h.SetBot(2, true)
	bob.Ready(true)
	waitLobby(t, bob, "ready", func(l *Lobby) bool { return l.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	st := waitVersion(t, ann, 0)
	ann.Intent(st.Legal[0])
	st = waitVersion(t, bob, 1)
	bob.Intent(st.Legal[0])
	waitVersion(t, bob, 3) // Bob's choice, then the bot's completes the round
	annToken, bobToken := ann.Token(), bob.Token()

	// The host's tab reloads: the context ends, every link drops.
	cancel()
	<-h.Done()
	<-ann.Done()
	<-bob.Done()
	// The last save describes the host's final state exactly (the bot may
	// have moved after Bob; it was saved too).
	final := mustJSON(t, h.state)
	stored := mustJSON(t, last) // through browser storage and back
	var save Save
	if err := json.Unmarshal(stored, &save); err != nil {
		t.Fatal(err)
	}
	fromSave, _, err := rules.Replay(save.Record)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(final, mustJSON(t, fromSave)) {
		t.Fatal("the last save does not replay to the host's final state")
	}

	h2, err := Resume(context.Background(), save, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h2.Close() })
	// The resumed bot may already be playing; the saved game is the
	// resumed record's beginning, and that record replays to the live state.
	var resumed rules.Record
	inLoop(t, h2, func() { resumed = cloneRecord(*h2.rec) })
	if len(resumed.Actions) < len(save.Record.Actions) ||
		!bytes.Equal(mustJSON(t, resumed.Actions[:len(save.Record.Actions)]), mustJSON(t, save.Record.Actions)) {
		t.Fatal("the resumed record does not continue the saved one")
	}
	mustCheckHost(t, h2)
	l, _ := h2.Lobby()
	if !l.Started || l.Seats[0].Connected || l.Seats[1].Connected || l.Seats[2].Kind != SeatBot || l.Seats[1].Name != "Bob" {
		t.Fatalf("resumed lobby %+v", l)
	}

	// The bot may already have moved: it plays as soon as the host resumes.
	bob2 := join(t, h2, "Bob", bobToken)
	ann2 := local(t, h2, "Ann", annToken)
	stranger := join(t, h2, "Eve", "not-a-token")
	for _, c := range []struct {
		g    *Guest
		seat rules.Seat
	}{{ann2, 0}, {bob2, 1}, {stranger, rules.Spectator}} {
		if c.g.Seat() != c.seat {
			t.Errorf("%d is in seat %d after the resume", c.seat, c.g.Seat())
		}
	}
	// A resumed host rebuilds the log from the record: each seat gets the
	// whole game back, filtered for it.
	for _, c := range []struct {
		g    *Guest
		seat rules.Seat
	}{{bob2, 1}, {stranger, rules.Spectator}} {
		lg := waitKind(t, c.g, KindLog).Log
		if !lg.First || lg.More || lg.Upto < 3 || len(lg.Entries) < 3 {
			t.Fatalf("seat %d's log after the resume: %+v", c.seat, lg)
		}
		for _, e := range lg.Entries {
			for _, l := range e.Lines {
				if secret := strings.Contains(l, " chose card") || strings.Contains(l, " draws card"); (c.seat == rules.Spectator && secret) || (strings.Contains(l, " chose card") && e.Seat != c.seat) {
					t.Errorf("seat %d reads another seat's secret: %q", c.seat, l)
				}
			}
		}
		for _, e := range lg.Entries {
			if c.seat == 1 && e.Seat == 1 && !strings.Contains(e.Lines[0], " chose card") {
				t.Errorf("Bob's own choice reads %q after the resume", e.Lines[0])
			}
		}
	}
	if s := waitKind(t, stranger, KindState).State; s.Version < 3 || len(s.Legal) != 0 {
		t.Errorf("the spectator got version %d with legal %v", s.Version, s.Legal)
	}
	if stranger.Token() == "not-a-token" {
		t.Error("the host adopted a token it never issued")
	}
	// Ann and Bob play on from the state they got on reconnecting, with
	// their sequence numbers carried over, to the end.
	annDone, bobDone := autoplay(ann2, 5), autoplay(bob2, 6)
	for _, tr := range []transcript{<-annDone, <-bobDone} {
		if tr.err != nil || len(tr.errs) > 0 {
			t.Fatalf("%v %+v", tr.err, tr.errs)
		}
		if v := tr.states[0].Version; v < 3 || len(tr.states[0].Events) != 0 {
			t.Errorf("first state after the resume: version %d, events %v", v, tr.states[0].Events)
		}
		if tr.states[len(tr.states)-1].Result == nil {
			t.Error("no result")
		}
	}
	mustCheckHost(t, h2)
}

// After the end the host can deal a rematch at the same table: the same
// seats and names, a new game at version 0, a fresh log for everyone; a
// rematch before the end is refused.
func TestRematchDealsANewGameAtTheSameTable(t *testing.T) {
	leaktest.Check(t)
	var last Save
	h := newTestHost(t, 2, Options{OnSave: func(s Save) { last = s }})
	ann := local(t, h, "Ann", "")
	bob := join(t, h, "Bob", "")
	bob.Ready(true)
	waitLobby(t, bob, "Bob ready", func(l *Lobby) bool { return l.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	if err := h.Rematch(99); err == nil || !strings.Contains(err.Error(), "not over") {
		t.Fatalf("a rematch mid-game: %v", err)
	}
	annDone, bobDone := autoplay(ann, 1), autoplay(bob, 2)
	for _, tr := range []transcript{<-annDone, <-bobDone} {
		if tr.err != nil {
			t.Fatal(tr.err)
		}
	}
	if err := h.Rematch(99); err != nil {
		t.Fatal(err)
	}
	for _, g := range []*Guest{ann, bob} {
		lg := waitKind(t, g, KindLog).Log
		if !lg.First || lg.Upto != 0 || len(lg.Entries) != 0 {
			t.Errorf("seat %d's log after the rematch: %+v", g.Seat(), lg)
		}
		st := waitKind(t, g, KindState).State
		if st.Version != 0 || st.Result != nil || len(st.Legal) == 0 {
			t.Errorf("seat %d's state after the rematch: version %d, result %v, %d legal", g.Seat(), st.Version, st.Result, len(st.Legal))
		}
	}
	if last.Record.Seed != 99 || len(last.Record.Actions) != 0 || last.Record.Seats[1].Name != "Bob" || last.Tokens[1] != bob.Token() {
		t.Errorf("the save after the rematch: %+v", last)
	}
	mustCheckHost(t, h)
}
