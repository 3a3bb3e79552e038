//go:build js && wasm

package peer

import (
	"errors"
	"sync"
	"syscall/js"

	"longhall/app/internal/jsevent"
)

// waitWhenFull: a browser cannot pause a data channel, so waiting would
// only pile up goroutines; a full receive queue closes the link instead.
const waitWhenFull = false

// SettingEngineFunc stands for pion's setting engine, which the browser
// does not have: Config.SettingEngine is ignored here.
type SettingEngineFunc = func(*struct{})

// hasWebRTC says whether the browser can make a peer connection.
func hasWebRTC() error {
	if js.Global().Get("RTCPeerConnection").Truthy() {
		return nil
	}
	return ErrNoWebRTC
}

// jsLink is rtcLink on the browser's RTCPeerConnection and RTCDataChannel,
// called through syscall/js as pion's own browser build did: each event
// handler starts a goroutine and returns at once (a handler that blocked
// would stall the browser), and each promise is awaited on the caller's
// goroutine.
type jsLink struct {
	pc, dc js.Value

	handlers jsevent.Handlers // set on pc and dc; taken off and released by close
}

func newLink(cfg Config) (_ rtcLink, err error) {
	defer recoverJS(&err)
	servers := js.Global().Get("Array").New()
	for _, s := range cfg.ICEServers {
		urls := js.Global().Get("Array").New()
		for _, u := range s.URLs {
			urls.Call("push", u)
		}
		server := map[string]any{"urls": urls}
		if s.Username != "" {
			server["username"] = s.Username
		}
		if s.Credential != "" {
			server["credential"] = s.Credential
		}
		servers.Call("push", server)
	}
	pc := js.Global().Get("RTCPeerConnection").New(map[string]any{"iceServers": servers})
	dc := pc.Call("createDataChannel", channelLabel, map[string]any{"negotiated": true, "id": channelID})
	// Binary messages as ArrayBuffers: a Blob (some browsers' default)
	// takes an asynchronous read, which would let messages overtake each
	// other.
	dc.Set("binaryType", "arraybuffer")
	return &jsLink{pc: pc, dc: dc}, nil
}

// on sets a handler that hands the event to f on a goroutine of its own.
func (l *jsLink) on(v js.Value, name string, f func(js.Value)) {
	l.handlers.Set(v, name, func(ev js.Value) { go f(ev) })
}

func (l *jsLink) onOpen(f func())  { l.on(l.dc, "onopen", func(js.Value) { f() }) }
func (l *jsLink) onClose(f func()) { l.on(l.dc, "onclose", func(js.Value) { f() }) }

// onMessage copies each message out of the browser before the handler's
// goroutine starts: the order of the copies is the order of arrival.
func (l *jsLink) onMessage(f func([]byte)) {
	l.handlers.Set(l.dc, "onmessage", func(ev js.Value) {
		data := ev.Get("data")
		var m []byte
		if data.Type() == js.TypeString {
			m = []byte(data.String())
		} else {
			a := js.Global().Get("Uint8Array").New(data)
			m = make([]byte, a.Length())
			js.CopyBytesToGo(m, a)
		}
		go f(m)
	})
}

func (l *jsLink) onStateChange(f func()) {
	l.on(l.pc, "onconnectionstatechange", func(js.Value) { f() })
}

func (l *jsLink) state() rtcState { return stateNamed(l.pc.Get("connectionState").String()) }

func (l *jsLink) createOffer() (string, error)  { return l.describe("createOffer") }
func (l *jsLink) createAnswer() (string, error) { return l.describe("createAnswer") }

func (l *jsLink) describe(method string) (_ string, err error) {
	defer recoverJS(&err)
	d, err := await(l.pc.Call(method))
	if err != nil {
		return "", err
	}
	return d.Get("sdp").String(), nil
}

// setLocal watches for the end of ICE gathering before it sets the
// description, so that the end cannot pass unseen.
func (l *jsLink) setLocal(kind, sdp string) (_ <-chan struct{}, err error) {
	defer recoverJS(&err)
	gathered := make(chan struct{})
	var once sync.Once
	done := func() { once.Do(func() { close(gathered) }) }
	l.on(l.pc, "onicegatheringstatechange", func(js.Value) {
		if l.pc.Get("iceGatheringState").String() == "complete" {
			done()
		}
	})
	// A null candidate also ends gathering, in browsers that send it
	// without a state change.
	l.on(l.pc, "onicecandidate", func(ev js.Value) {
		if c := ev.Get("candidate"); c.IsNull() || c.IsUndefined() {
			done()
		}
	})
	if _, err := await(l.pc.Call("setLocalDescription", map[string]any{"type": kind, "sdp": sdp})); err != nil {
		return nil, err
	}
	if l.pc.Get("iceGatheringState").String() == "complete" {
		done()
	}
	return gathered, nil
}

func (l *jsLink) localSDP() string {
	d := l.pc.Get("localDescription")
	if d.IsNull() || d.IsUndefined() {
		return ""
	}
	return d.Get("sdp").String()
}

func (l *jsLink) setRemote(kind, sdp string) (err error) {
	defer recoverJS(&err)
	_, err = await(l.pc.Call("setRemoteDescription", map[string]any{"type": kind, "sdp": sdp}))
	return err
}

func (l *jsLink) send(m []byte) (err error) {
	defer recoverJS(&err)
	a := js.Global().Get("Uint8Array").New(len(m))
	js.CopyBytesToJS(a, m)
	l.dc.Call("send", a)
	return nil
}

func (l *jsLink) buffered() uint64 { return uint64(l.dc.Get("bufferedAmount").Int()) }

func (l *jsLink) closeChannel() {
	defer recoverJS(new(error))
	l.dc.Call("close")
}

// close closes the peer connection and lets go of the handlers: the
// browser fires nothing after close.
func (l *jsLink) close() {
	defer recoverJS(new(error))
	l.pc.Call("close")
	l.handlers.Release()
}

// await waits for a promise on the caller's goroutine.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		v := js.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		ch <- result{v: v}
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "rejected"
		if len(args) > 0 {
			msg = jsText(args[0])
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	r := <-ch
	return r.v, r.err
}

// jsText is what a thrown value says: an Error's name and message.
func jsText(v js.Value) string {
	if v.Type() == js.TypeObject && v.Get("message").Type() == js.TypeString {
		return v.Get("name").String() + ": " + v.Get("message").String()
	}
	return v.String()
}

// recoverJS turns an exception thrown by the browser (syscall/js panics
// with a js.Error) into err.
func recoverJS(err *error) {
	if r := recover(); r != nil {
		if e, ok := r.(js.Error); ok {
			*err = errors.New(jsText(e.Value))
			return
		}
		panic(r)
	}
}
