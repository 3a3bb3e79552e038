//go:build testgame

package main

// Hands, the suites' tiny game, is played by test builds only (-tags
// testgame): it proves that a game plugs in with this one line.
import (
	"time"

	"longhall/app/pages"
	_ "longhall/app/testgame"
)

// A test build keeps a guest cut off for flooding out for seconds, not
// the minutes a real room does, so that a browser test can watch all
// three cut-offs (the third removes the guest for the room).
func init() { pages.RoomLimits.CutOff = 5 * time.Second }
