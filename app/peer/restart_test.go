//go:build !js

package peer

import (
	"fmt"
	"strings"
	"testing"

	"longhall/app/internal/leaktest"
)

func iceUfrag(sdp string) string {
	for line := range strings.Lines(sdp) {
		if u, ok := strings.CutPrefix(strings.TrimSpace(line), "a=ice-ufrag:"); ok {
			return u
		}
	}
	return ""
}

// An ICE restart mends an open link in place: new ICE credentials and
// candidates, the same certificates (so the answering side can tell which
// link an offer is for), and the data channel carries on, messages in
// order, those sent during the restart included.
func TestAnICERestartKeepsTheLink(t *testing.T) {
	leaktest.Check(t)
	a, b := newPair(t, loopback(Config{}), loopback(Config{}))
	before := a.pc.LocalDescription().SDP
	for i := range 3 {
		if err := a.Send([]byte(fmt.Sprint("before ", i))); err != nil {
			t.Fatal(err)
		}
	}
	offer, err := a.RestartOffer()
	if err != nil {
		t.Fatal(err)
	}
	if iceUfrag(offer) == "" || iceUfrag(offer) == iceUfrag(before) {
		t.Errorf("the restart offer's ICE username %q is the old one's %q", iceUfrag(offer), iceUfrag(before))
	}
	if !strings.Contains(offer, "a=candidate:") {
		t.Error("the restart offer has no candidates")
	}
	if got, want := Fingerprint(offer), b.RemoteFingerprint(); got == "" || got != want {
		t.Errorf("the restart offer's fingerprint %q is not the link's %q", got, want)
	}
	if err := a.Send([]byte("during")); err != nil {
		t.Fatal(err)
	}
	answer, err := b.AnswerRestart(offer)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.AcceptRestart(answer); err != nil {
		t.Fatal(err)
	}
	if err := a.Send([]byte("after")); err != nil {
		t.Fatal(err)
	}
	if err := b.Send([]byte("back")); err != nil {
		t.Fatal(err)
	}
	var got []string
	for range 5 {
		got = append(got, string(recv(t, b)))
	}
	if want := "before 0|before 1|before 2|during|after"; strings.Join(got, "|") != want {
		t.Errorf("across the restart b received %q, want %q", strings.Join(got, "|"), want)
	}
	if m := string(recv(t, a)); m != "back" {
		t.Errorf("a received %q", m)
	}
}

// A restart offer that is not one is refused in words, and the link goes
// on.
func TestABadRestartOfferIsRefused(t *testing.T) {
	leaktest.Check(t)
	a, b := newPair(t, loopback(Config{}), loopback(Config{}))
	if _, err := b.AnswerRestart("hello"); err == nil {
		t.Error("a restart offer of \"hello\" was answered")
	}
	if err := a.AcceptRestart(""); err == nil {
		t.Error("an empty restart answer was taken")
	}
	if err := a.Send([]byte("still here")); err != nil {
		t.Fatal(err)
	}
	if m := string(recv(t, b)); m != "still here" {
		t.Errorf("b received %q", m)
	}
}

func TestFingerprint(t *testing.T) {
	for _, tc := range []struct{ sdp, want string }{
		{"v=0\r\na=fingerprint:sha-256 AB:CD\r\nm=application\r\n", "sha-256 ab:cd"},
		{"v=0\r\nm=application\r\n", ""},
		{"", ""},
	} {
		if got := Fingerprint(tc.sdp); got != tc.want {
			t.Errorf("Fingerprint(%q) = %q, want %q", tc.sdp, got, tc.want)
		}
	}
}
