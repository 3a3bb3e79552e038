// Package ui holds Longhall's shared go-app components and helpers: the page
// frame, prefix-aware links, the player-name setting, and the board registry
// through which each game's table component plugs into the app. Components
// render what they are given and report choices as go-app actions; they
// never change game state themselves.
package ui
