//go:build js && wasm

package signal

import (
	"os"
	"testing"
	"time"
)

// TestWasmRelays runs host and guest, compiled to wasm, through the
// tracker and the relay whose addresses TestWasmClients passes in the
// environment: the browser build of the WebSocket client against the real
// servers, and against one that sends a message over the limit. Run alone
// it has nothing to connect to and skips.
func TestWasmRelays(t *testing.T) {
	tracker, relay := os.Getenv("LONGHALL_SIGNAL_TRACKER"), os.Getenv("LONGHALL_SIGNAL_RELAY")
	if tracker == "" || relay == "" {
		t.Skip("run by TestWasmClients, which starts a tracker and a relay")
	}
	t.Run("oversized", func(t *testing.T) {
		flood := os.Getenv("LONGHALL_SIGNAL_FLOOD")
		if flood == "" {
			t.Fatal("TestWasmClients passes no LONGHALL_SIGNAL_FLOOD")
		}
		checkOversized(t, flood)
	})
	for _, sig := range []Signaler{Tracker{URL: tracker}, Nostr{URL: relay}} {
		t.Run(sig.Name(), func(t *testing.T) {
			ctx := testContext(t, time.Minute)
			room := newTestRoom(t)
			seen := serving(ctx, t, sig, room, fixedAnswer)
			answer, err := sig.Call(ctx, room, testSDP)
			if err != nil {
				t.Fatal(err)
			}
			if answer != testAnswer {
				t.Fatalf("answer = %q", answer)
			}
			if o := <-seen; o.SDP != testSDP {
				t.Fatalf("host got %q", o.SDP)
			}
		})
	}
}
