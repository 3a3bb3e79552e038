//go:build !js

package online

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/peer"
	"longhall/app/room"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
)

// Nothing lost: a guest's moves across dead links and reconnects. The
// guest reaches the host over in-memory links that the test can cut (what
// is sent on a cut side vanishes and the link stays open, as on a network
// that went down without a word), with a short heartbeat, so that a dead
// link is noticed in a fraction of a second. Waits are generous: the
// tests check what happened, not how fast.

// fastBeat notices a dead link quickly, and pings within the host's rate
// limit (10 a second); a noisy machine may make it drop a live link too,
// which costs a reconnect and must lose nothing either.
var fastBeat = session.Heartbeat{Every: 150 * time.Millisecond, Silent: 600 * time.Millisecond}

// cutConn is one end of a link that can go dark.
type cutConn struct {
	session.Conn
	mu      sync.Mutex
	cut     bool
	intents int // intents sent on it, delivered or not
}

func (c *cutConn) Send(msg []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if strings.Contains(string(msg), `"kind":"intent"`) {
		c.intents++
	}
	if c.cut {
		return nil
	}
	return c.Conn.Send(msg)
}

func (c *cutConn) setCut(cut bool) {
	c.mu.Lock()
	c.cut = cut
	c.mu.Unlock()
}

// wires hands a guest its links to a hosted room, as the relays and
// WebRTC would, and lets the test cut them or take the network away.
type wires struct {
	mu      sync.Mutex
	host    *Table
	links   []wire
	offline chan struct{} // while not nil, joining waits for it to close
	joins   int
	stuck   int // attempts that waited for the network
	dropped int // attempts abandoned (their ctx ended while offline)
	expired int // of those, the ones that ran out of time (attemptTimeout)
	// noDirect: no direct path between the two networks; links go
	// through the relays (a link like any other here, said relayed) and
	// a DirectOnly attempt fails as ICE would.
	noDirect    bool
	directTries int // DirectOnly attempts
	// noPath: no path at all; the relays cannot carry the game either.
	noPath bool
	// beside: a relayed join leaves a data channel opening beside its
	// link (relay first), which opens when the test says (besides).
	beside  bool
	besides []*besideLink
}

// besideLink is a data channel opening beside a relayed link, on the
// wires: it opens (or fails, with err) when the test says.
type besideLink struct {
	w      *wires
	opened chan struct{}
	err    error // set before opened closes
	mu     sync.Mutex
	closed bool
}

func (b *besideLink) Opened() <-chan struct{} { return b.opened }

func (b *besideLink) Err() error {
	select {
	case <-b.opened:
		return b.err
	default:
		return nil
	}
}

// open opens the data channel, or fails it with err.
func (b *besideLink) open(err error) {
	b.err = err
	close(b.opened)
}

func (b *besideLink) Join(ctx context.Context, hello session.Hello) (*room.Joined, error) {
	select {
	case <-b.opened:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	b.mu.Lock()
	closed := b.closed
	b.mu.Unlock()
	if closed {
		return nil, peer.ErrClosed
	}
	if b.err != nil {
		return nil, b.err
	}
	b.w.mu.Lock()
	h := b.w.host
	b.w.mu.Unlock()
	g, err := b.w.link(ctx, h, hello)
	if err != nil {
		return nil, err
	}
	return &room.Joined{Guest: g, Path: room.Direct, Via: besideVia}, nil
}

// besideVia is the relay that brought the answer of a data channel
// opened beside a relayed link, on the wires.
const besideVia = "nostr ws://relay.test"

func (b *besideLink) Close() {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
}

type wire struct{ host, guest *cutConn }

func (w *wires) join(ctx context.Context, _ signal.Room, hello session.Hello, fb room.Fallback) (*session.Guest, string, bool, laterDirect, error) {
	w.mu.Lock()
	w.joins++
	offline, h, relayed, noPath := w.offline, w.host, w.noDirect, w.noPath
	if fb == room.DirectOnly {
		w.directTries++
	}
	w.mu.Unlock()
	if noPath {
		return nil, "", false, nil, &room.NoPathError{Direct: peer.ErrUnreachable, Relay: signal.ErrNoRelay}
	}
	if relayed && fb == room.DirectOnly {
		return nil, "", false, nil, peer.ErrUnreachable
	}
	if offline != nil {
		w.mu.Lock()
		w.stuck++
		w.mu.Unlock()
		select {
		case <-offline:
		case <-ctx.Done():
			w.mu.Lock()
			w.dropped++
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				w.expired++
			}
			w.mu.Unlock()
			return nil, "", false, nil, ctx.Err()
		}
		w.mu.Lock()
		h = w.host
		w.mu.Unlock()
	}
	g, err := w.link(ctx, h, hello)
	if err != nil {
		return nil, "", false, nil, err
	}
	var beside laterDirect
	w.mu.Lock()
	if relayed && fb == room.RelayWhenNeeded && w.beside {
		b := &besideLink{w: w, opened: make(chan struct{})}
		w.besides = append(w.besides, b)
		beside = b
	}
	w.mu.Unlock()
	return g, "", relayed, beside, nil
}

// link makes a new link to h and says hello on it.
func (w *wires) link(ctx context.Context, h *Table, hello session.Hello) (*session.Guest, error) {
	a, b := session.Pipe()
	l := wire{host: &cutConn{Conn: a}, guest: &cutConn{Conn: b}}
	if err := h.host.Attach(l.host); err != nil {
		return nil, err
	}
	g, err := session.NewGuest(context.WithoutCancel(ctx), l.guest, hello)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	w.links = append(w.links, l)
	w.mu.Unlock()
	return g, nil
}

// last is the newest link.
func (w *wires) last() wire {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.links[len(w.links)-1]
}

// goOffline makes new attempts wait, as with no network; online lets
// them through (to host, which may be a new one).
func (w *wires) goOffline() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.offline == nil {
		w.offline = make(chan struct{})
	}
}

func (w *wires) goOnline(host *Table) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if host != nil {
		w.host = host
	}
	if w.offline != nil {
		close(w.offline)
		w.offline = nil
	}
}

// goOnlineLater lets new attempts through; those already waiting stay
// stuck until they give up, as an offer made without the network does.
func (w *wires) goOnlineLater() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.offline = nil
}

// stuckAttempts counts the attempts that waited for the network.
func (w *wires) stuckAttempts() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stuck
}

// intentsSent counts the intents the guest sent on every link.
func (w *wires) intentsSent() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, l := range w.links {
		l.guest.mu.Lock()
		n += l.guest.intents
		l.guest.mu.Unlock()
	}
	return n
}

// lostRoom is a started two-seat Red North room: Gordon hosts, Rikki is a
// guest on cuttable wires.
type lostRoom struct {
	st     *MemStore
	device *MemStore // the guest's browser's storage
	net    Net       // the guest's
	rm     signal.Room
	w      watcher
	host   *Table
	guest  *Joining
	wires  *wires
	links  linkLog
}

// linkLog keeps every change of the guest's link, as the page hears of
// them. A test cannot poll View for a drop: with the network up the guest
// is back on a new link a millisecond after it went Reconnecting, so a
// poll may only ever see it connected. The guest calls onChange on the
// goroutine that made the change, so the log misses none.
type linkLog struct {
	mu    sync.Mutex
	j     *Joining // nil until Join returns
	last  Link
	drops []string // the problem the guest gave for each drop
}

// changed notes the guest's link as it stands now. It reads the view
// under the log's lock, so that callbacks on other goroutines note what
// they read in the order they read it.
func (l *linkLog) changed() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.j == nil {
		return
	}
	v := l.j.View()
	if v.Link == Reconnecting && l.last != Reconnecting {
		l.drops = append(l.drops, v.Problem)
	}
	l.last = v.Link
}

// dropped lists the problems of the drops so far.
func (l *linkLog) dropped() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.drops)
}

func newLostRoom(t *testing.T, n Network) *lostRoom {
	return newLostRoomWith(t, n, false)
}

// newLostRoomWith is newLostRoom where noDirect puts the guest on a
// relayed link (the wires' noDirect).
func newLostRoomWith(t *testing.T, n Network, noDirect bool) *lostRoom {
	return newLostRoomOf(t, "rednorth", n, noDirect)
}

// newLostRoomOf is newLostRoomWith for a game.
func newLostRoomOf(t *testing.T, game string, n Network, noDirect bool) *lostRoom {
	t.Helper()
	return newLostRoomBeat(t, game, n, noDirect, fastBeat)
}

// newLostRoomBeat is newLostRoomOf with the guest's heartbeat hb.
func newLostRoomBeat(t *testing.T, game string, n Network, noDirect bool, hb session.Heartbeat) *lostRoom {
	t.Helper()
	return newLostRoomTuned(t, game, n, noDirect, hb, nil)
}

// newLostRoomTuned is newLostRoomBeat where tune (if not nil) changes the
// wires and the guest's Net before the guest joins.
func newLostRoomTuned(t *testing.T, game string, n Network, noDirect bool, hb session.Heartbeat, tune func(*wires, *Net)) *lostRoom {
	t.Helper()
	r := &lostRoom{st: &MemStore{}, device: &MemStore{}, w: newWatcher()}
	r.host = startHost(t, r.st, newHostedGame(t, game, 2), r.w)
	until(t, r.w, r.host, "the host seated", seated)
	r.wires = &wires{host: r.host, noDirect: noDirect}
	rm, err := signal.ParseLink(r.host.Link("https://example.org/room/"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	r.rm = rm
	r.net = Net{Heartbeat: hb, Network: n, Retry: 200 * time.Millisecond, join: r.wires.join,
		DirectEvery: 100 * time.Millisecond, DirectEveryMax: 400 * time.Millisecond}
	if tune != nil {
		tune(r.wires, &r.net)
	}
	r.guest = Join(context.Background(), r.device, &MemStore{}, rm, r.net, "Rikki", func() {
		r.links.changed()
		r.w.notify()
	})
	r.links.mu.Lock()
	r.links.j = r.guest
	r.links.mu.Unlock()
	t.Cleanup(func() { r.guest.Close() })
	until(t, r.w, r.guest, "the guest seated", seated)
	r.guest.Ready(true)
	until(t, r.w, r.host, "the guest ready", func(v View) bool { return v.Snap.Lobby != nil && v.Snap.Lobby.Seats[1].Ready })
	if err := r.host.Start(); err != nil {
		t.Fatal(err)
	}
	return r
}

// guestsTurn plays the host's moves until the guest has a move to make,
// and returns the guest's legal actions.
func (r *lostRoom) guestsTurn(t *testing.T) []rules.Action {
	t.Helper()
	var legal []rules.Action
	until(t, r.w, r.guest, "the guest's turn", func(v View) bool {
		if s := v.Snap.State; s != nil && len(s.Legal) > 0 {
			legal = s.Legal
			return true
		}
		if s := r.host.View().Snap.State; s != nil && len(s.Legal) > 0 {
			r.host.Act(s.Legal[0])
		}
		return false
	})
	return legal
}

// record is the host's record as it stands now.
func (r *lostRoom) record(t *testing.T) rules.Record {
	t.Helper()
	s, err := r.host.host.Save()
	if err != nil {
		t.Fatal(err)
	}
	return s.Record
}

// guestMoves lists the guest's (seat 1) actions in the record from
// action from on.
func guestMoves(rec rules.Record, from int) []rules.Action {
	var out []rules.Action
	for _, a := range rec.Actions[from:] {
		if a.Seat == 1 {
			out = append(out, a.Action)
		}
	}
	return out
}

func sameAction(a, b rules.Action) bool {
	return a.Kind == b.Kind && slicesEqual(a.Args, b.Args)
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// settledGuest waits until the guest is connected and has nothing left
// to send again.
func (r *lostRoom) settledGuest(t *testing.T, what string) View {
	t.Helper()
	return until(t, r.w, r.guest, what, func(v View) bool {
		r.guest.mu.Lock()
		kept := len(r.guest.outbox)
		r.guest.mu.Unlock()
		return v.Link == Connected && kept == 0 && !v.Waiting
	})
}

func TestAMoveIntoADeadLinkIsSentAgainAndAppliedOnce(t *testing.T) {
	leaktest.Check(t)
	r := newLostRoom(t, nil)
	legal := r.guestsTurn(t)
	from := len(r.record(t).Actions)

	// The network goes: what the guest sends vanishes, and new links
	// wait for it to come back.
	r.wires.goOffline()
	l := r.wires.last()
	l.guest.setCut(true)
	l.host.setCut(true)
	if err := r.guest.Act(legal[0]); err != nil {
		t.Fatal(err)
	}
	until(t, r.w, r.guest, "the guest reconnecting, its move kept", func(v View) bool { return v.Link == Reconnecting && v.Waiting })
	if moves := guestMoves(r.record(t), from); len(moves) != 0 {
		t.Fatalf("the host applied %v through a dead link", moves)
	}
	r.wires.goOnline(nil)
	v := r.settledGuest(t, "the guest back, its move sent again")
	moves := guestMoves(r.record(t), from)
	if len(moves) != 1 || !sameAction(moves[0], legal[0]) {
		t.Fatalf("after the reconnect the host applied %v of the guest's, want %v once", moves, legal[0])
	}
	if v.Notice != "" {
		t.Errorf("the guest reads %q", v.Notice)
	}
	if n := r.wires.intentsSent(); n != 2 {
		t.Errorf("the guest sent %d intents, want 2 (the move, and once again)", n)
	}
}

func TestAMoveWhoseAnswerWasLostIsNotAppliedAgain(t *testing.T) {
	leaktest.Check(t)
	r := newLostRoom(t, nil)
	legal := r.guestsTurn(t)
	from := len(r.record(t).Actions)

	// The host hears the guest, and its answers vanish.
	r.wires.goOffline()
	l := r.wires.last()
	l.host.setCut(true)
	if err := r.guest.Act(legal[0]); err != nil {
		t.Fatal(err)
	}
	until(t, r.w, r.guest, "the guest reconnecting", func(v View) bool { return v.Link == Reconnecting })
	if moves := guestMoves(r.record(t), from); len(moves) != 1 {
		t.Fatalf("the host applied %v, want the guest's move", moves)
	}
	r.wires.goOnline(nil)
	r.settledGuest(t, "the guest back")
	if moves := guestMoves(r.record(t), from); len(moves) != 1 || !sameAction(moves[0], legal[0]) {
		t.Fatalf("after the reconnect the host has applied %v of the guest's, want %v once", moves, legal[0])
	}
	if n := r.wires.intentsSent(); n != 1 {
		t.Errorf("the guest sent %d intents, want 1: the welcome said the host had it", n)
	}
}

func TestAMoveSentAgainThatIsNoLongerLegalIsRefusedInWords(t *testing.T) {
	leaktest.Check(t)
	r := newLostRoom(t, nil)
	legal := r.guestsTurn(t)
	from := len(r.record(t).Actions)
	r.wires.goOffline()
	l := r.wires.last()
	l.guest.setCut(true)
	// The same card clicked twice, into the dead link: the first click
	// will be applied, and the second no longer fits (the card is gone).
	for range 2 {
		if err := r.guest.Act(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
	until(t, r.w, r.guest, "the guest reconnecting", func(v View) bool { return v.Link == Reconnecting })
	r.wires.goOnline(nil)
	v := until(t, r.w, r.guest, "the refusal", func(v View) bool { return v.Notice != "" })
	if !strings.Contains(v.Notice, "sent again when the link came back, was refused") || strings.Contains(v.Notice, "session:") {
		t.Errorf("the guest reads %q", v.Notice)
	}
	t.Logf("the guest reads %q", v.Notice)
	r.settledGuest(t, "the guest back")
	if moves := guestMoves(r.record(t), from); len(moves) != 1 || !sameAction(moves[0], legal[0]) {
		t.Fatalf("the host applied %v of the guest's, want %v once", moves, legal[0])
	}
}

func TestTheHostsReloadLosesNoMoveAndAppliesNoneTwice(t *testing.T) {
	for _, tc := range []struct {
		name    string
		heard   bool // the host heard the move before it went
		applied int
	}{
		{"the move never reached the host", false, 1},
		{"the host applied it and its answer was lost", true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			leaktest.Check(t)
			r := newLostRoom(t, nil)
			legal := r.guestsTurn(t)
			from := len(r.record(t).Actions)
			r.wires.goOffline()
			l := r.wires.last()
			l.host.setCut(true)
			l.guest.setCut(!tc.heard)
			if err := r.guest.Act(legal[0]); err != nil {
				t.Fatal(err)
			}
			if tc.heard {
				eventually(t, "the host applied the move", func() bool { return len(guestMoves(r.record(t), from)) > 0 })
			}
			// The host's tab reloads: it opens the room again from its save.
			key := r.host.Key()
			r.host.Close()
			rec, err := LoadHosted(r.st, key)
			if err != nil {
				t.Fatal(err)
			}
			r.host = startHost(t, r.st, rec, r.w)
			until(t, r.w, r.host, "the host back", func(v View) bool { return seated(v) && v.Snap.State != nil })
			r.wires.goOnline(r.host)
			r.settledGuest(t, "the guest back")
			moves := guestMoves(r.record(t), from)
			if len(moves) != tc.applied || !sameAction(moves[0], legal[0]) {
				t.Fatalf("after the host's reload it has applied %v of the guest's, want %v once", moves, legal[0])
			}
		})
	}
}

// fakeClock is a clock a test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func TestAGuestSaysItWaitsForTheHostWhenAMoveGoesUnanswered(t *testing.T) {
	leaktest.Check(t)
	// The host hears the move and says nothing back, for a while, on the
	// guest's clock, which the test moves. The heartbeat, on the real one,
	// pings as fast as ever but drops a silent link only after a minute:
	// with fastBeat's 0.6 s, a busy machine could drop it before the test
	// reads the guest's words, and a guest reconnecting waits by its
	// nature.
	r := newLostRoomBeat(t, "rednorth", nil, false, session.Heartbeat{Every: fastBeat.Every, Silent: time.Minute})
	legal := r.guestsTurn(t)
	clock := &fakeClock{now: time.Now()}
	r.guest.mu.Lock()
	r.guest.now = clock.Now
	r.guest.mu.Unlock()
	l := r.wires.last()
	l.host.setCut(true)
	if err := r.guest.Act(legal[0]); err != nil {
		t.Fatal(err)
	}
	clock.add(WaitAfter - 100*time.Millisecond)
	if v := r.guest.View(); v.Waiting {
		t.Fatal("waiting for the host before WaitAfter")
	}
	clock.add(200 * time.Millisecond)
	if v := r.guest.View(); !v.Waiting || v.Link != Connected {
		t.Fatalf("not waiting for the host after WaitAfter with no answer (link %s, waiting %v)", v.Link, v.Waiting)
	}
	l.host.setCut(false)
	r.settledGuest(t, "the answer heard")
}

// switchNet is a Network a test drives: its events, and whether the site
// answers.
type switchNet struct {
	events chan bool
	mu     sync.Mutex
	up     bool
	probes int
}

func (n *switchNet) Changes(ctx context.Context) <-chan bool { return n.events }

func (n *switchNet) Reach(ctx context.Context) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.probes++
	return n.up
}

func (n *switchNet) set(up bool) {
	n.mu.Lock()
	n.up = up
	n.mu.Unlock()
}

func (n *switchNet) count() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.probes
}

func TestAnAttemptThatWentOutWhileTheNetworkWasDownIsDroppedWhenItIsBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		back func(*switchNet)
	}{
		{"the site answers again", func(n *switchNet) { n.set(true) }},
		{"the browser says online", func(n *switchNet) { n.events <- false; n.events <- true; n.set(true) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			leaktest.Check(t)
			n := &switchNet{events: make(chan bool, 4), up: true}
			r := newLostRoom(t, n)
			r.guestsTurn(t)
			// The network goes: the link dies, and the attempt to rejoin
			// waits as one with no public address would, until it times out.
			n.set(false)
			r.wires.goOffline()
			l := r.wires.last()
			l.guest.setCut(true)
			l.host.setCut(true)
			until(t, r.w, r.guest, "the guest reconnecting", func(v View) bool { return v.Link == Reconnecting })
			eventually(t, "an attempt stuck with the network down", func() bool { return n.count() >= 2 && r.wires.stuckAttempts() > 0 })
			if down, _, _ := r.guest.netState(); !down {
				t.Fatal("the guest did not find the network down")
			}
			// The network is back, and so is the path to the host; the
			// attempt in flight is dropped and a new one goes at once.
			// Dropped, not waited out: its context was cancelled before
			// it ran out of time (how long that takes is no matter).
			r.wires.goOnlineLater()
			tc.back(n)
			r.settledGuest(t, "the guest back")
			r.wires.mu.Lock()
			dropped, expired := r.wires.dropped, r.wires.expired
			r.wires.mu.Unlock()
			if dropped == 0 {
				t.Error("no attempt was dropped")
			}
			if expired != 0 {
				t.Errorf("%d attempts were waited out (attemptTimeout) instead of dropped when the network came back", expired)
			}
		})
	}
}

func TestADropWithTheNetworkUpCostsOneProbeAndDropsNoAttempt(t *testing.T) {
	leaktest.Check(t)
	n := &switchNet{events: make(chan bool, 4), up: true}
	r := newLostRoom(t, n)
	r.guestsTurn(t)
	drops := len(r.links.dropped())
	l := r.wires.last()
	l.guest.setCut(true)
	l.host.setCut(true)
	// The guest is Reconnecting for about a millisecond (the network is
	// up and the wires join at once): wait for the drop in the log.
	until(t, r.w, r.guest, "the guest reconnecting", func(View) bool { return len(r.links.dropped()) > drops })
	if problem := r.links.dropped()[drops]; problem != "The host stopped answering." {
		t.Errorf("the guest dropped the dead link saying %q, want the heartbeat's words", problem)
	}
	r.settledGuest(t, "the guest back")
	// A guest that kept probing would probe again within probeEvery. On
	// a busy machine fastBeat may drop the live link too, each drop
	// costing its probe: count one probe a drop, and let the probe of a
	// drop noted just now land.
	time.Sleep(3 * probeEvery)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		p, d := n.count(), len(r.links.dropped())
		if p == d {
			if d != drops+1 {
				t.Logf("%d drops besides the test's: the machine is busy", d-drops-1)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("%d probes of the site for %d drops with the network up, want one a drop", p, d)
			break
		}
	}
	r.wires.mu.Lock()
	dropped := r.wires.dropped
	r.wires.mu.Unlock()
	if dropped != 0 {
		t.Errorf("%d attempts dropped with the network up", dropped)
	}
}
