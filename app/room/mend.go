package room

import (
	"context"
	"fmt"

	"longhall/app/peer"
	"longhall/app/signal"
)

// A guest's direct link mends in place when its path dies (the session's
// heartbeat asks it to, see session.Mender): an ICE restart, whose offer
// and answer travel through the room's relays like the first ones. The
// host tells a restart offer from a new guest's by its DTLS fingerprint,
// which a peer keeps across restarts: an offer whose fingerprint is an
// open link's is answered on that link. A mended link keeps its session:
// no new hello, and what was sent into the dead path goes out again on
// the new one (the data channel's own retransmission).

// mendable is a guest's direct link that can mend.
type mendable struct {
	*peer.Conn
	sig signal.Signaler
	rm  signal.Room
}

// Mend makes an ICE-restart offer, carries it to the host, and takes the
// answer. The new path opens a moment later.
func (m *mendable) Mend(ctx context.Context) error {
	offer, err := m.RestartOffer()
	if err != nil {
		return err
	}
	answer, err := m.sig.Call(ctx, m.rm, offer)
	if err != nil {
		return fmt.Errorf("room: the restart offer found no host: %w", err)
	}
	return m.AcceptRestart(answer)
}

// links are the host's open direct links, by their guest's fingerprint.
type links struct {
	byPrint map[string]*peer.Conn
}

// keep remembers an open link until it ends.
func (s *Server) keep(conn *peer.Conn) {
	fp := conn.RemoteFingerprint()
	if fp == "" {
		return
	}
	s.mu.Lock()
	s.links.byPrint[fp] = conn
	s.mu.Unlock()
	go func() {
		<-conn.Done()
		s.mu.Lock()
		if s.links.byPrint[fp] == conn {
			delete(s.links.byPrint, fp)
		}
		s.mu.Unlock()
	}()
}

// linkFor is the open link an offer restarts, if any.
func (s *Server) linkFor(offer string) *peer.Conn {
	fp := peer.Fingerprint(offer)
	if fp == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.links.byPrint[fp]
}

// mend answers a guest's ICE-restart offer on its open link.
func (s *Server) mend(ctx context.Context, offer *signal.Offer, conn *peer.Conn) error {
	answer, err := conn.AnswerRestart(offer.SDP)
	if err != nil {
		return err
	}
	if err := offer.Answer(ctx, answer); err != nil {
		return err
	}
	s.event(Event{Kind: GuestMended, Path: Direct, Via: offer.Via})
	return nil
}
