package peer

import (
	"context"
	"errors"
	"testing"
)

// Reason gives a peer error's words without the package's prefix, by
// type, and one wrapped inside another of ours reads without a second
// prefix mid-sentence: the text is never cut.
func TestReason(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		text string
		want string
		is   []error
	}{
		{"a sentinel", ErrOpenTimeout, "peer: the other player did not connect in time", "the other player did not connect in time", nil},
		{"a link's end", ErrLost, "peer: the connection to the other player was lost", "the connection to the other player was lost", []error{ErrClosed}},
		{"no WebRTC", ErrNoWebRTC, "peer: this browser has no WebRTC, so it cannot connect to another player directly", "this browser has no WebRTC, so it cannot connect to another player directly", []error{ErrSetup}},
		{"one of ours in another", errorf("%w (%v)", ErrSetup, ErrNoWebRTC), "peer: could not set up the connection (this browser has no WebRTC, so it cannot connect to another player directly)", "could not set up the connection (this browser has no WebRTC, so it cannot connect to another player directly)", []error{ErrSetup}},
		{"another package's inside", stopped(context.Canceled), "peer: stopped connecting (context canceled)", "stopped connecting (context canceled)", []error{context.Canceled}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.err.Error(); got != c.text {
				t.Errorf("text %q, want %q", got, c.text)
			}
			var r interface{ Reason() string }
			if !errors.As(c.err, &r) || r.Reason() != c.want {
				t.Errorf("Reason = %v, want %q", r, c.want)
			}
			for _, in := range c.is {
				if !errors.Is(c.err, in) {
					t.Errorf("%v is not %v", c.err, in)
				}
			}
		})
	}
}
