// Package vikings implements Vikings: Warriors of the North (Rebel, 2013),
// for 2 to 4 players: Viking Jarls sail the northern sea, loot the thanes'
// villages, fight the sea monster and each other, and race to feast three
// thanes' daughters of the other colours home.
//
// Its heart is the action stack: every card played and every standard
// action goes onto a stack that every player answers in turn, from the
// player on the left round to the one who played, with reactions (Loki
// cancels what lies below, Power of Thor changes a roll) until all players
// pass in a row; then the stack resolves from the top down. After the active player's action each
// other player may respond once, with an event or a hero, and those
// responses are answered the same way.
//
// The package is a rules.Game registered as "vikings". Every decision is
// an atomic Action; Apply accepts exactly what Legal offers; View hides
// hands and the deck. The book prints no map and no card list: the map
// (content.go's red quarter, turned for each colour, in board.go) and the
// 94 action cards (content.go) are our design, explained in README.md.
package vikings
