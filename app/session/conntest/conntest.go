// Package conntest is the contract of session.Conn as a suite that any
// transport runs in one call, as golang.org/x/net/nettest.TestConn is for
// net.Conn: the in-memory pipe, a WebRTC data channel (app/peer) and the
// relayed link through Nostr relays (app/relay) each prove with it that
// the session may rely on them alike.
//
// No property measures time. Every wait is bounded by a hang guard
// (a minute) that only a broken transport reaches; a transport whose time
// can be faked runs each property in a testing/synctest bubble
// (Options.Bubble), where minutes of retransmissions take milliseconds
// and the guard costs nothing.
package conntest

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/session"
)

// MakePair returns the two ends of a fresh, connected link. It registers
// with t.Cleanup whatever must be released when the property ends (the
// suite closes both ends itself too); it calls t.Fatal when it cannot
// connect. With Options.Bubble it runs inside the property's bubble.
type MakePair func(t testing.TB) (a, b session.Conn)

// Options says what the suite must know of a transport.
type Options struct {
	// ErrClosed is what every error of an ended link matches
	// (errors.Is): its Send after either end closed, and its Recv once
	// the messages that arrived before are read. Required.
	ErrClosed error
	// ErrBackedUp is what Send returns while the other side is not
	// taking its messages; the link stays open. Required.
	ErrBackedUp error
	// MaxMessage is the largest message the transport carries, at least
	// session.MaxMessageSize; a larger one must be refused by Send with
	// an error that leaves the link open. Zero: no limit.
	MaxMessage int
	// Chunk is the size of the messages that fill the link until Send
	// refuses (default 16 KiB).
	Chunk int
	// Bubble runs each property, the pair's making included, inside a
	// testing/synctest bubble. The bubble is then the leak check: it
	// fails when a goroutine started in it is still blocked after the
	// property, its clean-ups and a minute of the bubble's time.
	Bubble bool
}

// patience bounds every wait of the suite, so that a broken transport
// fails instead of hanging. Only a hang reaches it: pion on a busy
// machine under the race detector may take seconds where it takes
// milliseconds alone. In a bubble it is fake time, and costs nothing. A
// variable, so that the suite's own test of faulty transports is quick.
var patience = time.Minute

// Run checks that the links mp makes keep session.Conn's contract, each
// property in a subtest of its own, with a fresh pair; outside a bubble,
// each also checks that no goroutine it started outlives it.
func Run(t *testing.T, mp MakePair, o Options) {
	t.Helper()
	if o.ErrClosed == nil || o.ErrBackedUp == nil {
		t.Fatal("conntest: Options.ErrClosed and Options.ErrBackedUp are required")
	}
	if o.MaxMessage != 0 && o.MaxMessage < session.MaxMessageSize {
		t.Errorf("conntest: the transport carries %d bytes, less than the session's %d", o.MaxMessage, session.MaxMessageSize)
	}
	if o.Chunk == 0 {
		o.Chunk = 16 << 10
	}
	for _, p := range properties {
		t.Run(p.name, func(t *testing.T) {
			body := func(t *testing.T) {
				a, b := mp(t)
				t.Cleanup(func() {
					a.Close()
					b.Close()
				})
				p.test(t, o, a, b)
			}
			if o.Bubble {
				synctest.Test(t, func(t *testing.T) {
					// Registered first, so run last: a transport may
					// linger after a close (sending it again, tearing
					// down), and in a bubble its time passes only here.
					t.Cleanup(func() { time.Sleep(patience) })
					body(t)
				})
				return
			}
			leaktest.Check(t)
			body(t)
		})
	}
}

// recv receives one message, or fails the test after patience.
func recv(t testing.TB, c session.Conn) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	m, err := c.Recv(ctx)
	if err != nil {
		t.Fatalf("recv: %v", err)
	}
	return m
}

func mustSend(t testing.TB, c session.Conn, msg []byte) {
	t.Helper()
	if err := c.Send(msg); err != nil {
		t.Fatalf("send %.40q: %v", msg, err)
	}
}

// waitDone fails the test unless done is closed within patience.
func waitDone(t testing.TB, what string, done <-chan struct{}) {
	t.Helper()
	select {
	case <-done:
	case <-time.After(patience):
		t.Fatalf("%s: not done after %v", what, patience)
	}
}

func isDone(c session.Conn) bool {
	select {
	case <-c.Done():
		return true
	default:
		return false
	}
}
