//go:build js && wasm

package jsevent

import (
	"sync"
	"syscall/js"
)

// Handlers are the handlers set through it, until Release.
type Handlers struct {
	mu  sync.Mutex
	set []handler
}

// handler is one event handler property set on a browser object.
type handler struct {
	on   js.Value
	name string
	fn   js.Func
}

// Set makes f the handler property name of v. f runs in the browser's
// event, so it must not block: it queues, or hands its work to a
// goroutine.
func (h *Handlers) Set(v js.Value, name string, f func(ev js.Value)) {
	fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := js.Undefined()
		if len(args) > 0 {
			ev = args[0]
		}
		f(ev)
		return nil
	})
	h.mu.Lock()
	h.set = append(h.set, handler{v, name, fn})
	h.mu.Unlock()
	v.Set(name, fn)
}

// Release takes off every handler set so far and releases it: the
// browser calls no handler that is no longer set, so none runs after.
func (h *Handlers) Release() {
	h.mu.Lock()
	set := h.set
	h.set = nil
	h.mu.Unlock()
	for _, s := range set {
		s.on.Set(s.name, js.Null())
		s.fn.Release()
	}
}
