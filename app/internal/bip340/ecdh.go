package bip340

import "math/big"

// ECDH returns the shared secret of k and another key whose x-only public
// key is pub: the x coordinate of k's secret times that key's point. Both
// owners get the same 32 bytes, each from its own key and the other's
// public key. Longhall's relayed links agree on their key this way, with a
// fresh key on each side per link (see the package comment on timing).
func (k *Key) ECDH(pub []byte) ([]byte, error) {
	if len(pub) != 32 {
		return nil, ErrBadKey
	}
	p, ok := liftX(pub)
	if !ok {
		return nil, ErrBadKey
	}
	x, _, ok := mul2(k.d, p, new(big.Int), jacobian{}).affine()
	if !ok {
		return nil, ErrBadKey
	}
	return x.bytes(), nil
}
