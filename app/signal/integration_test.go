//go:build !(js && wasm)

package signal

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
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
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	sig := Tracker{URL: tr.URL}

	seen := serving(ctx, t, sig, room, fixedAnswer)

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
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	sig := Tracker{URL: tr.URL}
	// The answer names the offer it answers, so each guest can check it got
	// its own.
	serving(ctx, t, sig, room, func(o *Offer) string { return testAnswer + "a=x-offer:" + o.ID + "\r\n" })

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

func TestNostrExchange(t *testing.T) {
	relay := startRelay(t)
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	sig := Nostr{URL: relay.URL}

	seen := serving(ctx, t, sig, room, fixedAnswer)
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

// TestWasmClients builds this package's tests for js/wasm and runs
// TestWasmRelays in Node (with its WebSocket, as browsers have it) against
// a tracker and a relay started here, and a server that sends a message
// over the limit.
func TestWasmClients(t *testing.T) {
	tr, relay, flood := startTracker(t), startRelay(t), startFlood(t)
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	cmd := exec.Command(filepath.Join(goroot, "bin", "go"), "test", "-count=1", "-v", "-run", "^TestWasmRelays$",
		"-exec", filepath.Join(goroot, "lib", "wasm", "go_js_wasm_exec"), ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm",
		"NODE_OPTIONS=--experimental-websocket",
		"LONGHALL_SIGNAL_TRACKER="+tr.URL, "LONGHALL_SIGNAL_RELAY="+relay.URL, "LONGHALL_SIGNAL_FLOOD="+flood)
	out, err = cmd.CombinedOutput()
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
