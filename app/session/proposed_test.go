package session

import (
	"strings"
	"testing"

	"longhall/rules"
)

// README (hello): a guest may propose its own token on its first visit.
// On a slow network its first hello, or the welcome to it, may be lost
// and the guest say hello again: with the token it proposed, it finds the
// seat it was given, and is not seated twice or made to watch.
func TestAHelloSaidAgainWithItsProposedTokenKeepsItsSeat(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 3, Options{})
		local(t, h, "Ann", "")
		proposed := "PROPOSED2K7QZJ4XW5M6R2T7Y3"
		first, _ := joinHello(t, h, Hello{Name: "Bob", Token: proposed})
		if first.Token() != proposed || first.Latest().Seat != 1 {
			t.Fatalf("a first hello proposing a token got %q at seat %d, want its own at seat 1", first.Token(), first.Latest().Seat)
		}
		// The welcome never reached Bob: he says hello again, on a new link.
		again, _ := joinHello(t, h, Hello{Name: "Bob", Token: proposed})
		waitKind(t, first, KindKicked)
		if again.Latest().Seat != 1 || again.Latest().You != first.Latest().You {
			t.Errorf("said again, the hello sits at seat %d as member %d, want seat 1 as member %d", again.Latest().Seat, again.Latest().You, first.Latest().You)
		}
		l := hostLobby(t, h, "Bob once", func(l Lobby) bool { return l.Seats[1].Connected })
		if l.Seats[2].Member != 0 || l.Spectators != 0 {
			t.Errorf("Bob is seated twice, or watches too: %+v, %d watching", l.Seats, l.Spectators)
		}
	})
}

func TestAProposedTokenIsAdoptedOnlyWhenItIsAGoodOne(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 4, Options{})
		ann := local(t, h, "Ann", "")
		for _, c := range []struct {
			name, token string
			adopted     bool
		}{
			{"a token as hard to guess as the host's", "E3K2Q7ZJ4XW5M6R2T7Y3U4I5OA", true},
			{"too short to be hard to guess", "short-token", false},
			{"too long", strings.Repeat("x", 129), false},
			{"with a space in it", "a token with spaces in it", false},
			{"another player's (the host's own)", ann.Token(), false},
		} {
			g := hello(t, h, Hello{Name: "Guest", Token: c.token})
			u := waitFor(t, g, "an answer", func(u Update) bool { return u.Kind == KindWelcome || u.Kind == KindKicked })
			got := u.Kind == KindWelcome && g.Token() == c.token
			if got != c.adopted {
				t.Errorf("%s: adopted %v, want %v", c.name, got, c.adopted)
			}
		}
		if s := ann.Latest().Seat; s != rules.Seat(0) {
			t.Errorf("the host's own player was moved to seat %d", s)
		}
	})
}
