//go:build !without_raiders

package main

// Raiders of the North Sea: its board, which registers the game's rules
// too. A build with -tags without_raiders leaves it out, to measure what it
// costs.
import _ "longhall/app/raiders"
