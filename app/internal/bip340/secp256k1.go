package bip340

import (
	"encoding/binary"
	"math/big"
	"math/bits"
)

// The secp256k1 field and curve arithmetic BIP-340 signatures need: field
// elements as four 64-bit limbs, points in Jacobian coordinates.

// feP is p; feC is 2^256 mod p.
var feP = fe{0xFFFFFFFEFFFFFC2F, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF}

const feC = 0x1000003D1

// fe is an element of the field of secp256k1, p = 2^256 − 2^32 − 977, as
// four little-endian 64-bit limbs, always fully reduced.
type fe [4]uint64

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

func (a fe) isOdd() bool { return a[0]&1 == 1 }

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
