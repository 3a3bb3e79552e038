package session

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"testing/synctest"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/rules"
)

// wait bounds every wait for a message, so that a broken test fails instead
// of hanging: only a hang exceeds it, however busy the machine. Tests that
// need time to pass run in a synctest bubble (inBubble), where sleeping
// takes no real time (and wait is on the bubble's clock).
const wait = 30 * time.Second

// inBubble runs a test in a testing/synctest bubble. The host reads the
// system clock for its rate limits and timers; in a bubble that clock is a
// fake one, which stands still while anything is running and moves only when
// every goroutine of the test waits, so the test's sleeps pass at once and
// exactly.
func inBubble(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	leaktest.Check(t)
	synctest.Test(t, f)
}

// newTestHost opens a hand-test room that closes with the test.
func newTestHost(t testing.TB, players int, opts Options) *Host {
	t.Helper()
	h, err := NewHost(context.Background(), "hand-test", rules.Config{Players: players}, 42, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// local joins the host's own player and waits for its welcome.
func local(t testing.TB, h *Host, name, token string) *Guest {
	t.Helper()
	g, err := h.Local(name, token)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	waitKind(t, g, KindWelcome)
	return g
}

// join connects a remote guest over a pipe and waits for its welcome.
func join(t testing.TB, h *Host, name, token string) *Guest {
	t.Helper()
	a, b := Pipe()
	if err := h.Attach(a); err != nil {
		t.Fatal(err)
	}
	g, err := NewGuest(context.Background(), b, Hello{Name: name, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	waitKind(t, g, KindWelcome)
	return g
}

// waitFor reads a guest's updates until one matches.
func waitFor(t testing.TB, g *Guest, what string, match func(Update) bool) Update {
	t.Helper()
	timeout := time.After(wait)
	for {
		select {
		case u, ok := <-g.Updates():
			if !ok {
				t.Fatalf("guest stopped (%v) while waiting for %s", g.Err(), what)
			}
			if match(u) {
				return u
			}
		case <-timeout:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func waitKind(t testing.TB, g *Guest, kind string) Update {
	t.Helper()
	return waitFor(t, g, kind, func(u Update) bool { return u.Kind == kind })
}

func waitVersion(t testing.TB, g *Guest, version int) *StateMsg {
	t.Helper()
	return waitFor(t, g, "state version "+strconv.Itoa(version), func(u Update) bool {
		return u.State != nil && u.State.Version == version
	}).State
}

// waitError waits for an error update and checks its code.
func waitError(t testing.TB, g *Guest, code string) *ErrorMsg {
	t.Helper()
	e := waitKind(t, g, KindError).Error
	if e.Code != code {
		t.Fatalf("error %q (%s), want code %q", e.Code, e.Text, code)
	}
	return e
}

// waitLobby waits for a lobby that satisfies ok.
func waitLobby(t testing.TB, g *Guest, what string, ok func(*Lobby) bool) *Lobby {
	t.Helper()
	return waitFor(t, g, what, func(u Update) bool { return u.Lobby != nil && ok(u.Lobby) }).Lobby
}

// hostLobby polls the host until its lobby satisfies ok. Guests' update
// queues may still hold older lobbies that look alike; the host does not.
func hostLobby(t testing.TB, h *Host, what string, ok func(Lobby) bool) Lobby {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		l, err := h.Lobby()
		if err != nil {
			t.Fatal(err)
		}
		if ok(l) {
			return l
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s: %+v", what, l)
		}
		time.Sleep(time.Millisecond)
	}
}

// inLoop runs f on the host's loop, where it may read the host's state.
func inLoop(t testing.TB, h *Host, f func()) {
	t.Helper()
	if err := h.do(f); err != nil {
		t.Fatal(err)
	}
}

// checkHost verifies the invariants of a host's state: seats and members
// agree, the version is the record's length, and the record replays to
// exactly the live state.
func checkHost(h *Host) error {
	for i, sl := range h.seats {
		if sl.bot && sl.m != nil {
			return errors.New("a seat holds a bot and a member")
		}
		if sl.m != nil && (sl.m.seat != rules.Seat(i) || h.members[sl.m.id] != sl.m) {
			return errors.New("a seat's member does not sit there or is unknown")
		}
		if h.started && sl.m == nil && !sl.bot {
			return errors.New("a seat is empty after the start")
		}
	}
	for id, m := range h.members {
		if m.id != id || h.byToken[m.token] != m {
			return errors.New("member tables disagree")
		}
		if m.seat != rules.Spectator && h.seats[m.seat].m != m {
			return errors.New("a member thinks it sits in a seat it does not hold")
		}
		if m.peer != nil {
			if _, ok := h.peers[m.peer]; !ok || m.peer.member != m {
				return errors.New("a member's peer is not attached")
			}
		}
	}
	if !h.started {
		return nil
	}
	replayed, _, err := rules.Replay(*h.rec)
	if err != nil {
		return err
	}
	if same, err := rules.SameState(replayed, h.state); err != nil || !same {
		return errors.New("the record does not replay to the live state")
	}
	return nil
}

func mustCheckHost(t testing.TB, h *Host) {
	t.Helper()
	var err error
	inLoop(t, h, func() { err = checkHost(h) })
	if err != nil {
		t.Fatal(err)
	}
}

// hostVersion reads the number of applied actions.
func hostVersion(t testing.TB, h *Host) int {
	t.Helper()
	v := -1
	inLoop(t, h, func() {
		if h.started {
			v = h.version()
		}
	})
	return v
}
