package session

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"longhall/rules"
)

// Heartbeat tests run in a synctest bubble (inBubble): the clock is fake,
// so "about 3 seconds" is measured exactly and no test waits for real.

// tapConn is one end of a link that counts what it sends by kind and can
// go dark: once cut, what it sends vanishes and the link stays open, as on
// a network that went down without a word.
type tapConn struct {
	Conn
	mu    sync.Mutex
	cut   bool
	kinds map[string]int
}

func tap(c Conn) *tapConn { return &tapConn{Conn: c, kinds: map[string]int{}} }

func (c *tapConn) Send(msg []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if env, e := decode(msg); e == nil {
		c.kinds[env.Kind]++
	}
	if c.cut {
		return nil
	}
	return c.Conn.Send(msg)
}

func (c *tapConn) setCut(cut bool) {
	c.mu.Lock()
	c.cut = cut
	c.mu.Unlock()
}

func (c *tapConn) count(kind string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.kinds[kind]
}

// beatLink is a guest on a tapped link to the host: host is the host's
// end, guest the guest's.
type beatLink struct {
	g           *Guest
	host, guest *tapConn
}

// joinTapped connects a guest over a tapped pipe, keeping the heartbeat
// when hb is not nil, and waits for its welcome.
func joinTapped(t testing.TB, h *Host, name, token string, hb *Heartbeat) beatLink {
	t.Helper()
	a, b := Pipe()
	l := beatLink{host: tap(a), guest: tap(b)}
	if err := h.Attach(l.host); err != nil {
		t.Fatal(err)
	}
	g, err := NewGuest(context.Background(), l.guest, Hello{Name: name, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	if hb != nil {
		g.KeepAlive(*hb)
	}
	waitKind(t, g, KindWelcome)
	l.g = g
	return l
}

// drain returns the updates a guest has queued, without waiting.
func drain(g *Guest) []Update {
	var out []Update
	for {
		select {
		case u, ok := <-g.Updates():
			if !ok {
				return out
			}
			out = append(out, u)
		default:
			return out
		}
	}
}

// seatConnected reads from the host whether seat 1 shows as connected.
func seatConnected(t testing.TB, h *Host) bool {
	t.Helper()
	l, err := h.Lobby()
	if err != nil {
		t.Fatal(err)
	}
	return l.Seats[1].Connected
}

func TestAnIdleGuestPingsAboutOnceASecondAndHearsNothingOfIt(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		local(t, h, "Ann", "")
		bob := joinTapped(t, h, "Bob", "", &Heartbeat{})
		drain(bob.g)
		synctest.Wait()
		if bob.guest.count(KindPing) != 1 {
			t.Errorf("the guest sent %d pings on keeping the heartbeat, want 1 at once", bob.guest.count(KindPing))
		}
		time.Sleep(10 * time.Second)
		synctest.Wait()
		pings, pongs := bob.guest.count(KindPing)-1, bob.host.count(KindPong)-1
		if pings < 9 || pings > 11 || pongs != pings {
			t.Errorf("in 10 idle seconds the guest sent %d pings and the host %d pongs, want about 10 each", pings, pongs)
		}
		for _, u := range drain(bob.g) {
			if u.Kind == KindPong {
				t.Errorf("the UI heard of a heartbeat's pong: %+v", u.Pong)
			}
		}
		if bob.g.Err() != nil || !seatConnected(t, h) {
			t.Errorf("an idle guest that answers was dropped (%v) or shown away", bob.g.Err())
		}
	})
}

func TestAGuestThatKeepsTalkingDoesNotPing(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		local(t, h, "Ann", "")
		bob := joinTapped(t, h, "Bob", "", &Heartbeat{})
		pings := bob.guest.count(KindPing)
		for i := range 10 {
			time.Sleep(700 * time.Millisecond)
			if err := bob.g.Ready(i%2 == 0); err != nil { // each changes the lobby, which answers
				t.Fatal(err)
			}
		}
		if n := bob.guest.count(KindPing) - pings; n != 0 {
			t.Errorf("a guest that sent every 0.7 s and was answered also pinged %d times", n)
		}
	})
}

func TestAGuestWhoseMessageGetsNoAnswerPingsAndKeepsTheLink(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		local(t, h, "Ann", "")
		bob := joinTapped(t, h, "Bob", "", &Heartbeat{})
		bob.g.Ready(true)
		for range 10 {
			time.Sleep(700 * time.Millisecond)
			if err := bob.g.Ready(true); err != nil { // no change: the host says nothing
				t.Fatal(err)
			}
		}
		if bob.guest.count(KindPing) == 0 {
			t.Error("a guest left without answers never pinged")
		}
	})
}

func TestAGuestDropsALinkOnWhichTheHostFellSilent(t *testing.T) {
	for _, tc := range []struct {
		name string
		cut  func(beatLink)
	}{
		{"both ways", func(l beatLink) { l.host.setCut(true); l.guest.setCut(true) }},
		{"the host's answers lost", func(l beatLink) { l.host.setCut(true) }},
		{"the guest's messages lost", func(l beatLink) { l.guest.setCut(true) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				h := newTestHost(t, 2, Options{})
				local(t, h, "Ann", "")
				bob := joinTapped(t, h, "Bob", "", &Heartbeat{})
				time.Sleep(5500 * time.Millisecond) // somewhere between two pings
				cut := time.Now()
				tc.cut(bob)
				drain(bob.g)
				<-bob.g.Done()
				took := time.Since(cut)
				if took < 2*time.Second || took > DefaultBeatSilent+DefaultBeatEvery/4 {
					t.Errorf("the dead link was noticed after %v, want 2 to 3.25 s", took)
				}
				if err := bob.g.Err(); !errors.Is(err, ErrSilent) || !errors.Is(err, ErrClosed) {
					t.Errorf("Err is %v, want ErrSilent (which is an ErrClosed)", err)
				}
				waitLobby(t, local(t, h, "Ann", ""), "Bob shown away", func(l *Lobby) bool { return !l.Seats[1].Connected })
			})
		})
	}
}

func TestTheHostShowsAGuestThatPingedAndFellSilentAsAway(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		local(t, h, "Ann", "")
		bob := joinTapped(t, h, "Bob", "", nil)
		if _, err := bob.g.Ping(); err != nil {
			t.Fatal(err)
		}
		waitKind(t, bob.g, KindPong)
		time.Sleep(DefaultBeatAway - 500*time.Millisecond)
		if !seatConnected(t, h) {
			t.Fatal("shown away before Heartbeat.Away")
		}
		time.Sleep(DefaultBeatAway/4 + time.Second)
		if seatConnected(t, h) {
			t.Fatal("still shown connected after Away and a tick")
		}
		// A word from the guest, of any kind, brings it back.
		if err := bob.g.Chat("still here"); err != nil {
			t.Fatal(err)
		}
		waitKind(t, bob.g, KindChat)
		if !seatConnected(t, h) {
			t.Fatal("shown away after it spoke again")
		}
		// Silent past Drop: the host closes the link, without a kick.
		time.Sleep(DefaultBeatDrop + DefaultBeatAway/4 + time.Second)
		select {
		case <-bob.g.Done():
		default:
			t.Fatal("the host kept a link silent past Heartbeat.Drop")
		}
		var se *Error
		if err := bob.g.Err(); errors.As(err, &se) || !errors.Is(err, ErrClosed) {
			t.Errorf("the dropped guest's Err is %v, want ErrClosed and no kick", err)
		}
	})
}

// farEnd is the guest's end of a link whose Close ends it here only: on a
// dead network, the other side does not hear of it.
type farEnd struct {
	*tapConn
	once sync.Once
	done chan struct{}
}

func (f *farEnd) Close() error {
	f.once.Do(func() { close(f.done) })
	return nil
}

func (f *farEnd) Done() <-chan struct{} { return f.done }

func (f *farEnd) Recv(ctx context.Context) ([]byte, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-f.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	return f.tapConn.Recv(ctx)
}

func TestTheHostJudgesAGuestThatKeepsTheHeartbeatFromItsFirstMoment(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		local(t, h, "Ann", "")
		a, b := Pipe()
		host, guest := tap(a), &farEnd{tapConn: tap(b), done: make(chan struct{})}
		if err := h.Attach(host); err != nil {
			t.Fatal(err)
		}
		bob, err := NewGuest(context.Background(), guest, Hello{Name: "Bob"})
		if err != nil {
			t.Fatal(err)
		}
		defer bob.Close()
		bob.KeepAlive(Heartbeat{})
		waitKind(t, bob, KindWelcome)
		// The link dies at once, before the guest was ever quiet, and the
		// host never hears the guest close it.
		host.setCut(true)
		guest.setCut(true)
		cut := time.Now()
		for seatConnected(t, h) && time.Since(cut) < time.Minute {
			time.Sleep(100 * time.Millisecond)
		}
		if took := time.Since(cut); took > DefaultBeatAway+DefaultBeatAway/4 {
			t.Errorf("the host showed the guest away after %v, want at most %v", took, DefaultBeatAway+DefaultBeatAway/4)
		}
	})
}

func TestAGuestThatNeverPingsIsNeverJudgedByItsSilence(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		local(t, h, "Ann", "")
		bob := joinTapped(t, h, "Bob", "", nil)
		time.Sleep(2 * DefaultBeatDrop)
		if bob.g.Err() != nil || !seatConnected(t, h) {
			t.Errorf("a guest without a heartbeat was dropped (%v) or shown away after %v of silence", bob.g.Err(), 2*DefaultBeatDrop)
		}
	})
}

func TestTheHeartbeatsIntervalsAreSettings(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		hb := Heartbeat{Every: 200 * time.Millisecond, Silent: 600 * time.Millisecond, Away: time.Second, Drop: 2 * time.Second}
		h := newTestHost(t, 2, Options{Heartbeat: hb})
		local(t, h, "Ann", "")
		bob := joinTapped(t, h, "Bob", "", &hb)
		time.Sleep(2 * time.Second)
		if n := bob.guest.count(KindPing); n < 9 || n > 11 {
			t.Errorf("%d pings in 2 s at one every 200 ms", n)
		}
		cut := time.Now()
		bob.guest.setCut(true)
		<-bob.g.Done()
		if took := time.Since(cut); took > hb.Silent+hb.Every/4 {
			t.Errorf("a silent link noticed after %v with Silent %v", took, hb.Silent)
		}
	})
}

// startWithBob opens a two-seat room of Hands with the host's Ann and
// Bob, a guest on a tapped link (keeping the heartbeat when hb is not
// nil), and starts it.
func startWithBob(t testing.TB, opts Options, hb *Heartbeat) (*Host, *Guest, beatLink) {
	t.Helper()
	h := newTestHost(t, 2, opts)
	ann := local(t, h, "Ann", "")
	bob := joinTapped(t, h, "Bob", "", hb)
	if err := bob.g.Ready(true); err != nil {
		t.Fatal(err)
	}
	hostLobby(t, h, "Bob ready", func(l Lobby) bool { return l.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, bob.g, 0)
	return h, ann, bob
}

func TestAPongSaysWhichIntentsTheHostHasDealtWith(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		_, _, bob := startWithBob(t, Options{}, nil)
		legal := bob.g.Latest().State.Legal
		seq, err := bob.g.Intent(legal[0])
		if err != nil {
			t.Fatal(err)
		}
		if s := waitVersion(t, bob.g, 1); s == nil {
			t.Fatal("no state")
		}
		n, err := bob.g.Ping()
		if err != nil {
			t.Fatal(err)
		}
		if u := waitKind(t, bob.g, KindPong); u.Pong.N != n || u.Taken != seq {
			t.Errorf("pong %d says intent %d was taken, want pong %d and intent %d", u.Pong.N, u.Taken, n, seq)
		}
		// A refusal says so too: the same card again is no longer legal.
		seq, _ = bob.g.Intent(legal[0])
		if u := waitKind(t, bob.g, KindError); u.Error.Seq != seq || u.Taken != seq {
			t.Errorf("the refusal of intent %d says %d was taken", seq, u.Taken)
		}
	})
}

func TestAHeartbeatsPongIsHeardWhenItSaysAnIntentWasTaken(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		_, _, bob := startWithBob(t, Options{}, &Heartbeat{})
		seq, err := bob.g.Intent(bob.g.Latest().State.Legal[0])
		if err != nil {
			t.Fatal(err)
		}
		waitVersion(t, bob.g, 1)
		if u := waitKind(t, bob.g, KindPong); u.Taken != seq {
			t.Errorf("the heartbeat's pong after intent %d says %d", seq, u.Taken)
		}
	})
}

func TestASaveKeepsEachSeatsIntentNumbers(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h, _, bob := startWithBob(t, Options{}, nil)
		legal := bob.g.Latest().State.Legal
		bob.g.Intent(legal[0])
		waitVersion(t, bob.g, 1)
		bob.g.Intent(legal[0]) // refused, and its number used up
		waitKind(t, bob.g, KindError)
		save, err := h.Save()
		if err != nil {
			t.Fatal(err)
		}
		if len(save.Seqs) != 2 || save.Seqs[1] != 2 {
			t.Fatalf("the save keeps intent numbers %v, want Bob's 2 in seat 1", save.Seqs)
		}
		token := bob.g.Token()
		h.Close()
		for _, tc := range []struct {
			name string
			seqs []int64
			want int64
		}{{"a save with the numbers", save.Seqs, 2}, {"an older save without them", nil, 0}} {
			s := save
			s.Seqs = tc.seqs
			again, err := Resume(context.Background(), s, Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { again.Close() })
			back := joinTapped(t, again, "Bob", token, nil)
			snap := back.g.Latest()
			seq, err := back.g.Intent(rules.Action{Kind: "pass"})
			if err != nil || seq != tc.want+1 || snap.Seat != 1 {
				t.Errorf("%s: after the reload Bob's next intent is %d (%v) in seat %d, want %d in seat 1", tc.name, seq, err, snap.Seat, tc.want+1)
			}
			back.g.Close()
			again.Close()
		}
	})
}
