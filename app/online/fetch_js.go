//go:build js && wasm

package online

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"
)

// deviceFetch is Fetcher over the browser's fetch, past the HTTP cache,
// aborted when ctx ends.
type deviceFetch struct{}

func (deviceFetch) Fetch(ctx context.Context, url string, limit int) ([]byte, error) {
	abort := js.Global().Get("AbortController").New()
	init := map[string]any{"cache": "no-store", "signal": abort.Get("signal")}
	resp, err := await(ctx, abort, js.Global().Call("fetch", url, init))
	if err != nil {
		return nil, err
	}
	if !resp.Get("ok").Bool() {
		abort.Call("abort")
		return nil, fmt.Errorf("the server answered %d %s", resp.Get("status").Int(), resp.Get("statusText").String())
	}
	buf, err := await(ctx, abort, resp.Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	n := buf.Get("byteLength").Int()
	if n > limit {
		return nil, fmt.Errorf("the answer is over %d bytes", limit)
	}
	data := make([]byte, n)
	js.CopyBytesToGo(data, js.Global().Get("Uint8Array").New(buf))
	return data, nil
}

// await waits for a promise of the request that abort controls. When ctx
// ends first it aborts the request and still waits for the promise to
// settle, which the abort makes prompt: a callback released before it
// runs would stop the program.
func await(ctx context.Context, abort, promise js.Value) (js.Value, error) {
	ch := make(chan []js.Value, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any { ch <- []js.Value{args[0]}; return nil })
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any { ch <- []js.Value{js.Undefined(), args[0]}; return nil })
	defer ok.Release()
	defer fail.Release()
	promise.Call("then", ok, fail)
	var r []js.Value
	select {
	case r = <-ch:
	case <-ctx.Done():
		abort.Call("abort")
		<-ch
		return js.Undefined(), ctx.Err()
	}
	if len(r) > 1 {
		return js.Undefined(), errors.New("the request failed: " + r[1].Call("toString").String())
	}
	return r[0], nil
}
