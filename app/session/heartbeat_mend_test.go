package session

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// Issue 22, "Recovery": a link that can mend its path in place (a WebRTC
// link, by an ICE restart) is asked to before it is dropped, and a mended
// link carries on, with no new hello.

// mendConn is a tapped guest end that can mend: mend says what a try
// does.
type mendConn struct {
	*tapConn
	mend  func(ctx context.Context) error
	tries chan struct{}

	mu    sync.Mutex
	heard []bool // what Heartbeat.OnMend heard
}

func (c *mendConn) onMend(mending bool) {
	c.mu.Lock()
	c.heard = append(c.heard, mending)
	c.mu.Unlock()
}

func (c *mendConn) told() []bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.heard)
}

func (c *mendConn) Mend(ctx context.Context) error {
	c.tries <- struct{}{}
	return c.mend(ctx)
}

// joinMendable connects a guest that keeps the heartbeat over a tapped
// pipe whose guest end mends with mend.
func joinMendable(t *testing.T, h *Host, mend func(l beatLink, ctx context.Context) error) (beatLink, *mendConn) {
	t.Helper()
	a, b := Pipe()
	l := beatLink{host: tap(a), guest: tap(b)}
	m := &mendConn{tapConn: l.guest, tries: make(chan struct{}, 8)}
	m.mend = func(ctx context.Context) error { return mend(l, ctx) }
	if err := h.Attach(l.host); err != nil {
		t.Fatal(err)
	}
	g, err := NewGuest(context.Background(), m, "Bob", "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	g.KeepAlive(Heartbeat{OnMend: m.onMend})
	waitKind(t, g, KindWelcome)
	l.g = g
	return l, m
}

func TestADeadLinkThatCanMendIsAskedToBeforeItIsDropped(t *testing.T) {
	for _, tc := range []struct {
		name string
		// mend is what the link's try does; it may bring the path back.
		mend func(l beatLink, ctx context.Context) error
		// kept says the link lives on; else it is dropped after dropAt
		// (from the cut), give or take a beat.
		kept   bool
		dropAt time.Duration
	}{
		{"the path comes back", func(l beatLink, ctx context.Context) error {
			time.Sleep(500 * time.Millisecond) // a new offer and answer through the relays
			l.host.setCut(false)
			l.guest.setCut(false)
			return nil
		}, true, 0},
		{"the try fails at once", func(beatLink, context.Context) error {
			return errors.New("peer: no network path to the other player was found")
		}, false, DefaultBeatSilent},
		{"the try goes out but the host stays silent", func(beatLink, context.Context) error { return nil },
			false, DefaultBeatSilent + DefaultBeatMend},
		{"the try never hears back", func(_ beatLink, ctx context.Context) error {
			<-ctx.Done()
			return ctx.Err()
		}, false, DefaultBeatSilent + DefaultBeatMend},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				h := newTestHost(t, 2, Options{})
				ann := local(t, h, "Ann", "")
				bob, m := joinMendable(t, h, tc.mend)
				if err := bob.g.Ready(true); err != nil {
					t.Fatal(err)
				}
				if err := ann.Ready(true); err != nil {
					t.Fatal(err)
				}
				time.Sleep(5500 * time.Millisecond)
				drain(bob.g)
				cut := time.Now()
				bob.host.setCut(true)
				bob.guest.setCut(true)
				if err := bob.g.Chat("into the dead link"); err != nil {
					t.Fatal(err)
				}
				if !tc.kept {
					<-bob.g.Done()
					took := time.Since(cut)
					if took < tc.dropAt-DefaultBeatEvery || took > tc.dropAt+DefaultBeatEvery/2 {
						t.Errorf("dropped %v after the cut, want about %v", took, tc.dropAt)
					}
					if !errors.Is(bob.g.Err(), ErrSilent) {
						t.Errorf("Err is %v, want ErrSilent", bob.g.Err())
					}
					if bob.g.Mends() != 1 {
						t.Errorf("the link was asked to mend %d times, want once", bob.g.Mends())
					}
					if told := m.told(); !slices.Equal(told, []bool{true}) {
						t.Errorf("OnMend heard %v, want [true]: mending, and never back", told)
					}
					return
				}
				// Mended: the link lives on, without a new hello. (What
				// went into the dead path is lost on these test pipes; a
				// data channel's SCTP sends it again on the new path.)
				time.Sleep(20 * time.Second)
				select {
				case <-bob.g.Done():
					t.Fatalf("the mended link was dropped: %v", bob.g.Err())
				default:
				}
				if n := len(m.tries); n != 1 {
					t.Errorf("the link was asked to mend %d times, want once", n)
				}
				if n := bob.guest.count(KindHello); n != 1 {
					t.Errorf("the guest said hello %d times", n)
				}
				if told := m.told(); !slices.Equal(told, []bool{true, false}) {
					t.Errorf("OnMend heard %v, want [true false]: mending, then back", told)
				}
				if !seatConnected(t, h) {
					t.Error("the host shows the mended guest away")
				}
				// It may mend again, next time.
				bob.host.setCut(true)
				bob.guest.setCut(true)
				time.Sleep(DefaultBeatSilent + DefaultBeatEvery)
				if n := len(m.tries); n != 2 {
					t.Errorf("after a second cut the link was asked to mend %d times in all, want twice", n)
				}
			})
		})
	}
}
