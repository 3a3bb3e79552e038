// Package pages is the app's pages: the home page, each game's page and
// table, rooms and replays, drawn with go-app. Package main registers them
// (Register), with the games' boards, and runs them in the browser; the
// native commands serve them (app/commands).
package pages

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"
)

// Paths of the app's pages. Game pages carry the game id in the path so
// that each is a real file in the static site.
const (
	homePath  = "/"
	gamePath  = "/games/" // + game id: rules summary and local set-up
	tablePath = "/play/"  // + game id: the local table
	roomPath  = "/room/"  // a room across devices (see roomPage)
	// A game record watched move by move (see replayPage).
	replayPath = "/replay/"
)

// Register routes every page, and in the browser tells the rooms which
// build of the app this is (online.UseBuild).
func Register() {
	if app.IsClient {
		online.UseBuild(app.Getenv)
	}
	app.Route(homePath, func() app.Composer { return &homePage{} })
	// Each game's pages by their exact paths: go-app's routes by regular
	// expression cost app.wasm about 7 KB brotli more for two patterns.
	for _, g := range ui.Games() {
		app.Route(gamePath+g.Info.ID, func() app.Composer { return &gamePage{} })
		app.Route(gamePath+g.Info.ID+"/", func() app.Composer { return &gamePage{} })
		app.Route(tablePath+g.Info.ID, func() app.Composer { return &tablePage{} })
		app.Route(tablePath+g.Info.ID+"/", func() app.Composer { return &tablePage{} })
	}
	app.Route(roomPath, func() app.Composer { return &roomPage{} })
	app.Route(replayPath, func() app.Composer { return &replayPage{} })
}

// Paths lists every page the static site must contain.
func Paths() []string {
	paths := []string{homePath, roomPath, replayPath}
	for _, g := range ui.Games() {
		paths = append(paths, gamePath+g.Info.ID+"/", tablePath+g.Info.ID+"/")
	}
	return paths
}
