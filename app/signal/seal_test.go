package signal

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// testSDP is a data-channel offer of the kind Chromium makes without trickle.
const testSDP = "v=0\r\n" +
	"o=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n" +
	"s=-\r\nt=0 0\r\n" +
	"a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n" +
	"m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n" +
	"c=IN IP4 0.0.0.0\r\n" +
	"a=candidate:1467250027 1 udp 2122260223 10.233.0.1 46243 typ host generation 0 network-id 1 network-cost 10\r\n" +
	"a=candidate:3215479203 1 udp 1686052607 203.0.113.7 46243 typ srflx raddr 10.233.0.1 rport 46243 generation 0 network-id 1 network-cost 10\r\n" +
	"a=ice-ufrag:Zx9Q\r\n" +
	"a=ice-pwd:LonghallMarkerPwd7Hq2dKs9vBt\r\n" +
	"a=ice-options:trickle\r\n" +
	"a=fingerprint:sha-256 5C:3B:1E:29:7F:AA:0D:8E:41:6B:C2:93:77:10:FE:5A:D4:28:60:0B:E1:9C:3F:42:B8:07:6D:A5:13:EE:F0:91\r\n" +
	"a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"

// sdpMarker appears in testSDP and must never appear on a relay.
const sdpMarker = "LonghallMarkerPwd"

// clock is a settable time source.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func testMessage() message {
	return message{Kind: kindOffer, ID: offerID(testSDP), From: "guest1", SDP: testSDP}
}

func TestSealRoundTrip(t *testing.T) {
	clk := &clock{time.Unix(1_800_000_000, 0)}
	a := newSealer(fixedRoom(), clk.now)
	b := newSealer(fixedRoom(), clk.now) // the other peer: same room, own replay memory
	sealed, err := a.seal(testMessage())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(sealed, sdpMarker) || strings.Contains(sealed, "v=0") {
		t.Fatal("the sealed payload shows the SDP")
	}
	got, err := b.open(sealed)
	if err != nil {
		t.Fatal(err)
	}
	want := testMessage()
	want.Time = clk.t.UnixMilli()
	if got != want {
		t.Fatalf("open = %+v, want %+v", got, want)
	}
	if len(sealed) >= len(testSDP) {
		t.Errorf("sealed payload (%d) is not smaller than the SDP (%d): is deflate working?", len(sealed), len(testSDP))
	}
	t.Logf("SDP %d bytes, sealed %d characters", len(testSDP), len(sealed))
}

func TestSealRefusals(t *testing.T) {
	clk := &clock{time.Unix(1_800_000_000, 0)}
	room := fixedRoom()
	a := newSealer(room, clk.now)
	sealed, err := a.seal(testMessage())
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := b64.DecodeString(sealed)

	t.Run("tampered anywhere", func(t *testing.T) {
		for i := range raw {
			bad := append([]byte(nil), raw...)
			bad[i] ^= 0x40
			_, err := newSealer(room, clk.now).open(b64.EncodeToString(bad))
			want := ErrUnauthentic
			if i == 0 {
				want = ErrMalformed // the version byte
			}
			if !errors.Is(err, want) {
				t.Fatalf("byte %d flipped: %v, want %v", i, err, want)
			}
		}
	})
	t.Run("wrong key", func(t *testing.T) {
		other := room
		other.Secret[31] ^= 1
		if _, err := newSealer(other, clk.now).open(sealed); !errors.Is(err, ErrUnauthentic) {
			t.Fatalf("open with another room's key: %v", err)
		}
	})
	t.Run("forged with another key", func(t *testing.T) {
		other := room
		other.Secret[0] ^= 1
		forged, _ := newSealer(other, clk.now).seal(testMessage())
		if _, err := newSealer(room, clk.now).open(forged); !errors.Is(err, ErrUnauthentic) {
			t.Fatalf("a payload sealed with another key: %v", err)
		}
	})
	t.Run("replay", func(t *testing.T) {
		b := newSealer(room, clk.now)
		if _, err := b.open(sealed); err != nil {
			t.Fatal(err)
		}
		if _, err := b.open(sealed); !errors.Is(err, ErrReplay) {
			t.Fatalf("second open: %v, want ErrReplay", err)
		}
		// A fresh seal of the same message is not a replay.
		again, _ := a.seal(testMessage())
		if _, err := b.open(again); err != nil {
			t.Fatalf("a resent (re-sealed) offer: %v", err)
		}
	})
	t.Run("stale", func(t *testing.T) {
		late := &clock{clk.t.Add(SealMaxAge + time.Second)}
		if _, err := newSealer(room, late.now).open(sealed); !errors.Is(err, ErrStale) {
			t.Fatalf("open after SealMaxAge: %v", err)
		}
		early := &clock{clk.t.Add(-SealMaxAge - time.Second)}
		if _, err := newSealer(room, early.now).open(sealed); !errors.Is(err, ErrStale) {
			t.Fatalf("open of a payload from the future: %v", err)
		}
		onTime := &clock{clk.t.Add(SealMaxAge)}
		if _, err := newSealer(room, onTime.now).open(sealed); err != nil {
			t.Fatalf("open at exactly SealMaxAge: %v", err)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		for _, s := range []string{"", "not base64!", b64.EncodeToString(raw[:20]), sealed + "=", strings.Repeat("A", maxSealed+1)} {
			if _, err := newSealer(room, clk.now).open(s); err == nil {
				t.Fatalf("open(%.30q) succeeded", s)
			}
		}
	})
	t.Run("offer id must match its SDP", func(t *testing.T) {
		m := testMessage()
		m.ID = offerID("something else")
		s, _ := a.seal(m)
		if _, err := newSealer(room, clk.now).open(s); !errors.Is(err, ErrMalformed) {
			t.Fatalf("an offer whose id is not its SDP's: %v", err)
		}
	})
}

func TestReplayMemoryIsPruned(t *testing.T) {
	clk := &clock{time.Unix(1_800_000_000, 0)}
	a, b := newSealer(fixedRoom(), clk.now), newSealer(fixedRoom(), clk.now)
	for i := 0; i < 300; i++ {
		s, _ := a.seal(testMessage())
		if _, err := b.open(s); err != nil {
			t.Fatal(err)
		}
	}
	clk.t = clk.t.Add(SealMaxAge + time.Second)
	s, _ := a.seal(testMessage())
	if _, err := b.open(s); err != nil {
		t.Fatal(err)
	}
	if n := len(b.seen); n != 1 {
		t.Fatalf("replay memory holds %d nonces after they all expired, want 1", n)
	}
}
