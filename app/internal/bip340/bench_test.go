package bip340

// Signing and verifying cost about half a millisecond natively and a few
// milliseconds in wasm.

import "testing"

func BenchmarkSign(b *testing.B) {
	k := RandomKey()
	var aux [32]byte
	msg := make([]byte, 32)
	for b.Loop() {
		k.Sign(msg, aux)
	}
}

func BenchmarkVerify(b *testing.B) {
	k := RandomKey()
	var aux [32]byte
	msg := make([]byte, 32)
	sig, _ := k.Sign(msg, aux)
	for b.Loop() {
		Verify(k.pub, msg, sig)
	}
}
