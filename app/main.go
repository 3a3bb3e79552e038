// Command longhall is the whole Longhall app in one main package, built
// twice: for GOOS=js GOARCH=wasm it is the game that runs in the browser;
// built natively it serves the pages during development, writes the static
// site, and replays game records (see server.go).
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// The games are the game_*.go files beside this one: one import each.

func main() {
	registerRoutes()
	// In the browser this never returns; on the server it does nothing.
	app.RunWhenOnBrowser()
	runServer()
}
