package relay

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// fakeRelay carries sealed payloads between the two ends of a link,
// losing, repeating and delaying (so reordering) them at random. Its time
// is synctest's, so minutes of traffic take milliseconds.
type fakeRelay struct {
	name     string
	drop     float64 // chance that a payload is lost
	dup      float64 // chance that it arrives twice
	maxDelay time.Duration

	mu   sync.Mutex
	rng  *mrand.Rand
	dead bool // loses everything
	sent int  // payloads handed to it
}

func (f *fakeRelay) carry(s string, deliver func(string)) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent++
	if f.dead || f.rng.Float64() < f.drop {
		return nil
	}
	copies := 1
	if f.rng.Float64() < f.dup {
		copies = 2
	}
	for range copies {
		d := time.Duration(f.rng.Int64N(int64(f.maxDelay) + 1))
		time.AfterFunc(d, func() { deliver(s) })
	}
	return nil
}

func (f *fakeRelay) setDead(dead bool) {
	f.mu.Lock()
	f.dead = dead
	f.mu.Unlock()
}

// linkPair makes the guest's and the host's ends of a link, keyed alike,
// whose frames travel through the relays, on synctest's clock. The guest knows every relay
// from the start; the host learns each from the guest's frames, as it
// does from a real listener.
func linkPair(t testing.TB, relays ...*fakeRelay) (g, h *Conn) {
	t.Helper()
	var id ID
	key := make([]byte, KeySize)
	rand.Read(id[:])
	rand.Read(key)
	g, h = New(id, true), New(id, false)
	g.Key(key)
	h.Key(key)
	for i, f := range relays {
		if f.rng == nil {
			f.rng = mrand.New(mrand.NewPCG(uint64(i), 42))
		}
		if f.name == "" {
			f.name = fmt.Sprintf("fake %d", i)
		}
		var gr *Route
		toGuest := func(_ context.Context, s string) error {
			return f.carry(s, func(s string) { g.Take(Frame{Text: s, Route: gr}) })
		}
		gr = g.AddRoute(f.name, func(_ context.Context, s string) error {
			return f.carry(s, func(s string) { h.Take(Frame{Text: s, Via: f.name, Reply: toGuest}) })
		})
	}
	g.ackAt = time.Now() // the guest's first frame, as after a handshake
	g.Start(nil)
	h.Start(nil)
	// A closed end sends its close again for a while: on synctest's clock
	// that time passes only while the test sleeps.
	t.Cleanup(func() {
		g.Close()
		h.Close()
		time.Sleep(linkFlush + 3*linkAgain)
	})
	return g, h
}

// message i of a stream: sizes from empty to several pieces, text or not.
func streamMessage(rng *mrand.Rand, i int) []byte {
	var n int
	switch rng.IntN(40) {
	case 0, 1, 2, 3:
		n = 0
	case 4:
		n = linkPiece + rng.IntN(3*linkPiece) // several pieces
	default:
		n = 1 + rng.IntN(1200)
	}
	m := make([]byte, 0, n+16)
	m = fmt.Appendf(m, "%d:", i)
	if rng.IntN(8) == 0 {
		for len(m) < n { // not UTF-8: goes in base64
			m = append(m, byte(rng.IntN(256)))
		}
		return m
	}
	for len(m) < n {
		if rng.IntN(20) == 0 {
			m = append(m, "ǫ"...) // two bytes, so a cut may fall inside one
		} else {
			m = append(m, byte(' '+rng.IntN(95))) // printable, quotes and backslashes too
		}
	}
	return m
}

// pump sends n messages of a stream on c, waiting while the link is
// backed up, and reports the first error.
func pump(c *Conn, seed uint64, n int) <-chan error {
	errc := make(chan error, 1)
	go func() {
		rng := mrand.New(mrand.NewPCG(seed, 7))
		for i := range n {
			m := streamMessage(rng, i)
			for {
				err := c.Send(m)
				if errors.Is(err, ErrBackedUp) {
					time.Sleep(100 * time.Millisecond)
					continue
				}
				if err != nil {
					errc <- fmt.Errorf("send %d: %w", i, err)
					return
				}
				break
			}
		}
		errc <- nil
	}()
	return errc
}

// expect reads n messages of a stream from c and checks each, in order.
func expect(c *Conn, seed uint64, n int) <-chan error {
	errc := make(chan error, 1)
	go func() {
		rng := mrand.New(mrand.NewPCG(seed, 7))
		for i := range n {
			want := streamMessage(rng, i)
			got, err := c.Recv(context.Background())
			if err != nil {
				errc <- fmt.Errorf("recv %d: %w", i, err)
				return
			}
			if !bytes.Equal(got, want) {
				errc <- fmt.Errorf("message %d: got %d bytes %.40q, want %d bytes %.40q", i, len(got), got, len(want), want)
				return
			}
		}
		errc <- nil
	}()
	return errc
}

// TestConnDeliversExactlyOnceInOrder sends hundreds of random
// messages each way through relays that lose, repeat and reorder frames:
// every message arrives once, whole and in order, the frames keep to the
// rate bound, and nothing is left unacked at the end.
func TestConnDeliversExactlyOnceInOrder(t *testing.T) {
	cases := []struct {
		name   string
		relays []*fakeRelay
		n      int
	}{
		{"clean", []*fakeRelay{{maxDelay: 50 * time.Millisecond}}, linkWindow + linkWindow/4}, // past the window
		{"a third lost", []*fakeRelay{{drop: 0.33, maxDelay: 100 * time.Millisecond}}, 300},
		{"half repeated", []*fakeRelay{{dup: 0.5, maxDelay: 100 * time.Millisecond}}, 300},
		{"reordered over two seconds", []*fakeRelay{{maxDelay: 2 * time.Second}}, 300},
		{"lost, repeated and reordered", []*fakeRelay{{drop: 0.25, dup: 0.25, maxDelay: 1500 * time.Millisecond}}, 300},
		{"one of two relays dead", []*fakeRelay{{dead: true}, {drop: 0.1, dup: 0.1, maxDelay: 300 * time.Millisecond}}, 300},
		{"three poor relays", []*fakeRelay{{drop: 0.5, maxDelay: time.Second}, {drop: 0.5, dup: 0.3, maxDelay: 2 * time.Second}, {drop: 0.6, maxDelay: 500 * time.Millisecond}}, 300},
	}
	// At these rates of loss, a sender may wait long for an ack; that a
	// link gives up then is tested below.
	defer func(d time.Duration) { linkStall = d }(linkStall)
	linkStall = linkLost
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				start := time.Now()
				g, h := linkPair(t, tc.relays...)
				results := []<-chan error{
					pump(g, 1, tc.n), expect(h, 1, tc.n),
					pump(h, 2, tc.n), expect(g, 2, tc.n),
				}
				for _, r := range results {
					if err := <-r; err != nil {
						t.Fatal(err)
					}
				}
				// The last acks may be lost too and wait for a retransmission
				// after the longest backoff; then nothing may be left.
				settled := func(c *Conn) bool {
					c.mu.Lock()
					defer c.mu.Unlock()
					return len(c.out) == 0 && c.outBytes == 0 && len(c.ahead) == 0
				}
				for deadline := time.Now().Add(4 * linkMaxRTO); !(settled(g) && settled(h)) && time.Now().Before(deadline); {
					time.Sleep(time.Second)
				}
				elapsed := time.Since(start)
				for _, c := range []*Conn{g, h} {
					c.mu.Lock()
					out, outBytes, ahead, err, st := len(c.out), c.outBytes, len(c.ahead), c.err, c.stats
					c.mu.Unlock()
					if err != nil {
						t.Fatalf("the link ended: %v", err)
					}
					if out != 0 || outBytes != 0 || ahead != 0 {
						t.Errorf("left over: %d pieces (%d bytes) unacked, %d held past a gap", out, outBytes, ahead)
					}
					// The rate bound: one frame per gap, plus the close's.
					if limit := int64(elapsed/linkGap) + 2; st.Frames > limit {
						t.Errorf("%d frames in %v: over the bound of %d", st.Frames, elapsed, limit)
					}
					t.Logf("guest=%v: %d frames, %d events, %d KB, %d retransmits, %d received, in %v", c.guest,
						st.Frames, st.Events, st.Bytes>>10, st.Retransmits, st.Received, elapsed.Round(time.Second))
				}
				g.Close()
				h.Close()
			})
		})
	}
}

// TestConnEnds: a close reaches the other side after what was sent
// before it; a link whose relays go silent is declared lost on both
// sides; an idle link stays up on its heartbeats, at a few frames a
// minute.
func TestConnEnds(t *testing.T) {
	t.Run("close delivers what was sent, then both ends fail", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			g, h := linkPair(t, &fakeRelay{maxDelay: 200 * time.Millisecond})
			for _, m := range []string{"last", "words"} {
				if err := g.Send([]byte(m)); err != nil {
					t.Fatal(err)
				}
			}
			g.Close()
			if err := g.Send([]byte("late")); !errors.Is(err, ErrClosed) {
				t.Fatalf("send after close: %v", err)
			}
			<-h.Done()
			if !errors.Is(h.Err(), ErrHungUp) || !errors.Is(h.Err(), ErrClosed) {
				t.Fatalf("the other end: %v", h.Err())
			}
			for _, want := range []string{"last", "words"} {
				if got, err := h.Recv(context.Background()); string(got) != want {
					t.Fatalf("got %q, %v, want %q", got, err, want)
				}
			}
			if _, err := h.Recv(context.Background()); !errors.Is(err, ErrHungUp) {
				t.Fatalf("recv after the end: %v", err)
			}
		})
	})
	t.Run("silence is lost on both sides", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			f := &fakeRelay{maxDelay: 100 * time.Millisecond}
			g, h := linkPair(t, f)
			if err := g.Send([]byte("hello")); err != nil {
				t.Fatal(err)
			}
			if got, _ := h.Recv(context.Background()); string(got) != "hello" {
				t.Fatalf("got %q", got)
			}
			f.setDead(true)
			cut := time.Now()
			// The guest waits for an ack: it gives up sooner than the host,
			// which only misses the heartbeats.
			g.Send([]byte("into the void"))
			<-g.Done()
			gd := time.Since(cut)
			<-h.Done()
			hd := time.Since(cut)
			if !errors.Is(g.Err(), ErrLost) || !errors.Is(h.Err(), ErrLost) {
				t.Fatalf("errors %v and %v", g.Err(), h.Err())
			}
			t.Logf("lost after %v (waiting for an ack) and %v (idle)", gd, hd)
			if gd > linkStall+time.Second || hd > linkLost+time.Second {
				t.Errorf("lost after %v and %v", gd, hd)
			}
		})
	})
	t.Run("an idle link beats", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			f := &fakeRelay{maxDelay: 300 * time.Millisecond}
			g, h := linkPair(t, f)
			time.Sleep(10 * time.Minute)
			if g.Err() != nil || h.Err() != nil {
				t.Fatalf("an idle link ended: %v, %v", g.Err(), h.Err())
			}
			for _, c := range []*Conn{g, h} {
				perMinute := float64(c.Stats().Frames) / 10
				t.Logf("guest=%v: %.1f frames a minute while idle", c.guest, perMinute)
				if perMinute > 60/linkBeat.Seconds()+0.5 {
					t.Errorf("%.1f frames a minute while idle", perMinute)
				}
			}
			g.Close()
			h.Close()
		})
	})
	t.Run("a reader that stops holds the sender back", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			g, h := linkPair(t, &fakeRelay{maxDelay: 100 * time.Millisecond})
			msg := bytes.Repeat([]byte("x"), 16<<10)
			sent := 0
			for ; sent < 10000; sent++ {
				err := g.Send(msg)
				if errors.Is(err, ErrBackedUp) {
					time.Sleep(time.Second)
					if err = g.Send(msg); errors.Is(err, ErrBackedUp) {
						break
					}
				}
				if err != nil {
					t.Fatalf("send %d: %v", sent, err)
				}
			}
			if sent == 10000 {
				t.Fatal("the sender never backed up")
			}
			g.mu.Lock()
			queued := g.outBytes
			g.mu.Unlock()
			if queued > linkMaxQueue+linkPiece {
				t.Errorf("%d bytes queued", queued)
			}
			for i := range sent {
				if _, err := h.Recv(context.Background()); err != nil {
					t.Fatalf("recv %d: %v", i, err)
				}
			}
			time.Sleep(linkRTO)
			if err := g.Send(msg); err != nil {
				t.Fatalf("send once the reader caught up: %v", err)
			}
			g.Close()
			h.Close()
		})
	})
	t.Run("refuses what is too large", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			g, h := linkPair(t, &fakeRelay{})
			if err := g.Send(make([]byte, MaxMessage+1)); !errors.Is(err, ErrTooLarge) {
				t.Fatalf("got %v", err)
			}
			if err := g.Send(make([]byte, MaxMessage)); err != nil {
				t.Fatalf("the largest message: %v", err)
			}
			if got, err := h.Recv(context.Background()); err != nil || len(got) != MaxMessage {
				t.Fatalf("got %d bytes, %v", len(got), err)
			}
			g.Close()
			h.Close()
		})
	})
}

// TestConnRefusesForgeries: frames sealed with another key, for
// another link, reflected back at their sender, or tampered with are
// dropped, and the link goes on.
func TestConnRefusesForgeries(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var captured []string
		var mu sync.Mutex
		f := &fakeRelay{maxDelay: 10 * time.Millisecond}
		g, h := linkPair(t, f)
		// Capture what the guest sends, as a relay would see it.
		g.mu.Lock()
		r := g.routes[0]
		g.mu.Unlock()
		r.mu.Lock()
		send := r.send
		r.mu.Unlock()
		r.setSend(func(ctx context.Context, s string) error {
			mu.Lock()
			captured = append(captured, s)
			mu.Unlock()
			return send(ctx, s)
		})
		if err := g.Send([]byte("genuine")); err != nil {
			t.Fatal(err)
		}
		if got, _ := h.Recv(context.Background()); string(got) != "genuine" {
			t.Fatalf("got %q", got)
		}
		mu.Lock()
		frames := append([]string(nil), captured...)
		mu.Unlock()
		// The right link's id, another key: someone else in the room.
		other := New(g.id, true)
		otherKey := make([]byte, KeySize)
		rand.Read(otherKey)
		other.Key(otherKey)
		foreign := other.seal([]byte(`{"a":0,"n":1,"d":[".forged"]}`))
		var forged []string
		for _, s := range frames {
			raw, _ := b64.DecodeString(s)
			for _, i := range []int{0, 5, 20, len(raw) - 1} {
				bad := append([]byte(nil), raw...)
				bad[i] ^= 1
				forged = append(forged, b64.EncodeToString(bad))
			}
		}
		forged = append(forged, foreign)
		for _, s := range forged {
			h.Take(Frame{Text: s, Via: "fake 0"})
		}
		for _, s := range frames { // reflected to their sender
			g.Take(Frame{Text: s, Route: r})
		}
		if err := g.Send([]byte("still here")); err != nil {
			t.Fatal(err)
		}
		if got, _ := h.Recv(context.Background()); string(got) != "still here" {
			t.Fatalf("after forgeries: got %q", got)
		}
		g.Close()
		h.Close()
	})
}
