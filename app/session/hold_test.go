package session

import (
	"strings"
	"testing"
	"time"
)

// flood sends p messages past its burst until the host drops it, and
// returns why.
func flood(t *testing.T, p *rawPeer) string {
	t.Helper()
	for range testBurst + 8 {
		p.msg(KindPing, nil)
	}
	return p.expectClosed()
}

// rejoin says hello again with Rob's token on a new link.
func rejoin(t *testing.T, h *Host, token string) *rawPeer {
	t.Helper()
	p := attachRaw(t, h)
	p.msg(KindHello, Hello{Name: "Rob", Token: token})
	return p
}

// A flooder is not back in its seat half a second later: it is kept out
// for a growing time (Limits.CutOff, then twice that), and removed from the
// room at the third time; everyone reads who was cut off and why.
func TestAFlooderIsKeptOutLongerEachTimeThenRemoved(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		var w Welcome
		inLoop(t, r.h, func() { w.Token = r.h.members[r.robID].token })
		r.start(t)
		for i, wait := range []time.Duration{30 * time.Second, 60 * time.Second} {
			if reason := flood(t, r.rob); !strings.Contains(reason, "too many messages too fast") || !strings.Contains(reason, "come back in") {
				t.Fatalf("cut-off %d: dropped with %q", i+1, reason)
			}
			// The guest's program reads why, to offer no "take my seat
			// back" while it is kept out.
			if k := rejoin(t, r.h, w.Token).expectKicked(); k.Why != KickCutOff {
				t.Fatalf("cut-off %d: a hello is kicked with why %q, want %q", i+1, k.Why, KickCutOff)
			}
			line := waitFor(t, r.ann, "the room told", func(u Update) bool { return u.Chat != nil && u.Chat.System })
			if !strings.Contains(line.Chat.Text, "Rob was cut off for") {
				t.Errorf("the room reads %q", line.Chat.Text)
			}
			// At once, and just before the time is up: kept out.
			p := rejoin(t, r.h, w.Token)
			if reason := p.expectClosed(); !strings.Contains(reason, "you were cut off") {
				t.Fatalf("cut-off %d: back at once (%q)", i+1, reason)
			}
			time.Sleep(wait - time.Second)
			p = rejoin(t, r.h, w.Token)
			p.expectClosed()
			time.Sleep(2 * time.Second)
			r.rob = rejoin(t, r.h, w.Token)
			var back Welcome
			r.rob.until(KindWelcome, &back)
			if back.Seat != 1 {
				t.Fatalf("after cut-off %d Rob is back at seat %d, want 1", i+1, back.Seat)
			}
		}
		if reason := flood(t, r.rob); !strings.Contains(reason, "removed you from this room") {
			t.Fatalf("the third flood: dropped with %q", reason)
		}
		time.Sleep(time.Hour)
		p := rejoin(t, r.h, w.Token)
		if k := p.expectKicked(); !strings.Contains(k.Reason, "removed you") || k.Why != KickRemoved {
			t.Fatalf("a removed flooder came back an hour later (%+v)", k)
		}
		// The game goes on with a bot in Rob's seat.
		waitLobby(t, r.ann, "a bot in seat 1", func(l *Lobby) bool { return l.Seats[1].Kind == SeatBot })
	})
}

// A hello that carries the token of the host's own player (a copied
// storage, a shared device) is refused, and the host's player plays on.
func TestAHelloWithTheHostPlayersTokenIsRefused(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		var token string
		inLoop(t, r.h, func() {
			for _, m := range r.h.members {
				if m.local {
					token = m.token
				}
			}
		})
		r.start(t)
		p := rejoin(t, r.h, token)
		p.expectError(CodeHostSeat)
		if k := p.expectKicked(); !strings.Contains(k.Reason, "host's own device") || k.Why != KickHostSeat {
			t.Errorf("dropped with %+v", k)
		}
		r.annPlays(t, true)
	})
}
