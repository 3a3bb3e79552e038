//go:build wasm

package main

// runServer is never reached in the browser: app.RunWhenOnBrowser does not
// return there. Keeping the server out of the wasm halves its size.
func runServer() {}
