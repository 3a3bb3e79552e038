package relay

import (
	"testing"
	"time"

	"longhall/app/session"
	"longhall/app/session/conntest"
)

var _ session.Conn = (*Conn)(nil)

// TestConnKeepsTheSessionContract runs session.Conn's contract over
// relayed links, on synctest's clock: through one fake relay that carries
// every frame, and through two that lose, repeat and reorder them.
func TestConnKeepsTheSessionContract(t *testing.T) {
	opts := conntest.Options{
		ErrClosed:   ErrClosed,
		ErrBackedUp: ErrBackedUp,
		MaxMessage:  MaxMessage,
		Bubble:      true,
	}
	t.Run("a relay that carries every frame", func(t *testing.T) {
		conntest.Run(t, func(t testing.TB) (session.Conn, session.Conn) {
			return linkPair(t, &fakeRelay{maxDelay: 100 * time.Millisecond})
		}, opts)
	})
	t.Run("two relays that lose, repeat and reorder", func(t *testing.T) {
		conntest.Run(t, func(t testing.TB) (session.Conn, session.Conn) {
			return linkPair(t,
				&fakeRelay{drop: 0.2, dup: 0.2, maxDelay: time.Second},
				&fakeRelay{drop: 0.2, dup: 0.1, maxDelay: 500 * time.Millisecond})
		}, opts)
	})
}
