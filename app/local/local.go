// Package local keeps the games played on one device: each game's record
// in the browser's storage, saved after every action so that a reload or a
// later visit continues where the table left off, and the "continue" list
// of them. The table itself runs on session.Host, as a room does (see
// online.Table). It is pure Go; the browser's storage reaches it through
// the Store interface.
package local

import (
	"errors"
	"slices"

	"longhall/rules"
)

// Seat describes who sits in a seat when a table is set up.
type Seat = rules.SeatInfo

// ErrNoHuman is returned for a table with no human seat: nobody would see it.
var ErrNoHuman = errors.New("local: at least one seat must be a person")

// NewRecord sets up a game for one device: its record before the first
// action. seed fixes the game's randomness (and the bots').
func NewRecord(gameID string, cfg rules.Config, seed uint64, seats []Seat) (rules.Record, error) {
	if !slices.ContainsFunc(seats, func(s Seat) bool { return !s.Bot }) {
		return rules.Record{}, ErrNoHuman
	}
	_, rec, err := rules.Play(gameID, cfg, seed, seats)
	if err != nil {
		return rules.Record{}, err
	}
	return *rec, nil
}

// LonePerson is the one person at a table of bots, who may read what
// that seat sees without handing the device over; rules.Spectator when
// several people share the screen (each sees their own only after a
// hand-over) or nobody does.
func LonePerson(seats []rules.SeatInfo) rules.Seat {
	reader := rules.Spectator
	for i, s := range seats {
		if !s.Bot {
			if reader != rules.Spectator {
				return rules.Spectator
			}
			reader = rules.Seat(i)
		}
	}
	return reader
}
