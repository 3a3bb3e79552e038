//go:build js && wasm

package peer

import "github.com/pion/webrtc/v4"

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
