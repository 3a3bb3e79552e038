package signal

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"longhall/app/internal/bip340"
	"longhall/app/internal/jsonquote"
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
	b = jsonquote.Append(b, e.PubKey)
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
			b = jsonquote.Append(b, s)
		}
		b = append(b, ']')
	}
	b = append(b, "],"...)
	b = jsonquote.Append(b, e.Content)
	return append(b, ']')
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
