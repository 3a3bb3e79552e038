//go:build !(js && wasm)

package online

import "context"

// deviceNetwork is the native twin of the browser's: no events, and the
// site always answers.
type deviceNetwork struct{}

func (deviceNetwork) Changes(ctx context.Context) <-chan bool { return nil }

func (deviceNetwork) Reach(ctx context.Context) bool { return true }
