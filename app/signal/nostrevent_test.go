package signal

import (
	"encoding/hex"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
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

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// BIP-340's test vectors (bip-0340/test-vectors.csv): signing with the
// given auxiliary randomness reproduces the signature, and verification
// gives the listed result.
func TestBIP340Vectors(t *testing.T) {
	vectors := []struct {
		secret, pub, aux, msg, sig string
		ok                         bool
	}{
		{"0000000000000000000000000000000000000000000000000000000000000003", "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9", "0000000000000000000000000000000000000000000000000000000000000000", "0000000000000000000000000000000000000000000000000000000000000000", "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0", true},
		{"B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF", "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "0000000000000000000000000000000000000000000000000000000000000001", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE33418906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A", true},
		{"C90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B14E5C9", "DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8", "C87AA53824B4D7AE2EB035A2B5BBBCCC080E76CDC6D1692C4B0B62D798E6D906", "7E2D58D8B3BCDF1ABADEC7829054F90DDA9805AAB56C77333024B9D0A508B75C", "5831AAEED7B44BB74E5EAB94BA9D4294C49BCF2A60728D8B4C200F50DD313C1BAB745879A5AD954A72C45A91C3A51D3C7ADEA98D82F8481E0E1E03674A6F3FB7", true},
		{"0B432B2677937381AEF05BB02A66ECD012773062CF3FA2549E44F58ED2401710", "25D1DFF95105F5253C4022F628A996AD3A0D95FBF21D468A1B33F8C160D8F517", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "7EB0509757E246F19449885651611CB965ECC1A187DD51B64FDA1EDC9637D5EC97582B9CB13DB3933705B32BA982AF5AF25FD78881EBB32771FC5922EFC66EA3", true},
		{"", "D69C3509BB99E412E68B0FE8544E72837DFA30746D8BE2AA65975F29D22DC7B9", "", "4DF3C3F68FCC83B27E9D42C90431A72499F17875C81A599B566C9889B9696703", "00000000000000000000003B78CE563F89A0ED9414F5AA28AD0D96D6795F9C6376AFB1548AF603B3EB45C9F8207DEE1060CB71C04E80F593060B07D28308D7F4", true},
		{"", "EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34", "", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B", false}, // public key not on the curve
		{"", "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "FFF97BD5755EEEA420453A14355235D382F6472F8568A18B2F057A14602975563CC27944640AC607CD107AE10923D9EF7A73C643E166BE5EBEAFA34B1AC553E2", false}, // has_even_y(R) is false
		{"", "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "1FA62E331EDBC21C394792D2AB1100A7B432B013DF3F6FF4F99FCB33E0E1515F28890B3EDB6E7189B630448B515CE4F8622A954CFE545735AAEA5134FCCDB2BD", false}, // negated message
		{"", "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769961764B3AA9B2FFCB6EF947B6887A226E8D7C93E00C5ED0C1834FF0D0C2E6DA6", false}, // negated s value
		{"", "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "0000000000000000000000000000000000000000000000000000000000000000123DDA8328AF9C23A94C1FEECFD123BA4FB73476F0D594DCB65C6425BD186051", false}, // sG - eP is infinite
		{"", "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "4A298DACAE57395A15D0795DDBFD1DCB564DA82B0F269BC70A74F8220429BA1D69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B", false}, // sig[0:32] is not an X coordinate on the curve
		{"", "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", false}, // sig[32:64] is equal to curve order
		{"", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30", "", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B", false}, // public key exceeds the field size
	}
	for i, v := range vectors {
		msg := mustHex(t, v.msg)
		if v.secret != "" {
			key, err := newSchnorrKey(mustHex(t, v.secret))
			if err != nil {
				t.Fatalf("vector %d: %v", i, err)
			}
			if got := hex.EncodeToString(key.pub); !strings.EqualFold(got, v.pub) {
				t.Errorf("vector %d: public key %s, want %s", i, got, v.pub)
			}
			var aux [32]byte
			copy(aux[:], mustHex(t, v.aux))
			sig, err := key.sign(msg, aux)
			if err != nil {
				t.Fatalf("vector %d: %v", i, err)
			}
			if got := hex.EncodeToString(sig); !strings.EqualFold(got, v.sig) {
				t.Errorf("vector %d: signature %s, want %s", i, got, v.sig)
			}
		}
		// verifyHex is what event.verify uses.
		ok := verifyHex(v.pub, v.sig, msg)
		if ok != v.ok {
			t.Errorf("vector %d: verify = %v, want %v", i, ok, v.ok)
		}
	}
}

func TestEventSignRoundTrip(t *testing.T) {
	key, err := randomSchnorrKey()
	if err != nil {
		t.Fatal(err)
	}
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
	other, _ := randomSchnorrKey()
	forged := ev
	forged.PubKey = hex.EncodeToString(other.pub)
	if forged.verify() == nil {
		t.Fatal("an event verified under another key")
	}
}

func TestSchnorrKeyRange(t *testing.T) {
	for _, s := range []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", // n
		"00",
	} {
		if _, err := newSchnorrKey(mustHex(t, s)); err == nil {
			t.Errorf("newSchnorrKey(%s) accepted", s)
		}
	}
	// n−1 is the largest secret, and its public key is G's x (its point is −G).
	k, err := newSchnorrKey(mustHex(t, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140"))
	if err != nil || !strings.EqualFold(hex.EncodeToString(k.pub), "79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798") {
		t.Fatalf("key n−1: %v %x", err, k.pub)
	}
}

// TestCurveArithmetic checks the point formulas against each other and
// against published multiples of G: 2G by doubling equals G+G by the
// addition path, 3G is right, and n·G is the identity.
func TestCurveArithmetic(t *testing.T) {
	two := curveG.double()
	sum := mul2(big.NewInt(1), curveG, big.NewInt(1), curveG)
	x1, y1, _ := two.affine()
	x2, y2, _ := sum.affine()
	if x1 != x2 || y1 != y2 {
		t.Fatal("G+G differs from 2G")
	}
	if !strings.EqualFold(hex.EncodeToString(x1.bytes()), "C6047F9441ED7D6D3045406E95C07CD85C778E4B8CEF3CA7ABAC09B95C709EE5") {
		t.Fatalf("2G.x = %x", x1.bytes())
	}
	if x, _, _ := two.add(curveG).affine(); !strings.EqualFold(hex.EncodeToString(x.bytes()), "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9") {
		t.Fatalf("3G.x = %x", x.bytes())
	}
	if !baseMul(curveN).isInfinity() {
		t.Fatal("n·G is not the identity")
	}
}

// TestFieldArithmetic compares the four-limb field arithmetic with
// math/big, on edge values and random ones.
func TestFieldArithmetic(t *testing.T) {
	p := hexInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")
	toBig := func(a fe) *big.Int { return new(big.Int).SetBytes(a.bytes()) }
	fromBig := func(n *big.Int) fe {
		var b [32]byte
		a, ok := feFromBytes(new(big.Int).Mod(n, p).FillBytes(b[:]))
		if !ok {
			t.Fatal("feFromBytes refused a reduced value")
		}
		return a
	}
	pm1 := new(big.Int).Sub(p, big.NewInt(1))
	values := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(0x1000003D1), pm1,
		new(big.Int).Sub(p, big.NewInt(0x1000003D1)), new(big.Int).Lsh(big.NewInt(1), 255), new(big.Int).Rsh(p, 1)}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var b [32]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		values = append(values, new(big.Int).Mod(new(big.Int).SetBytes(b[:]), p))
	}
	mod := func(n *big.Int) *big.Int { return n.Mod(n, p) }
	for _, x := range values {
		for _, y := range values[:20] {
			a, b := fromBig(x), fromBig(y)
			if got, want := toBig(feMul(a, b)), mod(new(big.Int).Mul(x, y)); got.Cmp(want) != 0 {
				t.Fatalf("%x · %x = %x, want %x", x, y, got, want)
			}
			if got, want := toBig(feAdd(a, b)), mod(new(big.Int).Add(x, y)); got.Cmp(want) != 0 {
				t.Fatalf("%x + %x = %x, want %x", x, y, got, want)
			}
			if got, want := toBig(feSub(a, b)), mod(new(big.Int).Sub(x, y)); got.Cmp(want) != 0 {
				t.Fatalf("%x − %x = %x, want %x", x, y, got, want)
			}
		}
		if x.Sign() != 0 {
			inv := toBig(feExp(fromBig(x), expInverse))
			if mod(new(big.Int).Mul(inv, x)).Cmp(big.NewInt(1)) != 0 {
				t.Fatalf("inverse of %x is wrong", x)
			}
		}
	}
	if _, ok := feFromBytes(p.FillBytes(make([]byte, 32))); ok {
		t.Fatal("feFromBytes accepted p")
	}
}
