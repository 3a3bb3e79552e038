// Package northerners is the rules of Northerners, for 2 to 4 players:
// each turn a player harvests what they programmed last turn, in the order
// they choose, then places their Jarl, workers and vikings for the next
// harvest. Around that: a map of land tiles that grows by exploration,
// roads joining a village to buildings, Kaupang squares, blessing circles
// and the Spirit Shaman; dice combat; raids rolled row by row; and the
// Loki bar that ends the game. The content the book leaves out (the map,
// the bag, the costs, the cards) is data in content.go, each choice
// explained in README.md.
package northerners
