package signal

import (
	"context"
	"encoding/json"
	"net/url"
	"sync"
)

// maxFrame bounds one incoming WebSocket message.
const maxFrame = 1 << 20

// socket is one WebSocket connection: coder/websocket natively
// (ws_native.go), the browser's own WebSocket in wasm (ws_js.go), so that
// app.wasm carries no second WebSocket client and none of net/http.
type socket interface {
	// read waits for the next message; a message over maxFrame ends the
	// connection with an error.
	read(ctx context.Context) ([]byte, error)
	// writeText sends p as one text message.
	writeText(ctx context.Context, p []byte) error
	// closeNow ends the connection without waiting for the other side.
	closeNow()
}

// wsConn is a JSON-over-WebSocket connection with its reader on a
// goroutine of its own.
type wsConn struct {
	relay string
	c     socket
	in    chan []byte // closed when the connection ends
	once  sync.Once
	mu    sync.Mutex
	fail  error
}

// checkWS says whether u is a ws:// or wss:// URL.
func checkWS(u string) error {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "ws" && p.Scheme != "wss") || p.Host == "" {
		return errorf("%q is not a ws:// or wss:// address", u)
	}
	return nil
}

// relayName is a relay's URL, shorter for display.
func relayName(kind, u string) string {
	if p, err := url.Parse(u); err == nil && p.Host != "" {
		if p.Path == "" || p.Path == "/" {
			return kind + " " + p.Host
		}
		return kind + " " + p.Host + p.Path
	}
	return kind + " " + u
}

func dialWS(ctx context.Context, relay, u string) (*wsConn, error) {
	dctx, cancel := context.WithTimeout(ctx, dialTimeout)
	defer cancel()
	c, err := dialSocket(dctx, u)
	if err != nil {
		return nil, &RelayError{Relay: relay, What: "could not connect", Err: err}
	}
	w := &wsConn{relay: relay, c: c, in: make(chan []byte, 16)}
	go w.read()
	return w, nil
}

func (w *wsConn) read() {
	defer close(w.in)
	for {
		p, err := w.c.read(context.Background())
		if err != nil {
			w.setErr(&RelayError{Relay: w.relay, What: "connection lost", Err: err})
			return
		}
		w.in <- p
	}
}

func (w *wsConn) setErr(err error) {
	w.mu.Lock()
	if w.fail == nil {
		w.fail = err
	}
	w.mu.Unlock()
}

// err says why the connection ended.
func (w *wsConn) err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fail == nil {
		return &RelayError{Relay: w.relay, What: "connection lost"}
	}
	return w.fail
}

// send writes v as one JSON text message.
func (w *wsConn) send(ctx context.Context, v any) error {
	p, err := json.Marshal(v)
	if err != nil {
		return errorf("cannot encode a message: %w", err)
	}
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	if err := w.c.writeText(wctx, p); err != nil {
		return &RelayError{Relay: w.relay, What: "connection lost", Err: err}
	}
	return nil
}

// fatal records err as the reason and closes the connection.
func (w *wsConn) fatal(err error) {
	w.setErr(err)
	w.close()
}

// close ends the connection; the reader then drains and closes in.
func (w *wsConn) close() {
	w.once.Do(func() {
		w.setErr(newError("closed"))
		w.c.closeNow()
		// Drain so that the reader is never stuck on a full channel.
		go func() {
			for range w.in {
			}
		}()
	})
}
