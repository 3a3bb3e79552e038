//go:build testgame

package main

// Hands, the suites' tiny game, is played by test builds only (-tags
// testgame): it proves that a game plugs in with this one line.
import _ "longhall/app/testgame"
