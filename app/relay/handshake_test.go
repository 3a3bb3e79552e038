package relay

import (
	"context"
	"crypto/rand"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// fakeHandshake stands in for signal's: its hellos are numbered payloads
// of the room's seal version, and the one payload answerText answers.
type fakeHandshake struct {
	hellos  int
	answers int // payloads handed to Answer
	key     []byte
}

var answerText = b64.EncodeToString([]byte{1, 'a'})

func (h *fakeHandshake) Hello() (string, error) {
	h.hellos++
	return b64.EncodeToString([]byte{1, 'h', byte(h.hellos)}), nil
}

func (h *fakeHandshake) Answer(sealed string) []byte {
	h.answers++
	if sealed == answerText {
		return h.key
	}
	return nil
}

// recorder is a relay that keeps what a link sent through it, and when.
type recorder struct {
	start time.Time
	mu    sync.Mutex
	sent  []sentPayload
}

type sentPayload struct {
	at      time.Duration
	version byte
}

func (r *recorder) send(_ context.Context, s string) error {
	raw, _ := b64.DecodeString(s)
	r.mu.Lock()
	r.sent = append(r.sent, sentPayload{time.Since(r.start), raw[0]})
	r.mu.Unlock()
	return nil
}

// times says when payloads of this version went.
func (r *recorder) times(version byte) []time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ts []time.Duration
	for _, p := range r.sent {
		if p.version == version {
			ts = append(ts, p.at)
		}
	}
	return ts
}

// TestTheGuestsHelloKeepsItsPace: a guest's end says hello through every
// relay at once, again after 2 s, then half as long again each time, and
// through a relay the moment it connects; a payload that is not a frame
// goes to the handshake, and its answer keys the link, which sends its
// first frame at once and says hello no more.
func TestTheGuestsHelloKeepsItsPace(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var id ID
		rand.Read(id[:])
		hs := &fakeHandshake{key: make([]byte, KeySize)}
		rand.Read(hs.key)
		early, late := &recorder{start: time.Now()}, &recorder{start: time.Now()}
		g := New(id, true)
		r1 := g.AddRoute("early", early.send)
		r2 := g.AddRoute("late", nil) // not connected yet
		g.Start(hs)

		time.Sleep(3 * time.Second)
		r2.SetSend(late.send)
		time.Sleep(17 * time.Second)
		synctest.Wait()
		s := time.Second
		if got, want := early.times(1), []time.Duration{0, 2 * s, 5 * s, 9500 * time.Millisecond, 16250 * time.Millisecond}; !slices.Equal(got, want) {
			t.Errorf("hellos through a relay connected from the start at %v, want %v", got, want)
		}
		if got, want := late.times(1), []time.Duration{3 * s, 5 * s, 9500 * time.Millisecond, 16250 * time.Millisecond}; !slices.Equal(got, want) {
			t.Errorf("hellos through a relay that connected at 3 s at %v, want %v", got, want)
		}

		// A frame before the key is not an answer; the answer keys the link.
		g.Take(Frame{Text: b64.EncodeToString(append([]byte{Version}, id[:]...)), Route: r1})
		synctest.Wait()
		g.mu.Lock() // the handshake is called with it held
		answers := hs.answers
		g.mu.Unlock()
		if answers != 0 {
			t.Errorf("a frame went to the handshake as an answer")
		}
		g.Take(Frame{Text: answerText, Route: r1})
		synctest.Wait()
		select {
		case <-g.Keyed():
		default:
			t.Fatal("the answer did not key the link")
		}
		if got := early.times(Version); !slices.Equal(got, []time.Duration{20 * s}) {
			t.Errorf("frames at %v, want the first one at once", got)
		}
		time.Sleep(time.Minute)
		if got := len(early.times(1)); got != 5 {
			t.Errorf("%d hellos once keyed, want the 5 before", got)
		}
		g.Close()
	})
}
