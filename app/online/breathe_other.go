//go:build !(js && wasm)

package online

// newBreather is nil natively: a bot thinks on a goroutine of its own,
// and the other goroutines run beside it.
func newBreather() func() { return nil }
