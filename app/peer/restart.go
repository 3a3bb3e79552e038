package peer

import (
	"fmt"
	"strings"
	"sync"

	"github.com/pion/webrtc/v4"
)

// An open link whose path died (a phone that moved to another network, a
// home router that renumbered) can be mended in place with an ICE restart:
// the calling side makes a new offer with new ICE credentials and new
// candidates, the other side answers it on the same peer connection, and
// the data channel, its DTLS session and its queued messages carry on over
// the new path. The offer and answer travel like the first ones, through
// the signaling relays; Fingerprint lets the answering side find the link
// an offer is for.

// RestartOffer makes an ICE-restart offer for this link, on the calling
// side, and returns it once gathered (see Config.GatherTimeout). Send it
// to the other side, and give its answer to AcceptRestart.
func (c *Conn) RestartOffer() (string, error) {
	c.restartMu.Lock()
	defer c.restartMu.Unlock()
	if err := c.Err(); err != nil {
		return "", err
	}
	offer, err := c.pc.CreateOffer(&webrtc.OfferOptions{ICERestart: true})
	if err != nil {
		return "", fmt.Errorf("%w (%v)", ErrSetup, err)
	}
	return c.describeWhen(offer, c.gatheredAgain())
}

// AcceptRestart takes the other side's answer to RestartOffer. The new
// path opens a moment later; messages sent meanwhile wait for it.
func (c *Conn) AcceptRestart(answer string) error {
	if err := checkSDP(answer); err != nil {
		return fmt.Errorf("%w: %v", ErrBadAnswer, err)
	}
	c.restartMu.Lock()
	defer c.restartMu.Unlock()
	if err := c.Err(); err != nil {
		return err
	}
	if err := c.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: answer}); err != nil {
		return fmt.Errorf("%w (%v)", ErrBadAnswer, err)
	}
	return nil
}

// AnswerRestart takes the calling side's ICE-restart offer for this link,
// on the answering side, and returns the answer to send back.
func (c *Conn) AnswerRestart(offer string) (string, error) {
	if err := checkSDP(offer); err != nil {
		return "", fmt.Errorf("%w: %v", ErrBadOffer, err)
	}
	c.restartMu.Lock()
	defer c.restartMu.Unlock()
	if err := c.Err(); err != nil {
		return "", err
	}
	if err := c.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: offer}); err != nil {
		return "", fmt.Errorf("%w (%v)", ErrBadOffer, err)
	}
	answer, err := c.pc.CreateAnswer(nil)
	if err != nil {
		return "", fmt.Errorf("%w (%v)", ErrSetup, err)
	}
	return c.describeWhen(answer, c.gatheredAgain())
}

// gatheredAgain is closed when ICE gathering next completes. The first
// gathering completed long ago, so webrtc.GatheringCompletePromise would
// be closed at once, with the dead path's candidates: a restart waits for
// the gathering it starts.
func (c *Conn) gatheredAgain() <-chan struct{} {
	done := make(chan struct{})
	var once sync.Once
	// A nil candidate marks the end of gathering, natively and in the
	// browser alike.
	c.pc.OnICECandidate(func(cand *webrtc.ICECandidate) {
		if cand == nil {
			once.Do(func() { close(done) })
		}
	})
	return done
}

// RemoteFingerprint is the other side's DTLS certificate fingerprint, as
// its offer or answer gave it; "" before the other side has given one.
func (c *Conn) RemoteFingerprint() string {
	d := c.pc.RemoteDescription()
	if d == nil {
		return ""
	}
	return Fingerprint(d.SDP)
}

// Fingerprint reads the DTLS certificate fingerprint of a session
// description ("sha-256 AB:CD:…"), "" when it has none. A peer keeps its
// certificate across an ICE restart, so a restart offer carries the same
// fingerprint as the offer that opened the link.
func Fingerprint(sdp string) string {
	for line := range strings.Lines(sdp) {
		if f, ok := strings.CutPrefix(strings.TrimSpace(line), "a=fingerprint:"); ok {
			return strings.ToLower(f)
		}
	}
	return ""
}
