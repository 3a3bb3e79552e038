package signal

import (
	"context"
	"encoding/json"
	"sync"
	"time"
)

// Tracker signals through a WebTorrent tracker (the WebSocket protocol of
// bittorrent-tracker). The room is a swarm whose info-hash is
// [Room.InfoHash]. The host announces itself and stays in the swarm; a
// guest announces with copies of its sealed offer, which the tracker hands
// to other peers of the swarm, one each; the host answers through the
// tracker, which relays the answer to the guest. The sealed payload rides
// in the "sdp" field of the offer and answer objects, where WebTorrent puts
// its SDP.
type Tracker struct {
	// URL is the tracker's address, ws:// or wss://.
	URL string
	// Copies is how many copies of the offer each announce carries, so
	// that it reaches the host even when other guests are in the swarm:
	// the tracker gives each copy to a different peer, picked at random.
	// Zero means 5, what WebTorrent itself sends.
	Copies int
}

// Name is "tracker" and the tracker's host.
func (t Tracker) Name() string { return relayName("tracker", t.URL) }

// Listen joins the room's swarm as the host.
func (t Tracker) Listen(ctx context.Context, room Room) (Listener, error) {
	if err := checkWS(t.URL); err != nil {
		return nil, err
	}
	return listen(ctx, t, room, nil)
}

// Call announces the guest's offer to the room's swarm and waits for the
// host's answer.
func (t Tracker) Call(ctx context.Context, room Room, offer string) (string, error) {
	if err := checkWS(t.URL); err != nil {
		return "", err
	}
	return call(ctx, t, room, offer, nil)
}

// Re-announce bounds for a host: often enough that the tracker keeps the
// host in its swarm and the socket stays open, rarely enough to be polite.
// Variables, so tests may shorten them.
var (
	minAnnounce = 15 * time.Second
	maxAnnounce = 60 * time.Second
)

// wtSDP is what WebTorrent sends as an offer or answer (an
// RTCSessionDescription); ours carries the sealed payload as its sdp.
type wtSDP struct {
	Type string `json:"type"`
	SDP  string `json:"sdp"`
}

type wtOffer struct {
	Offer   wtSDP  `json:"offer"`
	OfferID string `json:"offer_id"`
}

// wtAnnounce is what a peer sends to the tracker. info_hash, peer_id,
// to_peer_id and offer_id are 20-character strings (binary ones are sent
// as one character per byte).
type wtAnnounce struct {
	Action     string    `json:"action"`
	InfoHash   string    `json:"info_hash"`
	PeerID     string    `json:"peer_id"`
	Event      string    `json:"event,omitempty"`
	NumWant    int       `json:"numwant"`
	Uploaded   int       `json:"uploaded"`
	Downloaded int       `json:"downloaded"`
	Offers     []wtOffer `json:"offers,omitempty"`
	Answer     *wtSDP    `json:"answer,omitempty"`
	ToPeerID   string    `json:"to_peer_id,omitempty"`
	OfferID    string    `json:"offer_id,omitempty"`
}

// wtMessage is what the tracker sends: an announce response, a relayed
// offer or a relayed answer.
type wtMessage struct {
	Action   string  `json:"action"`
	InfoHash string  `json:"info_hash"`
	PeerID   string  `json:"peer_id"`
	Offer    *wtSDP  `json:"offer"`
	Answer   *wtSDP  `json:"answer"`
	OfferID  string  `json:"offer_id"`
	Interval float64 `json:"interval"`
	Failure  string  `json:"failure reason"`
}

// latin1 spells bytes as a string of code points U+0000–U+00FF, one per
// byte: how the tracker protocol, written in JavaScript, carries binary.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

func trackerPeerID() string { return "-LH0001-" + randomID(12) }

func (t Tracker) hostSession(ctx context.Context, room Room, in chan<- inbound, present func()) error {
	c, err := dialWS(ctx, t.Name(), t.URL)
	if err != nil {
		return err
	}
	defer c.close()
	ih := room.InfoHash()
	hash, peer := latin1(ih[:]), trackerPeerID()
	announce := func(event string) error {
		return c.send(ctx, wtAnnounce{Action: "announce", InfoHash: hash, PeerID: peer, Event: event})
	}
	if err := announce("started"); err != nil {
		return err
	}
	wait := time.NewTimer(dialTimeout)
	defer wait.Stop()
	every := maxAnnounce
	tick := time.NewTicker(every)
	defer tick.Stop()
	isPresent := false
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-wait.C:
			if !isPresent {
				return &RelayError{Relay: t.Name(), What: "did not answer"}
			}
		case <-tick.C:
			if err := announce(""); err != nil {
				return err
			}
		case p, ok := <-c.in:
			if !ok {
				return c.err()
			}
			var m wtMessage
			if json.Unmarshal(p, &m) != nil || m.Action != "announce" || m.InfoHash != hash {
				continue
			}
			if m.Failure != "" {
				return &RelayError{Relay: t.Name(), What: "refused the room: " + m.Failure}
			}
			if m.Interval > 0 {
				d := min(max(time.Duration(m.Interval*float64(time.Second)), minAnnounce), maxAnnounce)
				if d != every {
					every = d
					tick.Reset(every)
				}
			}
			if m.Offer == nil && m.Answer == nil && !isPresent {
				isPresent = true
				present()
			}
			if m.Offer == nil || m.PeerID == "" || m.PeerID == peer || m.OfferID == "" {
				continue
			}
			to, offerID := m.PeerID, m.OfferID
			reply := func(rctx context.Context, sealed string) error {
				return c.send(rctx, wtAnnounce{Action: "announce", InfoHash: hash, PeerID: peer,
					ToPeerID: to, OfferID: offerID, Answer: &wtSDP{Type: "answer", SDP: sealed}})
			}
			select {
			case in <- inbound{sealed: m.Offer.SDP, reply: reply}:
			case <-ctx.Done():
				return nil
			}
		}
	}
}

func (t Tracker) guestSession(ctx context.Context, room Room) (guestLink, error) {
	c, err := dialWS(ctx, t.Name(), t.URL)
	if err != nil {
		return nil, err
	}
	ih := room.InfoHash()
	g := &trackerGuest{t: t, c: c, hash: latin1(ih[:]), peer: trackerPeerID(),
		out: make(chan string, 4), done: make(chan struct{})}
	go g.read()
	return g, nil
}

type trackerGuest struct {
	t          Tracker
	c          *wsConn
	hash, peer string
	announced  bool
	out        chan string
	done       chan struct{}
	once       sync.Once
}

func (g *trackerGuest) read() {
	defer close(g.out)
	for p := range g.c.in {
		var m wtMessage
		if json.Unmarshal(p, &m) != nil || m.Action != "announce" || m.InfoHash != g.hash {
			continue
		}
		if m.Failure != "" {
			g.c.fatal(&RelayError{Relay: g.t.Name(), What: "refused the room: " + m.Failure})
			continue
		}
		if m.Answer == nil {
			continue // the announce response, or another guest's offer
		}
		select {
		case g.out <- m.Answer.SDP:
		case <-g.done:
		}
	}
}

func (g *trackerGuest) send(ctx context.Context, sealed string) error {
	n := g.t.Copies
	if n <= 0 {
		n = 5
	}
	offers := make([]wtOffer, n)
	for i := range offers {
		offers[i] = wtOffer{Offer: wtSDP{Type: "offer", SDP: sealed}, OfferID: randomID(20)}
	}
	event := ""
	if !g.announced {
		event = "started"
	}
	err := g.c.send(ctx, wtAnnounce{Action: "announce", InfoHash: g.hash, PeerID: g.peer,
		Event: event, NumWant: n, Offers: offers})
	if err == nil {
		g.announced = true
	}
	return err
}

func (g *trackerGuest) recv() <-chan string { return g.out }
func (g *trackerGuest) err() error          { return g.c.err() }

// close leaves the swarm: the tracker drops a peer whose socket closes.
func (g *trackerGuest) close() {
	g.once.Do(func() {
		close(g.done)
		g.c.close()
	})
}
