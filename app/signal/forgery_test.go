//go:build !(js && wasm)

package signal

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"longhall/app/internal/leaktest"

	"github.com/coder/websocket"
)

// rogueTracker is a peer in the room's swarm that knows the info-hash but
// not the secret: it answers every offer it gets with a forgery, and can
// send forged offers.
type rogueTracker struct {
	c              *websocket.Conn
	hash, peer     string
	mu             sync.Mutex
	answeredOffers int
}

func newRogueTracker(ctx context.Context, t *testing.T, url string, room Room) *rogueTracker {
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	ih := room.InfoHash()
	r := &rogueTracker{c: c, hash: latin1(ih[:]), peer: "-XX0001-" + randomID(12)}
	r.announce(ctx, t, nil)
	go func() {
		for {
			_, p, err := c.Read(ctx)
			if err != nil {
				return
			}
			var m wtMessage
			if json.Unmarshal(p, &m) != nil || m.Offer == nil {
				continue
			}
			forged := wtAnnounce{Action: "announce", InfoHash: r.hash, PeerID: r.peer, ToPeerID: m.PeerID,
				OfferID: m.OfferID, Answer: &wtSDP{Type: "answer", SDP: forgedPayload(room, kindAnswer)}}
			b, _ := json.Marshal(forged)
			if c.Write(ctx, websocket.MessageText, b) == nil {
				r.mu.Lock()
				r.answeredOffers++
				r.mu.Unlock()
			}
		}
	}()
	return r
}

// announce sends each offer in five copies, so that the host gets one
// whoever else is still in the swarm.
func (r *rogueTracker) announce(ctx context.Context, t *testing.T, offers []string) {
	a := wtAnnounce{Action: "announce", InfoHash: r.hash, PeerID: r.peer, Event: "started", NumWant: 5 * len(offers)}
	for _, o := range offers {
		for range 5 {
			a.Offers = append(a.Offers, wtOffer{Offer: wtSDP{Type: "offer", SDP: o}, OfferID: randomID(20)})
		}
	}
	b, _ := json.Marshal(a)
	if err := r.c.Write(ctx, websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
}

func (r *rogueTracker) answered() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.answeredOffers
}

// forgedPayload is what someone without the room secret can make: a
// payload sealed under another key, claiming to be an offer or answer.
func forgedPayload(room Room, kind string) string {
	other := room
	other.Secret[0] ^= 0xff
	m := message{Kind: kind, ID: offerID(testSDP), From: "mallory", SDP: testSDP}
	if kind == kindAnswer {
		m.To, m.SDP = "anyone", testAnswer
	}
	s, _ := newSealer(other, nil).seal(m)
	return s
}

func TestTrackerRefusesForgeries(t *testing.T) {
	tr := startTracker(t)
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	sig := Tracker{URL: tr.URL}
	l, err := sig.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()

	// A genuine exchange first, to capture a real sealed offer to replay.
	// The host answers once the rogue has answered the guest's offer too,
	// so that the guest is sent a forgery before the genuine answer (a
	// fixed delay would be a guess at how fast a busy machine is).
	rogue := newRogueTracker(ctx, t, tr.URL, room)
	seen := serveOne(ctx, t, l, func(*Offer) string {
		waitFor(time.Minute, func() bool { return rogue.answered() > 0 })
		return testAnswer
	})
	answer, err := sig.Call(ctx, room, testSDP)
	if err != nil {
		t.Fatal(err)
	}
	if answer != testAnswer {
		t.Fatal("the guest took a forged answer")
	}
	if rogue.answered() == 0 {
		t.Fatal("the rogue peer never got the guest's offer, so no forged answer was tried")
	}
	<-seen
	var captured string
	for _, line := range strings.Split(tr.frames(t), "\n") {
		var a wtAnnounce
		if json.Unmarshal([]byte(line), &a) == nil && len(a.Offers) > 0 && a.PeerID != rogue.peer {
			captured = a.Offers[0].Offer.SDP
		}
	}
	if captured == "" {
		t.Fatal("no sealed offer in the tracker's log")
	}

	// Forgeries and a replay reach the host and are refused.
	raw, _ := b64.DecodeString(captured)
	raw[len(raw)-1] ^= 1
	host := l.(*listener)
	before := host.rejected.Load()
	rogue.announce(ctx, t, []string{forgedPayload(room, kindOffer)})
	rogue.announce(ctx, t, []string{b64.EncodeToString(raw)})
	rogue.announce(ctx, t, []string{captured})
	rogue.announce(ctx, t, []string{"not even base64!"})
	rogue.announce(ctx, t, []string{sentinelOffer(t, room)})
	firstThrough(t, seen, host, before, 4)
}

func TestNostrRefusesForgeries(t *testing.T) {
	relay := startRelay(t)
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	sig := Nostr{URL: relay.URL}
	l, err := sig.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()

	// The rogue watches the room's topic (it is public) and answers every
	// guest it sees with a forged answer, properly signed by its own key.
	rogue, err := dialNostr(ctx, "rogue", relay.URL, NostrKind)
	if err != nil {
		t.Fatal(err)
	}
	defer rogue.close()
	if err := rogue.subscribe(ctx, "#t", room.Topic()); err != nil {
		t.Fatal(err)
	}
	forged := make(chan struct{})
	go func() {
		once := sync.OnceFunc(func() { close(forged) })
		for ev := range rogue.events {
			if err := rogue.publish(ctx, [][]string{{"p", ev.PubKey}}, forgedPayload(room, kindAnswer)); err == nil {
				once()
			}
		}
	}()
	// The host answers once the rogue has, so that the guest is sent a
	// forgery before the genuine answer.
	seen := serveOne(ctx, t, l, func(*Offer) string {
		select {
		case <-forged:
		case <-ctx.Done():
		}
		return testAnswer
	})

	answer, err := sig.Call(ctx, room, testSDP)
	if err != nil {
		t.Fatal(err)
	}
	if answer != testAnswer {
		t.Fatal("the guest took a forged answer")
	}
	<-forged // the rogue did answer, so the guest did refuse something
	<-seen

	host := l.(*listener)
	before := host.rejected.Load()
	for _, p := range []string{forgedPayload(room, kindOffer), "garbage"} {
		if err := rogue.publish(ctx, [][]string{{"t", room.Topic()}}, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := rogue.publish(ctx, [][]string{{"t", room.Topic()}}, sentinelOffer(t, room)); err != nil {
		t.Fatal(err)
	}
	firstThrough(t, seen, host, before, 2)
}

// sentinelSDP marks the genuine offer a forgery test sends after its
// forgeries.
const sentinelSDP = "v=0 sentinel"

// sentinelOffer is a genuine offer, sealed with the room's secret, sent
// after the forgeries: a relay passes one sender's messages on in order,
// and the host opens them in order, so once the sentinel reaches the app
// every forgery before it has been dealt with.
func sentinelOffer(t *testing.T, room Room) string {
	t.Helper()
	s, err := newSealer(room, nil).seal(message{Kind: kindOffer, ID: offerID(sentinelSDP), From: "sentinel", SDP: sentinelSDP})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// firstThrough checks that the first offer to reach the app after the
// forgeries is the sentinel, and that the host refused at least the
// forgeries it was sent.
func firstThrough(t *testing.T, seen <-chan *Offer, host *listener, before int64, forgeries int64) {
	t.Helper()
	select {
	case o := <-seen:
		if o.SDP != sentinelSDP {
			t.Fatalf("a forged offer reached the app: %+v", o)
		}
	case <-time.After(time.Minute):
		t.Fatal("the genuine offer sent after the forgeries never reached the app")
	}
	if n := host.rejected.Load() - before; n < forgeries {
		t.Fatalf("the host refused %d of %d forged payloads", n, forgeries)
	}
}

// TestNostrRelayChecksSignatures shows that the relay in these tests is
// strict: an event with a bad signature is refused, and our client says so.
func TestNostrRelayChecksSignatures(t *testing.T) {
	relay := startRelay(t)
	ctx := testContext(t, time.Minute)
	c, err := dialNostr(ctx, "test", relay.URL, NostrKind)
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	if err := c.publish(ctx, [][]string{{"t", "x"}}, "fine"); err != nil {
		t.Fatalf("a good event was refused: %v", err)
	}
	ev := event{CreatedAt: time.Now().Unix(), Kind: NostrKind, Tags: [][]string{{"t", "x"}}, Content: "forged"}
	if err := ev.sign(c.key); err != nil {
		t.Fatal(err)
	}
	ev.Content = "changed after signing"
	ok := make(chan okReply, 1)
	c.mu.Lock()
	c.waits[ev.ID] = ok
	c.mu.Unlock()
	if err := c.ws.send(ctx, []any{"EVENT", ev}); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-ok:
		if r.ok {
			t.Fatal("the relay accepted an event whose id does not match")
		}
	case <-ctx.Done():
		t.Fatal("no OK from the relay")
	}
}
