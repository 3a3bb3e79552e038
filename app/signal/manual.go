package signal

import (
	"crypto/sha256"
	"crypto/subtle"
	"strings"
	"unicode/utf8"

	"longhall/app/internal/sdpflate"
)

// Manual codes carry an offer or an answer as text that two players copy
// and paste (or show as a QR code) when no relay can be reached:
//
//	LHO1.<base64url(deflate(SDP))>.<base64url(checksum)>   an offer
//	LHA1.<base64url(deflate(SDP))>.<base64url(checksum)>   an answer
//
// deflate is primed with a dictionary of common SDP lines; the checksum is
// the first 4 bytes of SHA-256 over the prefix and the compressed bytes, so
// a code cut short or mistyped is refused with a clear error rather than
// failing later inside WebRTC.
//
// Codes are not sealed. They travel between the two players by whatever
// channel carried the room link (which holds the room secret), so sealing
// would not hide them from anyone who could read that channel, and a code
// may take minutes to pass by hand, longer than a sealed payload stays
// fresh.
const (
	offerCodePrefix  = "LHO1."
	answerCodePrefix = "LHA1."
	codeSumSize      = 4
)

// Errors from DecodeOffer and DecodeAnswer.
var (
	ErrNotCode        = newError("this is not a Longhall connection code")
	ErrCodeIncomplete = newError("the code is incomplete; copy all of it and paste it again")
	ErrCodeDamaged    = newError("the code is damaged; copy it again")
	ErrCodeVersion    = newError("this code comes from another version of Longhall; both players need the same version")
	ErrAnswerCode     = newError("this is the host's answer code; paste the guest's offer code here")
	ErrOfferCode      = newError("this is a guest's offer code; paste the host's answer code here")
)

// EncodeOffer turns a guest's offer SDP into a code to copy.
func EncodeOffer(sdp string) string { return encodeCode(offerCodePrefix, sdp) }

// EncodeAnswer turns the host's answer SDP into a code to copy.
func EncodeAnswer(sdp string) string { return encodeCode(answerCodePrefix, sdp) }

// DecodeOffer reads an offer code, ignoring any whitespace a chat app added.
func DecodeOffer(code string) (string, error) {
	return decodeCode(code, offerCodePrefix, answerCodePrefix, ErrAnswerCode)
}

// DecodeAnswer reads an answer code, ignoring any whitespace a chat app
// added.
func DecodeAnswer(code string) (string, error) {
	return decodeCode(code, answerCodePrefix, offerCodePrefix, ErrOfferCode)
}

func codeSum(prefix string, packed []byte) []byte {
	h := sha256.New()
	h.Write([]byte(prefix))
	h.Write(packed)
	return h.Sum(nil)[:codeSumSize]
}

func encodeCode(prefix, sdp string) string {
	packed := sdpflate.Deflate([]byte(sdp))
	return prefix + b64.EncodeToString(packed) + "." + b64.EncodeToString(codeSum(prefix, packed))
}

func decodeCode(code, want, other string, wrongKind error) (string, error) {
	s := strings.Join(strings.Fields(code), "")
	switch {
	case s == "":
		return "", ErrNotCode
	case strings.HasPrefix(s, want):
	case strings.HasPrefix(s, other):
		return "", wrongKind
	case strings.HasPrefix(want, s):
		return "", ErrCodeIncomplete // cut inside the prefix
	case strings.HasPrefix(s, want[:3]) || strings.HasPrefix(s, other[:3]):
		return "", ErrCodeVersion
	default:
		return "", ErrNotCode
	}
	body := s[len(want):]
	dot := strings.LastIndexByte(body, '.')
	if dot < 0 {
		return "", ErrCodeIncomplete // the checksum is missing
	}
	payload, sum := body[:dot], body[dot+1:]
	sumLen := b64.EncodedLen(codeSumSize)
	if len(sum) < sumLen {
		return "", ErrCodeIncomplete
	}
	if len(sum) > sumLen || len(payload) > maxSealed {
		return "", ErrCodeDamaged
	}
	packed, err := b64.Strict().DecodeString(payload)
	if err != nil {
		return "", ErrCodeDamaged
	}
	got, err := b64.Strict().DecodeString(sum)
	if err != nil || subtle.ConstantTimeCompare(got, codeSum(want, packed)) != 1 {
		return "", ErrCodeDamaged
	}
	plain, err := sdpflate.Inflate(packed)
	if err != nil || len(plain) == 0 || !utf8.Valid(plain) {
		return "", ErrCodeDamaged
	}
	return string(plain), nil
}
