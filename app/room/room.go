// Package room joins the three layers of online play: signal finds the
// other peers of a room through public relays, peer opens a WebRTC data
// channel to each, and session runs the host-authoritative game over those
// channels. When no direct path opens between a guest and the host, the
// guest's link falls back to the relays themselves (signal.RelayConn),
// one more transport under the session. It holds no UI and no
// browser-only code, so the whole path runs natively in tests.
package room

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"longhall/app/peer"
	"longhall/app/session"
	"longhall/app/signal"
)

// Path says how a guest's link to the host travels.
type Path string

const (
	// Direct is a WebRTC data channel: peer to peer, or through a TURN
	// server.
	Direct Path = "direct"
	// Relayed is a signal.RelayConn: the messages, sealed, through the
	// room's Nostr relays, a few frames a second at most. Fine for a board
	// game, slower than a direct link (a move takes a few tenths of a
	// second more).
	Relayed Path = "relayed"
)

// EventKind names a step in making a guest's link, for the page to tell.
type EventKind int

const (
	// On the guest's side (JoinOptions.OnEvent):

	// NoDirectPath: the host answered, but no direct path between the two
	// networks opened (Event.Err says why, a peer error); the guest asks
	// for a relayed link next.
	NoDirectPath EventKind = iota + 1
	// Relaying: the guest asks the host for a relayed link.
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
	// now (on the host's side, with GuestConnected and GuestLeft).
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
	relayed map[*signal.RelayConn]struct{}
	ended   signal.RelayStats // of relayed links that have ended
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
		relayed: make(map[*signal.RelayConn]struct{})}
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
		s.event(Event{Kind: GuestNoDirectPath, Path: Direct, Via: offer.Via, Err: err})
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
func (s *Server) relay(ctx context.Context, offer *signal.Offer) error {
	s.event(Event{Kind: GuestCalling, Path: Relayed, Via: offer.Via})
	conn, err := offer.AcceptRelay(ctx)
	if err == nil {
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

// Relayed says how many guests' links travel through the relays now.
func (s *Server) Relayed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.relayed)
}

func addStats(a, b signal.RelayStats) signal.RelayStats {
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
	// RelayWhenNeeded tries a data channel first and falls back to a
	// relayed link when no network path opens: the default.
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
	Relay *signal.RelayConn
}

// NoPathError is JoinWith's error when no direct path opened and the
// relays could not carry the link either. errors.Is sees both causes.
type NoPathError struct {
	Direct error // why the data channel did not open (a peer error)
	Relay  error // why the relayed link failed (a signal error)
}

func (e *NoPathError) Error() string {
	return "room: no direct path to the host opened, and the relays could not carry the game: " +
		strings.TrimPrefix(e.Relay.Error(), "signal: ")
}

func (e *NoPathError) Unwrap() []error { return []error{e.Direct, e.Relay} }

// JoinWith reaches the host of a room and says hello as a guest: it makes
// a WebRTC offer, carries it to the host through sig, and opens the data
// channel with the host's answer (hello's token re-takes a seat held
// before, "" for a newcomer; ctx bounds only the joining) or, when no direct path opens (ICE
// failed: two symmetric NATs with no TURN server, or a browser without
// WebRTC) and opts.Fallback allows, over a relayed link through the same
// signaler's Nostr relays. ctx bounds both attempts: the relayed one needs
// a few seconds after ICE gives up.
//
// A relayed guest needs no session heartbeat (Guest.KeepAlive): its link
// beats by itself, at a pace the relays can bear, and ends with
// signal.ErrLinkLost when the host falls silent (after 20 s while a move
// waits for the host, 40 s otherwise). The session's default heartbeat, a
// ping a second and a link dropped after 3 s of silence, would cost the
// relays twenty times as much and drop a relayed link at its first lost
// frame.
//
// A guest may switch to a direct link later: a JoinWith with DirectOnly
// and the same token opens one, the host moves the seat to it and closes
// the relayed link (the relayed Guest ends, kicked as "connected again
// from elsewhere"), and the guest's intents still unanswered are resent
// from the new welcome's seq (see the session's README).
func JoinWith(ctx context.Context, sig signal.Signaler, rm signal.Room, cfg peer.Config, hello session.Hello, opts JoinOptions) (*Joined, error) {
	event := opts.OnEvent
	if event == nil {
		event = func(Event) {}
	}
	var direct error
	if opts.Fallback != RelayOnly {
		j, err := joinDirect(ctx, sig, rm, cfg, hello)
		if err == nil || opts.Fallback == DirectOnly || !noPath(err) || ctx.Err() != nil {
			return j, err
		}
		direct = err
		event(Event{Kind: NoDirectPath, Path: Direct, Err: err})
	}
	event(Event{Kind: Relaying, Path: Relayed})
	conn, err := signal.DialRelay(ctx, sig, rm)
	if err != nil {
		if direct != nil {
			return nil, &NoPathError{Direct: direct, Relay: err}
		}
		return nil, err
	}
	g, err := session.NewGuest(context.WithoutCancel(ctx), conn, hello)
	if err != nil {
		conn.Close()
		return nil, err
	}
	return &Joined{Guest: g, Path: Relayed, Via: strings.Join(conn.Relays(), ", "), Relay: conn}, nil
}

func joinDirect(ctx context.Context, sig signal.Signaler, rm signal.Room, cfg peer.Config, hello session.Hello) (*Joined, error) {
	off, err := peer.Dial(ctx, cfg)
	if err != nil {
		return nil, err
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
		return nil, err
	}
	conn, err := off.Accept(answer)
	if err != nil {
		return nil, fmt.Errorf("room: the host answered but the link did not open: %w", err)
	}
	g, err := session.NewGuest(context.WithoutCancel(ctx), conn, hello)
	if err != nil {
		conn.Close()
		return nil, err
	}
	return &Joined{Guest: g, Path: Direct, Via: via}, nil
}
