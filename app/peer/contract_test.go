//go:build !js

package peer

import (
	"testing"

	"longhall/app/session"
	"longhall/app/session/conntest"
)

var _ session.Conn = (*Conn)(nil)

// TestConnKeepsTheSessionContract runs session.Conn's contract over a data
// channel between two native peers on loopback, so that the session can
// rely on one exactly as on its in-memory pipe.
func TestConnKeepsTheSessionContract(t *testing.T) {
	conntest.Run(t, func(t testing.TB) (session.Conn, session.Conn) {
		return newPair(t, loopback(Config{}), loopback(Config{}))
	}, conntest.Options{
		ErrClosed:   ErrClosed,
		ErrBackedUp: ErrBackedUp,
		MaxMessage:  DefaultMaxMessage,
	})
}
