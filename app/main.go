// Command longhall is the whole Longhall app, built twice: for GOOS=js
// GOARCH=wasm it is the game that runs in the browser (app/pages);
// built natively it serves those pages during development, writes the
// static site and replays game records (app/commands).
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/pages"
)

// The games are the game_*.go files beside this one: one import each.

func main() {
	pages.Register()
	// In the browser this never returns; on the server it does nothing.
	app.RunWhenOnBrowser()
	runCommands()
}
