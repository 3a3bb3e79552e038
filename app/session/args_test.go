package session

import (
	"errors"
	"strings"
	"testing"

	"longhall/rules"
)

// A refusal names its particulars (Args) beside its code, so that a client
// words it itself: each arrives on the wire as the host knew it.
func TestRefusalsCarryTheirParticulars(t *testing.T) {
	for _, c := range []struct {
		name    string
		started bool
		msg     string
		code    string
		want    Args
	}{
		{name: "sit in no seat", msg: raw(KindSit, Sit{Seat: 5}), code: CodeNoSeat, want: Args{Seat: 5}},
		{name: "sit in a taken seat", msg: raw(KindSit, Sit{Seat: 0}), code: CodeSeatTaken, want: Args{Seat: 0, Name: "Ann"}},
		{name: "intent for another seat", started: true, msg: intent(1, 0, 0), code: CodeWrongSeat, want: Args{Seat: 0, Held: 1}},
		{name: "out-of-order seq", started: true, msg: intent(3, 1, 0), code: CodeOutOfOrder, want: Args{Last: 0}},
		{name: "unknown kind", started: true, msg: `{"v":1,"kind":"teleport"}`, code: CodeBadKind, want: Args{Kind: "teleport"}},
		{name: "long chat", started: true, msg: raw(KindChat, Chat{Text: strings.Repeat("é", 201)}), code: CodeTooLong, want: Args{Limit: 200}},
		{name: "bad prefs", started: true, msg: raw(KindPrefs, Prefs{AutoPass: "sometimes"}), code: CodeBadPrefs, want: Args{Why: WhyAutoPass}},
		{name: "illegal action", started: true, msg: intent(1, 1, 7), code: CodeIllegal, want: Args{Reason: "choose[7] is not allowed now"}},
		{name: "a bare code", started: true, msg: `{"v":1,"kind":"hello","body":{"name":"again"}}`, code: CodeAlreadyJoined, want: Args{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				r := newRoom(t)
				if c.started {
					r.start(t)
				}
				r.rob.send(c.msg)
				e := r.rob.expectError(c.code)
				if e.Args == nil {
					t.Fatalf("%s came without args: %q", c.code, e.Text)
				}
				if *e.Args != c.want {
					t.Errorf("args %+v, want %+v", *e.Args, c.want)
				}
			})
		})
	}
}

// The rules' own words for a refusal (a *rules.Error's game and Msg) reach
// the guest whole, taken by type, not cut out of the error's text.
func TestTheRulesRefusalArrivesWithItsGameAndReason(t *testing.T) {
	err := rules.Errorf("rednorth", rules.ErrNotPending, "seat %d waits for the raid", 2)
	e := ruleError(err)
	if e.Code != CodeNotYourTurn || e.Args == nil || *e.Args != (Args{Game: "rednorth", Reason: "seat 2 waits for the raid"}) {
		t.Errorf("ruleError(%v) = %+v (args %+v)", err, e, e.Args)
	}
	if e := ruleError(rules.ErrGameOver); e.Code != CodeGameOver || *e.Args != (Args{}) {
		t.Errorf("ruleError(ErrGameOver) = %+v (args %+v), want the code alone", e, e.Args)
	}
}

// A Guest hands its program the particulars as they came: a refusal's and
// a kick's.
func TestAGuestReadsTheParticulars(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		local(t, h, "Ann", "")
		bob := join(t, h, "Bob", "")
		cy := join(t, h, "Cy", "")
		if err := cy.Sit(1); err != nil {
			t.Fatal(err)
		}
		e := waitError(t, cy, CodeSeatTaken)
		if e.Args == nil || *e.Args != (Args{Seat: 1, Name: "Bob"}) {
			t.Errorf("seat_taken args %+v, want seat 1 and Bob", e.Args)
		}
		if got := e.Err(); got.Code != CodeSeatTaken || got.Args != e.Args || got.Text != e.Text {
			t.Errorf("Err() = %+v, want the message's code, args and text", got)
		}
		var id int
		inLoop(t, h, func() { id = h.seats[1].m.id })
		if err := h.Kick(id, "rude"); err != nil {
			t.Fatal(err)
		}
		<-bob.Done()
		var ke *Error
		if !errors.As(bob.Err(), &ke) || ke.Code != CodeKicked || ke.Why != KickRemoved || ke.Args == nil || ke.Args.Reason != "rude" {
			t.Errorf("Err() = %#v, want a kick (removed) with the host's words", bob.Err())
		}
	})
}
