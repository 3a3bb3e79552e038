//go:build !js

package peer

import (
	"sync/atomic"
	"testing"
	"time"

	"longhall/app/internal/leaktest"

	"github.com/pion/ice/v4"
	"github.com/pion/logging"
	"github.com/pion/transport/v4/vnet"
	"github.com/pion/webrtc/v4"
)

// outageNet is a virtual network between two peers that the test can cut.
type outageNet struct {
	router *vnet.Router
	down   atomic.Bool
}

// newOutageNet makes the network and returns the configs of its two peers.
// ICE calls a silent path disconnected after 200 ms, and failed only after
// a minute, so that Config.LostTimeout decides when a link is lost.
func newOutageNet(t testing.TB, lost time.Duration) (n *outageNet, cfgA, cfgB Config) {
	t.Helper()
	router, err := vnet.NewRouter(&vnet.RouterConfig{
		CIDR:          "10.0.0.0/24",
		LoggerFactory: logging.NewDefaultLoggerFactory(),
	})
	if err != nil {
		t.Fatal(err)
	}
	n = &outageNet{router: router}
	router.AddChunkFilter(func(vnet.Chunk) bool { return !n.down.Load() })
	cfg := func(ip string) Config {
		nw, err := vnet.NewNet(&vnet.NetConfig{StaticIPs: []string{ip}})
		if err != nil {
			t.Fatal(err)
		}
		if err := router.AddNet(nw); err != nil {
			t.Fatal(err)
		}
		return Config{
			LostTimeout: lost,
			SettingEngine: func(se *webrtc.SettingEngine) {
				se.SetNet(nw)
				se.SetICETimeouts(200*time.Millisecond, time.Minute, 50*time.Millisecond)
				// SCTP backs off while the path is down; keep its waits
				// short so that the test resumes quickly after the outage.
				se.SetSCTPRTOMax(100 * time.Millisecond)
				se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
				se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
			},
		}
	}
	cfgA, cfgB = cfg("10.0.0.1"), cfg("10.0.0.2")
	if err := router.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { router.Stop() })
	return n, cfgA, cfgB
}

// waitState waits until c's peer connection is in state s.
func waitState(t testing.TB, c *Conn, s rtcState) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for c.rtc.state() != s {
		if time.Now().After(deadline) {
			t.Fatalf("connection state %v, want %v", c.rtc.state(), s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestANetworkOutage(t *testing.T) {
	t.Run("longer than the lost timeout ends the link on both sides", func(t *testing.T) {
		leaktest.Check(t)
		n, cfgA, cfgB := newOutageNet(t, 300*time.Millisecond)
		a, b := newPair(t, cfgA, cfgB)
		mustSend(t, a, []byte("before"))
		if got := recv(t, b); string(got) != "before" {
			t.Fatalf("got %q", got)
		}
		start := time.Now()
		n.down.Store(true)
		waitDone(t, "the offerer", a.Done())
		waitDone(t, "the answerer", b.Done())
		if a.Err() != ErrLost || b.Err() != ErrLost {
			t.Fatalf("reasons: %v, %v; want ErrLost", a.Err(), b.Err())
		}
		t.Logf("lost after %v", time.Since(start))
		if err := a.Send([]byte("after")); err != ErrLost {
			t.Fatalf("send on a lost link: %v", err)
		}
	})
	t.Run("shorter than the lost timeout is survived", func(t *testing.T) {
		leaktest.Check(t)
		// The outage lasts as long as the steps below take, which on a
		// busy machine may be seconds: only a hang makes it a minute.
		n, cfgA, cfgB := newOutageNet(t, time.Minute)
		a, b := newPair(t, cfgA, cfgB)
		n.down.Store(true)
		waitState(t, a, stateDisconnected)
		mustSend(t, a, []byte("sent during the outage"))
		time.Sleep(300 * time.Millisecond)
		n.down.Store(false)
		start := time.Now()
		waitState(t, a, stateConnected)
		t.Logf("connected again after %v", time.Since(start))
		if got := recv(t, b); string(got) != "sent during the outage" {
			t.Fatalf("got %q", got)
		}
		mustSend(t, b, []byte("and after"))
		if got := recv(t, a); string(got) != "and after" {
			t.Fatalf("got %q", got)
		}
		if a.Err() != nil || b.Err() != nil {
			t.Fatalf("the link ended: %v, %v", a.Err(), b.Err())
		}
		// Close while the network is still there to carry the goodbye.
		a.Close()
		b.Close()
		waitDone(t, "closing the offerer", a.torn)
		waitDone(t, "closing the answerer", b.torn)
	})
}
