// Package peer is Longhall's WebRTC transport: one reliable, ordered data
// channel between two players, wrapped as a session.Conn.
//
// Dial makes an offer and Answer answers it. Both wait for ICE gathering to
// finish before they return, so the whole exchange is one message each way
// (a complete SDP text) over whatever signaling carries it: a relay, a
// BroadcastChannel or a code the players copy by hand. The package never
// sends the SDP itself.
//
// The same API builds natively (pion's own WebRTC stack, used by tests and
// benchmarks) and for js/wasm (the browser's RTCPeerConnection, called
// through syscall/js: rtc_js.go). Both sit behind rtcLink, the little of
// WebRTC that Longhall uses; the few differences are listed in README.md.
package peer
