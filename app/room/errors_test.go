package room

import (
	"errors"
	"testing"

	"longhall/app/peer"
	"longhall/app/signal"
)

// A room error's Reason holds the peer's or the relays' words without
// their prefixes, and the causes stay reachable with errors.Is.
func TestReason(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		text string
		want string
		is   error
	}{
		{"the link did not open", errorf("the host answered but the link did not open: %w", peer.ErrOpenTimeout),
			"room: the host answered but the link did not open: the other player did not connect in time",
			"the host answered but the link did not open: the other player did not connect in time", peer.ErrOpenTimeout},
		{"no path at all", &NoPathError{Direct: peer.ErrUnreachable, Relay: signal.ErrLinkLost},
			"room: no direct path to the host opened, and the relays could not carry the game: the relayed link to the other player was lost",
			"no direct path to the host opened, and the relays could not carry the game: the relayed link to the other player was lost", peer.ErrUnreachable},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.err.Error(); got != c.text {
				t.Errorf("text %q, want %q", got, c.text)
			}
			var r interface{ Reason() string }
			if !errors.As(c.err, &r) || r.Reason() != c.want {
				t.Errorf("Reason = %v, want %q", r, c.want)
			}
			if !errors.Is(c.err, c.is) {
				t.Errorf("%v is not %v", c.err, c.is)
			}
		})
	}
}
