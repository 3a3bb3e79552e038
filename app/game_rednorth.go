//go:build !without_rednorth

package main

// Red North: its board, which registers the game's rules too. A build with
// -tags without_rednorth leaves it out, to measure what it costs.
import _ "longhall/app/rednorth"
