//go:build !without_northerners

package main

// Northerners: its board, which registers the game's rules too. A build
// with -tags without_northerners leaves it out, to measure what it costs.
import _ "longhall/app/northerners"
