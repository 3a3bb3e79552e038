// Package jsonquote quotes a string as JSON the way NIP-01 asks, which is
// what JavaScript's JSON.stringify does: \" \\ \n \r \t \b \f, other
// control characters as \u00xx, everything else verbatim (not
// encoding/json's \u003c for '<'). Signal's Nostr events and the relayed
// link's frames are written with it: their bytes are part of the wire.
package jsonquote

// Append appends s, quoted, to b.
func Append(b []byte, s string) []byte {
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
