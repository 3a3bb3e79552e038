//go:build linux

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Rooms across the NAT rig (natrig_test.go): a host in one home, a guest
// in another, each in their own Chromium, meeting through the tracker and
// relay on the public side and connecting however the NATs let them.

// natWatchPeers keeps every RTCPeerConnection a page makes, with the
// configuration it was made with, in window.lhPeers, so that a test can
// read the link's selected candidate pair with getStats(). The app has no
// hook for it: the test puts this in every document before the app runs
// (pion's wasm looks RTCPeerConnection up on window when it makes one).
const natWatchPeers = `(() => {
  if (window.lhPeers || !window.RTCPeerConnection) return;
  window.lhPeers = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); window.lhPeers.push({pc: this, config: args[0] || {}}); }
  };
})()`

// natPeerPairs reports each kept peer connection: its states, its ICE
// servers (the credential only as present or not), the types of the
// candidates it gathered, and its selected candidate pair.
const natPeerPairs = `(async () => {
  const out = [];
  for (const p of window.lhPeers || []) {
    const pc = p.pc;
    const e = {state: pc.connectionState, ice: pc.iceConnectionState,
      servers: (p.config.iceServers || []).map(s => ({urls: [].concat(s.urls), username: s.username || '', credential: !!s.credential}))};
    const stats = await pc.getStats();
    let pair;
    stats.forEach(s => { if (s.type === 'transport' && s.selectedCandidatePairId) pair = stats.get(s.selectedCandidatePairId); });
    if (!pair) stats.forEach(s => { if (s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded') pair = s; });
    const c = id => { const s = stats.get(id) || {};
      return {address: s.address || '', port: s.port || 0, type: s.candidateType || '', protocol: s.protocol || '', relayProtocol: s.relayProtocol || ''}; };
    if (pair) { e.local = c(pair.localCandidateId); e.remote = c(pair.remoteCandidateId); e.rttMs = (pair.currentRoundTripTime || 0) * 1000; }
    const types = new Set();
    stats.forEach(s => { if (s.type === 'local-candidate') types.add(s.candidateType); });
    e.gathered = [...types].sort();
    out.push(e);
  }
  return JSON.stringify(out);
})()`

// natConnected says whether one of the page's peer connections is
// connected.
const natConnected = `(window.lhPeers || []).some(p => p.pc.connectionState === 'connected')`

// iceCandidate is one end of a selected pair, as getStats() gives it.
type iceCandidate struct {
	Address       string `json:"address"`
	Port          int    `json:"port"`
	Type          string `json:"type"` // host, srflx, prflx or relay
	Protocol      string `json:"protocol"`
	RelayProtocol string `json:"relayProtocol"`
}

func (c iceCandidate) String() string {
	return fmt.Sprintf("%s %s:%d", c.Type, c.Address, c.Port)
}

// peerLink is one RTCPeerConnection of a page, read by natPeerPairs.
type peerLink struct {
	State   string `json:"state"` // connectionState
	ICE     string `json:"ice"`   // iceConnectionState
	Servers []struct {
		URLs       []string `json:"urls"`
		Username   string   `json:"username"`
		Credential bool     `json:"credential"`
	} `json:"servers"`
	Gathered []string      `json:"gathered"` // candidate types gathered
	Local    *iceCandidate `json:"local"`    // the selected pair, if any
	Remote   *iceCandidate `json:"remote"`
	RTTMs    float64       `json:"rttMs"`
}

func (l peerLink) String() string {
	s := fmt.Sprintf("%s (ICE %s), gathered %v", l.State, l.ICE, l.Gathered)
	if l.Local != nil && l.Remote != nil {
		s += fmt.Sprintf(", pair %v -> %v (%s), ICE rtt %.1f ms", *l.Local, *l.Remote, l.Local.Protocol, l.RTTMs)
	}
	return s
}

// Relayed says whether the pair goes through a TURN server.
func (l peerLink) Relayed() bool {
	return l.Local != nil && l.Remote != nil && (l.Local.Type == "relay" || l.Remote.Type == "relay")
}

// watchPeers makes ctx's page, and every page it loads from now on, keep
// its peer connections for peerLinks.
func watchPeers(t testing.TB, ctx context.Context) {
	t.Helper()
	within(t, ctx, "watching the page's peer connections", chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(natWatchPeers).Do(ctx)
		return err
	}), chromedp.Evaluate(natWatchPeers, nil))
}

// peerLinks reads the page's peer connections (see watchPeers).
func peerLinks(t testing.TB, ctx context.Context) []peerLink {
	t.Helper()
	var raw string
	within(t, ctx, "reading the peer connections' stats", chromedp.Evaluate(natPeerPairs, &raw,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	var links []peerLink
	if err := json.Unmarshal([]byte(raw), &links); err != nil {
		t.Fatalf("the peer connections' stats %q: %v", raw, err)
	}
	return links
}

// connectedLink returns the page's one connected peer connection, failing
// the test if there is none or more than one.
func connectedLink(t testing.TB, ctx context.Context, who string) peerLink {
	t.Helper()
	var connected []peerLink
	all := peerLinks(t, ctx)
	for _, l := range all {
		if l.State == "connected" {
			connected = append(connected, l)
		}
	}
	if len(connected) != 1 {
		t.Fatalf("%s has %d connected peer connections, want 1; all: %v", who, len(connected), all)
	}
	if connected[0].Local == nil || connected[0].Remote == nil {
		t.Fatalf("%s's connected peer connection has no selected pair: %v", who, connected[0])
	}
	return connected[0]
}

// natRoomRun is what natRoom saw.
type natRoomRun struct {
	Host, Guest context.Context
	// Seated is from the guest opening the link to the page showing it
	// seated.
	Seated time.Duration
	// HostLink and GuestLink are each side's connected peer connection.
	HostLink, GuestLink peerLink
	// GuestAtSeat are the guest's peer connections as the page showed it
	// seated (for a room played through the relays).
	GuestAtSeat []peerLink
	// HostMoves and GuestMoves count the moves each made that the table
	// applied; Played is how long that took.
	HostMoves, GuestMoves int
	Played                time.Duration
	Version               string // where both tables settled
	// RTTs are the guest's round trips, from each intent to the host's
	// answer, in ms (the room page's link figures).
	RTTs []float64
}

// natRoom plays a 2-seat room of Red North across the rig: Gordon in
// hostHome opens it, Rikki in guestHome opens the link and sits down, and
// they play until each has made at least two moves. The app is served at
// base (see natRig.StartApp).
func natRoom(t testing.TB, rig *natRig, base string, hostHome, guestHome *natHome) natRoomRun {
	t.Helper()
	return natRoomWith(t, rig, base, hostHome, guestHome, false)
}

// natRoomWith is natRoom; relayed says no data channel is expected to
// open (the room plays through the relays), so no peer link is read.
func natRoomWith(t testing.TB, rig *natRig, base string, hostHome, guestHome *natHome, relayed bool) natRoomRun {
	t.Helper()
	began := time.Now()
	var run natRoomRun
	run.Host = rig.Site(hostHome, base).player(t, "Gordon")
	watchPeers(t, run.Host)
	run.Guest = rig.Site(guestHome, base).player(t, "Rikki")
	watchPeers(t, run.Guest)
	loaded := time.Now()
	link := rig.Site(hostHome, base).openRoom(t, run.Host, 2)

	start := time.Now()
	within(t, run.Guest, "opening the link", chromedp.Navigate(link))
	if s := seatedAt(t, run.Guest, "the guest"); s != 1 {
		t.Fatalf("the guest sits at %d", s)
	}
	run.Seated = time.Since(start)
	if relayed {
		run.GuestAtSeat = peerLinks(t, run.Guest)
	} else {
		// A data channel that opens more than RelayGrace after the
		// relayed link (a busy machine) seats the guest on the relays
		// first and takes the seat over a moment later.
		for _, side := range []context.Context{run.Guest, run.Host} {
			within(t, side, "a data channel open", chromedp.Poll(natConnected, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
		}
		run.GuestLink = connectedLink(t, run.Guest, "the guest")
		run.HostLink = connectedLink(t, run.Host, "the host")
	}

	within(t, run.Guest, "the guest is ready", chromedp.Click("#ready", byQuery))
	within(t, run.Host, "starting", chromedp.Poll(`!document.querySelector('#start').disabled`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery))
	played := time.Now()
	run.HostMoves, run.GuestMoves = playBothWays(t, run.Host, run.Guest, 2)
	run.Played = time.Since(played)
	run.Version = settled(t, run.Host, run.Guest)
	// The guest's moves crossed to the host and its answers came back.
	if run.RTTs = linkFiguresOf(t, run.Guest).RTTs; len(run.RTTs) == 0 {
		t.Errorf("the guest's page measured no round trip of its moves")
	}
	t.Logf("browsers up and the app loaded at home in %v; room opened in %v; seated %v after opening the link; %d host and %d guest moves in %v (both at version %s; the guest's round trip %.1f ms, median of %d); %v in all",
		loaded.Sub(began).Round(time.Millisecond), start.Sub(loaded).Round(time.Millisecond), run.Seated.Round(time.Millisecond),
		run.HostMoves, run.GuestMoves, run.Played.Round(time.Millisecond), run.Version, percentile(run.RTTs, 50), len(run.RTTs),
		time.Since(began).Round(time.Millisecond))
	t.Logf("the host's link: %v", run.HostLink)
	t.Logf("the guest's link: %v", run.GuestLink)
	return run
}

// playBothWays has host and guest play (each clicking its own choices as
// drive does) until each has made at least k moves the table applied, or
// 30 s have passed. It returns how many each made.
func playBothWays(t testing.TB, host, guest context.Context, k int) (hostMoves, guestMoves int) {
	t.Helper()
	var counts [2]atomic.Int64
	enough := func() bool { return counts[0].Load() >= int64(k) && counts[1].Load() >= int64(k) }
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, ctx := range []context.Context{host, guest} {
		wg.Go(func() {
			c, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			for n := 0; !enough(); n++ {
				res, before, err := look(c, n)
				if err != nil {
					errs[i] = err
					return
				}
				if res == "over" {
					return
				}
				if !strings.HasPrefix(res, "act ") {
					continue
				}
				var after string
				if err := chromedp.Run(c, chromedp.Evaluate(roomVersion, &after)); err != nil {
					errs[i] = err
					return
				}
				if v, err := strconv.Atoi(after); err == nil && v > before {
					counts[i].Add(1)
				}
			}
		})
	}
	wg.Wait()
	for i, who := range []string{"the host", "the guest"} {
		if errs[i] != nil && !enough() {
			roomFailure(t, []context.Context{host, guest}[i], who+" playing", errs[i])
		}
	}
	hostMoves, guestMoves = int(counts[0].Load()), int(counts[1].Load())
	if !enough() {
		roomFailure(t, guest, "playing both ways", fmt.Errorf("the host made %d moves and the guest %d, want %d each", hostMoves, guestMoves, k))
	}
	return hostMoves, guestMoves
}

// TestNATRigBehavesAsConfigured: the rig checks itself. From each home,
// coturn's RFC 5780 discovery finds the NAT its router was made with; a
// home's traffic comes from its router's public address; a home taken
// off the internet gets no answer, and one that is renumbered comes from
// its new address; a symmetric NAT made ordinary behaves as one.
func TestNATRigBehavesAsConfigured(t *testing.T) {
	t.Parallel()
	rig := newNATRig(t, natOrdinary, natSymmetric)
	began := time.Now()
	got := rig.DiscoverAll(t)
	for i, h := range rig.Homes {
		t.Logf("%s: turnutils_natdiscovery finds %v", h, got[i])
		if got[i] != h.NAT.want() {
			t.Errorf("%s: turnutils_natdiscovery finds %v, want %v", h, got[i], h.NAT.want())
		}
	}
	t.Logf("discovery in every home took %v", time.Since(began).Round(time.Millisecond))

	a := rig.Homes[0]
	mapped := func(why string) string {
		t.Helper()
		m, err := a.Mapped(2 * time.Second)
		if err != nil {
			t.Fatalf("%s, %s: %v", a, why, err)
		}
		return m.Addr().String()
	}
	if m := mapped("online"); m != a.Router.Addr {
		t.Errorf("%s: coturn sees it as %s, want its router's %s", a, m, a.Router.Addr)
	}
	a.SetOnline(t, false)
	if m, err := a.Mapped(500 * time.Millisecond); err == nil {
		t.Errorf("%s: offline, but coturn answered (as %v)", a, m)
	}
	a.SetOnline(t, true)
	mapped("back online")
	old := a.Router.Addr
	renumbered := a.Renumber(t)
	if m := mapped("renumbered"); m != renumbered || m == old {
		t.Errorf("%s: renumbered from %s to %s, coturn sees it as %s", a, old, renumbered, m)
	}
	// A symmetric NAT made ordinary (SetNAT) behaves as one.
	b := rig.Homes[1]
	b.SetNAT(t, natOrdinary)
	if got, err := b.Discover(); err != nil {
		t.Error(err)
	} else if got != natOrdinary.want() {
		t.Errorf("%s, made ordinary: turnutils_natdiscovery finds %v, want %v", b, got, natOrdinary.want())
	}
}

// TestNATRoomOrdinaryNATsConnectDirectly: host and guest each behind an
// ordinary home NAT, with coturn as the site's STUN server (the -stun
// flag): the guest is seated, moves go both ways, and the link is direct
// (its selected candidate pair has no relay candidate), between the two
// routers' public addresses.
func TestNATRoomOrdinaryNATsConnectDirectly(t *testing.T) {
	t.Parallel()
	rig := newNATRig(t, natOrdinary, natOrdinary)
	base := rig.StartApp(t, "-stun", rig.STUN)
	host, guest := rig.Homes[0], rig.Homes[1]
	run := natRoom(t, rig, base, host, guest)
	for _, side := range []struct {
		who       string
		link      peerLink
		me, other *natHome
	}{{"the host", run.HostLink, host, guest}, {"the guest", run.GuestLink, guest, host}} {
		if side.link.Relayed() {
			t.Errorf("%s's link is relayed: %v", side.who, side.link)
		}
		// Each reaches the other at its router's public address, a
		// server- or peer-reflexive candidate: a hole punched through
		// both NATs. (Chromium's stats hide a peer-reflexive candidate's
		// address; its type is enough then.)
		if r := side.link.Remote; (r.Type != "srflx" && r.Type != "prflx") || (r.Address != "" && r.Address != side.other.Router.Addr) {
			t.Errorf("%s's link goes to %v, want a reflexive candidate at %s's public address %s", side.who, *r, side.other, side.other.Router.Addr)
		}
		if !strings.Contains(strings.Join(side.link.Gathered, " "), "srflx") {
			t.Errorf("%s gathered no server-reflexive candidate from coturn's STUN: %v", side.who, side.link.Gathered)
		}
	}
	screenshot(t, run.Guest, "nat-ordinary-guest")
}
