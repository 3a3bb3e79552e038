package signal

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// Reason gives a signal error's words without the package's prefix, by
// type: the text is never cut.
func TestReason(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		text string
		want string
	}{
		{"a sentinel", ErrStaleLink, "signal: this room link has expired; ask the host for a new one", "this room link has expired; ask the host for a new one"},
		{"formatted", errorf("%q is not a ws:// or wss:// address", "x"), `signal: "x" is not a ws:// or wss:// address`, `"x" is not a ws:// or wss:// address`},
		{"a relay's", &RelayError{Relay: "tracker t.example", What: "refused"}, "signal: tracker t.example: refused", "tracker t.example: refused"},
		{"a relayed link's end", ErrLinkLost, "relay: the relayed link to the other player was lost", "the relayed link to the other player was lost"},
		{"no answer", &noAnswer{reasons: []string{"tracker t.example: refused"}}, "signal: the host did not answer in time (tracker t.example: refused)", "the host did not answer in time (tracker t.example: refused)"},
		{"one of ours in another", errorf("%w (the seal is cut short)", ErrBadLink), "signal: this room link is damaged; ask the host to send it again (the seal is cut short)", "this room link is damaged; ask the host to send it again (the seal is cut short)"},
		{"another package's", context.Canceled, "context canceled", "context canceled"},
		{"wrapped by another", fmt.Errorf("room: %w", ErrNoRelay), "room: signal: none of the room's relays can carry a relayed link", "room: signal: none of the room's relays can carry a relayed link"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.err.Error(); got != c.text {
				t.Errorf("text %q, want %q", got, c.text)
			}
			if got := Reason(c.err); got != c.want {
				t.Errorf("Reason = %q, want %q", got, c.want)
			}
		})
	}
	for _, c := range []struct{ err, in error }{
		{errorf("no randomness: %w", context.DeadlineExceeded), context.DeadlineExceeded},
		{errorf("%w (the seal is cut short)", ErrBadLink), ErrBadLink},
	} {
		if !errors.Is(c.err, c.in) {
			t.Errorf("%v does not wrap %v", c.err, c.in)
		}
	}
}
