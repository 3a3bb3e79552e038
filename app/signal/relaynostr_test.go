//go:build !(js && wasm)

package signal

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"longhall/app/internal/bip340"
	"longhall/app/internal/leaktest"
)

// relayEvents counts the EVENTs a relay received, and their bytes.
func relayEvents(frames string) (events, size int) {
	for _, line := range strings.Split(frames, "\n") {
		if strings.HasPrefix(line, `["EVENT"`) {
			events++
			size += len(line)
		}
	}
	return events, size
}

// TestRelayedLinkOverNostr: host and guest race a tracker and two real
// Nostr relays; the link travels over the relays only (the tracker cannot
// carry it), each message once whatever the relays repeat, and no relay
// sees the messages or the link's keys in the clear.
func TestRelayedLinkOverNostr(t *testing.T) {
	tr, r1, r2 := startTracker(t), startRelay(t), startRelay(t)
	leaktest.Check(t)
	ctx := testContext(t, 2*time.Minute)
	room := newTestRoom(t)
	race := Race{Signalers: []Signaler{Tracker{URL: tr.URL}, Nostr{URL: r1.URL}, Nostr{URL: r2.URL}}}
	l, err := race.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// Race.Listen returns once one relay has the host; wait for all.
	if !waitFor(time.Minute, func() bool { return len(l.(StatusReporter).Status().Up) == 3 }) {
		t.Fatalf("status %+v", l.(StatusReporter).Status())
	}
	links := acceptRelays(ctx, t, l)
	start := time.Now()
	g, err := DialRelay(ctx, race, room)
	if err != nil {
		t.Fatal(err)
	}
	h := <-links
	t.Logf("relayed link up in %v", time.Since(start))
	const marker = "LonghallRelayedSecret"
	converse(t, g, h, 200, marker)
	if got := len(h.Relays()); got == 0 {
		t.Error("the host heard the guest through no relay")
	}
	// One relay goes down: the link goes on through the other.
	frames1 := r1.frames(t)
	r1.stop()
	start = time.Now()
	converse(t, g, h, 50, marker)
	t.Logf("50 messages each way after a relay went down, in %v", time.Since(start))
	g.Close()
	<-h.Done()
	gs, hs := g.Stats(), h.Stats()
	t.Logf("guest: %+v", gs)
	t.Logf("host:  %+v", hs)
	// Both relays carry the guest's request (sent through every one);
	// the host's frames (tagged to the guest) through at least one: which
	// one, and whether both, depends on which brought the guest first.
	both := frames1 + r2.frames(t)
	for i, frames := range []string{frames1, r2.frames(t)} {
		assertOpaque(t, frames, `"kind":25050`, `"tags":[["t","`+room.Topic()+`"]]`)
		if strings.Contains(frames, marker) {
			t.Errorf("relay %d saw the messages", i+1)
		}
		events, size := relayEvents(frames)
		t.Logf("relay %d received %d events, %d bytes", i+1, events, size)
	}
	assertOpaque(t, both, `"tags":[["p","`)
	if frames := tr.frames(t); strings.Contains(frames, `"offers"`) {
		t.Errorf("the tracker carried the link's hello:\n%.500s", frames)
	}
}

func TestDialRelayUnreachable(t *testing.T) {
	leaktest.Check(t)
	_, err := DialRelay(testContext(t, 2*time.Second), Nostr{URL: closedURL(t)}, newTestRoom(t))
	if !errors.Is(err, ErrUnreachable) {
		t.Fatalf("got %v", err)
	}
}

// TestNostrEnvelope measures what a Nostr event adds around a sealed
// frame (id, key, signature, tags), for the README's cost figures.
func TestNostrEnvelope(t *testing.T) {
	c := &nostrConn{kind: NostrKind, key: bip340.RandomKey()}
	for _, tags := range [][][]string{{{"t", newTestRoom(t).Topic()}}, {{"p", hex.EncodeToString(c.key.Public())}}} {
		ev := event{CreatedAt: time.Now().Unix(), Kind: c.kind, Tags: tags}
		if err := ev.sign(c.key); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal([]any{"EVENT", ev})
		t.Logf("an event tagged %s adds %d bytes to its content", tags[0][0], len(b))
		if len(b) > 500 {
			t.Errorf("the envelope is %d bytes", len(b))
		}
	}
}
