//go:build !without_vikings

package main

// Vikings: Warriors of the North: its board, which registers the game's
// rules too. A build with -tags without_vikings leaves it out, to measure
// what it costs.
import _ "longhall/app/vikings"
