package signal

import (
	"errors"
	"strings"
	"testing"
)

func TestManualCodeRoundTrip(t *testing.T) {
	offer, answer := EncodeOffer(testSDP), EncodeAnswer(testSDP)
	if !strings.HasPrefix(offer, "LHO1.") || !strings.HasPrefix(answer, "LHA1.") {
		t.Fatalf("prefixes: %.8q %.8q", offer, answer)
	}
	if strings.Contains(offer, sdpMarker) {
		t.Fatal("the code shows the SDP as plain text")
	}
	if len(offer) >= len(testSDP) {
		t.Errorf("code (%d) is not shorter than the SDP (%d)", len(offer), len(testSDP))
	}
	t.Logf("SDP %d bytes, code %d characters", len(testSDP), len(offer))

	got, err := DecodeOffer(offer)
	if err != nil || got != testSDP {
		t.Fatalf("DecodeOffer = %q, %v", got, err)
	}
	got, err = DecodeAnswer(answer)
	if err != nil || got != testSDP {
		t.Fatalf("DecodeAnswer = %q, %v", got, err)
	}

	// Chat apps wrap long lines and add spaces; quoting adds a tab.
	var wrapped strings.Builder
	for i := 0; i < len(offer); i += 40 {
		wrapped.WriteString(offer[i:min(i+40, len(offer))])
		wrapped.WriteString(" \r\n\t")
	}
	if got, err := DecodeOffer("  " + wrapped.String()); err != nil || got != testSDP {
		t.Fatalf("a wrapped code: %v", err)
	}
}

func TestManualCodeErrors(t *testing.T) {
	offer := EncodeOffer(testSDP)
	dot := strings.LastIndexByte(offer, '.')
	flip := func(s string, i int) string {
		c := byte('A')
		if s[i] == 'A' {
			c = 'B'
		}
		return s[:i] + string(c) + s[i+1:]
	}
	cases := []struct {
		name, code string
		want       error
	}{
		{"empty", " \n", ErrNotCode},
		{"not a code", "hello there", ErrNotCode},
		{"an SDP", testSDP, ErrNotCode},
		{"answer pasted for offer", EncodeAnswer(testSDP), ErrAnswerCode},
		{"other version", "LHO2." + offer[5:], ErrCodeVersion},
		{"cut in the prefix", "LHO", ErrCodeIncomplete},
		{"only the prefix", "LHO1.", ErrCodeIncomplete},
		{"cut in the middle", offer[:len(offer)/2], ErrCodeIncomplete},
		{"cut before the checksum", offer[:dot], ErrCodeIncomplete},
		{"cut in the checksum", offer[:len(offer)-2], ErrCodeIncomplete},
		{"typo in the body", flip(offer, 20), ErrCodeDamaged},
		{"typo in the checksum", flip(offer, len(offer)-1), ErrCodeDamaged},
		{"a character lost in the middle", offer[:30] + offer[31:], ErrCodeDamaged},
		{"checksum too long", offer + "A", ErrCodeDamaged},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeOffer(c.code)
			if !errors.Is(err, c.want) {
				t.Fatalf("DecodeOffer = %v, want %v", err, c.want)
			}
		})
	}
	if _, err := DecodeAnswer(offer); !errors.Is(err, ErrOfferCode) {
		t.Fatalf("offer pasted for answer: %v", err)
	}
	// Every truncation is refused, never decoded into a wrong SDP.
	for n := 0; n < len(offer); n++ {
		if sdp, err := DecodeOffer(offer[:n]); err == nil {
			t.Fatalf("a code cut to %d characters decoded to %q", n, sdp)
		}
	}
}
