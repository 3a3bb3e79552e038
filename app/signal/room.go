package signal

import (
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Sizes of the two random parts of a room link.
const (
	RoomIDSize     = 16
	RoomSecretSize = 32
)

// LinkLifetime is how long a room link stays valid after the host issued
// it. The host issues a fresh link (same room, new time) whenever it opens
// or resumes the room, so only links that lay unused in a chat for weeks
// go stale.
const LinkLifetime = 30 * 24 * time.Hour

// linkSkew is how far in the future an issue time may lie, for a host whose
// clock runs ahead.
const linkSkew = 24 * time.Hour

// Errors from ParseLink. Wrapped errors add which part of the link is wrong.
var (
	ErrNotLink   = newError("this is not a Longhall room link")
	ErrBadLink   = newError("this room link is damaged; ask the host to send it again")
	ErrStaleLink = newError("this room link has expired; ask the host for a new one")
)

// Room is what a room link carries: a random id, which names the room on the
// relays, and a random secret, which keys the seal on everything sent
// through them. The static host never sees either: both live in the URL's
// fragment.
type Room struct {
	ID     [RoomIDSize]byte
	Secret [RoomSecretSize]byte
	// Issued is when the host issued the link, in whole seconds.
	Issued time.Time
}

// NewRoom makes a room with a fresh random id and secret, issued now.
func NewRoom() (Room, error) {
	var r Room
	if _, err := rand.Read(r.ID[:]); err != nil {
		return Room{}, errorf("no randomness for a room: %w", err)
	}
	if _, err := rand.Read(r.Secret[:]); err != nil {
		return Room{}, errorf("no randomness for a room: %w", err)
	}
	r.Issued = time.Now().Truncate(time.Second)
	return r, nil
}

// Reissue returns the same room with the link issued at now, for a host
// that opens or resumes it.
func (r Room) Reissue(now time.Time) Room {
	r.Issued = now.Truncate(time.Second)
	return r
}

var b64 = base64.RawURLEncoding

// Fragment is the room's part of a link, without the leading '#':
// "r=<id>&k=<secret>&t=<issued>", id and secret in unpadded base64url, the
// issue time in Unix seconds.
func (r Room) Fragment() string {
	return "r=" + b64.EncodeToString(r.ID[:]) +
		"&k=" + b64.EncodeToString(r.Secret[:]) +
		"&t=" + strconv.FormatInt(r.Issued.Unix(), 10)
}

// Link is base (a page URL; any fragment it has is dropped) with the room's
// fragment.
func (r Room) Link(base string) string {
	if i := strings.IndexByte(base, '#'); i >= 0 {
		base = base[:i]
	}
	return base + "#" + r.Fragment()
}

// ParseLink reads a room from a whole link, its fragment ("#r=…") or the
// fragment without '#'. Fragment keys other than r, k and t are ignored, so
// the app may add its own. now is the time against which a stale link is
// judged.
func ParseLink(link string, now time.Time) (Room, error) {
	s := strings.TrimSpace(link)
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[i+1:]
	}
	vals, err := url.ParseQuery(s)
	if err != nil {
		return Room{}, errorf("%w (it is not in the form r=…&k=…)", ErrBadLink)
	}
	id, hasID := vals["r"]
	key, hasKey := vals["k"]
	issued, hasTime := vals["t"]
	if !hasID && !hasKey {
		return Room{}, ErrNotLink
	}
	var r Room
	if err := decodeExact(r.ID[:], id, "room id"); err != nil {
		return Room{}, err
	}
	if err := decodeExact(r.Secret[:], key, "room key"); err != nil {
		return Room{}, err
	}
	if !hasTime || len(issued) != 1 {
		return Room{}, errorf("%w (the issue time is missing)", ErrBadLink)
	}
	sec, err := strconv.ParseInt(issued[0], 10, 64)
	if err != nil || sec <= 0 {
		return Room{}, errorf("%w (the issue time is not a number)", ErrBadLink)
	}
	r.Issued = time.Unix(sec, 0)
	if now.Sub(r.Issued) > LinkLifetime {
		return Room{}, ErrStaleLink
	}
	if r.Issued.Sub(now) > linkSkew {
		return Room{}, errorf("%w (it was issued in the future; check this device's clock)", ErrBadLink)
	}
	return r, nil
}

func decodeExact(dst []byte, vals []string, what string) error {
	if len(vals) != 1 || vals[0] == "" {
		return errorf("%w (the %s is missing)", ErrBadLink, what)
	}
	v := vals[0]
	n := b64.EncodedLen(len(dst))
	if len(v) < n {
		return errorf("%w (the %s is cut short)", ErrBadLink, what)
	}
	if len(v) > n {
		return errorf("%w (the %s is too long)", ErrBadLink, what)
	}
	if _, err := b64.Strict().Decode(dst, []byte(v)); err != nil {
		return errorf("%w (the %s has characters that do not belong)", ErrBadLink, what)
	}
	return nil
}

// Labels for HKDF. Changing one changes every derived value: that is a new
// wire version.
const (
	hkdfSealKey  = "longhall/signal/v1 seal key"
	hkdfInfoHash = "longhall/signal/v1 webtorrent info-hash"
	hkdfTopic    = "longhall/signal/v1 nostr topic"
	hkdfChannel  = "longhall/signal/v1 broadcastchannel"
)

func derive(secret, salt []byte, label string, n int) []byte {
	b, err := hkdf.Key(sha256.New, secret, salt, label, n)
	if err != nil {
		// Only an output longer than 255 hashes fails, and ours are short.
		panic("signal: hkdf: " + err.Error())
	}
	return b
}

// SealKey is the 32-byte key that seals the room's signaling payloads:
// HKDF-SHA256 of the secret, salted with the room id.
func (r Room) SealKey() [32]byte {
	var k [32]byte
	copy(k[:], derive(r.Secret[:], r.ID[:], hkdfSealKey, 32))
	return k
}

// InfoHash is the room's 20-byte WebTorrent info-hash: HKDF-SHA256 of the
// room id. A tracker sees only this.
func (r Room) InfoHash() [20]byte {
	var h [20]byte
	copy(h[:], derive(r.ID[:], nil, hkdfInfoHash, 20))
	return h
}

// Topic is the room's Nostr topic, the value of the events' "t" tag: 40 hex
// digits of HKDF-SHA256 of the room id. A relay sees only this.
func (r Room) Topic() string {
	return hex.EncodeToString(derive(r.ID[:], nil, hkdfTopic, 20))
}

// ChannelName is the name of the room's BroadcastChannel.
func (r Room) ChannelName() string {
	return "longhall-" + hex.EncodeToString(derive(r.ID[:], nil, hkdfChannel, 16))
}
