package signal

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"longhall/app/internal/bip340"
)

// event is a Nostr event (NIP-01).
type event struct {
	ID        string     `json:"id"`
	PubKey    string     `json:"pubkey"`
	CreatedAt int64      `json:"created_at"`
	Kind      int        `json:"kind"`
	Tags      [][]string `json:"tags"`
	Content   string     `json:"content"`
	Sig       string     `json:"sig"`
}

// serialize is the NIP-01 form whose SHA-256 is the event id:
// [0,<pubkey>,<created_at>,<kind>,<tags>,<content>] with no whitespace.
func (e *event) serialize() []byte {
	b := make([]byte, 0, 128+len(e.Content))
	b = append(b, `[0,`...)
	b = appendJSONString(b, e.PubKey)
	b = append(b, ',')
	b = strconv.AppendInt(b, e.CreatedAt, 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(e.Kind), 10)
	b = append(b, ",["...)
	for i, tag := range e.Tags {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for j, s := range tag {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, s)
		}
		b = append(b, ']')
	}
	b = append(b, "],"...)
	b = appendJSONString(b, e.Content)
	return append(b, ']')
}

// appendJSONString quotes s the way NIP-01 asks, which is what
// JavaScript's JSON.stringify does: \" \\ \n \r \t \b \f, other control
// characters as \u00xx, everything else verbatim.
func appendJSONString(b []byte, s string) []byte {
	const hexdigits = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			if c < 0x20 {
				b = append(b, '\\', 'u', '0', '0', hexdigits[c>>4], hexdigits[c&15])
			} else {
				b = append(b, c)
			}
		}
	}
	return append(b, '"')
}

// hash is the event's id as bytes.
func (e *event) hash() [32]byte { return sha256.Sum256(e.serialize()) }

// sign sets the event's pubkey, id and BIP-340 signature.
func (e *event) sign(key *bip340.Key) error {
	e.PubKey = hex.EncodeToString(key.Public())
	id := e.hash()
	var aux [32]byte
	rand.Read(aux[:]) // never fails (Go 1.24+)
	sig, err := key.Sign(id[:], aux)
	if err != nil {
		return err
	}
	e.ID = hex.EncodeToString(id[:])
	e.Sig = hex.EncodeToString(sig)
	return nil
}

// idMatches says whether the event's id is the hash of its content.
func (e *event) idMatches() bool {
	id := e.hash()
	return e.ID == hex.EncodeToString(id[:])
}

// tag returns the first value of the event's tag called name.
func (e *event) tag(name string) string {
	for _, t := range e.Tags {
		if len(t) >= 2 && t[0] == name {
			return t[1]
		}
	}
	return ""
}
