package session

import (
	"errors"
	"testing"

	"longhall/rules"
)

// seatedPair starts a 2-seat game: Ann on the host's device in seat 0,
// Bob over a pipe in seat 1, who has made the first move.
func seatedPair(t *testing.T) (h *Host, ann, bob *Guest) {
	t.Helper()
	h = newTestHost(t, 2, Options{})
	ann = local(t, h, "Ann", "")
	bob = join(t, h, "Bob", "")
	bob.Ready(true)
	waitLobby(t, ann, "Bob ready", func(l *Lobby) bool { return l.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	st := waitVersion(t, bob, 0)
	if _, err := bob.Intent(st.Legal[0]); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, bob, 1)
	return h, ann, bob
}

// A player whose browser lost its seat's token comes back as a watcher,
// asks for the seat, and the host gives it: the watcher plays it from
// there, with the seat's view and log, and the game goes on.
func TestAWatcherWhoLostItsTokenIsGivenItsSeatBack(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h, ann, bob := seatedPair(t)
		bobID := bob.Latest().You
		oldToken := bob.Token()
		bob.Close() // the browser is killed, and its storage with it
		waitLobby(t, ann, "Bob away", func(l *Lobby) bool { return !l.Seats[1].Connected })

		again := join(t, h, "Bob", "") // no token: a stranger
		if s := again.Latest().Seat; s != rules.Spectator {
			t.Fatalf("a stranger after the start sits at %d, want to watch", s)
		}
		if err := again.Claim(1); err != nil {
			t.Fatal(err)
		}
		l := waitLobby(t, ann, "Bob's claim", func(l *Lobby) bool { return len(l.Seats[1].Claims) == 1 })
		c := l.Seats[1].Claims[0]
		if c.Name != "Bob" || c.Member != again.Latest().You || l.Seats[1].Member != bobID {
			t.Fatalf("seat 1 reads %+v, want the away Bob's with the new Bob's claim", l.Seats[1])
		}

		if err := h.GiveSeat(1, c.Member); err != nil {
			t.Fatal(err)
		}
		lg := waitFor(t, again, "the seat's log", func(u Update) bool { return u.Log != nil && u.Log.First }).Log
		if len(lg.Entries) != 1 || lg.Entries[0].Seat != 1 {
			t.Errorf("the log given with the seat: %+v", lg.Entries)
		}
		st := waitFor(t, again, "the seat's own state", func(u Update) bool { return u.State != nil && u.State.Seat == 1 }).State
		if st.Version != 1 || st.Undo == "" {
			t.Errorf("the seat given back reads version %d, undo %q: want its own last move to take back", st.Version, st.Undo)
		}
		if _, err := ann.Intent(ann.Latest().State.Legal[0]); err != nil {
			t.Fatal(err)
		}
		st = waitVersion(t, again, 2)
		if len(st.Legal) == 0 {
			t.Fatalf("the seat given back has nothing to do: %+v", st)
		}
		l = waitLobby(t, ann, "Bob back in seat 1", func(l *Lobby) bool { return l.Seats[1].Connected })
		if l.Seats[1].Member != c.Member || len(l.Seats[1].Claims) != 0 || l.Spectators != 0 {
			t.Errorf("after the seat was given: %+v, %d watching", l.Seats[1], l.Spectators)
		}
		if _, err := again.Intent(st.Legal[0]); err != nil {
			t.Fatal(err)
		}
		waitVersion(t, again, 3)

		// The old token, should it turn up, no longer holds the seat.
		ghost := join(t, h, "Bob", oldToken)
		if s := ghost.Latest().Seat; s != rules.Spectator || ghost.Token() == oldToken {
			t.Errorf("the seat's old token came back at seat %d with token kept %v", s, ghost.Token() == oldToken)
		}
		mustCheckHost(t, h)
	})
}

// A claim is only a request, and only for a seat whose player is away,
// from a watcher, after the start; the host gives a seat only then.
func TestClaimsAndGivingASeatAreRefusedOtherwise(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 3, Options{})
		ann := local(t, h, "Ann", "")
		bob := join(t, h, "Bob", "")
		early := join(t, h, "Cid", "") // seat 2 before the start
		if err := early.Claim(1); err != nil {
			t.Fatal(err)
		}
		waitError(t, early, CodeNoClaim) // not started
		early.Stand()
		waitLobby(t, ann, "Cid watching", func(l *Lobby) bool { return l.Spectators == 1 })
		h.SetBot(2, true)
		bob.Ready(true)
		waitLobby(t, ann, "Bob ready", func(l *Lobby) bool { return l.Seats[1].Ready })
		if err := h.Start(); err != nil {
			t.Fatal(err)
		}
		cid := early
		for _, c := range []struct {
			name string
			who  *Guest
			seat rules.Seat
			code string
		}{
			{"a seat whose player is at the table", cid, 1, CodeNoClaim},
			{"the host's own seat", cid, 0, CodeNoClaim},
			{"a bot's seat", cid, 2, CodeNoClaim},
			{"a seat that is not there", cid, 7, CodeNoSeat},
			{"by a player who has a seat", bob, 0, CodeNoClaim},
		} {
			if err := c.who.Claim(c.seat); err != nil {
				t.Fatal(err)
			}
			if e := waitKind(t, c.who, KindError).Error; e.Code != c.code {
				t.Errorf("%s: refused %q (%s), want %q", c.name, e.Code, e.Text, c.code)
			}
		}
		cidID := cid.Latest().You
		var e *Error
		if err := h.GiveSeat(1, cidID); !errors.As(err, &e) || e.Code != CodeNoClaim {
			t.Errorf("giving a seat whose player is there: %v", err)
		}
		bob.Close()
		waitLobby(t, ann, "Bob away", func(l *Lobby) bool { return !l.Seats[1].Connected })
		if err := h.GiveSeat(1, 999); !errors.As(err, &e) || e.Code != CodeNoClaim {
			t.Errorf("giving a seat to nobody: %v", err)
		}
		if err := h.GiveSeat(1, ann.Latest().You); !errors.As(err, &e) || e.Code != CodeNoClaim {
			t.Errorf("giving a seat to the host's own player: %v", err)
		}
		cid.Close()
		hostLobby(t, h, "Cid gone", func(l Lobby) bool { return l.Spectators == 0 })
		if err := h.GiveSeat(1, cidID); !errors.As(err, &e) || e.Code != CodeNoClaim {
			t.Errorf("giving a seat to a watcher who left: %v", err)
		}
		mustCheckHost(t, h)
	})
}

// Claims are listed oldest first, one per watcher (a new claim replaces
// its earlier one), and go when the seat's player comes back.
func TestClaimsAreListedOldestFirstAndGoWhenThePlayerIsBack(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h, ann, bob := seatedPair(t)
		token := bob.Token()
		bob.Close()
		waitLobby(t, ann, "Bob away", func(l *Lobby) bool { return !l.Seats[1].Connected })
		x := join(t, h, "Xan", "")
		y := join(t, h, "Yngvi", "")
		y.Claim(1)
		waitLobby(t, ann, "Yngvi's claim", func(l *Lobby) bool { return len(l.Seats[1].Claims) == 1 })
		x.Claim(1)
		x.Claim(1) // said twice: one claim
		l := waitLobby(t, ann, "both claims", func(l *Lobby) bool { return len(l.Seats[1].Claims) == 2 })
		if got := l.Seats[1].Claims; got[0].Name != "Yngvi" || got[1].Name != "Xan" {
			t.Errorf("claims %+v, want Yngvi's then Xan's", got)
		}
		back := join(t, h, "Bob", token)
		if back.Latest().Seat != 1 {
			t.Fatalf("Bob came back at %d", back.Latest().Seat)
		}
		l = waitLobby(t, ann, "Bob back", func(l *Lobby) bool { return l.Seats[1].Connected })
		if len(l.Seats[1].Claims) != 0 {
			t.Errorf("claims on a seat whose player is back: %+v", l.Seats[1].Claims)
		}
		if err := h.GiveSeat(1, x.Latest().You); err == nil {
			t.Errorf("the seat was given away while its player is back")
		}
		mustCheckHost(t, h)
	})
}
