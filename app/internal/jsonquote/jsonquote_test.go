package jsonquote

import "testing"

// The quoting of JSON.stringify, byte for byte (NIP-01's).
func TestAppend(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{`say "hi"`, `"say \"hi\""`},
		{"a\\b", `"a\\b"`},
		{"\n\r\t\b\f", `"\n\r\t\b\f"`},
		{"\x00\x1f", `"\u0000\u001f"`},
		{"<é>&", `"<é>&"`},
	} {
		if got := string(Append([]byte("x"), tc.in)); got != "x"+tc.want {
			t.Errorf("%q quotes as %s, want %s", tc.in, got[1:], tc.want)
		}
	}
}
