package session

import (
	"context"
	"errors"
	"testing"

	"longhall/rules"
)

// A session error's Reason is its words without "session: ", and a game's
// refusal or another session error inside it reads without its own
// prefix; errors.Is still finds what it wraps.
func TestReason(t *testing.T) {
	_, openErr := NewHost(context.Background(), "no-such-game", rules.Config{Players: 2}, 1, Options{})
	for _, c := range []struct {
		name string
		err  error
		text string
		want string
		is   error
	}{
		{"a sentinel", ErrWatching, "session: you are watching, not playing", "you are watching, not playing", ErrWatching},
		{"the host fell silent", ErrSilent, "session: the host stopped answering", "the host stopped answering", ErrClosed},
		{"a game's refusal inside", openErr, `session: no game called "no-such-game"`, `no game called "no-such-game"`, rules.ErrBadConfig},
		{"one of ours inside", failf("sending failed: %w", ErrBackedUp), "session: sending failed: the peer is not reading its messages", "sending failed: the peer is not reading its messages", ErrBackedUp},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.err == nil {
				t.Fatal("no error")
			}
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
