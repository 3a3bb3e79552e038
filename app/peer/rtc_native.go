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

// SettingEngineFunc adjusts pion's SettingEngine before a peer connection
// is made (Config.SettingEngine).
type SettingEngineFunc = func(*webrtc.SettingEngine)

// hasWebRTC: natively pion is the WebRTC.
func hasWebRTC() error { return nil }

// pionLink is rtcLink on pion's own WebRTC stack.
type pionLink struct {
	pc *webrtc.PeerConnection
	dc *webrtc.DataChannel
}

func newLink(cfg Config) (rtcLink, error) {
	var se webrtc.SettingEngine
	if cfg.SettingEngine != nil {
		cfg.SettingEngine(&se)
	}
	var servers []webrtc.ICEServer
	for _, s := range cfg.ICEServers {
		server := webrtc.ICEServer{URLs: s.URLs, Username: s.Username}
		if s.Credential != "" {
			server.Credential = s.Credential
		}
		servers = append(servers, server)
	}
	pc, err := webrtc.NewAPI(webrtc.WithSettingEngine(se)).NewPeerConnection(webrtc.Configuration{ICEServers: servers})
	if err != nil {
		return nil, err
	}
	negotiated, id := true, uint16(channelID)
	dc, err := pc.CreateDataChannel(channelLabel, &webrtc.DataChannelInit{Negotiated: &negotiated, ID: &id})
	if err != nil {
		pc.GracefulClose()
		return nil, err
	}
	return &pionLink{pc: pc, dc: dc}, nil
}

func (l *pionLink) onOpen(f func())  { l.dc.OnOpen(f) }
func (l *pionLink) onClose(f func()) { l.dc.OnClose(f) }

// pion hands each message over in a fresh slice.
func (l *pionLink) onMessage(f func([]byte)) {
	l.dc.OnMessage(func(m webrtc.DataChannelMessage) { f(m.Data) })
}

// pion reports changes on separate goroutines that may run out of order:
// the callee reads the current state.
func (l *pionLink) onStateChange(f func()) {
	l.pc.OnConnectionStateChange(func(webrtc.PeerConnectionState) { f() })
}

func (l *pionLink) state() rtcState { return stateNamed(l.pc.ConnectionState().String()) }

func (l *pionLink) createOffer() (string, error) {
	d, err := l.pc.CreateOffer(nil)
	return d.SDP, err
}

func (l *pionLink) createAnswer() (string, error) {
	d, err := l.pc.CreateAnswer(nil)
	return d.SDP, err
}

func (l *pionLink) setLocal(kind, sdp string) (<-chan struct{}, error) {
	gathered := webrtc.GatheringCompletePromise(l.pc)
	return gathered, l.pc.SetLocalDescription(webrtc.SessionDescription{Type: webrtc.NewSDPType(kind), SDP: sdp})
}

func (l *pionLink) localSDP() string {
	if d := l.pc.LocalDescription(); d != nil {
		return d.SDP
	}
	return ""
}

func (l *pionLink) setRemote(kind, sdp string) error {
	return l.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.NewSDPType(kind), SDP: sdp})
}

func (l *pionLink) send(m []byte) error { return l.dc.Send(m) }
func (l *pionLink) buffered() uint64    { return l.dc.BufferedAmount() }
func (l *pionLink) closeChannel()       { l.dc.Close() }

// close also waits for pion's goroutines to end.
func (l *pionLink) close() { l.pc.GracefulClose() }

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
