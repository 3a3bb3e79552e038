package bip340

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"testing"
)

// TestECDH: two keys agree on one secret, which is the x coordinate of
// the product of their secrets times G, and a third key gets another; a
// public key off the curve or of the wrong length is refused.
func TestECDH(t *testing.T) {
	for range 20 {
		a, b, c := RandomKey(), RandomKey(), RandomKey()
		ab, err := a.ECDH(b.Public())
		if err != nil {
			t.Fatal(err)
		}
		ba, err := b.ECDH(a.Public())
		if err != nil {
			t.Fatal(err)
		}
		ac, _ := a.ECDH(c.Public())
		if !bytes.Equal(ab, ba) || len(ab) != 32 || bytes.Equal(ab, ac) {
			t.Fatalf("a·B = %x, b·A = %x, a·C = %x", ab, ba, ac)
		}
		x, _, _ := baseMul(new(big.Int).Mul(a.d, b.d)).affine()
		if !bytes.Equal(ab, x.bytes()) {
			t.Fatalf("a·B = %x, not the x of ab·G = %x", ab, x.bytes())
		}
	}
	// x = 5 has no point on secp256k1 (5³+7 = 132 is not a square mod p).
	off, _ := hex.DecodeString("0000000000000000000000000000000000000000000000000000000000000005")
	for _, pub := range [][]byte{off, nil, make([]byte, 31), make([]byte, 33)} {
		if _, err := RandomKey().ECDH(pub); err == nil {
			t.Errorf("accepted the public key %x", pub)
		}
	}
}
