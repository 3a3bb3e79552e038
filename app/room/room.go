// Package room joins the three layers of online play: signal finds the
// other peers of a room through public relays, peer opens a WebRTC data
// channel to each, and session runs the host-authoritative game over those
// channels. It holds no UI and no browser-only code, so the whole path runs
// natively in tests.
package room

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"longhall/app/peer"
	"longhall/app/session"
	"longhall/app/signal"
)

// Server answers guests' offers for a hosted room and attaches each link
// that opens to the session host.
type Server struct {
	host     *session.Host
	listener signal.Listener
	cfg      peer.Config
	logf     func(string, ...any)
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// Serve makes the host present in the room through sig and serves guests
// until Close or ctx ends. logf (may be nil) hears about guests whose link
// failed; the room goes on without them.
func Serve(ctx context.Context, host *session.Host, sig signal.Signaler, rm signal.Room, cfg peer.Config, logf func(string, ...any)) (*Server, error) {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	ctx, cancel := context.WithCancel(ctx)
	l, err := sig.Listen(ctx, rm)
	if err != nil {
		cancel()
		return nil, err
	}
	s := &Server{host: host, listener: l, cfg: cfg, logf: logf, cancel: cancel}
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
			if err := s.connect(ctx, offer); err != nil {
				s.logf("room: a guest via %s could not connect: %v", offer.Via, err)
			}
		}()
	}
}

// connect answers one offer and hands the opened link to the session.
func (s *Server) connect(ctx context.Context, offer *signal.Offer) error {
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

// Relays says which of the signaler's relays the host is present on now
// (all of them, as "up", when the signaler cannot tell).
func (s *Server) Relays() signal.Status {
	if r, ok := s.listener.(signal.StatusReporter); ok {
		return r.Status()
	}
	return signal.Status{}
}

// Close stops serving new guests; links already open stay with the host.
func (s *Server) Close() error {
	s.cancel()
	err := s.listener.Close()
	s.wg.Wait()
	return err
}

// Join reaches the host of a room and says hello as a guest: it makes a
// WebRTC offer, carries it to the host through sig, and opens the data
// channel with the host's answer. token re-takes a seat held before ("" for
// a newcomer). Give ctx a deadline: Join waits as long as ctx allows for
// the host to answer. ctx bounds only the joining: the guest it returns
// stays in the room until its Close.
func Join(ctx context.Context, sig signal.Signaler, rm signal.Room, cfg peer.Config, name, token string) (*session.Guest, error) {
	g, _, err := JoinVia(ctx, sig, rm, cfg, name, token)
	return g, err
}

// JoinVia is Join that also names the relay that brought the host's
// answer ("" when the signaler cannot tell).
func JoinVia(ctx context.Context, sig signal.Signaler, rm signal.Room, cfg peer.Config, name, token string) (*session.Guest, string, error) {
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
		return nil, "", fmt.Errorf("room: the host answered but the link did not open: %w", err)
	}
	g, err := session.NewGuest(context.WithoutCancel(ctx), conn, name, token)
	if err != nil {
		conn.Close()
		return nil, "", err
	}
	return g, via, nil
}
