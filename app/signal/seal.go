package signal

import (
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/chacha20poly1305"

	"longhall/app/internal/sdpflate"
)

// Freshness of sealed payloads. A payload older than SealMaxAge, or dated
// more than SealMaxAge ahead of this device's clock, is refused; within that
// window each nonce is accepted once.
const SealMaxAge = 5 * time.Minute

// maxSealed bounds a sealed payload as text, well above any real SDP.
const maxSealed = 96 << 10

var errTooBig = newError("the message is too large")

// Why an incoming payload was refused. Signalers drop such payloads
// silently (anyone can post to a public relay); these tell tests and logs
// why.
var (
	ErrUnauthentic = newError("a message did not come from this room (wrong key or tampered)")
	ErrStale       = newError("a message is too old, or this device's clock is wrong")
	ErrReplay      = newError("a message was replayed")
	ErrMalformed   = newError("a message is malformed")
)

const sealVersion = 1

// sealAD binds the ciphertext to this use and version.
var sealAD = []byte("longhall/signal/v1")

// Message kinds.
const (
	kindOffer  = "offer"
	kindAnswer = "answer"
)

// message is what a sealed payload holds.
type message struct {
	Kind string `json:"k"`
	// ID names the offer: a hash of its SDP, so the same offer sent through
	// several relays is one offer. An answer carries its offer's ID.
	ID string `json:"i"`
	// From is the sender's random id for this exchange; an answer goes To
	// the offer's From.
	From string `json:"f"`
	To   string `json:"t,omitempty"`
	SDP  string `json:"s"`
	// Time is when the payload was sealed, in Unix milliseconds.
	Time int64 `json:"ts"`
}

// offerID is the ID of an offer with this SDP.
func offerID(sdp string) string {
	h := sha256.Sum256([]byte(sdp))
	return b64.EncodeToString(h[:12])
}

// sealer seals payloads for one room and opens them, refusing forgeries,
// stale payloads and replays. It is safe for concurrent use.
type sealer struct {
	aead cipher.AEAD
	now  func() time.Time

	mu   sync.Mutex
	seen map[[chacha20poly1305.NonceSizeX]byte]time.Time // nonce → when it may be forgotten
}

func newSealer(r Room, now func() time.Time) *sealer {
	k := r.SealKey()
	aead, err := chacha20poly1305.NewX(k[:])
	if err != nil {
		panic("signal: xchacha20-poly1305: " + err.Error()) // only for a bad key size
	}
	if now == nil {
		now = time.Now
	}
	return &sealer{aead: aead, now: now, seen: make(map[[chacha20poly1305.NonceSizeX]byte]time.Time)}
}

// seal dates m now and returns it sealed, as base64url text:
// version (1 byte) | nonce (24) | XChaCha20-Poly1305(deflate(JSON(m))).
func (s *sealer) seal(m message) (string, error) {
	m.Time = s.now().UnixMilli()
	plain, err := json.Marshal(m)
	if err != nil {
		return "", errorf("cannot encode a message: %w", err)
	}
	plain = sdpflate.Deflate(plain)
	out := make([]byte, 1+chacha20poly1305.NonceSizeX, 1+chacha20poly1305.NonceSizeX+len(plain)+s.aead.Overhead())
	out[0] = sealVersion
	if _, err := rand.Read(out[1:]); err != nil {
		return "", errorf("no randomness: %w", err)
	}
	out = s.aead.Seal(out, out[1:1+chacha20poly1305.NonceSizeX], plain, s.ad())
	text := b64.EncodeToString(out)
	if len(text) > maxSealed {
		return "", errTooBig
	}
	return text, nil
}

func (s *sealer) ad() []byte {
	return append([]byte{sealVersion}, sealAD...)
}

// open authenticates and decodes a sealed payload.
func (s *sealer) open(text string) (message, error) {
	if len(text) > maxSealed {
		return message{}, errTooBig
	}
	raw, err := b64.Strict().DecodeString(text)
	if err != nil || len(raw) < 1+chacha20poly1305.NonceSizeX+s.aead.Overhead() {
		return message{}, ErrMalformed
	}
	if raw[0] != sealVersion {
		return message{}, errorf("%w (unknown version %d)", ErrMalformed, raw[0])
	}
	var nonce [chacha20poly1305.NonceSizeX]byte
	copy(nonce[:], raw[1:])
	packed, err := s.aead.Open(nil, nonce[:], raw[1+len(nonce):], s.ad())
	if err != nil {
		return message{}, ErrUnauthentic
	}
	plain, err := sdpflate.Inflate(packed)
	if err != nil {
		return message{}, ErrMalformed
	}
	var m message
	if err := json.Unmarshal(plain, &m); err != nil {
		return message{}, ErrMalformed
	}
	if (m.Kind != kindOffer && m.Kind != kindAnswer && m.Kind != kindLink) || m.ID == "" || m.From == "" ||
		m.SDP == "" || !utf8.ValidString(m.SDP) {
		return message{}, ErrMalformed
	}
	if m.Kind != kindAnswer && m.ID != offerID(m.SDP) {
		return message{}, ErrMalformed
	}

	now := s.now()
	sent := time.UnixMilli(m.Time)
	if now.Sub(sent) > SealMaxAge || sent.Sub(now) > SealMaxAge {
		return message{}, ErrStale
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.seen[nonce]; dup {
		return message{}, ErrReplay
	}
	if len(s.seen) >= 256 {
		for n, until := range s.seen {
			if now.After(until) {
				delete(s.seen, n)
			}
		}
	}
	// Past sent+SealMaxAge the payload is stale anyway, so the nonce can go.
	s.seen[nonce] = sent.Add(SealMaxAge)
	return m, nil
}
