//go:build !wasm

package main

import (
	"longhall/app/commands"
	"longhall/app/pages"
)

// runCommands runs the native program (serve, dist, replay).
func runCommands() {
	commands.Pages = pages.Paths
	commands.Main()
}
