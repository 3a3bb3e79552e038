package bip340

import (
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestVectors runs BIP-340's published test vectors, kept as the BIP
// keeps them (testdata/test-vectors.csv, the format of
// bip-0340/test-vectors.csv): where a secret key is given, the key's
// public key and its signature with the given auxiliary randomness are the
// listed ones; every signature verifies, or does not, as listed.
func TestVectors(t *testing.T) {
	f, err := os.Open("testdata/test-vectors.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 20 || strings.Join(rows[0], ",") != "index,secret key,public key,aux_rand,message,signature,verification result,comment" {
		t.Fatalf("the vectors file has %d rows and the header %q; want the BIP's 19 vectors", len(rows), rows[0])
	}
	for _, row := range rows[1:] {
		index, secret, pub, aux, msg, sig, result, comment := row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]
		t.Run("vector "+index, func(t *testing.T) {
			if n, err := strconv.Atoi(index); err != nil || n < 0 || n > 18 {
				t.Fatalf("index %q", index)
			}
			want, err := strconv.ParseBool(strings.ToLower(result))
			if err != nil {
				t.Fatal(err)
			}
			m := mustHex(t, msg)
			if secret != "" {
				key, err := NewKey(mustHex(t, secret))
				if err != nil {
					t.Fatal(err)
				}
				if got := hex.EncodeToString(key.Public()); !strings.EqualFold(got, pub) {
					t.Errorf("public key %s, want %s", got, pub)
				}
				var a [32]byte
				copy(a[:], mustHex(t, aux))
				s, err := key.Sign(m, a)
				if err != nil {
					t.Fatal(err)
				}
				if got := hex.EncodeToString(s); !strings.EqualFold(got, sig) {
					t.Errorf("signature %s, want %s", got, sig)
				}
			}
			if got := Verify(mustHex(t, pub), m, mustHex(t, sig)); got != want {
				t.Errorf("Verify = %v, want %v (%s)", got, want, comment)
			}
		})
	}
}

// TestVerifyRefusesWrongLengths: a public key or signature of the wrong
// length does not verify, and nothing panics.
func TestVerifyRefusesWrongLengths(t *testing.T) {
	k := RandomKey()
	msg := []byte("longhall")
	sig, err := k.Sign(msg, [32]byte{1})
	if err != nil {
		t.Fatal(err)
	}
	if !Verify(k.Public(), msg, sig) {
		t.Fatal("a fresh signature does not verify")
	}
	for _, c := range []struct {
		name     string
		pub, sig []byte
	}{
		{"short key", k.Public()[:31], sig},
		{"long key", append(k.Public(), 0), sig},
		{"short signature", k.Public(), sig[:63]},
		{"long signature", k.Public(), append(sig, 0)},
		{"nothing", nil, nil},
	} {
		if Verify(c.pub, msg, c.sig) {
			t.Errorf("%s: verified", c.name)
		}
	}
}

// FuzzVerify: any bytes at all give an answer, never a panic, and a
// signature made by Sign always verifies.
func FuzzVerify(f *testing.F) {
	f.Add(make([]byte, 32), []byte("msg"), make([]byte, 64), make([]byte, 32))
	f.Fuzz(func(t *testing.T, pub, msg, sig, secret []byte) {
		Verify(pub, msg, sig)
		k, err := NewKey(secret)
		if err != nil {
			return
		}
		s, err := k.Sign(msg, [32]byte{})
		if err != nil || !Verify(k.Public(), msg, s) {
			t.Fatalf("key %x: a signature of %x does not verify (%v)", secret, msg, err)
		}
	})
}

// TestKeyRange: secrets must lie in 1..n−1.
func TestKeyRange(t *testing.T) {
	for _, s := range []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", // n
		"00",
	} {
		if _, err := NewKey(mustHex(t, s)); err == nil {
			t.Errorf("NewKey(%s) accepted", s)
		}
	}
	// n−1 is the largest secret, and its public key is G's x (its point is −G).
	k, err := NewKey(mustHex(t, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140"))
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

// TestConstantsAreTheCurves: the constants written out as numbers are SEC
// 2's secp256k1 (n, G) and the exponents p−2 and (p+1)/4.
func TestConstantsAreTheCurves(t *testing.T) {
	p := hexInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")
	for _, c := range []struct {
		name string
		got  fe
		want string
	}{
		{"G.x", curveG.x, "79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798"},
		{"G.y", curveG.y, "483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8"},
		{"p−2", expInverse, new(big.Int).Sub(p, big.NewInt(2)).Text(16)},
		{"(p+1)/4", expSqrt, new(big.Int).Rsh(new(big.Int).Add(p, big.NewInt(1)), 2).Text(16)},
		{"p", feP, p.Text(16)},
	} {
		if want := fmt.Sprintf("%064s", strings.ToLower(c.want)); fmt.Sprintf("%016x%016x%016x%016x", c.got[3], c.got[2], c.got[1], c.got[0]) != want {
			t.Errorf("%s is %x, want %s", c.name, c.got, want)
		}
	}
	if want := hexInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141"); curveN.Cmp(want) != 0 {
		t.Errorf("n is %x, want %x", curveN, want)
	}
}

func hexInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("bip340: bad constant " + s)
	}
	return n
}
