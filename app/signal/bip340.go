package signal

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math/big"
	"math/bits"
)

// BIP-340 Schnorr signatures over secp256k1, as Nostr uses them. The usual
// Go libraries (btcec, decred's secp256k1) link a precomputed table of about
// 0.7 MB (gzip) into every binary, which would grow the app's wasm by 40%;
// this small implementation (field arithmetic on four 64-bit limbs, scalars
// with math/big) takes a few milliseconds per signature instead, and
// Longhall signs a handful of events per session.
//
// It is not constant-time. That is fine here: the keys are throwaway keys
// made for one session, guarding nothing (the room's seal, not the Nostr
// signature, is what authenticates a payload), and a relay requires the
// signatures only to accept the events.

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

var errBadKey = errors.New("signal: invalid secp256k1 key")

func hexInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("signal: bad constant " + s)
	}
	return n
}

// fe is an element of the field of secp256k1, p = 2^256 − 2^32 − 977, as
// four little-endian 64-bit limbs, always fully reduced.
type fe [4]uint64

// feP is p; feC is 2^256 mod p.
var feP = fe{0xFFFFFFFEFFFFFC2F, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF}

const feC = 0x1000003D1

func mustFE(s string) fe {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 {
		panic("signal: bad constant " + s)
	}
	var a fe
	for i := range a {
		a[i] = binary.BigEndian.Uint64(b[24-8*i:])
	}
	return a
}

// feFromBytes reads 32 big-endian bytes; ok is false if they are not < p.
func feFromBytes(b []byte) (a fe, ok bool) {
	for i := range a {
		a[i] = binary.BigEndian.Uint64(b[24-8*i:])
	}
	return a, !a.geP()
}

func (a fe) bytes() []byte {
	b := make([]byte, 32)
	for i := range a {
		binary.BigEndian.PutUint64(b[24-8*i:], a[i])
	}
	return b
}

func (a fe) geP() bool {
	for i := 3; i >= 0; i-- {
		if a[i] != feP[i] {
			return a[i] > feP[i]
		}
	}
	return true
}

func (a fe) isZero() bool { return a == fe{} }
func (a fe) isOdd() bool  { return a[0]&1 == 1 }

// subP returns a − p, for a in [p, 2^256).
func (a fe) subP() fe {
	var r fe
	var b uint64
	r[0], b = bits.Sub64(a[0], feP[0], 0)
	r[1], b = bits.Sub64(a[1], feP[1], b)
	r[2], b = bits.Sub64(a[2], feP[2], b)
	r[3], _ = bits.Sub64(a[3], feP[3], b)
	return r
}

// addSmall returns a + c mod 2^256 and the carry.
func (a fe) addSmall(c uint64) (fe, uint64) {
	var carry uint64
	a[0], carry = bits.Add64(a[0], c, 0)
	a[1], carry = bits.Add64(a[1], 0, carry)
	a[2], carry = bits.Add64(a[2], 0, carry)
	a[3], carry = bits.Add64(a[3], 0, carry)
	return a, carry
}

func feAdd(a, b fe) fe {
	var r fe
	var c uint64
	r[0], c = bits.Add64(a[0], b[0], 0)
	r[1], c = bits.Add64(a[1], b[1], c)
	r[2], c = bits.Add64(a[2], b[2], c)
	r[3], c = bits.Add64(a[3], b[3], c)
	if c != 0 {
		// a + b − 2^256 < 2^256 − 2·feC, so adding 2^256 mod p cannot carry.
		r, _ = r.addSmall(feC)
	}
	if r.geP() {
		r = r.subP()
	}
	return r
}

func feSub(a, b fe) fe {
	var r fe
	var w uint64
	r[0], w = bits.Sub64(a[0], b[0], 0)
	r[1], w = bits.Sub64(a[1], b[1], w)
	r[2], w = bits.Sub64(a[2], b[2], w)
	r[3], w = bits.Sub64(a[3], b[3], w)
	if w != 0 {
		// r is a − b + 2^256; a − b + p is that minus feC, and is positive.
		r[0], w = bits.Sub64(r[0], feC, 0)
		r[1], w = bits.Sub64(r[1], 0, w)
		r[2], w = bits.Sub64(r[2], 0, w)
		r[3], _ = bits.Sub64(r[3], 0, w)
	}
	return r
}

func feMul(a, b fe) fe {
	// Schoolbook product into eight limbs.
	var t [8]uint64
	for i := 0; i < 4; i++ {
		var carry uint64
		for j := 0; j < 4; j++ {
			hi, lo := bits.Mul64(a[i], b[j])
			var c uint64
			lo, c = bits.Add64(lo, t[i+j], 0)
			hi += c
			lo, c = bits.Add64(lo, carry, 0)
			hi += c
			t[i+j], carry = lo, hi
		}
		t[i+4] = carry
	}
	// Fold the high half: t = lo + hi·2^256 ≡ lo + hi·feC.
	var r fe
	var carry, c uint64
	for i := 0; i < 4; i++ {
		hi, lo := bits.Mul64(t[4+i], feC)
		lo, c = bits.Add64(lo, carry, 0)
		hi += c
		r[i], c = bits.Add64(t[i], lo, 0)
		carry = hi + c
	}
	// Fold the few bits left over the top the same way.
	hi, lo := bits.Mul64(carry, feC)
	r[0], c = bits.Add64(r[0], lo, 0)
	r[1], c = bits.Add64(r[1], hi, c)
	r[2], c = bits.Add64(r[2], 0, c)
	r[3], c = bits.Add64(r[3], 0, c)
	if c != 0 {
		r, _ = r.addSmall(feC) // r is tiny here: no carry
	}
	if r.geP() {
		r = r.subP()
	}
	return r
}

// feExp returns a^e.
func feExp(a, e fe) fe {
	r := fe{1}
	for i := 255; i >= 0; i-- {
		r = feMul(r, r)
		if e[i/64]>>(i%64)&1 == 1 {
			r = feMul(r, a)
		}
	}
	return r
}

func feSmall(k uint64, a fe) fe {
	r := fe{}
	for ; k > 0; k-- {
		r = feAdd(r, a)
	}
	return r
}

// jacobian is a point (X/Z², Y/Z³); Z = 0 is the point at infinity.
type jacobian struct{ x, y, z fe }

func (p jacobian) isInfinity() bool { return p.z.isZero() }

// double is dbl-2009-l for a = 0.
func (p jacobian) double() jacobian {
	if p.isInfinity() || p.y.isZero() {
		return jacobian{}
	}
	a := feMul(p.x, p.x)
	b := feMul(p.y, p.y)
	c := feMul(b, b)
	xb := feAdd(p.x, b)
	d := feSmall(2, feSub(feSub(feMul(xb, xb), a), c))
	e := feSmall(3, a)
	f := feMul(e, e)
	x3 := feSub(f, feSmall(2, d))
	y3 := feSub(feMul(e, feSub(d, x3)), feSmall(8, c))
	z3 := feSmall(2, feMul(p.y, p.z))
	return jacobian{x3, y3, z3}
}

// add is add-2007-bl.
func (p jacobian) add(q jacobian) jacobian {
	if p.isInfinity() {
		return q
	}
	if q.isInfinity() {
		return p
	}
	z1z1 := feMul(p.z, p.z)
	z2z2 := feMul(q.z, q.z)
	u1 := feMul(p.x, z2z2)
	u2 := feMul(q.x, z1z1)
	s1 := feMul(feMul(p.y, q.z), z2z2)
	s2 := feMul(feMul(q.y, p.z), z1z1)
	if u1 == u2 {
		if s1 == s2 {
			return p.double()
		}
		return jacobian{}
	}
	h := feSub(u2, u1)
	i := feSmall(4, feMul(h, h))
	j := feMul(h, i)
	r := feSmall(2, feSub(s2, s1))
	v := feMul(u1, i)
	x3 := feSub(feSub(feMul(r, r), j), feSmall(2, v))
	y3 := feSub(feMul(r, feSub(v, x3)), feSmall(2, feMul(s1, j)))
	zz := feAdd(p.z, q.z)
	z3 := feMul(feSub(feSub(feMul(zz, zz), z1z1), z2z2), h)
	return jacobian{x3, y3, z3}
}

// affine returns the point's coordinates; ok is false at infinity.
func (p jacobian) affine() (x, y fe, ok bool) {
	if p.isInfinity() {
		return fe{}, fe{}, false
	}
	zi := feExp(p.z, expInverse)
	zi2 := feMul(zi, zi)
	return feMul(p.x, zi2), feMul(p.y, feMul(zi2, zi)), true
}

// mul2 returns a·A + b·B (Shamir's trick: one pass of doublings).
func mul2(a *big.Int, pa jacobian, b *big.Int, pb jacobian) jacobian {
	both := pa.add(pb)
	var r jacobian
	for i := max(a.BitLen(), b.BitLen()) - 1; i >= 0; i-- {
		r = r.double()
		switch a.Bit(i)<<1 | b.Bit(i) {
		case 3:
			r = r.add(both)
		case 2:
			r = r.add(pa)
		case 1:
			r = r.add(pb)
		}
	}
	return r
}

func baseMul(k *big.Int) jacobian { return mul2(k, curveG, new(big.Int), jacobian{}) }

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

// schnorrKey is a secp256k1 secret key with its x-only public key.
type schnorrKey struct {
	d   *big.Int // secret scalar, adjusted so that d·G has an even y
	pub []byte   // 32-byte x coordinate of d·G
}

// newSchnorrKey makes a key from a 32-byte secret.
func newSchnorrKey(secret []byte) (*schnorrKey, error) {
	d := new(big.Int).SetBytes(secret)
	if len(secret) != 32 || d.Sign() == 0 || d.Cmp(curveN) >= 0 {
		return nil, errBadKey
	}
	x, y, _ := baseMul(d).affine()
	if y.isOdd() {
		d.Sub(curveN, d)
	}
	return &schnorrKey{d: d, pub: x.bytes()}, nil
}

// randomSchnorrKey makes a fresh throwaway key.
func randomSchnorrKey() (*schnorrKey, error) {
	for {
		var b [32]byte
		rand.Read(b[:]) // never fails (Go 1.24+)
		k, err := newSchnorrKey(b[:])
		if err == nil {
			return k, nil
		}
	}
}

// sign makes a BIP-340 signature of the 32-byte msg with the auxiliary
// randomness aux.
func (k *schnorrKey) sign(msg []byte, aux [32]byte) ([]byte, error) {
	t := bytes32(k.d)
	for i, b := range taggedHash("BIP0340/aux", aux[:]) {
		t[i] ^= b
	}
	k0 := new(big.Int).SetBytes(taggedHash("BIP0340/nonce", t, k.pub, msg))
	k0.Mod(k0, curveN)
	if k0.Sign() == 0 {
		return nil, errBadKey // probability 2^-256
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

// schnorrVerify checks a BIP-340 signature of msg by the x-only public key.
func schnorrVerify(pub, msg, sig []byte) bool {
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
