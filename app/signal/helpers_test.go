package signal

import (
	"context"
	"testing"
	"time"
)

// testAnswer is the host's answer in these tests; like testSDP it carries
// a marker that must never show on a relay.
const (
	answerMarker = "LonghallAnswerPwd"
	testAnswer   = "v=0\r\no=- 77 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n" +
		"m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n" +
		"a=candidate:1 1 udp 2122260223 10.233.0.2 50000 typ host generation 0\r\n" +
		"a=ice-ufrag:Yw8P\r\na=ice-pwd:" + answerMarker + "Q7r2mX\r\n" +
		"a=fingerprint:sha-256 AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99\r\n" +
		"a=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)

// serving makes the host present in room through sig and plays its app
// there (serveOne) until the test ends, when the listener closes. It
// returns the offers the app saw.
func serving(ctx context.Context, t testing.TB, sig Signaler, room Room, answerFor func(*Offer) string) <-chan *Offer {
	t.Helper()
	l, err := sig.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	seen := serveOne(ctx, t, l, answerFor)
	// Registered after serveOne's, so run before it: serveOne's clean-up
	// waits for its goroutine, which ends when l closes.
	t.Cleanup(func() { l.Close() })
	return seen
}

// serveOne plays the host's app: it accepts offers on l and answers each
// with answerFor(offer), passing on the offers it saw, until l is closed.
// The test's cleanup waits for it. Answer errors are not checked here: the
// guests check that the answer came. A test that needs the answer to wait
// for something waits for it in answerFor: no fixed delay, which would be
// a guess at how fast a busy machine is.
func serveOne(ctx context.Context, t testing.TB, l Listener, answerFor func(*Offer) string) <-chan *Offer {
	t.Helper()
	seen := make(chan *Offer, 8)
	done := make(chan struct{})
	t.Cleanup(func() { <-done })
	go func() {
		defer close(done)
		for {
			o, err := l.Accept(ctx)
			if err != nil {
				return
			}
			seen <- o
			o.Answer(ctx, answerFor(o))
		}
	}()
	return seen
}

func fixedAnswer(*Offer) string { return testAnswer }

func newTestRoom(t testing.TB) Room {
	t.Helper()
	r, err := NewRoom()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func testContext(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}
