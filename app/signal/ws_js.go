//go:build js && wasm

package signal

import (
	"context"
	"sync"
	"syscall/js"

	"longhall/app/internal/jsevent"
)

// maxQueued bounds the bytes received and not yet read: a relay that
// floods a slow reader loses its connection instead of the tab's memory.
const maxQueued = 4 * maxFrame

// jsSocket is a socket on the browser's WebSocket. Its event handlers run
// on the browser's event loop, so they only queue what arrives and never
// block; read takes it from the queue on the reader's goroutine, in the
// order it came.
type jsSocket struct {
	ws     js.Value
	opened chan struct{} // closed by the open event
	done   chan struct{} // closed when the connection has ended
	notify chan struct{} // a message or the end; one token is enough

	mu     sync.Mutex
	queue  [][]byte
	queued int   // bytes in queue
	why    error // why it ended; nil while it lasts

	closing  sync.Once // closes it and releases its handlers
	handlers jsevent.Handlers
}

func dialSocket(ctx context.Context, u string) (_ socket, err error) {
	defer caughtJS(&err)
	ctor := js.Global().Get("WebSocket")
	if ctor.Type() != js.TypeFunction {
		return nil, newError("this browser has no WebSocket")
	}
	s := &jsSocket{
		ws:     ctor.New(u),
		opened: make(chan struct{}),
		done:   make(chan struct{}),
		notify: make(chan struct{}, 1),
	}
	// Binary messages as ArrayBuffers, which can be copied at once; a
	// Blob would take an asynchronous read.
	s.ws.Set("binaryType", "arraybuffer")
	var openOnce sync.Once
	s.on("onopen", func(js.Value) { openOnce.Do(func() { close(s.opened) }) })
	s.on("onmessage", func(ev js.Value) { s.message(ev.Get("data")) })
	// The browser says nothing of why a WebSocket failed (on purpose: a
	// page must not probe the network); close follows with a code.
	s.on("onerror", func(js.Value) { s.end(newError("the WebSocket failed")) })
	s.on("onclose", func(ev js.Value) {
		s.end(errorf("the WebSocket closed (code %d%s)", ev.Get("code").Int(), reasonOf(ev)))
		go s.closeNow() // its handlers, released off the event they run in
	})
	select {
	case <-s.opened:
		return s, nil
	case <-s.done:
		s.closeNow()
		return nil, s.err()
	case <-ctx.Done():
		s.closeNow()
		return nil, ctx.Err()
	}
}

func reasonOf(ev js.Value) string {
	if r := ev.Get("reason"); r.Type() == js.TypeString && r.String() != "" {
		return ": " + r.String()
	}
	return ""
}

// on sets the handler property name (onopen, onmessage…) to f.
func (s *jsSocket) on(name string, f func(ev js.Value)) { s.handlers.Set(s.ws, name, f) }

// message queues one message's bytes: a string as UTF-8, an ArrayBuffer
// as it is. Too large a message, or too much unread, ends the connection.
func (s *jsSocket) message(data js.Value) {
	var p []byte
	switch {
	case data.Type() == js.TypeString:
		p = []byte(data.String())
	case data.InstanceOf(js.Global().Get("ArrayBuffer")):
		n := data.Get("byteLength").Int()
		if n > maxFrame {
			s.fail(errorf("a message of %d bytes, over the limit of %d", n, maxFrame))
			return
		}
		p = make([]byte, n)
		js.CopyBytesToGo(p, js.Global().Get("Uint8Array").New(data))
	default:
		s.fail(newError("a message that is neither text nor bytes"))
		return
	}
	if len(p) > maxFrame {
		s.fail(errorf("a message of %d bytes, over the limit of %d", len(p), maxFrame))
		return
	}
	s.mu.Lock()
	if s.why != nil {
		s.mu.Unlock()
		return
	}
	if s.queued+len(p) > maxQueued {
		s.mu.Unlock()
		s.fail(newError("too many messages waiting to be read"))
		return
	}
	s.queue = append(s.queue, p)
	s.queued += len(p)
	s.mu.Unlock()
	s.wake()
}

// fail ends the connection for err and closes the WebSocket.
func (s *jsSocket) fail(err error) {
	s.end(err)
	go s.closeNow()
}

// end records why the connection ended (the first reason wins).
func (s *jsSocket) end(err error) {
	s.mu.Lock()
	first := s.why == nil
	if first {
		s.why = err
	}
	s.mu.Unlock()
	if first {
		close(s.done)
		s.wake()
	}
}

func (s *jsSocket) wake() {
	select {
	case s.notify <- struct{}{}:
	default:
	}
}

func (s *jsSocket) err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.why
}

// read returns the queued messages in order, then why the connection
// ended.
func (s *jsSocket) read(ctx context.Context) ([]byte, error) {
	for {
		s.mu.Lock()
		if len(s.queue) > 0 {
			p := s.queue[0]
			s.queue[0] = nil
			s.queue = s.queue[1:]
			s.queued -= len(p)
			s.mu.Unlock()
			return p, nil
		}
		why := s.why
		s.mu.Unlock()
		if why != nil {
			return nil, why
		}
		select {
		case <-s.notify:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (s *jsSocket) writeText(ctx context.Context, p []byte) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := s.err(); err != nil {
		return err
	}
	defer caughtJS(&err)
	if s.ws.Get("readyState").Int() != 1 { // OPEN
		return newError("the WebSocket is not open")
	}
	s.ws.Call("send", string(p))
	return nil
}

// closeNow closes the WebSocket and takes off and releases its handlers;
// the browser calls no handler that is no longer set.
func (s *jsSocket) closeNow() {
	s.end(newError("closed"))
	s.closing.Do(func() {
		func() {
			defer caughtJS(new(error))
			s.ws.Call("close")
		}()
		s.handlers.Release()
	})
}

// caughtJS turns an exception thrown by the browser (a malformed address,
// a WebSocket already closed) into an error instead of a panic.
func caughtJS(err *error) {
	if r := recover(); r != nil {
		if e, ok := r.(error); ok {
			*err = errorf("the browser refused: %w", e)
		} else {
			*err = errorf("the browser refused: %v", r)
		}
	}
}
