package online

import (
	"context"
	"crypto/rand"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"longhall/app/peer"
	"longhall/app/room"
	"longhall/app/session"
	"longhall/app/signal"
)

// attemptTimeout bounds one attempt to reach the host through the relays.
// The host may be away (reloading) for a while, so attempts repeat.
const attemptTimeout = 40 * time.Second

// Joining is this device's seat in someone else's room.
type Joining struct {
	client
	net    Net
	room   signal.Room
	name   string
	tokens tokens
	manual chan *session.Guest
	ctx    context.Context // the room's lifetime on this device
	cancel context.CancelFunc
	done   chan struct{}

	offerMu sync.Mutex
	tokenMu sync.Mutex    // one token proposed, however many paths join at once (hello)
	offer   *peer.Offerer // the pending manual offer, if any

	// What the device's network did, as the watcher (watchNet) found it:
	// down now, and how many times it went down and came back. run hears
	// of each change on netPoke. probing asks the watcher to try the site
	// until it answers (after the link dropped); probeNow wakes it.
	netMu    sync.Mutex
	netDown  bool
	netDowns int
	netUps   int
	probing  bool
	netPoke  chan struct{}
	probeNow chan struct{}
	relayed  time.Time // when an attempt last went through the relays, or the network went down

	// viaRelays says the last link went through the relays (no direct
	// path between the two networks): the next attempt goes straight
	// there instead of waiting for ICE to fail again.
	viaRelays bool

	// direct is the data channel a join left opening beside the relayed
	// link it seated the guest on (room.Joined.Direct), for the upgrade
	// to take.
	directMu sync.Mutex
	direct   laterDirect

	// takeBack wakes a player whose seat another tab or device took
	// (View.Elsewhere) to take it back; tryAgain one that stopped trying
	// (View.Stuck).
	takeBack, tryAgain chan struct{}

	// resume is the link this tab last held its seat on (Welcome.Link),
	// said in the hello when it comes back after a drop, so that it does
	// not take the seat from a tab or device the player moved to since.
	// Zero on a first join and after TakeBack: then the seat comes here.
	resume atomic.Int64

	// hostsNow is the key of the room this device keeps to host, once the
	// host handed it the table (takeTable).
	hostsNow atomic.Pointer[string]
}

// noPathTries is how many attempts in a row may find no path to the host
// (no direct one, and none through the relays) before the guest stops
// trying and waits for the player, or for the network to change: the same
// networks block the same way every time.
const noPathTries = 3

// errNetChanged drops an attempt made for a network that has changed
// since: one that went out while the network was down (its offer names no
// public address, and it would only time out) now that it is back, or one
// that dials the relays now that the network is down.
var errNetChanged = newError("the network changed; trying again")

// errNoNetwork is an attempt's failure while the network is down and only
// the relays could reach the host.
var errNoNetwork = newError("this device cannot reach the internet right now")

// While the network is down a guest does not dial the relays: a browser
// keeps such a connection pending through the outage and holds back the
// next ones to the same relay for seconds after the network is back. It
// tries the BroadcastChannel only (tabs of this browser), and the relays
// again once the network is back, or once every downRelays in case only
// the site is unreachable.
const downRelays = 30 * time.Second

// Join enters the room as a guest called name and stays there: whenever
// the link drops it joins again with the reconnect token, which it keeps
// in tab (this tab's storage) and device (storage kept across visits).
// onChange is called, on any goroutine, whenever View changes.
func Join(ctx context.Context, device, tab Store, rm signal.Room, n Net, name string, onChange func()) *Joining {
	ctx, cancel := context.WithCancel(ctx)
	j := &Joining{
		net: n, room: rm, name: name,
		tokens: tokens{tab: tab, device: device, key: RoomKey(rm)},
		manual: make(chan *session.Guest),
		ctx:    ctx,
		cancel: cancel,
		done:   make(chan struct{}),

		netPoke:  make(chan struct{}, 1),
		probeNow: make(chan struct{}, 1),
		takeBack: make(chan struct{}, 1),
		tryAgain: make(chan struct{}, 1),
	}
	j.onChange = onChange
	j.view.Link = Connecting
	j.onWelcome = func(w session.Welcome) {
		j.tokens.set(w.Token)
		j.resume.Store(w.Link)
	}
	j.onHandOver = j.takeTable
	j.onStandby = j.keepStandby
	j.view.Standby = j.standby() != nil
	j.keep = true
	go j.run(ctx)
	return j
}

type joined struct {
	g   *session.Guest
	err error
}

// run joins, follows the guest until its link drops, and joins again,
// until the host sends the player away or the page closes the room.
func (j *Joining) run(ctx context.Context) {
	defer close(j.done)
	defer j.dropDirect()
	defer j.stopNudge()
	wctx, stopWatch := context.WithCancel(ctx)
	var watch sync.WaitGroup
	watch.Go(func() { j.watchNet(wctx) })
	defer watch.Wait()
	defer stopWatch()
	defer j.set(func(v *View) {
		if v.Link != Removed {
			v.Link = Stopped
		}
	})
	wait := time.Second
	noPaths := 0
	down := time.Now() // since when this device has had no link to the host
	for ctx.Err() == nil {
		if j.successorTakesOver(down) {
			return
		}
		actx, cancel := j.untilTakeOver(ctx, down)
		g, err := j.attempt(actx)
		cancel()
		if errors.Is(err, errNetChanged) {
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			if j.successorTakesOver(down) {
				return
			}
			if isNoPath(err) {
				noPaths++
			} else {
				noPaths = 0
			}
			j.set(func(v *View) { v.Problem, v.Attempts, v.NoPath = describe(err), v.Attempts+1, isNoPath(err) })
			if noPaths >= noPathTries {
				if !j.waitToTryAgain(ctx) {
					return
				}
				noPaths = 0
				continue
			}
			j.setProbing(true) // the network may be why
			var back bool
			if g, back = j.pause(ctx, wait); ctx.Err() != nil {
				return
			}
			if g == nil {
				if !back {
					wait = min(2*wait, j.net.retry())
				}
				continue
			}
		}
		wait = time.Second
		j.setProbing(false)
		g, elsewhere := j.followAll(ctx, g)
		down = time.Now()
		var se *session.Error
		if elsewhere {
			// The player opened the room again in another tab or on
			// another device, and plays there now, until they take the
			// seat back here.
			j.set(func(v *View) { v.Link, v.Elsewhere, v.Problem = Removed, true, "" })
			select {
			case <-ctx.Done():
				return
			case <-j.takeBack:
			}
			j.resume.Store(0)
			j.set(func(v *View) { v.Link, v.Elsewhere = Connecting, false })
			continue
		}
		handedOver := errors.As(g.Err(), &se) && se.Code == session.CodeKicked && se.Why == session.KickHandedOver
		if handedOver && j.hostsNow.Load() != nil {
			// The table was handed to this device: the page hosts the
			// room from the save it kept (View.HostsNow).
			key := *j.hostsNow.Load()
			j.set(func(v *View) { v.Link, v.HostsNow, v.Problem = Stopped, key, "" })
			return
		}
		if se != nil && se.Code == session.CodeKicked && se.Why != session.KickElsewhere && !handedOver {
			j.set(func(v *View) { v.Link, v.Problem = Removed, kickWords(se) })
			return
		}
		problem := "The link to the host dropped."
		if handedOver {
			// Another player's device hosts the room now, through the
			// same link: join it at once.
			problem = kickWords(se)
		}
		if errors.Is(g.Err(), session.ErrSilent) {
			problem = HostSilent
		}
		j.set(func(v *View) {
			v.Link, v.Problem, v.NoPath = Reconnecting, problem, false
			if handedOver {
				v.HandedOver = problem
			}
		})
		// Reconnect at once, knowing first whether the network works (a
		// moment when it does), and keep asking while it does not.
		if !j.reachable(ctx) {
			j.setProbing(true)
		}
	}
}

// followAll follows g until its link ends, and then the direct link a
// relayed guest moved to meanwhile, if any (see upgrade); it returns the
// last guest followed, and whether another tab or device of the player's
// took the seat.
func (j *Joining) followAll(ctx context.Context, g *session.Guest) (last *session.Guest, elsewhere bool) {
	for {
		if !j.viaRelays {
			// A relayed link keeps its own, slower heartbeat: a ping a
			// second would cost the relays twenty times as much.
			g.KeepAlive(j.net.Heartbeat)
		}
		up := j.upgrade(ctx, g)
		stop := context.AfterFunc(ctx, func() { g.Close() })
		j.follow(g)
		stop()
		var se *session.Error
		elsewhere := errors.As(g.Err(), &se) && se.Code == session.CodeKicked && se.Why == session.KickElsewhere
		next, ours := up.finish(elsewhere)
		if next == nil {
			// A try for a direct link that failed after its hello took
			// the seat is no other device's doing: join again.
			return g, elsewhere && !ours
		}
		g.Close()
		g = next
		j.viaRelays = false
		j.set(func(v *View) {
			v.Relayed = false
			if up.via != "" {
				v.Via = relayWords("race(" + up.via + ")")
			}
		})
	}
}

// TakeBack takes this player's seat back from the tab or device that took
// it (View.Elsewhere): it joins again with the token, and the other one
// steps aside.
func (j *Joining) TakeBack() {
	select {
	case j.takeBack <- struct{}{}:
	default:
	}
}

// waitToTryAgain stops trying after attempts that found no path at all,
// until the player asks (TryAgain) or the device's network changes; it
// reports false when the room closed meanwhile.
func (j *Joining) waitToTryAgain(ctx context.Context) bool {
	j.set(func(v *View) { v.Stuck = true })
	defer j.set(func(v *View) { v.Stuck = false })
	_, downs, ups := j.netState()
	for {
		select {
		case <-ctx.Done():
			return false
		case <-j.tryAgain:
			return true
		case <-j.netPoke:
			if _, d, u := j.netState(); d != downs || u != ups {
				return true
			}
		}
	}
}

// TryAgain makes a guest that stopped trying (View.Stuck) try again.
func (j *Joining) TryAgain() {
	select {
	case j.tryAgain <- struct{}{}:
	default:
	}
}

// isNoPath says an attempt found no path to the host at all: no direct
// one opened, and the relays could not carry the game either.
func isNoPath(err error) bool {
	var np *room.NoPathError
	return errors.As(err, &np)
}

// pause waits before the next attempt: for wait, or until a connection
// made by hand arrives (g), or until the network comes back (back).
func (j *Joining) pause(ctx context.Context, wait time.Duration) (g *session.Guest, back bool) {
	_, _, ups := j.netState()
	t := time.NewTimer(wait)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil, false
		case g := <-j.manual:
			return g, false
		case <-t.C:
			return nil, false
		case <-j.netPoke:
			if down, _, n := j.netState(); !down && n > ups {
				return nil, true
			}
		}
	}
}

// attempt reaches the host once through the relays, unless a connection
// made by hand arrives first. While the network is down it uses no relay
// (see downRelays); when the network comes back or goes, the attempt is
// dropped (errNetChanged) for one that fits.
func (j *Joining) attempt(ctx context.Context) (*session.Guest, error) {
	j.netMu.Lock()
	down := j.netDown
	local := down && time.Since(j.relayed) < downRelays
	if !local {
		j.relayed = time.Now()
	}
	j.netMu.Unlock()
	actx, cancel := context.WithTimeout(ctx, attemptTimeout)
	defer cancel()
	res := make(chan joined, 1)
	go func() {
		fallback := room.RelayWhenNeeded
		if j.viaRelays {
			fallback = room.RelayOnly
		}
		g, via, relayed, err := j.join(actx, local, fallback)
		if err == nil {
			j.viaRelays = relayed
			j.set(func(v *View) {
				v.Relayed = relayed
				if via != "" && !relayed {
					v.Via = relayWords("race(" + via + ")")
				}
			})
		}
		res <- joined{g, err}
	}()
	for {
		select {
		case r := <-res:
			return r.g, r.err
		case g := <-j.manual:
			cancel()
			if r := <-res; r.g != nil {
				r.g.Close()
				j.dropDirect()
			}
			return g, nil
		case <-ctx.Done():
			cancel()
			if r := <-res; r.g != nil {
				r.g.Close()
				j.dropDirect()
			}
			return nil, ctx.Err()
		case <-j.netPoke:
			if now, _, _ := j.netState(); now == down {
				continue
			}
			cancel()
			if r := <-res; r.g != nil {
				return r.g, nil // it made it after all
			}
			return nil, errNetChanged
		}
	}
}

// join reaches the host once, by the path fallback allows; local keeps it
// off the relays.
func (j *Joining) join(ctx context.Context, local bool, fallback room.Fallback) (g *session.Guest, via string, relayed bool, err error) {
	if j.net.join != nil {
		g, via, relayed, beside, err := j.net.join(ctx, j.room, j.hello(), fallback)
		if beside != nil {
			j.keepDirect(beside)
		}
		return g, via, relayed, err
	}
	sig := j.net.signaler(j.room)
	if local {
		var tabs signal.Race
		if r, ok := sig.(signal.Race); ok {
			for _, s := range r.Signalers {
				if _, ok := s.(signal.Broadcast); ok {
					tabs.Signalers = append(tabs.Signalers, s)
				}
			}
		}
		if len(tabs.Signalers) == 0 {
			return nil, "", false, errNoNetwork
		}
		sig = tabs
	}
	// When no direct path opens between the two networks (a symmetric
	// NAT on either side, and no TURN), the game goes through the relays.
	in, err := room.JoinWith(ctx, sig, j.room, j.net.Peer, j.hello(), room.JoinOptions{Fallback: fallback, OnEvent: j.joinEvent})
	if err != nil {
		return nil, "", false, err
	}
	if in.Direct != nil {
		j.keepDirect(in.Direct)
	}
	return in.Guest, in.Via, in.Path == room.Relayed, nil
}

// laterDirect is a data channel still opening beside a relayed link: a
// room.Pending (tests give their own).
type laterDirect interface {
	Opened() <-chan struct{}
	Err() error
	Join(ctx context.Context, hello session.Hello) (*room.Joined, error)
	Close()
}

// keepDirect keeps a data channel still opening beside a relayed link
// for the upgrade (see upgrade), in place of any kept before.
func (j *Joining) keepDirect(p laterDirect) {
	j.directMu.Lock()
	old := j.direct
	j.direct = p
	j.directMu.Unlock()
	if old != nil {
		old.Close()
	}
}

// takeDirect takes the data channel keepDirect kept, if any.
func (j *Joining) takeDirect() laterDirect {
	j.directMu.Lock()
	defer j.directMu.Unlock()
	p := j.direct
	j.direct = nil
	return p
}

// dropDirect gives up the data channel keepDirect kept, if any: the
// join's guest was not used.
func (j *Joining) dropDirect() {
	if p := j.takeDirect(); p != nil {
		p.Close()
	}
}

// hello is what this tab says to the host when it joins. With no token
// yet, it proposes one of its own and keeps it before it is welcomed
// (session README, hello): on a slow network a hello, or the welcome to
// it, may be lost, and the hello said again then finds the seat it was
// given instead of being seated again, or made to watch.
func (j *Joining) hello() session.Hello {
	j.tokenMu.Lock()
	token := j.tokens.get()
	if token == "" {
		token = rand.Text()
		j.tokens.set(token)
	}
	j.tokenMu.Unlock()
	return session.Hello{Name: j.name, Token: token, Resume: j.resume.Load()}
}

// joinEvent tells the page what an attempt is doing, in words.
func (j *Joining) joinEvent(e room.Event) {
	if e.Kind != room.NoDirectPath {
		return
	}
	problem := "Your network and the host's block a direct link; the game goes through the relays instead."
	if errors.Is(e.Err, peer.ErrNoWebRTC) {
		// Known at once, before any relay is tried: said at once.
		problem = noWebRTCRelayedWords
	}
	j.set(func(v *View) {
		// After an attempt found no path at all, its words (why, and what
		// to try) stay until the next one ends: they say more than this.
		if !v.NoPath {
			v.Problem = problem
		}
	})
}

// reachable asks the site once whether the network works, and notes the
// answer.
func (j *Joining) reachable(ctx context.Context) bool {
	pctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	up := j.net.network().Reach(pctx)
	if ctx.Err() == nil {
		j.netSeen(up)
	}
	return up
}

// netState is what the watcher found of the network: down now, and the
// times it went down and came back.
func (j *Joining) netState() (down bool, downs, ups int) {
	j.netMu.Lock()
	defer j.netMu.Unlock()
	return j.netDown, j.netDowns, j.netUps
}

// netSeen takes a finding of the watcher: the network works (up) or not.
func (j *Joining) netSeen(up bool) {
	j.netMu.Lock()
	changed := j.netDown == up
	if changed {
		j.netDown = !up
		if up {
			j.netUps++
		} else {
			j.netDowns++
			j.relayed = time.Now()
		}
	}
	j.netMu.Unlock()
	if changed {
		select {
		case j.netPoke <- struct{}{}:
		default:
		}
	}
}

// setProbing asks the watcher to try the site until it answers (after a
// drop), or to stop (the link is up).
func (j *Joining) setProbing(on bool) {
	j.netMu.Lock()
	j.probing = on
	j.netMu.Unlock()
	if on {
		select {
		case j.probeNow <- struct{}{}:
		default:
		}
	}
}

// watchNet follows the device's network until ctx ends: the browser's
// online and offline events, and while probing, a request to the site
// every probeEvery until one is answered.
func (j *Joining) watchNet(ctx context.Context) {
	nw := j.net.network()
	changes := nw.Changes(ctx)
	t := time.NewTicker(probeEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case up, ok := <-changes:
			if !ok {
				changes = nil
			} else {
				j.netSeen(up)
			}
			continue
		case <-j.probeNow:
		case <-t.C:
		}
		j.netMu.Lock()
		probing := j.probing
		j.netMu.Unlock()
		if !probing {
			continue
		}
		up := j.reachable(ctx)
		if ctx.Err() != nil {
			return
		}
		if up {
			j.netMu.Lock()
			j.probing = false
			j.netMu.Unlock()
		}
	}
}

// describe words a failed attempt for the banner.
func describe(err error) string {
	switch {
	case errors.Is(err, errNoNetwork):
		return "This device cannot reach the internet right now; it will try again as soon as it can."
	case isNoPath(err):
		return "Your network and the host's block a direct link, and the relays could not carry the game either. Try from another network (a phone's hotspot, say), or ask the host for a link that shares a TURN server (Network settings)."
	case errors.Is(err, context.DeadlineExceeded):
		return "The host did not answer. They may be away, or the relays may be down."
	default:
		return "Could not reach the host: " + Words(err)
	}
}

// OfferCode starts a connection by hand: it returns the code for the
// player to send to the host. AcceptCode finishes it with the host's
// answer. A new offer replaces the previous one.
func (j *Joining) OfferCode(ctx context.Context) (string, error) {
	off, err := peer.Dial(ctx, j.net.manual())
	if err != nil {
		return "", err
	}
	j.offerMu.Lock()
	if j.offer != nil {
		j.offer.Close()
	}
	j.offer = off
	j.offerMu.Unlock()
	return signal.EncodeOffer(off.Offer()), nil
}

// AcceptCode takes the host's answer code for the offer OfferCode made,
// opens the link and joins the room over it.
func (j *Joining) AcceptCode(ctx context.Context, answerCode string) error {
	sdp, err := signal.DecodeAnswer(answerCode)
	if err != nil {
		return err
	}
	j.offerMu.Lock()
	off := j.offer
	j.offer = nil
	j.offerMu.Unlock()
	if off == nil {
		return newError("make an offer code first")
	}
	defer off.Close()
	conn, err := off.Accept(sdp)
	if err != nil {
		return err
	}
	g, err := session.NewGuest(j.ctx, conn, j.hello())
	if err != nil {
		conn.Close()
		return err
	}
	select {
	case j.manual <- g:
		return nil
	case <-ctx.Done():
	case <-j.done:
	}
	g.Close()
	return newError("the room closed before the link was used")
}

// Done is closed once this player has left the room for good: removed by
// the host, or closed on this device. Until then it rejoins by itself.
func (j *Joining) Done() <-chan struct{} { return j.done }

// Close leaves the room on this device; the seat stays with the token.
func (j *Joining) Close() error {
	j.cancel()
	<-j.done
	j.offerMu.Lock()
	if j.offer != nil {
		j.offer.Close()
		j.offer = nil
	}
	j.offerMu.Unlock()
	return nil
}
