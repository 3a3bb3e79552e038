// Package northerners will hold the rules of Northerners, for 2 to 4
// players (issue 15): programmed workers, a map that grows by
// exploration, raids and Ragnarök. It is built piece by piece; it holds so
// far the combat dice of "Attack and defense", exactly as the book writes
// them. It registers no game yet, so the app does not list it.
package northerners
