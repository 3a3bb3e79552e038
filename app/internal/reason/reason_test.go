package reason

import (
	"errors"
	"fmt"
	"testing"
)

var errBase = errors.New("a plain error")

// An error's text carries its package's prefix and its reason does not;
// one package's error inside another's is told by its reason, and
// errors.Is sees through both.
func TestReasons(t *testing.T) {
	inner := New("peer", "the link did not open")
	for _, tc := range []struct {
		name         string
		err          error
		text, reason string
		is           error
	}{
		{"alone", inner, "peer: the link did not open", "the link did not open", inner},
		{"wrapped by another package", Errorf("room", "joining: %w", inner), "room: joining: the link did not open", "joining: the link did not open", inner},
		{"told, not wrapped", Errorf("online", "joining (%v)", inner), "online: joining (the link did not open)", "joining (the link did not open)", nil},
		{"a plain error wrapped", Errorf("signal", "no answer: %w", errBase), "signal: no answer: a plain error", "no answer: a plain error", errBase},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.text {
				t.Errorf("text %q, want %q", got, tc.text)
			}
			if got := Of(tc.err); got != tc.reason {
				t.Errorf("reason %q, want %q", got, tc.reason)
			}
			if tc.is != nil && !errors.Is(tc.err, tc.is) {
				t.Errorf("errors.Is does not find %v in %v", tc.is, tc.err)
			}
		})
	}
	if got := Of(fmt.Errorf("plain")); got != "plain" {
		t.Errorf("a plain error's reason %q", got)
	}
}
