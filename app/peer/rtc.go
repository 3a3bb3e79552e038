package peer

// rtcLink is the one peer connection and negotiated data channel a Conn
// drives: pion's WebRTC stack natively (rtc_native.go), the browser's own
// RTCPeerConnection in wasm (rtc_js.go). It is the little of WebRTC that
// Longhall uses, so that the browser build does not link pion's native
// stack (ICE, DTLS, SCTP, STUN, TURN, RTP: 185 KB of brotli, and more than
// half of the wasm's package initialisation) only for its types.
//
// Callbacks run on goroutines of their own, never on the caller's, as
// pion runs them: set them all before the first description is made.
type rtcLink interface {
	onOpen(func())
	onClose(func())
	onMessage(func([]byte)) // the slice is the callee's to keep
	onStateChange(func())   // read state() for the current one
	state() rtcState

	// The session descriptions, as SDP text: createOffer and createAnswer
	// make one; setLocal sets it and returns a channel closed when ICE
	// gathering is over (the caller bounds the wait), watched from before
	// the description is set so that the end cannot pass unseen.
	createOffer() (string, error)
	createAnswer() (string, error)
	setLocal(kind, sdp string) (gathered <-chan struct{}, err error)
	localSDP() string // "" before setLocal
	setRemote(kind, sdp string) error

	send([]byte) error
	buffered() uint64
	closeChannel()
	close() // the peer connection; natively also waits for its goroutines
}

// rtcState is the peer connection's state, as RTCPeerConnection names it.
type rtcState int

const (
	stateNew rtcState = iota
	stateConnecting
	stateConnected
	stateDisconnected
	stateFailed
	stateClosed
)

// The session description types.
const (
	sdpOffer  = "offer"
	sdpAnswer = "answer"
)

// stateNamed reads a state as the browser and pion spell it.
func stateNamed(s string) rtcState {
	switch s {
	case "connecting":
		return stateConnecting
	case "connected":
		return stateConnected
	case "disconnected":
		return stateDisconnected
	case "failed":
		return stateFailed
	case "closed":
		return stateClosed
	}
	return stateNew
}
