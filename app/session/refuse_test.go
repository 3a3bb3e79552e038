package session

import (
	"slices"
	"strings"
	"testing"
	"time"

	"longhall/rules"
)

// room is the usual fixture: a two-seat hand-test room, the host's own
// player Ann in seat 0 and a hand-driven peer Rob in seat 1. Tests that use
// it run in a synctest bubble (inBubble), so its rate limits see a clock that
// stands still until the test sleeps.
type room struct {
	h     *Host
	ann   *Guest
	rob   *rawPeer
	robID int
}

const testBurst = 10

func newRoom(t testing.TB) *room {
	t.Helper()
	h := newTestHost(t, 2, Options{Limits: Limits{MsgBurst: testBurst}})
	r := &room{h: h}
	r.ann = local(t, h, "Ann", "")
	var w Welcome
	r.rob, w = joinRaw(t, h, "Rob")
	r.robID = w.You
	if w.Seat != 1 {
		t.Fatalf("Rob was seated at %d, want 1", w.Seat)
	}
	return r
}

// start readies Rob (or puts a bot in seat 1 if he left it) and starts.
func (r *room) start(t testing.TB) {
	t.Helper()
	robSeated := false
	inLoop(t, r.h, func() { robSeated = r.h.seats[1].m != nil && r.h.seats[1].m.id == r.robID })
	if robSeated {
		r.rob.msg(KindReady, Ready{Ready: true})
		for {
			var l Lobby
			r.rob.until(KindLobby, &l)
			if l.Seats[1].Ready {
				break
			}
		}
	} else if err := r.h.SetBot(1, true); err != nil {
		t.Fatal(err)
	}
	if err := r.h.Start(); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, r.ann, 0)
}

// annPlays makes the host's player choose a card and checks that everyone
// still connected hears of it: the game goes on. Other moves may land in
// between, so it waits for Ann's own move, not for a version number.
func (r *room) annPlays(t testing.TB, robConnected bool) {
	t.Helper()
	var legal []rules.Action
	inLoop(t, r.h, func() { legal = r.h.state.Legal(0) })
	if len(legal) == 0 {
		t.Fatal("Ann has nothing to play")
	}
	if _, err := r.ann.Intent(legal[0]); err != nil {
		t.Fatal(err)
	}
	annMoved := func(s *StateMsg) bool {
		return slices.ContainsFunc(s.Events, func(e rules.Event) bool { return e.Kind == "choose" && e.Seat == 0 })
	}
	waitFor(t, r.ann, "Ann's move", func(u Update) bool { return u.State != nil && annMoved(u.State) })
	if robConnected {
		for {
			var s StateMsg
			r.rob.until(KindState, &s)
			if annMoved(&s) {
				break
			}
		}
	}
	mustCheckHost(t, r.h)
}

func raw(kind string, body any) string {
	data, err := encode(kind, body)
	if err != nil {
		panic(err)
	}
	return string(data)
}

func intent(seq int64, seat rules.Seat, args ...int) string {
	return raw(KindIntent, Intent{Seq: seq, Seat: seat, Action: rules.Action{Kind: "choose", Args: args}})
}

func TestHostRefusesBadMessagesAndTheGameGoesOn(t *testing.T) {
	for _, c := range []struct {
		name    string
		started bool
		setup   func(t *testing.T, r *room)
		before  []string // sent first; their answers are skipped
		msg     string
		code    string
	}{
		{name: "garbage", started: true, msg: "this is not json", code: CodeBadJSON},
		{name: "truncated JSON", started: true, msg: `{"v":1,"kind":"ping"`, code: CodeBadJSON},
		{name: "trailing data", started: true, msg: `{"v":1,"kind":"ping"} {}`, code: CodeBadJSON},
		{name: "not an object", started: true, msg: `[1,2,3]`, code: CodeBadJSON},
		{name: "null", started: true, msg: `null`, code: CodeBadJSON},
		{name: "body of the wrong shape", started: true, msg: `{"v":1,"kind":"intent","body":{"seq":"one"}}`, code: CodeBadJSON},
		{name: "args not a list", started: true, msg: `{"v":1,"kind":"intent","body":{"seq":1,"seat":1,"action":{"kind":"choose","args":0}}}`, code: CodeBadJSON},
		{name: "oversized", started: true, msg: raw(KindChat, Chat{Text: strings.Repeat("x", MaxMessageSize)}), code: CodeTooBig},
		{name: "unknown kind", started: true, msg: `{"v":1,"kind":"teleport"}`, code: CodeBadKind},
		{name: "host-only kind", started: true, msg: `{"v":1,"kind":"state","body":{}}`, code: CodeBadKind},
		{name: "wrong protocol version", started: true, msg: `{"v":2,"kind":"ping"}`, code: CodeVersion},
		{name: "no version", started: true, msg: `{"kind":"ping"}`, code: CodeVersion},
		{name: "second hello", started: true, msg: raw(KindHello, Hello{Name: "Rob again"}), code: CodeAlreadyJoined},
		{name: "replayed seq", started: true, before: []string{intent(1, 1, 0)}, msg: intent(1, 1, 0), code: CodeReplayed},
		{name: "older seq", started: true,
			setup: func(t *testing.T, r *room) {
				r.rob.send(intent(1, 1, 0))
				r.annPlays(t, true) // both have chosen: a new round
				r.rob.send(intent(2, 1, 0))
			}, msg: intent(1, 1, 0), code: CodeReplayed},
		{name: "zero seq", started: true, msg: intent(0, 1, 0), code: CodeReplayed},
		{name: "out-of-order seq", started: true, msg: intent(2, 1, 0), code: CodeOutOfOrder},
		{name: "intent for another seat", started: true, msg: intent(1, 0, 0), code: CodeWrongSeat},
		{name: "intent for a seat that does not exist", started: true, msg: intent(1, 7, 0), code: CodeWrongSeat},
		{name: "intent from a spectator",
			setup: func(t *testing.T, r *room) {
				r.rob.msg(KindStand, nil)
				for l := (Lobby{}); len(l.Seats) == 0 || l.Seats[1].Kind != SeatEmpty; {
					r.rob.until(KindLobby, &l)
				}
				r.start(t)
			}, msg: intent(1, 1, 0), code: CodeWrongSeat},
		{name: "illegal action", started: true, msg: intent(1, 1, 7), code: CodeIllegal},
		{name: "unknown action", started: true, msg: raw(KindIntent, Intent{Seq: 1, Seat: 1, Action: rules.Action{Kind: "burn"}}), code: CodeIllegal},
		{name: "not your turn", started: true, before: []string{intent(1, 1, 0)}, msg: intent(2, 1, 0), code: CodeNotYourTurn},
		{name: "intent before the start", started: false, msg: intent(1, 1, 0), code: CodeNotStarted},
		{name: "intent while paused", started: true,
			setup: func(t *testing.T, r *room) {
				r.h.SetPaused(true, "tea")
				r.rob.until(KindPaused, nil)
			}, msg: intent(1, 1, 0), code: CodePaused},
		{name: "flood", started: true,
			setup: func(t *testing.T, r *room) {
				for r.rob.sent < testBurst {
					r.rob.msg(KindPing, Ping{N: 1})
				}
			}, msg: raw(KindPing, Ping{N: 2}), code: CodeFlood},
		{name: "sit after the start", started: true, msg: raw(KindSit, Sit{Seat: 0}), code: CodeStarted},
		{name: "stand after the start", started: true, msg: raw(KindStand, nil), code: CodeStarted},
		{name: "ready after the start", started: true, msg: raw(KindReady, Ready{Ready: false}), code: CodeStarted},
		{name: "sit in a taken seat", msg: raw(KindSit, Sit{Seat: 0}), code: CodeSeatTaken},
		{name: "sit in no seat", msg: raw(KindSit, Sit{Seat: 2}), code: CodeNoSeat},
		{name: "sit in a negative seat", msg: raw(KindSit, Sit{Seat: -1}), code: CodeNoSeat},
		{name: "ready while watching", before: []string{raw(KindStand, nil)}, msg: raw(KindReady, Ready{Ready: true}), code: CodeNotSeated},
		{name: "stand while watching", before: []string{raw(KindStand, nil)}, msg: raw(KindStand, nil), code: CodeNotSeated},
		{name: "empty chat", started: true, msg: raw(KindChat, Chat{Text: " \n\u202e "}), code: CodeBadChat},
		{name: "long chat", started: true, msg: raw(KindChat, Chat{Text: strings.Repeat("é", 201)}), code: CodeTooLong},
		{name: "fast chat", started: true, before: []string{raw(KindChat, Chat{Text: "1"}), raw(KindChat, Chat{Text: "2"}), raw(KindChat, Chat{Text: "3"}), raw(KindChat, Chat{Text: "4"})},
			msg: raw(KindChat, Chat{Text: "5"}), code: CodeChatRate},
	} {
		t.Run(c.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				r := newRoom(t)
				if c.started {
					r.start(t)
				}
				for _, m := range c.before {
					r.rob.send(m)
				}
				if c.setup != nil {
					c.setup(t, r)
				}
				r.rob.send(c.msg)
				r.rob.expectError(c.code)
				if c.code == CodePaused {
					r.h.SetPaused(false, "")
				}
				if !c.started && c.setup == nil {
					r.start(t)
				}
				r.annPlays(t, true)
			})
		})
	}
}

func TestErrorsCarryTheIntentSeq(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		r.start(t)
		r.rob.send(intent(1, 1, 9))
		if e := r.rob.expectError(CodeIllegal); e.Seq != 1 {
			t.Errorf("seq %d, want 1", e.Seq)
		}
		// A refused intent still uses up its number.
		r.rob.send(intent(2, 1, 0))
		var s StateMsg
		r.rob.until(KindState, &s)
		if s.Version != 1 {
			t.Fatalf("version %d after Rob's move, want 1", s.Version)
		}
		r.rob.send(intent(2, 1, 0))
		if e := r.rob.expectError(CodeReplayed); e.Seq != 2 {
			t.Errorf("seq %d, want 2", e.Seq)
		}
	})
}

func TestErrorsGoOnlyToTheSender(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		r.start(t)
		r.rob.send("garbage")
		r.rob.expectError(CodeBadJSON)
		// Ann's next message after Rob's error is the pong to her own ping:
		// nothing about Rob's mistake reached her.
		n, err := r.ann.Ping()
		if err != nil {
			t.Fatal(err)
		}
		u := waitFor(t, r.ann, "pong", func(u Update) bool { return u.Kind == KindPong || u.Kind == KindError })
		if u.Kind != KindPong || u.Pong.N != n {
			t.Fatalf("Ann got %+v", u)
		}
	})
}

func TestPeerBeforeHello(t *testing.T) {
	for _, c := range []struct {
		name   string
		msg    string
		code   string
		closed bool
	}{
		{name: "intent before hello", msg: intent(1, 0, 0), code: CodeHelloFirst},
		{name: "ping before hello", msg: raw(KindPing, nil), code: CodeHelloFirst},
		{name: "hello of another version", msg: `{"v":9,"kind":"hello","body":{"name":"Zed"}}`, code: CodeVersion, closed: true},
		{name: "garbage", msg: "\x00\xff", code: CodeBadJSON},
		{name: "hello with a bad body", msg: `{"v":1,"kind":"hello","body":["Zed"]}`, code: CodeBadJSON},
	} {
		t.Run(c.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				r := newRoom(t)
				p := attachRaw(t, r.h)
				p.send(c.msg)
				p.expectError(c.code)
				if c.closed {
					p.expectClosed()
					return
				}
				// The peer may still join properly.
				p.msg(KindHello, Hello{Name: "Zed"})
				var w Welcome
				p.until(KindWelcome, &w)
				if w.Seat != rules.Spectator {
					t.Errorf("third person in a two-seat room got seat %d", w.Seat)
				}
			})
		})
	}
}

func TestRepeatedAbuseDropsThePeer(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		r.start(t)
		for range 7 {
			r.rob.send("garbage")
			r.rob.expectError(CodeBadJSON)
		}
		r.rob.send("garbage")
		r.rob.expectError(CodeBadJSON)
		if reason := r.rob.expectClosed(); !strings.Contains(reason, "too many bad messages") {
			t.Errorf("kicked for %q", reason)
		}
		// Rob keeps his seat (he may reconnect); the game goes on without him.
		l := waitLobby(t, r.ann, "Rob disconnected", func(l *Lobby) bool { return l.Seats[1].Member == r.robID && !l.Seats[1].Connected })
		if l.Seats[1].Kind != SeatHuman {
			t.Errorf("seat 1 is %s", l.Seats[1].Kind)
		}
		r.annPlays(t, false)
	})
}

func TestFloodIsRefusedThenForgivenWithTime(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		r.start(t)
		for r.rob.sent < testBurst {
			r.rob.msg(KindPing, Ping{N: int64(r.rob.sent)})
		}
		r.rob.msg(KindPing, Ping{N: 100})
		r.rob.expectError(CodeFlood)
		time.Sleep(time.Second) // 10 a second by default
		r.rob.msg(KindPing, Ping{N: 101})
		var p Pong
		r.rob.until(KindPong, &p)
		if p.N != 101 {
			t.Fatalf("pong %d", p.N)
		}
		// The host's own player is never limited.
		for i := range 3 * testBurst {
			if _, err := r.ann.Ping(); err != nil {
				t.Fatal(i, err)
			}
		}
		for range 3 * testBurst {
			if u := waitFor(t, r.ann, "pong", func(u Update) bool { return u.Kind == KindPong || u.Kind == KindError }); u.Kind != KindPong {
				t.Fatalf("host player refused: %+v", u.Error)
			}
		}
	})
}

// TestAFloodedIntentUsesItsNumberUp: an intent refused by the rate limit
// is answered with its seq and counts as received, so the guest's next
// intent is in order rather than refused as skipping ahead.
func TestAFloodedIntentUsesItsNumberUp(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		r.start(t)
		for r.rob.sent < testBurst {
			r.rob.msg(KindPing, Ping{N: int64(r.rob.sent)})
		}
		r.rob.send(intent(1, 1, 0))
		if e := r.rob.expectError(CodeFlood); e.Seq != 1 {
			t.Fatalf("the flood refusal names intent %d, want 1", e.Seq)
		}
		time.Sleep(time.Second)
		r.rob.send(intent(1, 1, 0))
		r.rob.expectError(CodeReplayed)
		r.rob.send(intent(2, 1, 0))
		var s StateMsg
		r.rob.until(KindState, &s)
		if s.Version != 1 {
			t.Fatalf("intent 2 gave version %d, want 1", s.Version)
		}
	})
}

func TestFloodingToTheStrikeLimitDropsThePeer(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		r.start(t)
		// What is left of the burst, then exactly the eight that earn strikes.
		for range testBurst - r.rob.sent + 8 {
			r.rob.msg(KindPing, nil)
		}
		floods := 0
		for {
			env, err := r.rob.next()
			if err != nil {
				break
			}
			if env.Kind == KindError {
				floods++
			}
		}
		if floods != 8 {
			t.Errorf("%d flood errors before the drop, want 8", floods)
		}
		r.annPlays(t, false)
	})
}
