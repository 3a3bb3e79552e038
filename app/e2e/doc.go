// Package e2e holds Longhall's browser tests: real headless Chromium, driven
// with chromedp, against the real built app (the wasm and the native
// server) on a random loopback port. The tests build the app themselves
// unless LONGHALL_BIN (the native binary) and LONGHALL_ROOT (a directory
// whose web/ holds the built app.wasm) point at a build, as `make test`
// does. Screenshots go to LONGHALL_ARTIFACTS (default: artifacts/ at the
// module root, git-ignored).
package e2e
