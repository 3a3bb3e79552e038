//go:build !(js && wasm)

package signal

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
)

func TestRaceFallsBack(t *testing.T) {
	tr, relay := startTracker(t), startRelay(t)
	leaktest.Check(t)
	cases := []struct {
		name    string
		members []Signaler
		winner  int
	}{
		{"tracker down", []Signaler{Tracker{URL: closedURL(t)}, Nostr{URL: relay.URL}}, 1},
		{"relay down", []Signaler{Tracker{URL: tr.URL}, Nostr{URL: closedURL(t)}}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The dead relay's Call tries again until its context ends, so
			// a race that waited for it would end with ctx: that CallVia
			// returns while ctx is live shows it did not wait. (How long
			// the race takes is BenchmarkRaceFallsBack's figure.)
			ctx := testContext(t, time.Minute)
			room := newTestRoom(t)
			race := Race{Signalers: c.members}
			l, err := race.Listen(ctx, room)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			// The host can tell which relay answered and which did not.
			st := l.(StatusReporter).Status()
			if len(st.Up) != 1 || st.Up[0] != c.members[c.winner].Name() || len(st.Down) != 1 || st.Down[0] != c.members[1-c.winner].Name() {
				t.Fatalf("status %+v", st)
			}
			seen := serveOne(ctx, t, l, fixedAnswer)
			answer, via, err := race.CallVia(ctx, room, testSDP)
			if err != nil {
				t.Fatal(err)
			}
			if answer != testAnswer || via != c.members[c.winner].Name() {
				t.Fatalf("answer via %q, want %q", via, c.members[c.winner].Name())
			}
			if ctx.Err() != nil {
				t.Errorf("the race ended with its context: it waited for the dead relay")
			}
			if o := <-seen; o.Via != c.members[c.winner].Name() {
				t.Fatalf("host got the offer via %q", o.Via)
			}
		})
	}
}

// TestRaceOneOfferOnce sends one offer through a tracker and a relay at
// once: the host's app sees it once, and its one answer goes back through
// both.
func TestRaceOneOfferOnce(t *testing.T) {
	tr, relay := startTracker(t), startRelay(t)
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	race := Race{Signalers: []Signaler{Tracker{URL: tr.URL}, Nostr{URL: relay.URL}}}
	l, err := race.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// Answer only once the offer has come through both relays: the guest
	// stops calling through the other relay once it has an answer. (The
	// copy waits at the host's gate; a fixed delay would be a guess at how
	// fast a busy machine is.)
	gate := l.(*raceListener).gate
	seen := serveOne(ctx, t, l, func(o *Offer) string {
		if !waitFor(time.Minute, func() bool { return gate.copyVia(o.ID, o.Via) }) {
			t.Errorf("the offer never came through the relay other than %s", o.Via)
		}
		return testAnswer
	})
	answer, via, err := race.CallVia(ctx, room, testSDP)
	if err != nil || answer != testAnswer {
		t.Fatalf("CallVia = %q, %v", answer, err)
	}
	t.Logf("answer via %s", via)
	<-seen
	hostAnswered := func(frames, mark string) bool { return strings.Contains(frames, mark) }
	if !waitFor(time.Minute, func() bool {
		return hostAnswered(tr.frames(t), `"answer":{"type":"answer"`) && hostAnswered(relay.frames(t), `"tags":[["p","`)
	}) {
		t.Fatal("the one answer did not go back through both relays")
	}
	// The answer went back through the second relay because the copy that
	// came that way reached the host's gate, which answers a copy instead of
	// handing it to the app; had the app been handed it, serveOne would
	// have put it on seen before answering it. So seen is final now.
	select {
	case o := <-seen:
		t.Fatalf("the app got the same offer twice (second via %s)", o.Via)
	default:
	}
}

func TestRaceAllDown(t *testing.T) {
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	race := Race{Signalers: []Signaler{Tracker{URL: closedURL(t)}, Nostr{URL: closedURL(t)}}}
	if _, err := race.Listen(ctx, room); !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), "could not connect") {
		t.Fatalf("Listen with every relay down: %v", err)
	}
	// The guest tries until its context ends; the player reads the same
	// words whether its first try failed before then or not.
	cctx, cancel := context.WithTimeout(ctx, 1500*time.Millisecond)
	defer cancel()
	_, _, err := race.CallVia(cctx, room, testSDP)
	if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "could not connect") || !strings.HasPrefix(err.Error(), "signal: ") {
		t.Fatalf("CallVia with every relay down: %v", err)
	}
	t.Logf("the player reads: %v", err)
}

// TestHostReconnects stops the tracker under a listening host and starts
// it again on the same port: the host comes back by itself, re-announcing
// meanwhile, and a guest gets through.
func TestHostReconnects(t *testing.T) {
	// Restored at the very end (the first clean-up registered runs last):
	// the host's listener reads them until its own clean-up closes it.
	a, b := minAnnounce, maxAnnounce
	t.Cleanup(func() { minAnnounce, maxAnnounce = a, b })
	minAnnounce, maxAnnounce = 100*time.Millisecond, 100*time.Millisecond
	tr := startTracker(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	sig := Tracker{URL: tr.URL}
	serving(ctx, t, sig, room, fixedAnswer)

	announces := func(frames string) int { return strings.Count(frames, `"action":"announce"`) }
	if !waitFor(time.Minute, func() bool { return announces(tr.frames(t)) >= 4 }) {
		t.Fatalf("the host announced %d times in a minute with a 100 ms interval", announces(tr.frames(t)))
	}

	tr.stop()
	tr2 := startNode(t, "tracker.mjs", tr.Port)
	answer, err := sig.Call(ctx, room, testSDP)
	if err != nil || answer != testAnswer {
		t.Fatalf("after the tracker restarted: %q, %v", answer, err)
	}
	if announces(tr2.frames(t)) == 0 {
		t.Fatal("the restarted tracker saw nothing")
	}
}

func TestListenAndCallErrors(t *testing.T) {
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	down := closedURL(t)
	for _, s := range []Signaler{Tracker{URL: down}, Nostr{URL: down}} {
		_, err := s.Listen(ctx, room)
		var re *RelayError
		if !errors.As(err, &re) || re.What != "could not connect" || !strings.HasPrefix(err.Error(), "signal: ") {
			t.Errorf("%s: Listen = %v", s.Name(), err)
		}
		cctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		_, err = s.Call(cctx, room, testSDP)
		cancel()
		if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "could not connect") {
			t.Errorf("%s: Call = %v", s.Name(), err)
		}
	}
	for _, s := range []Signaler{Tracker{URL: "https://x.example"}, Nostr{URL: ""}} {
		if _, err := s.Listen(ctx, room); err == nil || !strings.HasPrefix(err.Error(), "signal: ") {
			t.Errorf("%s: Listen with a bad address = %v", s.Name(), err)
		}
	}
	if _, err := (Broadcast{}).Call(ctx, room, ""); err == nil {
		t.Error("Call with an empty offer succeeded")
	}
}

// copyVia says whether a copy of offer id has come to the gate through a
// signaler other than via, and waits there for the app's answer.
func (g *gate) copyVia(id, via string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if e := g.entries[id]; e != nil {
		for _, o := range e.waiting {
			if o.Via != via {
				return true
			}
		}
	}
	return false
}
