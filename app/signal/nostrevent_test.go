package signal

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"longhall/app/internal/bip340"
)

// Events published on the Nostr network, as go-nostr's tests keep them:
// ids and signatures made by other implementations.
var publishedEvents = []string{
	`{"id":"dc90c95f09947507c1044e8f48bcf6350aa6bff1507dd4acfc755b9239b5c962","pubkey":"3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d","created_at":1644271588,"kind":1,"tags":[],"content":"now that https://blueskyweb.org/blog/2-7-2022-overview was announced we can stop working on nostr?","sig":"230e9d8f0ddaf7eb70b5f7741ccfa37e87a455c9a469282e3464e2052d3192cd63a167e196e381ef9d7e69e9ea43af2443b839974dc85d8aaab9efe1d9296524"}`,
	`{"id":"9e662bdd7d8abc40b5b15ee1ff5e9320efc87e9274d8d440c58e6eed2dddfbe2","pubkey":"373ebe3d45ec91977296a178d9f19f326c70631d2a1b0bbba5c5ecc2eb53b9e7","created_at":1644844224,"kind":3,"tags":[["p","3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d"],["p","75fc5ac2487363293bd27fb0d14fb966477d0f1dbc6361d37806a6a740eda91e"],["p","46d0dfd3a724a302ca9175163bdf788f3606b3fd1bb12d5fe055d1e418cb60ea"]],"content":"{\"wss://nostr-pub.wellorder.net\":{\"read\":true,\"write\":true},\"wss://nostr.bitcoiner.social\":{\"read\":false,\"write\":true},\"wss://expensive-relay.fiatjaf.com\":{\"read\":true,\"write\":true},\"wss://relayer.fiatjaf.com\":{\"read\":true,\"write\":true},\"wss://relay.bitid.nz\":{\"read\":true,\"write\":true},\"wss://nostr.rocks\":{\"read\":true,\"write\":true}}","sig":"811355d3484d375df47581cb5d66bed05002c2978894098304f20b595e571b7e01b2efd906c5650080ffe49cf1c62b36715698e9d88b9e8be43029a2f3fa66be"}`,
}

func TestPublishedEventsVerify(t *testing.T) {
	for i, raw := range publishedEvents {
		var ev event
		if err := json.Unmarshal([]byte(raw), &ev); err != nil {
			t.Fatal(err)
		}
		if err := ev.verify(); err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		// Any change to a signed field breaks the id; a changed id breaks
		// the signature.
		for _, mutate := range []func(e *event){
			func(e *event) { e.Content += " " },
			func(e *event) { e.CreatedAt++ },
			func(e *event) { e.Kind++ },
			func(e *event) { e.Tags = append(e.Tags, []string{"t", "x"}) },
			func(e *event) { e.Sig = e.Sig[:10] + flipHex(e.Sig[10]) + e.Sig[11:] },
		} {
			bad := ev
			bad.Tags = append([][]string(nil), ev.Tags...)
			mutate(&bad)
			if bad.verify() == nil {
				t.Fatalf("event %d verified after a change", i)
			}
		}
		bad := ev
		bad.ID = strings.Repeat("0", 64)
		if bad.verify() == nil {
			t.Fatalf("event %d verified with a wrong id", i)
		}
	}
}

func flipHex(c byte) string {
	if c == '0' {
		return "1"
	}
	return "0"
}

func TestSerializeEscapes(t *testing.T) {
	ev := event{PubKey: "ab", CreatedAt: 7, Kind: 25050, Tags: [][]string{{"t", "x"}, {"p", "y", ""}},
		Content: "a\"b\\c\nd\re\tf\bg\fh\x01i</>&é\u2028"}
	want := `[0,"ab",7,25050,[["t","x"],["p","y",""]],"a\"b\\c\nd\re\tf\bg\fh\u0001i</>&é` + "\u2028" + `"]`
	if got := string(ev.serialize()); got != want {
		t.Fatalf("serialize =\n%s\nwant\n%s", got, want)
	}
	empty := event{PubKey: "ab", Kind: 1}
	if got := string(empty.serialize()); got != `[0,"ab",0,1,[],""]` {
		t.Fatalf("serialize of an empty event = %s", got)
	}
}

func TestEventSignRoundTrip(t *testing.T) {
	key := bip340.RandomKey()
	ev := event{CreatedAt: 1_800_000_000, Kind: NostrKind, Tags: [][]string{{"t", fixedRoom().Topic()}}, Content: "sealed"}
	if err := ev.sign(key); err != nil {
		t.Fatal(err)
	}
	if len(ev.ID) != 64 || len(ev.PubKey) != 64 || len(ev.Sig) != 128 {
		t.Fatalf("lengths: id %d pubkey %d sig %d", len(ev.ID), len(ev.PubKey), len(ev.Sig))
	}
	if err := ev.verify(); err != nil {
		t.Fatal(err)
	}
	other := bip340.RandomKey()
	forged := ev
	forged.PubKey = hex.EncodeToString(other.Public())
	if forged.verify() == nil {
		t.Fatal("an event verified under another key")
	}
}

// TestVerifyHexRefusesBadHex: a relay's event with a pubkey or signature
// that is not hex, or of the wrong length, does not verify.
func TestVerifyHexRefusesBadHex(t *testing.T) {
	key := bip340.RandomKey()
	msg := make([]byte, 32)
	sig, err := key.Sign(msg, [32]byte{})
	if err != nil {
		t.Fatal(err)
	}
	pub, sigHex := hex.EncodeToString(key.Public()), hex.EncodeToString(sig)
	if !verifyHex(pub, sigHex, msg) {
		t.Fatal("a good signature does not verify")
	}
	for _, c := range []struct{ name, pub, sig string }{
		{"pubkey not hex", "zz" + pub[2:], sigHex},
		{"signature not hex", pub, "zz" + sigHex[2:]},
		{"short pubkey", pub[:62], sigHex},
		{"short signature", pub, sigHex[:126]},
		{"empty", "", ""},
	} {
		if verifyHex(c.pub, c.sig, msg) {
			t.Errorf("%s: verified", c.name)
		}
	}
}

var errBadEvent = errors.New("signal: a Nostr event has a wrong id or signature")

// verify checks the event's id and signature, as a relay does: the tests
// use it to show that what we publish a relay would accept.
func (e *event) verify() error {
	id := e.hash()
	if e.ID != hex.EncodeToString(id[:]) || !verifyHex(e.PubKey, e.Sig, id[:]) {
		return errBadEvent
	}
	return nil
}

// verifyHex checks a BIP-340 signature given, as Nostr gives them, as hex.
func verifyHex(pubHex, sigHex string, msg []byte) bool {
	pub, err := hex.DecodeString(pubHex)
	if err != nil {
		return false
	}
	sig, err := hex.DecodeString(sigHex)
	return err == nil && bip340.Verify(pub, msg, sig)
}
