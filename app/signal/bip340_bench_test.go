package signal

// Signing and verifying cost about half a millisecond natively and a few
// milliseconds in wasm.

import "testing"

func BenchmarkSign(b *testing.B) {
	k, _ := randomSchnorrKey()
	var aux [32]byte
	msg := make([]byte, 32)
	for i := 0; i < b.N; i++ {
		k.sign(msg, aux)
	}
}

func BenchmarkVerify(b *testing.B) {
	k, _ := randomSchnorrKey()
	var aux [32]byte
	msg := make([]byte, 32)
	sig, _ := k.sign(msg, aux)
	for i := 0; i < b.N; i++ {
		schnorrVerify(k.pub, msg, sig)
	}
}
