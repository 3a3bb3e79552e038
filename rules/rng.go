package rules

import "math/bits"

// RNG is the one source of randomness a game state may use: a PCG-style
// generator (a 64-bit LCG with an xorshift-multiply output) whose whole
// state is one exported word, so it serialises with the game state and a
// replay reproduces every shuffle and roll.
type RNG struct {
	State uint64 `json:"state"`
}

// NewRNG seeds a generator. Equal seeds give equal sequences.
func NewRNG(seed uint64) *RNG {
	r := &RNG{State: seed}
	r.Uint64()
	return r
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 {
	r.State = r.State*6364136223846793005 + 1442695040888963407
	z := r.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform integer in [0, n). It returns 0 when n <= 0, so a
// bad count from hostile input cannot panic.
func (r *RNG) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	// Lemire's nearly divisionless method, without modulo bias.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Shuffle puts s in a uniformly random order (Fisher-Yates).
func Shuffle[T any](r *RNG, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}
