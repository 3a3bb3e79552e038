// Package layers holds no code: its test enforces the dependency rules
// docs/ARCHITECTURE.md states (which package may import which), in the
// manner of the standard library's go/build deps_test.go, so that an
// import running back up fails `make test` instead of waiting for a
// reviewer.
package layers
