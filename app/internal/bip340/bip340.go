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

// The curve's constants, written out rather than parsed at start-up: a
// parse (math/big's and hex's, on their first call) was 9–13 ms of the
// wasm's package initialisation under node, paid before a page's first
// frame by every visitor, room or not. TestConstantsAreTheCurves holds
// them to SEC 2's hex.
var (
	curveN = new(big.Int).SetBytes([]byte{
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
		0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B, 0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41,
	})
	curveG = jacobian{
		x: fe{0x59F2815B16F81798, 0x029BFCDB2DCE28D9, 0x55A06295CE870B07, 0x79BE667EF9DCBBAC},
		y: fe{0x9C47D08FFB10D4B8, 0xFD17B448A6855419, 0x5DA4FBFC0E1108A8, 0x483ADA7726A3C465},
		z: fe{1},
	}
	feSeven = fe{7}
	// Exponents: p−2 for inverses, (p+1)/4 for square roots.
	expInverse = fe{0xFFFFFFFEFFFFFC2D, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF}
	expSqrt    = fe{0xFFFFFFFFBFFFFF0C, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0x3FFFFFFFFFFFFFFF}
)

// ErrBadKey is returned for a secret key outside 1..n−1.
var ErrBadKey = errors.New("bip340: invalid secp256k1 secret key")

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
