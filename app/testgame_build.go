//go:build testgame

package main

// A test build (go build -tags testgame) also plays Hands, the suites'
// tiny game, to prove that a game plugs in with one line.
import _ "longhall/app/testgame"
