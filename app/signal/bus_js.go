//go:build js && wasm

package signal

import (
	"sync"
	"syscall/js"
)

// jsBus is the browser's BroadcastChannel.
type jsBus struct {
	ch     js.Value
	onmsg  js.Func
	in     chan string
	mu     sync.Mutex
	closed bool
}

func openBus(name string) (bus, error) {
	ctor := js.Global().Get("BroadcastChannel")
	if ctor.Type() != js.TypeFunction {
		return nil, newError("this browser has no BroadcastChannel")
	}
	b := &jsBus{ch: ctor.New(name), in: make(chan string, 64)}
	b.onmsg = js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) == 0 {
			return nil
		}
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		b.deliver(data.String())
		return nil
	})
	b.ch.Set("onmessage", b.onmsg)
	return b, nil
}

// deliver runs on the browser's event loop, so it must never block.
func (b *jsBus) deliver(msg string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	select {
	case b.in <- msg:
	default:
	}
}

func (b *jsBus) post(msg string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = newError("the BroadcastChannel is closed")
		}
	}()
	b.ch.Call("postMessage", msg)
	return nil
}

func (b *jsBus) messages() <-chan string { return b.in }

func (b *jsBus) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.closed = true
	b.ch.Set("onmessage", js.Null())
	b.ch.Call("close")
	b.onmsg.Release()
	close(b.in)
}
