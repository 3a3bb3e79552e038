//go:build !js

package room

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/peer"
	"longhall/app/relay"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"

	"github.com/pion/ice/v4"
	"github.com/pion/logging"
	"github.com/pion/transport/v4/vnet"
	"github.com/pion/webrtc/v4"
)

// blockedNet is a virtual network between host and guest on which nothing
// arrives until open is set: offers and answers go through signaling as
// ever, and ICE finds no path, as between two symmetric NATs without TURN.
type blockedNet struct {
	open atomic.Bool
	// iceFails is how long ICE tries before it gives up (a second when
	// zero); OpenTimeout is 8 s more.
	iceFails time.Duration
}

// configs makes the network and the two sides' peer configs. ICE gives up
// after iceFails; OpenTimeout backs it up.
func (n *blockedNet) configs(t testing.TB) (host, guest peer.Config) {
	t.Helper()
	router, err := vnet.NewRouter(&vnet.RouterConfig{CIDR: "10.0.0.0/24", LoggerFactory: logging.NewDefaultLoggerFactory()})
	if err != nil {
		t.Fatal(err)
	}
	router.AddChunkFilter(func(vnet.Chunk) bool { return n.open.Load() })
	cfg := func(ip string) peer.Config {
		nw, err := vnet.NewNet(&vnet.NetConfig{StaticIPs: []string{ip}})
		if err != nil {
			t.Fatal(err)
		}
		if err := router.AddNet(nw); err != nil {
			t.Fatal(err)
		}
		fails := cmp.Or(n.iceFails, time.Second)
		return peer.Config{
			OpenTimeout: fails + 7*time.Second,
			SettingEngine: func(se *webrtc.SettingEngine) {
				se.SetNet(nw)
				se.SetICETimeouts(500*time.Millisecond, fails, 100*time.Millisecond)
				if n.iceFails > time.Second {
					// ICE that tries for long keeps checking each pair
					// until the path opens: pion gives a pair up after 7
					// unanswered checks, and a busy machine's relayed
					// moves outlasted them (.ci/run).
					se.SetICEMaxBindingRequests(math.MaxUint16)
				}
				se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
				se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
			},
		}
	}
	host, guest = cfg("10.0.0.1"), cfg("10.0.0.2")
	if err := router.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { router.Stop() })
	return host, guest
}

// events records Events from any goroutine.
type events struct {
	mu  sync.Mutex
	all []Event
}

func (e *events) add(ev Event) {
	e.mu.Lock()
	e.all = append(e.all, ev)
	e.mu.Unlock()
}

func (e *events) list() []Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]Event(nil), e.all...)
}

func (e *events) has(kind EventKind, path Path) *Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := range e.all {
		if e.all[i].Kind == kind && (path == "" || e.all[i].Path == path) {
			return &e.all[i]
		}
	}
	return nil
}

// relayedRoom is a 2-seat Red North room whose guest cannot reach the
// host directly: the host's own player, the server and the guest's peer
// config.
type relayedRoom struct {
	host   *session.Host
	me     *session.Guest
	srv    *Server
	rm     signal.Room
	net    *blockedNet
	guest  peer.Config
	served *events
}

func newRelayedRoom(ctx context.Context, t *testing.T) *relayedRoom {
	t.Helper()
	return newRelayedRoomOn(ctx, t, &blockedNet{})
}

// newRelayedRoomOn is newRelayedRoom on the network n.
func newRelayedRoomOn(ctx context.Context, t *testing.T, n *blockedNet) *relayedRoom {
	t.Helper()
	host, err := session.NewHost(ctx, "rednorth", rules.Config{Players: 2}, 11, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.Close() })
	rm, err := signal.NewRoom()
	if err != nil {
		t.Fatal(err)
	}
	r := &relayedRoom{host: host, rm: rm, net: n, served: &events{}}
	var hostCfg peer.Config
	hostCfg, r.guest = r.net.configs(t)
	r.srv, err = ServeWith(ctx, host, signal.Broadcast{}, rm, hostCfg, ServeOptions{Logf: t.Logf, OnEvent: r.served.add})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.srv.Close() })
	r.me, err = host.Local("Gordon", "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.me.Close() })
	return r
}

// TestARoomPlaysRelayedWhenNoPathOpens: the guest's data channel can never
// open. The guest asks for a relayed link beside it, is seated through
// the relays while its data channel is still opening, and plays: both
// players move, the game ends, and the guest's last view is the host's
// view of its seat. The data channel then fails for want of a path, and
// both sides hear what happened.
func TestARoomPlaysRelayedWhenNoPathOpens(t *testing.T) {
	leaktest.Check(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	// ICE tries for longer than the guest waits for it (RelayGrace), and
	// than the host takes to seat it through the relays.
	r := newRelayedRoomOn(ctx, t, &blockedNet{iceFails: 5 * RelayGrace})

	tried := &events{}
	start := time.Now()
	j, err := JoinWith(ctx, signal.Broadcast{}, r.rm, r.guest, session.Hello{Name: "Rikki"}, JoinOptions{OnEvent: tried.add})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Guest.Close()
	t.Logf("joined %s via %q in %v", j.Path, j.Via, time.Since(start))
	if j.Path != Relayed || j.Relay == nil || j.Via != "broadcastchannel" {
		t.Fatalf("joined %+v", j)
	}
	if j.Direct == nil || j.Direct.Err() != nil {
		t.Fatalf("seated through the relays with no data channel still opening: %+v", j.Direct)
	}
	if tried.has(Relaying, Relayed) == nil || tried.has(NoDirectPath, "") != nil {
		t.Fatalf("the guest's events: %+v", tried.list())
	}
	<-j.Direct.Opened()
	if err := j.Direct.Err(); !(errors.Is(err, peer.ErrUnreachable) || errors.Is(err, peer.ErrOpenTimeout)) {
		t.Fatalf("the data channel beside the relayed link ended with %v, want no path", err)
	}
	t.Logf("the data channel gave up %v after the join began", time.Since(start))
	j.Direct.Close()
	// The host's last steps may come a moment after the guest's: it
	// answers before it hands the link to the session.
	for _, want := range []struct {
		kind EventKind
		path Path
	}{{GuestCalling, Direct}, {GuestNoDirectPath, Direct}, {GuestCalling, Relayed}, {GuestConnected, Relayed}} {
		if !waitUntil(time.Minute, func() bool { return r.served.has(want.kind, want.path) != nil }) {
			t.Fatalf("the host heard no %v (%s): %+v", want.kind, want.path, r.served.list())
		}
	}
	// The host hears that its data channel failed after the guest came
	// through the relays, and says nothing of a player still joining.
	if e := r.served.has(GuestNoDirectPath, Direct); e.Relayed != 1 {
		t.Errorf("the host heard of no direct path with %d guests relayed, want 1", e.Relayed)
	}
	if !waitUntil(time.Minute, func() bool { return r.srv.Relayed() == 1 }) {
		t.Fatalf("the server counts %d relayed guests", r.srv.Relayed())
	}

	g := j.Guest
	waitSeated(t, g)
	if err := g.Ready(true); err != nil {
		t.Fatal(err)
	}
	results := []<-chan error{play(t, r.me), play(t, g)}
	startWhenReady(t, r.host)
	played := time.Now()
	for i, res := range results {
		select {
		case err := <-res:
			if err != nil {
				t.Fatalf("player %d: %v", i, err)
			}
		case <-ctx.Done():
			t.Fatalf("player %d: the game did not end in time", i)
		}
	}
	save, err := r.host.Save()
	if err != nil {
		t.Fatal(err)
	}
	moves := len(save.Record.Actions)
	guestMoves := 0
	for _, a := range save.Record.Actions {
		if a.Seat == g.Seat() {
			guestMoves++
		}
	}
	if guestMoves == 0 || guestMoves == moves {
		t.Fatalf("%d of %d moves were the guest's: moves did not go both ways", guestMoves, moves)
	}
	final, _, err := rules.Replay(save.Record)
	if err != nil {
		t.Fatalf("the host's record does not replay: %v", err)
	}
	want, err := json.Marshal(final.View(g.Seat()))
	if err != nil {
		t.Fatal(err)
	}
	last := g.Latest().State
	if last == nil || last.Version != moves || !jsonEqual(t, last.View, want) {
		t.Fatalf("the guest's last view is not the host's: version %v of %d", last, moves)
	}

	// What the link cost, for the README: the guest's frames go to the
	// host, and what it received are the host's (the channel loses none).
	st := j.Relay.Stats()
	d := time.Since(played)
	t.Logf("%d moves (%d the guest's) in %v, %.0f ms a move", moves, guestMoves, d.Round(time.Millisecond), float64(d.Milliseconds())/float64(moves))
	t.Logf("guest → host: %d frames, %d bytes sealed (%.2f frames, %.0f bytes a move); host → guest: %d frames (%.2f a move); %d retransmissions",
		st.Frames, st.Bytes, float64(st.Frames)/float64(moves), float64(st.Bytes)/float64(moves),
		st.Received, float64(st.Received)/float64(moves), st.Retransmits)
	if hs := r.srv.RelayStats(); hs.Frames > 0 {
		t.Logf("host → guest: %d frames, %d bytes sealed (%.0f bytes a move)", hs.Frames, hs.Bytes, float64(hs.Bytes)/float64(moves))
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		t.Fatalf("not JSON: %.200s / %.200s", a, b)
	}
	var va, vb any
	json.Unmarshal(x.Bytes(), &va)
	json.Unmarshal(y.Bytes(), &vb)
	ja, _ := json.Marshal(va)
	jb, _ := json.Marshal(vb)
	return bytes.Equal(ja, jb)
}

// TestARelayedGuestMovesToADirectLink: a relayed guest plays a few moves;
// then the networks let a direct path through, the guest opens a data
// channel and says hello on it with its token, the host moves the seat
// to it and closes the relayed link, and the game goes on to the end on
// the direct link with nothing lost. The data channel is either a later
// DirectOnly join, or the one the guest's join left opening beside the
// relayed link (Joined.Direct).
func TestARelayedGuestMovesToADirectLink(t *testing.T) {
	for _, c := range []struct {
		name string
		// iceFails: how long ICE tries; the data channel beside the
		// relayed link must still be trying when the path opens.
		iceFails time.Duration
		fallback Fallback
		// direct opens the data channel once the path is open.
		direct func(ctx context.Context, r *relayedRoom, j *Joined, hello session.Hello) (*Joined, error)
	}{
		{"a later DirectOnly join", 0, RelayOnly, func(ctx context.Context, r *relayedRoom, _ *Joined, hello session.Hello) (*Joined, error) {
			return JoinWith(ctx, signal.Broadcast{}, r.rm, r.guest, hello, JoinOptions{Fallback: DirectOnly})
		}},
		// ICE tries longer than the whole test may take (a busy make test
		// spent a minute on the relayed moves, and ICE gave up first).
		{"the data channel opened beside it", 10 * time.Minute, RelayWhenNeeded, func(ctx context.Context, _ *relayedRoom, j *Joined, hello session.Hello) (*Joined, error) {
			if j.Direct == nil {
				return nil, errors.New("the join left no data channel opening")
			}
			return j.Direct.Join(ctx, hello)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			leaktest.Check(t)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			r := newRelayedRoomOn(ctx, t, &blockedNet{iceFails: c.iceFails})

			if c.fallback == RelayOnly {
				// While the path is blocked, DirectOnly fails with the peer's error.
				if _, err := JoinWith(ctx, signal.Broadcast{}, r.rm, r.guest, session.Hello{Name: "Rikki"}, JoinOptions{Fallback: DirectOnly}); !noPath(err) {
					t.Fatalf("a direct join with no path: %v", err)
				}
			}
			j, err := JoinWith(ctx, signal.Broadcast{}, r.rm, r.guest, session.Hello{Name: "Rikki"}, JoinOptions{Fallback: c.fallback})
			if err != nil {
				t.Fatal(err)
			}
			if j.Path != Relayed {
				t.Fatalf("joined %s", j.Path)
			}
			if j.Direct != nil {
				defer j.Direct.Close()
			}
			old := j.Guest
			defer old.Close()
			waitSeated(t, old)
			if err := old.Ready(true); err != nil {
				t.Fatal(err)
			}
			hostDone := play(t, r.me)
			startWhenReady(t, r.host)
			// A few moves of the guest's over the relays.
			for moved := 0; moved < 3; {
				u, ok := <-old.Updates()
				if !ok {
					t.Fatalf("the relayed guest stopped: %v", old.Err())
				}
				if u.State != nil && len(u.State.Legal) > 0 && u.State.Result == nil {
					if _, err := old.Intent(u.State.Legal[0]); err != nil {
						t.Fatal(err)
					}
					moved++
				}
			}

			r.net.open.Store(true)
			nj, err := c.direct(ctx, r, j, session.Hello{Name: "Rikki", Token: old.Token()})
			if err != nil {
				t.Fatal(err)
			}
			defer nj.Guest.Close()
			if nj.Path != Direct {
				t.Fatalf("moved to %s", nj.Path)
			}
			<-old.Done() // the host closed the relayed link
			var se *session.Error
			if !errors.As(old.Err(), &se) || se.Why != session.KickElsewhere {
				t.Errorf("the relayed guest ended with %v; want kicked as connected again from elsewhere", old.Err())
			}
			if !waitUntil(time.Minute, func() bool { return r.srv.Relayed() == 0 }) {
				t.Fatal("the relayed link is still open on the host")
			}
			// The host's page hears that no guest plays through the relays now.
			if !waitUntil(time.Minute, func() bool { e := r.served.has(GuestLeft, Relayed); return e != nil && e.Relayed == 0 }) {
				t.Errorf("the host heard of no relayed link ending: %+v", r.served.list())
			}
			if nj.Guest.Seat() != old.Seat() && !waitUntil(time.Minute, func() bool { return nj.Guest.Seat() == old.Seat() }) {
				t.Fatalf("the guest came back in seat %d, not %d", nj.Guest.Seat(), old.Seat())
			}
			guestDone := play(t, nj.Guest)
			for i, res := range []<-chan error{hostDone, guestDone} {
				select {
				case err := <-res:
					if err != nil {
						t.Fatalf("player %d: %v", i, err)
					}
				case <-ctx.Done():
					t.Fatalf("player %d: the game did not end in time", i)
				}
			}
			save, err := r.host.Save()
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := rules.Replay(save.Record); err != nil {
				t.Fatalf("the host's record does not replay: %v", err)
			}
		})
	}
}

func waitUntil(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

// TestRelayedPlayCost plays a whole 2-seat game through a relayed link at
// a person's pace (a move 15 s after the turn comes), on synctest's clock,
// and reports what the link costs the relays: frames (one event on each
// relay it goes through) and sealed bytes, each way, per minute and per
// move. The README quotes it.
func TestRelayedPlayCost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		host, err := session.NewHost(ctx, "rednorth", rules.Config{Players: 2}, 11, session.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer host.Close()
		rm, _ := signal.NewRoom()
		srv, err := ServeWith(ctx, host, signal.Broadcast{}, rm, peer.Config{}, ServeOptions{Logf: t.Logf})
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		me, err := host.Local("Gordon", "")
		if err != nil {
			t.Fatal(err)
		}
		defer me.Close()
		j, err := JoinWith(ctx, signal.Broadcast{}, rm, peer.Config{}, session.Hello{Name: "Rikki"}, JoinOptions{Fallback: RelayOnly})
		if err != nil {
			t.Fatal(err)
		}
		g := j.Guest
		defer g.Close()
		synctest.Wait()
		if err := g.Ready(true); err != nil {
			t.Fatal(err)
		}
		// Idle in the lobby for ten minutes: heartbeats only.
		idleFrom := j.Relay.Stats()
		time.Sleep(10 * time.Minute)
		idle := j.Relay.Stats()
		t.Logf("idle: %.1f frames a minute each way", float64(idle.Frames-idleFrom.Frames)/10)

		const pace = 15 * time.Second
		results := []<-chan error{pacedPlay(me, pace), pacedPlay(g, pace)}
		if err := host.Start(); err != nil {
			t.Fatal(err)
		}
		start, gs0, hs0 := time.Now(), j.Relay.Stats(), srv.RelayStats()
		for _, r := range results {
			if err := <-r; err != nil {
				t.Fatal(err)
			}
		}
		d := time.Since(start)
		gs, hs := j.Relay.Stats(), srv.RelayStats()
		save, _ := host.Save()
		moves := len(save.Record.Actions)
		minutes := d.Minutes()
		t.Logf("%d moves in %v (a move every %.1f s)", moves, d.Round(time.Second), d.Seconds()/float64(moves))
		for _, w := range []struct {
			name string
			a, b relay.Stats
		}{{"guest → host", gs0, gs}, {"host → guest", hs0, hs}} {
			frames, bytes := w.b.Frames-w.a.Frames, w.b.Bytes-w.a.Bytes
			t.Logf("%s: %d frames (%.1f a minute, %.2f a move), %d bytes sealed (%.0f a minute, %.0f a frame), %d retransmissions",
				w.name, frames, float64(frames)/minutes, float64(frames)/float64(moves), bytes, float64(bytes)/minutes,
				float64(bytes)/float64(frames), w.b.Retransmits-w.a.Retransmits)
		}
		g.Close()
		me.Close()
		srv.Close()
		host.Close()
		cancel()
		time.Sleep(time.Minute) // a relayed link's close goes again for a few seconds
	})
}

// pacedPlay answers every state that asks this player for a move, pace
// after it came, until the game ends.
func pacedPlay(g *session.Guest, pace time.Duration) <-chan error {
	done := make(chan error, 1)
	go func() {
		for u := range g.Updates() {
			s := u.State
			if s == nil {
				continue
			}
			if s.Result != nil {
				done <- nil
				return
			}
			if len(s.Legal) > 0 {
				time.Sleep(pace)
				if l := g.Latest().State; l != nil && l.Version == s.Version {
					g.Intent(s.Legal[0])
				}
			}
		}
		done <- g.Err()
	}()
	return done
}

// RelayStats adds up what the host's ends of relayed links have sent and
// received, over the server's life: what the relay tests measure.
func (s *Server) RelayStats() relay.Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.ended
	for c := range s.relayed {
		t = addStats(t, c.Stats())
	}
	return t
}

// TestAGuestWhoseDataChannelOpensSoonIsSeatedOnIt: where a direct path
// exists, the data channel opens before the relayed link asked for beside
// it, or within RelayGrace after: the guest says hello on the data
// channel only, and the relayed link is dropped, opened or not, unused. The host never seats, counts or
// tells of a relayed guest, and hears of no failure.
func TestAGuestWhoseDataChannelOpensSoonIsSeatedOnIt(t *testing.T) {
	leaktest.Check(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r := newRelayedRoom(ctx, t)
	r.net.open.Store(true)
	tried := &events{}
	start := time.Now()
	// However busy the machine, the data channel opens within the grace.
	j, err := JoinWith(ctx, signal.Broadcast{}, r.rm, r.guest, session.Hello{Name: "Rikki"}, JoinOptions{OnEvent: tried.add, grace: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Guest.Close()
	t.Logf("joined %s via %q in %v", j.Path, j.Via, time.Since(start))
	if j.Path != Direct || j.Relay != nil || j.Direct != nil {
		t.Fatalf("joined %+v, want the data channel alone", j)
	}
	waitSeated(t, j.Guest)
	if !waitUntil(time.Minute, func() bool { return r.served.has(GuestConnected, Direct) != nil }) {
		t.Fatalf("the host heard no data channel open: %+v", r.served.list())
	}
	// The relayed link ends on the host with the guest's close, or is
	// never answered: either way the server's goroutine for it ends, and
	// Close waits for it (a hang's guard, RelayTakenUp, bounds it).
	r.srv.Close()
	for _, e := range r.served.list() {
		if e.Path == Relayed && e.Kind != GuestCalling || e.Kind == GuestFailed || e.Relayed != 0 {
			t.Errorf("the host heard %+v of a guest that went direct; all: %+v", e, r.served.list())
		}
	}
	if tried.has(NoDirectPath, "") != nil {
		t.Errorf("the guest's events: %+v", tried.list())
	}
}

// TestAGuestThatGivesUpItsDataChannelLeavesNothingOpen: a guest seated
// through the relays that will not move (it left, or its relayed link
// dropped) closes the data channel still opening beside it: the attempt
// ends at once, and nothing can be joined on it, even once a path opens.
func TestAGuestThatGivesUpItsDataChannelLeavesNothingOpen(t *testing.T) {
	leaktest.Check(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r := newRelayedRoomOn(ctx, t, &blockedNet{iceFails: time.Minute})
	j, err := JoinWith(ctx, signal.Broadcast{}, r.rm, r.guest, session.Hello{Name: "Rikki"}, JoinOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Guest.Close()
	if j.Path != Relayed || j.Direct == nil {
		t.Fatalf("joined %+v, want relayed with a data channel opening", j)
	}
	j.Direct.Close()
	select {
	case <-j.Direct.Opened():
	case <-ctx.Done():
		t.Fatal("the data channel given up did not end")
	}
	r.net.open.Store(true)
	if nj, err := j.Direct.Join(ctx, session.Hello{Name: "Rikki", Token: "x"}); err == nil {
		nj.Guest.Close()
		t.Fatal("joined on a data channel given up")
	}
	if j.Direct.Err() == nil {
		t.Error("a data channel given up reports no error")
	}
}

// TestAGuestWhoseHostIsAwayEndsItsAttemptWithItsOffer: nobody hosts the
// room (a host's page reloading, or put in the background). The guest's
// data channel offer goes unanswered until it expires (OpenTimeout); the
// relayed link, which asks the same absent host through the same relays,
// is then given a moment only, and the attempt ends with ErrNoAnswer long
// before its own deadline, so that a fresh attempt's offer meets the host
// when it comes back (a discarded host's guests waited 12 s for it, the
// attempt kept to its end with an offer nobody could answer any more).
func TestAGuestWhoseHostIsAwayEndsItsAttemptWithItsOffer(t *testing.T) {
	leaktest.Check(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rm, err := signal.NewRoom()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = JoinWith(ctx, signal.Broadcast{}, rm, peer.Config{OpenTimeout: 2 * time.Second}, session.Hello{Name: "Rikki"}, JoinOptions{})
	if !errors.Is(err, signal.ErrNoAnswer) {
		t.Fatalf("joining a room nobody hosts: %v, want %v", err, signal.ErrNoAnswer)
	}
	if ctx.Err() != nil {
		t.Fatal("the attempt waited for the relayed link to the end of its deadline")
	}
	t.Logf("the attempt ended %v after it began", time.Since(start))
}
