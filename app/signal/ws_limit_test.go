//go:build !(js && wasm)

package signal

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// startFlood starts a WebSocket server on 127.0.0.1 that sends each client
// one text message a byte over maxFrame, as a hostile relay might, and
// then holds the connection open.
func startFlood(t testing.TB) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx, cancel := context.WithTimeout(r.Context(), time.Minute)
		defer cancel()
		if c.Write(ctx, websocket.MessageText, []byte(strings.Repeat("x", maxFrame+1))) != nil {
			return
		}
		c.Read(ctx) // until the client gives up on it
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

// TestAnOversizedMessageEndsTheConnection: a relay's message over the
// limit is refused with an error, not read into memory.
func TestAnOversizedMessageEndsTheConnection(t *testing.T) {
	checkOversized(t, startFlood(t))
}
