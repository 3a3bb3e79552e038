//go:build js && wasm

package online

import (
	"context"
	"syscall/js"
)

// deviceNetwork is the browser's view of the network: the window's online
// and offline events, and a HEAD request for the page itself (the service
// worker answers only GETs, so this one goes to the network).
type deviceNetwork struct{}

func (deviceNetwork) Changes(ctx context.Context) <-chan bool {
	ch := make(chan bool, 8)
	win := js.Global()
	tell := func(up bool) js.Func {
		return js.FuncOf(func(js.Value, []js.Value) any {
			select {
			case ch <- up:
			default:
			}
			return nil
		})
	}
	on, off := tell(true), tell(false)
	win.Call("addEventListener", "online", on)
	win.Call("addEventListener", "offline", off)
	go func() {
		<-ctx.Done()
		win.Call("removeEventListener", "online", on)
		win.Call("removeEventListener", "offline", off)
		on.Release()
		off.Release()
	}()
	return ch
}

func (deviceNetwork) Reach(ctx context.Context) bool {
	loc := js.Global().Get("location")
	url := loc.Get("origin").String() + loc.Get("pathname").String()
	abort := js.Global().Get("AbortController").New()
	done := make(chan bool, 1)
	ok := js.FuncOf(func(js.Value, []js.Value) any { done <- true; return nil })
	fail := js.FuncOf(func(js.Value, []js.Value) any { done <- false; return nil })
	defer ok.Release()
	defer fail.Release()
	js.Global().Call("fetch", url, map[string]any{"method": "HEAD", "cache": "no-store", "signal": abort.Get("signal")}).Call("then", ok, fail)
	select {
	case r := <-done:
		return r
	case <-ctx.Done():
		abort.Call("abort")
		<-done
		return false
	}
}
