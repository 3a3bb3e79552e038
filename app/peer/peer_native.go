//go:build !js

package peer

import (
	"net"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// waitWhenFull: natively a full receive queue stalls pion's read loop, which
// pushes back on the sender through SCTP flow control.
const waitWhenFull = true

func newAPI(cfg Config) *webrtc.API {
	var se webrtc.SettingEngine
	if cfg.SettingEngine != nil {
		cfg.SettingEngine(&se)
	}
	return webrtc.NewAPI(webrtc.WithSettingEngine(se))
}

func prepareChannel(*webrtc.DataChannel) {}

// hasWebRTC: natively pion is the WebRTC.
func hasWebRTC() error { return nil }

// closePeerConnection also waits for pion's goroutines to end.
func closePeerConnection(pc *webrtc.PeerConnection) { pc.GracefulClose() }

// LoopbackOnly keeps a native peer on the loopback interface: UDP over
// IPv4 loopback only, no mDNS, so tests touch no real network. Use it as
// Config.SettingEngine on both sides. Not available in the browser, which
// never uses loopback for WebRTC.
func LoopbackOnly(se *webrtc.SettingEngine) {
	se.SetIncludeLoopbackCandidate(true)
	se.SetIPFilter(func(ip net.IP) bool { return ip.IsLoopback() })
	se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	// A burst can overflow a loopback socket buffer and lose a packet.
	// SCTP then waits its minimum retransmission timeout, 1 s, which is
	// meant for real networks; loopback's round trip is microseconds.
	se.SetSCTPRTOMax(loopbackRTOMax)
}

const loopbackRTOMax = 100 * time.Millisecond
