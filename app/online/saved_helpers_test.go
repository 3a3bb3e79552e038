package online

import (
	"testing"
	"time"

	"longhall/app/session"
	"longhall/rules"
)

// keepGame keeps rec on st as a game on one device under id, changed at
// at, with the time to answer (seconds), as a table keeps it.
func keepGame(t testing.TB, st Store, id string, rec rules.Record, at time.Time, answer int) *Saved {
	t.Helper()
	s := &Saved{ID: id, Game: rec.Game, Config: rec.Config, Seed: rec.Seed, Save: &session.Save{Record: rec}, AnswerSeconds: answer, Created: at, Updated: at}
	if err := StoreSaved(st, s); err != nil {
		t.Fatal(err)
	}
	return s
}

// gameOn reads the game kept under id, or fails the test.
func gameOn(t testing.TB, st Store, id string) *Saved {
	t.Helper()
	s, err := LoadGame(st, id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// dealt deals a new game on one device, of the given seats, under id,
// kept on st with the time to answer (seconds).
func dealt(t testing.TB, st Store, id, game string, players int, seed uint64, answer int, kinds ...string) *Saved {
	t.Helper()
	s, err := NewGame(id, game, rules.Config{Players: players}, seed, tableSeats(kinds...), answer, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := StoreSaved(st, s); err != nil {
		t.Fatal(err)
	}
	return s
}
