//go:build wasm

package main

// runCommands is never reached in the browser: app.RunWhenOnBrowser does
// not return there. Keeping the commands out of the wasm halves its size.
func runCommands() {}
