//go:build js && wasm

package peer

import (
	"syscall/js"

	"github.com/pion/webrtc/v4"
)

// hasWebRTC says whether the browser can make a peer connection: without
// one, pion's calls fail with a code word ("call of Value.Invoke on
// undefined") instead of a reason.
func hasWebRTC() error {
	if js.Global().Get("RTCPeerConnection").Truthy() {
		return nil
	}
	return ErrNoWebRTC
}

// waitWhenFull: a browser cannot pause a data channel, so waiting would
// only pile up goroutines; a full receive queue closes the link instead.
const waitWhenFull = false

// newAPI ignores Config.SettingEngine: the browser has no such settings.
func newAPI(Config) *webrtc.API { return webrtc.NewAPI() }

// prepareChannel asks for binary messages as ArrayBuffers: a Blob (some
// browsers' default) takes an asynchronous read, which would let messages
// overtake each other.
func prepareChannel(dc *webrtc.DataChannel) { dc.JSValue().Set("binaryType", "arraybuffer") }

func closePeerConnection(pc *webrtc.PeerConnection) { pc.Close() }
