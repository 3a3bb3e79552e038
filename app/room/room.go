// Package room joins the three layers of online play: signal finds the
// other peers of a room through public relays, peer opens a WebRTC data
// channel to each, and session runs the host-authoritative game over those
// channels. A guest asks for a link through the relays themselves
// (relay.Conn, one more transport under the session) beside its
// data channel, and plays on it when no direct path opens soon, until
// the data channel opens, if it does (see JoinWith). It holds no UI and
// no browser-only code, so the whole path runs natively in tests.
package room

import (
	"cmp"
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"longhall/app/internal/reason"
	"longhall/app/peer"
	"longhall/app/relay"
	"longhall/app/session"
	"longhall/app/signal"
)

// Path says how a guest's link to the host travels.
type Path string

const (
	// Direct is a WebRTC data channel: peer to peer, or through a TURN
	// server.
	Direct Path = "direct"
	// Relayed is a relay.Conn: the messages, sealed, through the
	// room's Nostr relays, a few frames a second at most. Fine for a board
	// game, slower than a direct link (a move takes a few tenths of a
	// second more).
	Relayed Path = "relayed"
)

// EventKind names a step in making a guest's link, for the page to tell.
type EventKind int

const (
	// On the guest's side (JoinOptions.OnEvent):

	// NoDirectPath: no direct path between the two networks opened
	// (Event.Err says why, a peer error) before the guest was seated; the
	// relayed link, asked for beside it, is the only way now.
	NoDirectPath EventKind = iota + 1
	// Relaying: the guest asks the host for a relayed link (with
	// RelayWhenNeeded, at once, beside the data channel).
	Relaying

	// On the host's side (ServeOptions.OnEvent):

	// GuestCalling: a guest's offer arrived (Path says which kind of link
	// it asks for, Via through which relay).
	GuestCalling
	// GuestNoDirectPath: a guest's direct link did not open (Err); a guest
	// that falls back comes again as GuestCalling with Path Relayed.
	GuestNoDirectPath
	// GuestConnected: a guest's link is open and handed to the session
	// (Path says which).
	GuestConnected
	// GuestFailed: a guest's link failed otherwise (Err).
	GuestFailed
	// GuestLeft: a guest's relayed link ended: the guest moved to a
	// direct link, or left, or was lost.
	GuestLeft
)

// Event is a step in making a guest's link.
type Event struct {
	Kind EventKind
	Path Path
	Via  string // the relay that carried the offer or answer
	Err  error
	// Relayed counts the guests' links that travel through the relays
	// now (on the host's side, with GuestConnected, GuestLeft and
	// GuestNoDirectPath).
	Relayed int
}

// Server answers guests' offers for a hosted room and attaches each link
// that opens to the session host: data channels, and relayed links for
// guests that no direct path reaches.
type Server struct {
	host     *session.Host
	listener signal.Listener
	cfg      peer.Config
	logf     func(string, ...any)
	event    func(Event)
	cancel   context.CancelFunc
	wg       sync.WaitGroup

	mu      sync.Mutex
	relayed map[*relay.Conn]struct{}
	ended   relay.Stats // of relayed links that have ended
}

// ServeOptions tune ServeWith; the zero value is fine.
type ServeOptions struct {
	// Logf hears about guests whose link failed; the room goes on without
	// them.
	Logf func(string, ...any)
	// OnEvent hears each step of each guest's link, on the server's
	// goroutines (not the UI's).
	OnEvent func(Event)
}

// ServeWith makes the host present in the room through sig and serves
// guests until Close or ctx ends. opts.Logf (may be nil) hears about
// guests whose link failed; the room goes on without them.
func ServeWith(ctx context.Context, host *session.Host, sig signal.Signaler, rm signal.Room, cfg peer.Config, opts ServeOptions) (*Server, error) {
	if opts.Logf == nil {
		opts.Logf = func(string, ...any) {}
	}
	if opts.OnEvent == nil {
		opts.OnEvent = func(Event) {}
	}
	ctx, cancel := context.WithCancel(ctx)
	l, err := sig.Listen(ctx, rm)
	if err != nil {
		cancel()
		return nil, err
	}
	s := &Server{host: host, listener: l, cfg: cfg, logf: opts.Logf, event: opts.OnEvent, cancel: cancel,
		relayed: make(map[*relay.Conn]struct{})}
	s.wg.Add(1)
	go s.accept(ctx)
	return s, nil
}

func (s *Server) accept(ctx context.Context) {
	defer s.wg.Done()
	for {
		offer, err := s.listener.Accept(ctx)
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, signal.ErrClosed) {
				s.logf("room: listening for guests stopped: %v", err)
			}
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			if err := s.connect(ctx, offer); err != nil && ctx.Err() == nil {
				s.logf("room: a guest via %s could not connect: %v", offer.Via, err)
			}
		}()
	}
}

// connect answers one offer and hands the opened link to the session.
func (s *Server) connect(ctx context.Context, offer *signal.Offer) error {
	if offer.Relay {
		return s.relay(ctx, offer)
	}
	s.event(Event{Kind: GuestCalling, Path: Direct, Via: offer.Via})
	err := s.direct(ctx, offer)
	switch {
	case err == nil:
		s.event(Event{Kind: GuestConnected, Path: Direct, Via: offer.Via, Relayed: s.Relayed()})
	case noPath(err):
		// Relayed counts the guests playing through the relays: a guest
		// asks for its relayed link beside the data channel, so by now
		// this one is most likely among them.
		s.event(Event{Kind: GuestNoDirectPath, Path: Direct, Via: offer.Via, Err: err, Relayed: s.Relayed()})
	case ctx.Err() == nil:
		s.event(Event{Kind: GuestFailed, Path: Direct, Via: offer.Via, Err: err})
	}
	return err
}

func (s *Server) direct(ctx context.Context, offer *signal.Offer) error {
	ans, err := peer.Answer(ctx, s.cfg, offer.SDP)
	if err != nil {
		return err
	}
	defer ans.Close()
	if err := offer.Answer(ctx, ans.Answer()); err != nil {
		return err
	}
	conn, err := ans.Wait()
	if err != nil {
		return err
	}
	if err := s.host.Attach(conn); err != nil {
		conn.Close()
		return err
	}
	return nil
}

// relay accepts a guest's relayed link. Its frames come in through the
// listener, so it lasts while the server does: Close ends it.
//
// The link goes to the session only once the guest's first message (its
// hello) has come: a guest asks for a relayed link beside its data
// channel, and one whose data channel opened first closes the relayed
// link, answered or not, without a word on it. Such a link is never
// attached, counted or told of; it ends when the guest's close comes, or
// after RelayTakenUp.
func (s *Server) relay(ctx context.Context, offer *signal.Offer) error {
	s.event(Event{Kind: GuestCalling, Path: Relayed, Via: offer.Via})
	conn, err := offer.AcceptRelay(ctx)
	if err == nil {
		t := time.NewTimer(RelayTakenUp)
		select {
		case <-conn.Spoke():
		case <-conn.Done():
		case <-t.C:
		case <-ctx.Done():
		}
		t.Stop()
		select {
		case <-conn.Spoke():
		default:
			conn.Close()
			return ctx.Err()
		}
		if conn.Err() != nil {
			return nil // said hello and left at once: nothing to seat
		}
		if err = s.host.Attach(conn); err != nil {
			conn.Close()
		}
	}
	if err != nil {
		if ctx.Err() == nil {
			s.event(Event{Kind: GuestFailed, Path: Relayed, Via: offer.Via, Err: err})
		}
		return err
	}
	s.mu.Lock()
	s.relayed[conn] = struct{}{}
	n := len(s.relayed)
	s.mu.Unlock()
	s.event(Event{Kind: GuestConnected, Path: Relayed, Via: offer.Via, Relayed: n})
	select {
	case <-conn.Done():
	case <-ctx.Done():
		conn.Close()
	}
	st := conn.Stats()
	s.mu.Lock()
	delete(s.relayed, conn)
	s.ended = addStats(s.ended, st)
	n = len(s.relayed)
	s.mu.Unlock()
	if ctx.Err() == nil {
		s.event(Event{Kind: GuestLeft, Path: Relayed, Via: offer.Via, Relayed: n})
	}
	return nil
}

// RelayTakenUp is how long the host waits for a guest to take up a
// relayed link it accepted (a guest that plays on it says hello at most
// RelayGrace after the host's answer reaches it) before it drops the link
// unseen.
const RelayTakenUp = 20 * time.Second

// Relayed says how many guests' links travel through the relays now.
func (s *Server) Relayed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.relayed)
}

func addStats(a, b relay.Stats) relay.Stats {
	a.Frames += b.Frames
	a.Events += b.Events
	a.Bytes += b.Bytes
	a.Retransmits += b.Retransmits
	a.Received += b.Received
	return a
}

// noPath says whether a WebRTC attempt failed for want of a network path
// (or of WebRTC itself), rather than because the other side is gone: the
// case for a relayed link.
func noPath(err error) bool {
	return errors.Is(err, peer.ErrUnreachable) || errors.Is(err, peer.ErrOpenTimeout) ||
		errors.Is(err, peer.ErrNoNetwork) || errors.Is(err, peer.ErrSetup)
}

// Relays says which of the signaler's relays the host is present on now
// (all of them, as "up", when the signaler cannot tell).
func (s *Server) Relays() signal.Status {
	if r, ok := s.listener.(signal.StatusReporter); ok {
		return r.Status()
	}
	return signal.Status{}
}

// Close stops serving new guests. Data channels already open stay with
// the host; relayed links end, since their frames come through the
// listener.
func (s *Server) Close() error {
	s.cancel()
	err := s.listener.Close()
	s.wg.Wait()
	return err
}

// Fallback says when a guest's link goes through the relays.
type Fallback int

const (
	// RelayWhenNeeded opens a data channel and a relayed link at once,
	// plays on whichever opens first, and moves to the data channel if it
	// opens later (see JoinWith): the default.
	RelayWhenNeeded Fallback = iota
	// DirectOnly never relays: for a relayed guest that tries, now and
	// then, to move to a direct link.
	DirectOnly
	// RelayOnly goes straight to the relays: for a guest that was relayed
	// before (its networks have not changed), or that has no WebRTC.
	RelayOnly
)

// JoinOptions tune JoinWith; the zero value is fine.
type JoinOptions struct {
	Fallback Fallback
	// OnEvent hears the steps of the attempt (NoDirectPath, Relaying), on
	// JoinWith's goroutine.
	OnEvent func(Event)

	grace time.Duration // RelayGrace when zero (tests wait longer)
}

// Joined is a guest in the room and how its link travels.
type Joined struct {
	Guest *session.Guest
	Path  Path
	// Via names the relay that brought the host's answer (Direct), or the
	// relays that carry the link (Relayed).
	Via string
	// Relay is the relayed link (nil for Direct): Relay.Relays() says which
	// relays carry it now, Relay.Stats() what it has cost them.
	Relay *relay.Conn
	// Direct is the data channel still opening beside a relayed link
	// (RelayWhenNeeded), nil when there is none: the caller moves to it
	// when it opens (Pending.Join), or closes it.
	Direct *Pending
}

// NoPathError is JoinWith's error when no direct path opened and the
// relays could not carry the link either. errors.Is sees both causes.
type NoPathError struct {
	Direct error // why the data channel did not open (a peer error)
	Relay  error // why the relayed link failed (a signal error)
}

func (e *NoPathError) Error() string { return "room: " + e.Reason() }

// Reason is why, without the package's prefix (see Error).
func (e *NoPathError) Reason() string {
	return "no direct path to the host opened, and the relays could not carry the game: " + reason.Of(e.Relay)
}

func (e *NoPathError) Unwrap() []error { return []error{e.Direct, e.Relay} }

// JoinWith reaches the host of a room and says hello as a guest (hello's
// token re-takes a seat held before, "" for a newcomer; ctx bounds only
// the joining).
//
// With RelayWhenNeeded (the default) it opens two links at once: a
// WebRTC data channel (an offer carried to the host through sig, opened
// with the host's answer) and a relayed link through the same
// signaler's Nostr relays (signal.DialRelay). Hello goes on one link
// only, since a newcomer has no token yet and a hello on each would
// seat it twice: on the data channel when it opens first, or within
// RelayGrace of the relayed link; otherwise on the relayed link, and
// then the data channel, still opening, is Joined.Direct, for the
// caller to move to when it opens (see Pending). So two networks with
// no direct path between them (symmetric NATs and no TURN server, or a
// browser without WebRTC) seat the guest as soon as the relays carry
// the welcome, instead of after ICE has given up. A data channel that
// opens first ends the relayed link at once: the relays carry nothing
// of a direct room but the link's handshake. DirectOnly tries the data
// channel alone, RelayOnly the relayed link alone.
//
// A relayed guest needs no session heartbeat (Guest.KeepAlive): its link
// beats by itself, at a pace the relays can bear, and ends with
// relay.ErrLost when the host falls silent (after 20 s while a move
// waits for the host, 40 s otherwise). The session's default heartbeat, a
// ping a second and a link dropped after 3 s of silence, would cost the
// relays twenty times as much and drop a relayed link at its first lost
// frame.
//
// A relayed guest switches to a direct link with a hello that carries
// the token its welcome gave, on Joined.Direct once that opens or on a
// later JoinWith with DirectOnly: the host moves the seat to it and
// closes the relayed link (the relayed Guest ends, kicked as "connected
// again from elsewhere"), and the guest's intents still unanswered are
// resent from the new welcome's seq (see the session's README).
func JoinWith(ctx context.Context, sig signal.Signaler, rm signal.Room, cfg peer.Config, hello session.Hello, opts JoinOptions) (*Joined, error) {
	event := opts.OnEvent
	if event == nil {
		event = func(Event) {}
	}
	switch opts.Fallback {
	case DirectOnly:
		return joinDirect(ctx, sig, rm, cfg, hello)
	case RelayOnly:
		event(Event{Kind: Relaying, Path: Relayed})
		conn, err := signal.DialRelay(ctx, sig, rm)
		if err != nil {
			return nil, err
		}
		return joinRelayed(ctx, conn, hello, nil)
	}
	return joinEither(ctx, sig, rm, cfg, hello, cmp.Or(opts.grace, RelayGrace), event)
}

// RelayGrace is how long a guest whose relayed link opened first still
// waits for its data channel before it says hello on the relayed link.
// Where a direct path exists the data channel opens a moment after the
// relayed link (both wait for the host's answer through the relays; the
// data channel then needs ICE, DTLS and SCTP: 0.28-0.30 s later between
// two home NATs of the e2e rig, a few round trips more on the internet),
// and a guest seated on it at once spares the relays a welcome and the
// page a move from one link to the other. Between networks with no
// direct path it is what seating through the relays waits in vain: 1 s
// of the 1.7 s it takes in the rig, against the 16 s of waiting for ICE
// to fail first.
const RelayGrace = time.Second

// joinEither races the data channel and the relayed link (JoinWith's
// RelayWhenNeeded).
func joinEither(ctx context.Context, sig signal.Signaler, rm signal.Room, cfg peer.Config, hello session.Hello, grace time.Duration, event func(Event)) (*Joined, error) {
	direct := startDirect(ctx, sig, rm, cfg)
	event(Event{Kind: Relaying, Path: Relayed})
	rctx, stopRelay := context.WithCancel(ctx)
	dialed := make(chan relayDial, 1)
	go func() {
		conn, err := signal.DialRelay(rctx, sig, rm)
		dialed <- relayDial{conn, err}
	}()
	// dropRelay ends the relayed link, opened or not: the data channel
	// carries the game. A host that accepted it and hears nothing from
	// this guest drops it unseen (see Server.relay).
	dropRelay := func() {
		stopRelay()
		go func() {
			if r := <-dialed; r.conn != nil {
				r.conn.Close()
			}
		}()
	}
	noDirect := func() {
		if noPath(direct.err) {
			event(Event{Kind: NoDirectPath, Path: Direct, Err: direct.err})
		}
	}

	select {
	case <-direct.done:
		if direct.err == nil {
			dropRelay()
			return direct.join(ctx, hello)
		}
		noDirect()
		if errors.Is(direct.err, signal.ErrNoAnswer) {
			// No relay brought the host's answer to the data channel's
			// offer: the host is away (a page reloading, a phone that put
			// it in the background). The relayed link asks the same host
			// through the same relays, so it is given a moment only:
			// waiting for it to the end of ctx kept the guest on this
			// attempt, whose offer had expired, for seconds after the
			// host was back, where a fresh attempt's offer is answered.
			wait := time.NewTimer(relayAfterNoAnswer)
			defer wait.Stop()
			select {
			case r := <-dialed:
				stopRelay()
				if r.err != nil {
					return nil, directOrBoth(direct.err, r.err)
				}
				return joinRelayed(ctx, r.conn, hello, nil)
			case <-wait.C:
				dropRelay()
				return nil, direct.err
			}
		}
		r := <-dialed
		stopRelay()
		if r.err != nil {
			return nil, directOrBoth(direct.err, r.err)
		}
		return joinRelayed(ctx, r.conn, hello, nil)
	case r := <-dialed:
		stopRelay()
		if r.err != nil {
			// The relays cannot carry the game: the data channel is the
			// only way.
			<-direct.done
			if direct.err == nil {
				return direct.join(ctx, hello)
			}
			noDirect()
			return nil, directOrBoth(direct.err, r.err)
		}
		wait := time.NewTimer(grace)
		defer wait.Stop()
		select {
		case <-direct.done:
			if direct.err == nil {
				r.conn.Close()
				return direct.join(ctx, hello)
			}
			noDirect()
		case <-wait.C:
		case <-ctx.Done():
			r.conn.Close()
			direct.Close()
			return nil, ctx.Err()
		}
		// Seated through the relays; the data channel, if it is still
		// opening, goes on beyond ctx for the caller to move to.
		select {
		case <-direct.done:
			if direct.err == nil { // it opened just now after all
				r.conn.Close()
				return direct.join(ctx, hello)
			}
			return joinRelayed(ctx, r.conn, hello, nil)
		default:
		}
		direct.detach()
		j, err := joinRelayed(ctx, r.conn, hello, direct)
		if err != nil {
			direct.Close()
		}
		return j, err
	}
}

// relayAfterNoAnswer is how long a guest whose data channel's offer was
// never answered still waits for its relayed link, which may have been
// answered just then.
const relayAfterNoAnswer = 3 * time.Second

// relayDial is signal.DialRelay's outcome.
type relayDial struct {
	conn *relay.Conn
	err  error
}

// directOrBoth is the error of a join whose two links both failed: a
// NoPathError when the data channel found no path, else the data
// channel's own error (the host did not answer, say), which says more.
func directOrBoth(direct, relayed error) error {
	if noPath(direct) {
		return &NoPathError{Direct: direct, Relay: relayed}
	}
	return direct
}

// joinRelayed says hello on a relayed link.
func joinRelayed(ctx context.Context, conn *relay.Conn, hello session.Hello, direct *Pending) (*Joined, error) {
	g, err := session.NewGuest(context.WithoutCancel(ctx), conn, hello)
	if err != nil {
		return nil, err // NewGuest closed conn
	}
	return &Joined{Guest: g, Path: Relayed, Via: strings.Join(conn.Relays(), ", "), Relay: conn, Direct: direct}, nil
}

func joinDirect(ctx context.Context, sig signal.Signaler, rm signal.Room, cfg peer.Config, hello session.Hello) (*Joined, error) {
	p := startDirect(ctx, sig, rm, cfg)
	<-p.done // ctx ends it
	if p.err != nil {
		return nil, p.err
	}
	return p.join(ctx, hello)
}

// Pending is a guest's data channel still opening after the guest was
// seated through the relays (Joined.Direct). When it opens, Join says
// hello on it with the token the relayed welcome gave, and the host
// moves the seat to it. It gives up on its own after the peer config's
// OpenTimeout (30 s by default); Close ends it sooner, and must be
// called when it is not used.
type Pending struct {
	done   chan struct{} // closed when the attempt has ended
	conn   *peer.Conn    // the open data channel (set before done closes)
	via    string        // the relay that brought the host's answer
	err    error         // why it did not open
	cancel context.CancelFunc
	detach func() bool // stops ctx from ending the attempt

	mu     sync.Mutex
	taken  bool // conn is Join's now
	closed bool
}

// startDirect starts opening a data channel to the host: an offer, the
// host's answer through sig, ICE. ctx ends it until detach.
func startDirect(ctx context.Context, sig signal.Signaler, rm signal.Room, cfg peer.Config) *Pending {
	open := cfg.OpenTimeout
	if open <= 0 {
		open = peer.DefaultOpenTimeout
	}
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), open)
	p := &Pending{done: make(chan struct{}), cancel: cancel}
	p.detach = context.AfterFunc(ctx, cancel)
	go func() {
		conn, via, err := dialDirect(dctx, sig, rm, cfg)
		cancel() // an open data channel no longer heeds it
		p.detach()
		p.mu.Lock()
		p.conn, p.via, p.err = conn, via, err
		if err == nil && p.closed {
			conn.Close()
			p.err = peer.ErrClosed
		}
		p.mu.Unlock()
		close(p.done)
	}()
	return p
}

// dialDirect opens a data channel to the host.
func dialDirect(ctx context.Context, sig signal.Signaler, rm signal.Room, cfg peer.Config) (*peer.Conn, string, error) {
	off, err := peer.Dial(ctx, cfg)
	if err != nil {
		return nil, "", err
	}
	defer off.Close()
	var answer, via string
	if r, ok := sig.(signal.Race); ok {
		answer, via, err = r.CallVia(ctx, rm, off.Offer())
	} else {
		answer, err = sig.Call(ctx, rm, off.Offer())
		via = sig.Name()
	}
	if err != nil {
		return nil, "", err
	}
	conn, err := off.Accept(answer)
	if err != nil {
		return nil, "", errorf("the host answered but the link did not open: %w", err)
	}
	return conn, via, nil
}

// Opened is closed once the data channel has opened, or failed to.
func (p *Pending) Opened() <-chan struct{} { return p.done }

// Err says why the data channel did not open (nil while it is opening,
// and once it has).
func (p *Pending) Err() error {
	select {
	case <-p.done:
		return p.err
	default:
		return nil
	}
}

// Join waits for the data channel to open, then says hello on it: with a
// token, the host moves the seat to it. It fails with the reason the data
// channel did not open, or ctx's error.
func (p *Pending) Join(ctx context.Context, hello session.Hello) (*Joined, error) {
	select {
	case <-p.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if p.err != nil {
		return nil, p.err
	}
	return p.join(ctx, hello)
}

func (p *Pending) join(ctx context.Context, hello session.Hello) (*Joined, error) {
	p.mu.Lock()
	if p.taken || p.closed {
		p.mu.Unlock()
		return nil, peer.ErrClosed
	}
	p.taken = true
	p.mu.Unlock()
	p.cancel()
	g, err := session.NewGuest(context.WithoutCancel(ctx), p.conn, hello)
	if err != nil {
		return nil, err // NewGuest closed the conn
	}
	return &Joined{Guest: g, Path: Direct, Via: p.via}, nil
}

// Close gives up the data channel, open or still opening, unless Join
// has taken it.
func (p *Pending) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || p.taken {
		return
	}
	p.closed = true
	p.cancel()
	if p.conn != nil {
		p.conn.Close()
	} // else the attempt closes it if it opens after all
}
