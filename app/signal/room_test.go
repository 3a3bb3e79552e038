package signal

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"time"
)

// fixedRoom has id 00 01 … 0f and secret 20 21 … 3f, issued at a fixed time.
func fixedRoom() Room {
	var r Room
	for i := range r.ID {
		r.ID[i] = byte(i)
	}
	for i := range r.Secret {
		r.Secret[i] = byte(0x20 + i)
	}
	r.Issued = time.Unix(1_800_000_000, 0)
	return r
}

const fixedFragment = "r=AAECAwQFBgcICQoLDA0ODw&k=ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8&t=1800000000"

func TestLinkRoundTrip(t *testing.T) {
	r := fixedRoom()
	if got := r.Fragment(); got != fixedFragment {
		t.Fatalf("Fragment() = %q, want %q", got, fixedFragment)
	}
	now := r.Issued.Add(time.Hour)
	for _, link := range []string{
		r.Link("https://longhall.example/play"),
		r.Link("https://longhall.example/play#old=1"),
		"#" + fixedFragment,
		fixedFragment,
		"  https://x.example/?q=1#" + fixedFragment + "&seat=2\n",
	} {
		got, err := ParseLink(link, now)
		if err != nil {
			t.Fatalf("ParseLink(%q): %v", link, err)
		}
		if got.ID != r.ID || got.Secret != r.Secret || !got.Issued.Equal(r.Issued) {
			t.Fatalf("ParseLink(%q) = %+v, want %+v", link, got, r)
		}
	}
	if got := r.Link("https://longhall.example/play#old=1"); got != "https://longhall.example/play#"+fixedFragment {
		t.Fatalf("Link dropped the old fragment wrongly: %q", got)
	}
}

func TestNewRoomIsRandom(t *testing.T) {
	a, err := NewRoom()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewRoom()
	if a.ID == b.ID || a.Secret == b.Secret {
		t.Fatal("two new rooms share an id or a secret")
	}
	if _, err := ParseLink(a.Link("https://x.example/"), time.Now()); err != nil {
		t.Fatalf("a new room's link does not parse: %v", err)
	}
}

func TestParseLinkErrors(t *testing.T) {
	now := time.Unix(1_800_000_000, 0).Add(time.Hour)
	id, key := "AAECAwQFBgcICQoLDA0ODw", "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8"
	cases := []struct {
		name, link string
		want       error
		detail     string
	}{
		{"plain page", "https://longhall.example/play", ErrNotLink, ""},
		{"empty", "", ErrNotLink, ""},
		{"other fragment", "#/rules", ErrNotLink, ""},
		{"no key", "#r=" + id + "&t=1800000000", ErrBadLink, "room key is missing"},
		{"no id", "#k=" + key + "&t=1800000000", ErrBadLink, "room id is missing"},
		{"key cut short", "#r=" + id + "&k=" + key[:30] + "&t=1800000000", ErrBadLink, "room key is cut short"},
		{"id too long", "#r=" + id + "AA&k=" + key + "&t=1800000000", ErrBadLink, "room id is too long"},
		{"bad characters", "#r=" + id[:21] + "!&k=" + key + "&t=1800000000", ErrBadLink, "characters"},
		{"padded base64", "#r=" + id[:20] + "==&k=" + key + "&t=1800000000", ErrBadLink, "characters"},
		{"no time", "#r=" + id + "&k=" + key, ErrBadLink, "issue time is missing"},
		{"bad time", "#r=" + id + "&k=" + key + "&t=soon", ErrBadLink, "not a number"},
		{"two keys", "#r=" + id + "&k=" + key + "&k=" + key + "&t=1800000000", ErrBadLink, "room key is missing"},
		{"bad escape", "#r=%zz&k=" + key, ErrBadLink, "form"},
		{"from the future", "#r=" + id + "&k=" + key + "&t=1800200000", ErrBadLink, "future"},
		{"stale", "#r=" + id + "&k=" + key + "&t=1797000000", ErrStaleLink, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseLink(c.link, now)
			if !errors.Is(err, c.want) {
				t.Fatalf("ParseLink(%q) = %v, want %v", c.link, err, c.want)
			}
			if !strings.Contains(err.Error(), c.detail) || !strings.HasPrefix(err.Error(), "signal: ") {
				t.Fatalf("error %q lacks %q or the prefix", err, c.detail)
			}
		})
	}
}

func TestLinkLifetimeEdge(t *testing.T) {
	r := fixedRoom()
	if _, err := ParseLink(r.Fragment(), r.Issued.Add(LinkLifetime)); err != nil {
		t.Fatalf("a link at exactly its lifetime: %v", err)
	}
	if _, err := ParseLink(r.Fragment(), r.Issued.Add(LinkLifetime+time.Second)); !errors.Is(err, ErrStaleLink) {
		t.Fatalf("a link a second past its lifetime: %v", err)
	}
	re := r.Reissue(r.Issued.Add(LinkLifetime + time.Hour))
	if _, err := ParseLink(re.Fragment(), re.Issued.Add(time.Minute)); err != nil {
		t.Fatalf("a reissued link: %v", err)
	}
	if re.SealKey() != r.SealKey() || re.InfoHash() != r.InfoHash() {
		t.Fatal("reissuing changed the room's keys")
	}
}

// The expected values come from an independent HKDF (RFC 5869) written in
// Python with hmac and hashlib, checked against RFC 5869's test case 1.
func TestKeyDerivationVectors(t *testing.T) {
	r := fixedRoom()
	key := r.SealKey()
	ih := r.InfoHash()
	for _, c := range []struct{ name, got, want string }{
		{"seal key", hex.EncodeToString(key[:]), "f61ea833b20a021b784bbadcefdea1edd39f9cd664275366de9c9f70b3d9d295"},
		{"info-hash", hex.EncodeToString(ih[:]), "dc2813cbbfc83f2182f2eb93ea73b82b36248b73"},
		{"topic", r.Topic(), "8484e109ddfcd83cbb5a3b582383998db296a317"},
		{"channel", r.ChannelName(), "longhall-0d59aac3a9279452e2710e1c2a7010a3"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %s, want %s", c.name, c.got, c.want)
		}
	}
	// The public tags depend on the id only; the key on both.
	other := r
	other.Secret[0] ^= 1
	if other.InfoHash() != r.InfoHash() || other.Topic() != r.Topic() || other.SealKey() == r.SealKey() {
		t.Error("the tags must follow the id, the key the secret")
	}
	other = r
	other.ID[0] ^= 1
	if other.InfoHash() == r.InfoHash() || other.Topic() == r.Topic() || other.SealKey() == r.SealKey() {
		t.Error("a different id must change tags and key")
	}
}

func TestLatin1(t *testing.T) {
	ih := fixedRoom().InfoHash()
	s := latin1(ih[:])
	if n := len([]rune(s)); n != 20 {
		t.Fatalf("latin1 info-hash has %d characters, want 20", n)
	}
	for i, r := range []rune(s) {
		if byte(r) != ih[i] || r > 0xff {
			t.Fatalf("character %d is %U, want %02x", i, r, ih[i])
		}
	}
}

func TestConfig(t *testing.T) {
	c := DefaultConfig()
	if err := c.Validate(); err != nil {
		t.Fatalf("the default config is invalid: %v", err)
	}
	r := c.Signaler()
	if len(r.Signalers) != 1+len(c.Trackers)+len(c.Relays) {
		t.Fatalf("Signaler has %d members", len(r.Signalers))
	}
	if r.Signalers[0].Name() != "broadcastchannel" || r.Signalers[1].Name() != "tracker tracker.openwebtorrent.com" ||
		r.Signalers[len(r.Signalers)-1].Name() != "nostr purplerelay.com" {
		t.Fatalf("unexpected members: %s", r.Name())
	}
	c.Trackers = ParseList("wss://a.example, wss://b.example/announce\nwss://a.example")
	if len(c.Trackers) != 2 || c.Trackers[1] != "wss://b.example/announce" {
		t.Fatalf("ParseList = %q", c.Trackers)
	}
	bad := []Config{
		{Trackers: []string{"https://tracker.example"}},
		{Relays: []string{"relay.example"}},
		{STUN: []string{"http://stun.example"}},
	}
	for _, b := range bad {
		if err := b.Validate(); err == nil || !strings.HasPrefix(err.Error(), "signal: ") {
			t.Errorf("Validate(%+v) = %v, want an error", b, err)
		}
	}
	if DefaultConfig().Relays[0] = "x"; DefaultConfig().Relays[0] == "x" {
		t.Error("DefaultConfig shares its slices")
	}
}
