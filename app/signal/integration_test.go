//go:build !(js && wasm)

package signal

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// assertOpaque checks that a relay saw traffic for the room but never the
// SDP text.
func assertOpaque(t *testing.T, frames string, mustSee ...string) {
	t.Helper()
	for _, leak := range []string{sdpMarker, answerMarker, "v=0", "a=ice-pwd", "webrtc-datachannel", "Zx9Q"} {
		if strings.Contains(frames, leak) {
			t.Errorf("the relay saw %q", leak)
		}
	}
	for _, s := range mustSee {
		if !strings.Contains(frames, s) {
			t.Errorf("the relay's log lacks %q, so the check above proves nothing:\n%.2000s", s, frames)
		}
	}
}

func TestTrackerExchange(t *testing.T) {
	tr := startTracker(t)
	checkLeaks(t)
	ctx := testContext(t, 20*time.Second)
	room := newTestRoom(t)
	sig := Tracker{URL: tr.URL}

	l, err := sig.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	seen := serveOne(ctx, t, l, 0, fixedAnswer)

	start := time.Now()
	answer, err := sig.Call(ctx, room, testSDP)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("offer and answer through the tracker in %v", time.Since(start))
	if answer != testAnswer {
		t.Fatalf("answer = %q", answer)
	}
	o := <-seen
	if o.SDP != testSDP || o.Via != sig.Name() || o.ID != offerID(testSDP) {
		t.Fatalf("host got %+v", o)
	}
	assertOpaque(t, tr.frames(t), `"offers":[{"offer":{"type":"offer","sdp":"`, `"answer":{"type":"answer","sdp":"`)
}

// TestTrackerTwoGuests has two guests in the swarm at once: each gets a
// copy of the other's offer, ignores it, and gets its own answer.
func TestTrackerTwoGuests(t *testing.T) {
	tr := startTracker(t)
	checkLeaks(t)
	ctx := testContext(t, 20*time.Second)
	room := newTestRoom(t)
	sig := Tracker{URL: tr.URL}
	l, err := sig.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// The answer names the offer it answers, so each guest can check it got
	// its own.
	serveOne(ctx, t, l, 0, func(o *Offer) string { return testAnswer + "a=x-offer:" + o.ID + "\r\n" })

	var wg sync.WaitGroup
	for i := range 2 {
		offer := testSDP + "a=x-guest:" + string(rune('A'+i)) + "\r\n"
		wg.Add(1)
		go func() {
			defer wg.Done()
			answer, err := sig.Call(ctx, room, offer)
			if err != nil {
				t.Errorf("guest %d: %v", i, err)
				return
			}
			if want := testAnswer + "a=x-offer:" + offerID(offer) + "\r\n"; answer != want {
				t.Errorf("guest %d got the answer to another offer", i)
			}
		}()
	}
	wg.Wait()
}

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

// waitFor polls cond for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

func TestTrackerRefusesForgeries(t *testing.T) {
	tr := startTracker(t)
	checkLeaks(t)
	ctx := testContext(t, 20*time.Second)
	room := newTestRoom(t)
	sig := Tracker{URL: tr.URL}
	l, err := sig.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()

	// A genuine exchange first, to capture a real sealed offer to replay.
	seen := serveOne(ctx, t, l, 300*time.Millisecond, fixedAnswer)
	rogue := newRogueTracker(ctx, t, tr.URL, room)
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
	if !waitFor(5*time.Second, func() bool { return host.rejected.Load()-before >= 4 }) {
		t.Fatalf("the host refused %d of 4 forged payloads", host.rejected.Load()-before)
	}
	select {
	case o := <-seen:
		t.Fatalf("a forged offer reached the app: %+v", o)
	case <-time.After(300 * time.Millisecond):
	}
}

func TestNostrExchange(t *testing.T) {
	relay := startRelay(t)
	checkLeaks(t)
	ctx := testContext(t, 20*time.Second)
	room := newTestRoom(t)
	sig := Nostr{URL: relay.URL}

	l, err := sig.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	seen := serveOne(ctx, t, l, 0, fixedAnswer)
	start := time.Now()
	answer, err := sig.Call(ctx, room, testSDP)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("offer and answer through the relay in %v", time.Since(start))
	if answer != testAnswer {
		t.Fatalf("answer = %q", answer)
	}
	if o := <-seen; o.SDP != testSDP || o.Via != sig.Name() {
		t.Fatalf("host got %+v", o)
	}
	frames := relay.frames(t)
	assertOpaque(t, frames, `["REQ",`, `"#t":["`+room.Topic()+`"]`, `"kind":25050`, `"tags":[["t","`+room.Topic()+`"]]`, `"tags":[["p","`)
}

func TestNostrRefusesForgeries(t *testing.T) {
	relay := startRelay(t)
	checkLeaks(t)
	ctx := testContext(t, 20*time.Second)
	room := newTestRoom(t)
	sig := Nostr{URL: relay.URL}
	l, err := sig.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	seen := serveOne(ctx, t, l, 300*time.Millisecond, fixedAnswer)

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
	var forgedAnswers sync.WaitGroup
	forgedAnswers.Add(1)
	go func() {
		once := sync.OnceFunc(forgedAnswers.Done)
		for ev := range rogue.events {
			if err := rogue.publish(ctx, [][]string{{"p", ev.PubKey}}, forgedPayload(room, kindAnswer)); err == nil {
				once()
			}
		}
	}()

	answer, err := sig.Call(ctx, room, testSDP)
	if err != nil {
		t.Fatal(err)
	}
	if answer != testAnswer {
		t.Fatal("the guest took a forged answer")
	}
	forgedAnswers.Wait() // the rogue did answer, so the guest did refuse something
	<-seen

	host := l.(*listener)
	before := host.rejected.Load()
	for _, p := range []string{forgedPayload(room, kindOffer), "garbage"} {
		if err := rogue.publish(ctx, [][]string{{"t", room.Topic()}}, p); err != nil {
			t.Fatal(err)
		}
	}
	if !waitFor(5*time.Second, func() bool { return host.rejected.Load()-before >= 2 }) {
		t.Fatalf("the host refused %d of 2 forged payloads", host.rejected.Load()-before)
	}
	select {
	case o := <-seen:
		t.Fatalf("a forged offer reached the app: %+v", o)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestNostrRelayChecksSignatures shows that the relay in these tests is
// strict: an event with a bad signature is refused, and our client says so.
func TestNostrRelayChecksSignatures(t *testing.T) {
	relay := startRelay(t)
	ctx := testContext(t, 10*time.Second)
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

func TestRaceFallsBack(t *testing.T) {
	tr, relay := startTracker(t), startRelay(t)
	checkLeaks(t)
	cases := []struct {
		name    string
		members []Signaler
		winner  int
	}{
		{"tracker down", []Signaler{Tracker{URL: closedURL(t)}, Nostr{URL: relay.URL}}, 1},
		{"relay down", []Signaler{Tracker{URL: tr.URL}, Nostr{URL: closedURL(t)}}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := testContext(t, 15*time.Second)
			room := newTestRoom(t)
			race := Race{Signalers: c.members}
			l, err := race.Listen(ctx, room)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			// The host can tell which relay answered and which did not.
			st := l.(StatusReporter).Status()
			if len(st.Up) != 1 || st.Up[0] != c.members[c.winner].Name() || len(st.Down) != 1 || st.Down[0] != c.members[1-c.winner].Name() {
				t.Fatalf("status %+v", st)
			}
			seen := serveOne(ctx, t, l, 0, fixedAnswer)
			start := time.Now()
			answer, via, err := race.CallVia(ctx, room, testSDP)
			if err != nil {
				t.Fatal(err)
			}
			if answer != testAnswer || via != c.members[c.winner].Name() {
				t.Fatalf("answer via %q, want %q", via, c.members[c.winner].Name())
			}
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("the race took %v: it waited for the dead relay", d)
			}
			if o := <-seen; o.Via != c.members[c.winner].Name() {
				t.Fatalf("host got the offer via %q", o.Via)
			}
		})
	}
}

// TestRaceOneOfferOnce sends one offer through a tracker and a relay at
// once: the host's app sees it once, and its one answer goes back through
// both.
func TestRaceOneOfferOnce(t *testing.T) {
	tr, relay := startTracker(t), startRelay(t)
	checkLeaks(t)
	ctx := testContext(t, 15*time.Second)
	room := newTestRoom(t)
	race := Race{Signalers: []Signaler{Tracker{URL: tr.URL}, Nostr{URL: relay.URL}}}
	l, err := race.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// Answer late, so that the offer has come through both relays first.
	seen := serveOne(ctx, t, l, 500*time.Millisecond, fixedAnswer)
	answer, via, err := race.CallVia(ctx, room, testSDP)
	if err != nil || answer != testAnswer {
		t.Fatalf("CallVia = %q, %v", answer, err)
	}
	t.Logf("answer via %s", via)
	<-seen
	select {
	case o := <-seen:
		t.Fatalf("the app got the same offer twice (second via %s)", o.Via)
	case <-time.After(time.Second):
	}
	hostAnswered := func(frames, mark string) bool { return strings.Contains(frames, mark) }
	if !waitFor(3*time.Second, func() bool {
		return hostAnswered(tr.frames(t), `"answer":{"type":"answer"`) && hostAnswered(relay.frames(t), `"tags":[["p","`)
	}) {
		t.Fatal("the one answer did not go back through both relays")
	}
}

func TestRaceAllDown(t *testing.T) {
	checkLeaks(t)
	ctx := testContext(t, 10*time.Second)
	room := newTestRoom(t)
	race := Race{Signalers: []Signaler{Tracker{URL: closedURL(t)}, Nostr{URL: closedURL(t)}}}
	if _, err := race.Listen(ctx, room); !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), "could not connect") {
		t.Fatalf("Listen with every relay down: %v", err)
	}
	cctx, cancel := context.WithTimeout(ctx, 1500*time.Millisecond)
	defer cancel()
	_, _, err := race.CallVia(cctx, room, testSDP)
	if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "could not connect") || !strings.HasPrefix(err.Error(), "signal: ") {
		t.Fatalf("CallVia with every relay down: %v", err)
	}
	t.Logf("the player reads: %v", err)
}

// TestHostReconnects stops the tracker under a listening host and starts
// it again on the same port: the host comes back by itself, re-announcing
// meanwhile, and a guest gets through.
func TestHostReconnects(t *testing.T) {
	defer func(a, b time.Duration) { minAnnounce, maxAnnounce = a, b }(minAnnounce, maxAnnounce)
	minAnnounce, maxAnnounce = 100*time.Millisecond, 100*time.Millisecond
	tr := startTracker(t)
	ctx := testContext(t, 20*time.Second)
	room := newTestRoom(t)
	sig := Tracker{URL: tr.URL}
	l, err := sig.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	serveOne(ctx, t, l, 0, fixedAnswer)

	announces := func(frames string) int { return strings.Count(frames, `"action":"announce"`) }
	if !waitFor(3*time.Second, func() bool { return announces(tr.frames(t)) >= 4 }) {
		t.Fatalf("the host announced %d times in 3 s with a 100 ms interval", announces(tr.frames(t)))
	}

	tr.stop()
	tr2 := startNode(t, "tracker.mjs", tr.Port)
	answer, err := sig.Call(ctx, room, testSDP)
	if err != nil || answer != testAnswer {
		t.Fatalf("after the tracker restarted: %q, %v", answer, err)
	}
	if announces(tr2.frames(t)) == 0 {
		t.Fatal("the restarted tracker saw nothing")
	}
}

func TestListenAndCallErrors(t *testing.T) {
	ctx := testContext(t, 10*time.Second)
	room := newTestRoom(t)
	down := closedURL(t)
	for _, s := range []Signaler{Tracker{URL: down}, Nostr{URL: down}} {
		_, err := s.Listen(ctx, room)
		var re *RelayError
		if !errors.As(err, &re) || re.What != "could not connect" || !strings.HasPrefix(err.Error(), "signal: ") {
			t.Errorf("%s: Listen = %v", s.Name(), err)
		}
		cctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		_, err = s.Call(cctx, room, testSDP)
		cancel()
		if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "could not connect") {
			t.Errorf("%s: Call = %v", s.Name(), err)
		}
	}
	for _, s := range []Signaler{Tracker{URL: "https://x.example"}, Nostr{URL: ""}} {
		if _, err := s.Listen(ctx, room); err == nil || !strings.HasPrefix(err.Error(), "signal: ") {
			t.Errorf("%s: Listen with a bad address = %v", s.Name(), err)
		}
	}
	if _, err := (Broadcast{}).Call(ctx, room, ""); err == nil {
		t.Error("Call with an empty offer succeeded")
	}
}

// TestWasmClients builds this package's tests for js/wasm and runs
// TestWasmRelays in Node (with its WebSocket, as browsers have it) against
// a tracker and a relay started here.
func TestWasmClients(t *testing.T) {
	tr, relay := startTracker(t), startRelay(t)
	goroot := runtime.GOROOT()
	cmd := exec.Command(filepath.Join(goroot, "bin", "go"), "test", "-count=1", "-v", "-run", "^TestWasmRelays$",
		"-exec", filepath.Join(goroot, "lib", "wasm", "go_js_wasm_exec"), ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm",
		"NODE_OPTIONS=--experimental-websocket",
		"LONGHALL_SIGNAL_TRACKER="+tr.URL, "LONGHALL_SIGNAL_RELAY="+relay.URL)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestWasmRelays") {
		t.Fatalf("the wasm build failed against the relays: %v\n%s", err, out)
	}
	t.Logf("%s", out)
	if strings.Contains(string(out), "SKIP") {
		t.Fatalf("the wasm test skipped:\n%s", out)
	}
	assertOpaque(t, tr.frames(t), `"offers":[{"offer":{"type":"offer","sdp":"`)
	assertOpaque(t, relay.frames(t), `"kind":25050`)
}
