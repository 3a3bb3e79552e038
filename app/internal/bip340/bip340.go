// Package bip340 makes and checks BIP-340 Schnorr signatures over
// secp256k1, as Nostr uses them.
//
// The usual Go libraries (btcec, decred's secp256k1) link a precomputed
// table of about 0.7 MB (gzip) into every binary, which would grow the app's
// wasm by 40%; this small implementation (field arithmetic on four 64-bit
// limbs, scalars with math/big) takes a few milliseconds per signature
// instead, and Longhall signs a handful of events per session.
//
// It is not constant-time. That is fine for Longhall: its signing keys are
// throwaway keys made for one session, guarding nothing (the room's seal,
// not the Nostr signature, authenticates a payload), and a relay requires
// the signatures only to accept the events. Its ECDH keys (Key.ECDH) are
// made afresh for one relayed link and used once, by a browser whose
// timing an attacker sees only through public relays, hundreds of
// milliseconds of jitter wide. Do not use it for long-lived keys.
package bip340

import (
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"math/big"
)

var (
	curveN = hexInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")
	curveG = jacobian{
		x: mustFE("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798"),
		y: mustFE("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8"),
		z: fe{1},
	}
	feSeven = fe{7}
	// Exponents: p−2 for inverses, (p+1)/4 for square roots.
	expInverse = mustFE("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2D")
	expSqrt    = mustFE("3FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFBFFFFF0C")
)

// ErrBadKey is returned for a secret key outside 1..n−1.
var ErrBadKey = errors.New("bip340: invalid secp256k1 secret key")

func hexInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("bip340: bad constant " + s)
	}
	return n
}

// bytes32 is the 32-byte big-endian form of n.
func bytes32(n *big.Int) []byte {
	var b [32]byte
	return n.FillBytes(b[:])
}

// taggedHash is BIP-340's hash_tag(msg).
func taggedHash(tag string, parts ...[]byte) []byte {
	t := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(t[:])
	h.Write(t[:])
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

// liftX is the point with x coordinate x (32 bytes) and an even y, if
// there is one.
func liftX(xb []byte) (jacobian, bool) {
	x, ok := feFromBytes(xb)
	if !ok {
		return jacobian{}, false
	}
	c := feAdd(feMul(feMul(x, x), x), feSeven)
	y := feExp(c, expSqrt)
	if feMul(y, y) != c {
		return jacobian{}, false
	}
	if y.isOdd() {
		y = feSub(fe{}, y)
	}
	return jacobian{x, y, fe{1}}, true
}

// Key is a secp256k1 secret key with its x-only public key.
type Key struct {
	d   *big.Int // secret scalar, adjusted so that d·G has an even y
	pub []byte   // 32-byte x coordinate of d·G
}

// NewKey makes a key from a 32-byte secret.
func NewKey(secret []byte) (*Key, error) {
	d := new(big.Int).SetBytes(secret)
	if len(secret) != 32 || d.Sign() == 0 || d.Cmp(curveN) >= 0 {
		return nil, ErrBadKey
	}
	x, y, _ := baseMul(d).affine()
	if y.isOdd() {
		d.Sub(curveN, d)
	}
	return &Key{d: d, pub: x.bytes()}, nil
}

// RandomKey makes a fresh throwaway key.
func RandomKey() *Key {
	for {
		var b [32]byte
		rand.Read(b[:]) // never fails (Go 1.24+)
		if k, err := NewKey(b[:]); err == nil {
			return k
		}
	}
}

// Public is the key's 32-byte x-only public key.
func (k *Key) Public() []byte { return append([]byte(nil), k.pub...) }

// Sign makes the BIP-340 signature of msg (any length) with the auxiliary
// randomness aux.
func (k *Key) Sign(msg []byte, aux [32]byte) ([]byte, error) {
	t := bytes32(k.d)
	for i, b := range taggedHash("BIP0340/aux", aux[:]) {
		t[i] ^= b
	}
	k0 := new(big.Int).SetBytes(taggedHash("BIP0340/nonce", t, k.pub, msg))
	k0.Mod(k0, curveN)
	if k0.Sign() == 0 {
		return nil, ErrBadKey // probability 2^-256
	}
	rx, ry, _ := baseMul(k0).affine()
	if ry.isOdd() {
		k0.Sub(curveN, k0)
	}
	r := rx.bytes()
	e := new(big.Int).SetBytes(taggedHash("BIP0340/challenge", r, k.pub, msg))
	e.Mod(e, curveN)
	s := e.Mul(e, k.d)
	s.Add(s, k0)
	s.Mod(s, curveN)
	return append(r, bytes32(s)...), nil
}

// Verify checks a BIP-340 signature of msg by the x-only public key.
func Verify(pub, msg, sig []byte) bool {
	if len(pub) != 32 || len(sig) != 64 {
		return false
	}
	p, ok := liftX(pub)
	if !ok {
		return false
	}
	r, ok := feFromBytes(sig[:32])
	s := new(big.Int).SetBytes(sig[32:])
	if !ok || s.Cmp(curveN) >= 0 {
		return false
	}
	e := new(big.Int).SetBytes(taggedHash("BIP0340/challenge", sig[:32], pub, msg))
	e.Mod(e, curveN)
	e.Sub(curveN, e) // R = s·G − e·P = s·G + (n−e)·P
	x, y, ok := mul2(s, curveG, e, p).affine()
	return ok && !y.isOdd() && x == r
}
