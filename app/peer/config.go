package peer

import (
	"time"
)

// Defaults for the zero fields of a Config.
const (
	DefaultOpenTimeout   = 30 * time.Second
	DefaultGatherTimeout = 5 * time.Second
	DefaultLostTimeout   = 10 * time.Second
	DefaultMaxMessage    = 64 << 10
	DefaultMaxBuffered   = 1 << 20
	DefaultRecvQueue     = 256
)

// ICEServer is a STUN or TURN server, as in RTCIceServer.
type ICEServer struct {
	URLs       []string // "stun:host:port", "turn:host:port?transport=udp", "turns:host:port"
	Username   string   // TURN only
	Credential string   // TURN only
}

// Config tunes a connection. The zero Config is ready to use: no ICE
// servers (host candidates only, enough on one network) and the defaults
// above. Both sides may choose their own values.
type Config struct {
	// ICEServers are the STUN and TURN servers used to find a path
	// through NATs. Tests use none.
	ICEServers []ICEServer

	// OpenTimeout bounds the whole attempt, from Dial or Answer until
	// the data channel is open, including the wait for the answer.
	// Signaling by hand (players copying codes) needs a longer one.
	OpenTimeout time.Duration

	// GatherTimeout bounds the wait for ICE candidates. When it passes,
	// the offer or answer goes out with the candidates found so far, so an
	// unreachable STUN or TURN server only costs this much.
	GatherTimeout time.Duration

	// LostTimeout is how long an open link may stay disconnected (no ICE
	// traffic) before it is declared lost and closed with ErrLost. The ICE
	// stack itself needs some seconds of silence to call it disconnected.
	LostTimeout time.Duration

	// MaxMessage is the largest message, in bytes, that Send accepts.
	MaxMessage int

	// MaxInbound is the largest inbound message, in bytes, that Recv hands
	// over (4 × MaxMessage by default); a larger one closes the link with
	// ErrOversize. Messages between the two are delivered so that the
	// protocol above can answer them in words (the session's too_big)
	// instead of losing the link for one bad message.
	MaxInbound int

	// MaxBuffered is how many bytes may wait for the other side's
	// acknowledgement; Send fails with ErrBackedUp beyond it.
	MaxBuffered int

	// RecvQueue is how many received messages may wait for Recv. Natively
	// a full queue stops the flow (the sender's buffer fills and its Send
	// fails); a browser cannot pause a data channel, so there a full queue
	// closes the link with ErrOverrun.
	RecvQueue int

	// SettingEngine adjusts pion's SettingEngine before the peer
	// connection is made. Native builds only: the browser has no such
	// knobs, and ignores it. Tests use it to keep peers on loopback
	// (see LoopbackOnly) or on a virtual network.
	SettingEngine SettingEngineFunc

	// overrun makes a full receive queue close the link natively too, as
	// it does in the browser, so tests can check that policy.
	overrun bool
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	defInt := func(n *int, v int) {
		if *n <= 0 {
			*n = v
		}
	}
	def(&c.OpenTimeout, DefaultOpenTimeout)
	def(&c.GatherTimeout, DefaultGatherTimeout)
	def(&c.LostTimeout, DefaultLostTimeout)
	defInt(&c.MaxMessage, DefaultMaxMessage)
	defInt(&c.MaxInbound, 4*c.MaxMessage)
	defInt(&c.MaxBuffered, DefaultMaxBuffered)
	defInt(&c.RecvQueue, DefaultRecvQueue)
	// One message must always fit the send buffer, or Send could never
	// send one of the largest.
	c.MaxBuffered = max(c.MaxBuffered, c.MaxMessage)
	return c
}
