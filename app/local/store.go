package local

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"longhall/rules"
)

// Store is the small part of browser storage the saves need. go-app's
// BrowserStorage satisfies it; MemStore is its native twin for tests.
type Store interface {
	Get(key string, v any) error
	Set(key string, v any) error
	Del(key string)
}

const (
	indexKey       = "longhall.saves"
	savePrefix     = "longhall.save."
	settingsPrefix = "longhall.table." // + id: the table's Settings
	linesPrefix    = "longhall.lines." // + id: the log's own lines (SaveLines)
	// MaxSaves bounds how many unfinished games are kept; the oldest go.
	MaxSaves = 12
)

// Save is one entry of the "continue" list.
type Save struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	Names   []string  `json:"names"`
	Updated time.Time `json:"updated"`
	Moves   int       `json:"moves"`
	Over    bool      `json:"over"`
}

// Saves lists saved games, most recent first. A corrupt index reads as empty
// rather than failing: the records themselves are untouched.
func Saves(st Store) []Save {
	var list []Save
	if err := st.Get(indexKey, &list); err != nil {
		return nil
	}
	// sort.Slice: see "Code size" in docs/ARCHITECTURE.md.
	sort.Slice(list, func(i, j int) bool { return list[i].Updated.After(list[j].Updated) })
	return list
}

// SaveRecord writes a game's record under id and puts it first in the
// "continue" list; over says the game has ended.
func SaveRecord(st Store, id string, rec rules.Record, over bool, now time.Time) error {
	if err := st.Set(savePrefix+id, rec); err != nil {
		return fmt.Errorf("local: saving the game: %w", err)
	}
	names := make([]string, len(rec.Seats))
	for i, s := range rec.Seats {
		names[i] = s.Name
	}
	list := slices.DeleteFunc(Saves(st), func(s Save) bool { return s.ID == id })
	list = append([]Save{{ID: id, Game: rec.Game, Names: names, Updated: now, Moves: len(rec.Actions), Over: over}}, list...)
	for len(list) > MaxSaves {
		forget(st, list[len(list)-1].ID)
		list = list[:len(list)-1]
	}
	return st.Set(indexKey, list)
}

// LoadRecord reads a saved game's record. A corrupt save gives an error
// naming what is wrong and is left in place; it is replayed (and an
// unplayable one refused) when its table opens.
func LoadRecord(st Store, id string) (rules.Record, error) {
	var rec rules.Record
	if err := st.Get(savePrefix+id, &rec); err != nil {
		return rec, fmt.Errorf("local: the saved game %q cannot be read: %w", id, err)
	}
	if rec.Format == 0 {
		return rec, fmt.Errorf("local: there is no saved game %q", id)
	}
	return rec, nil
}

// Settings are how a table on one device plays, beyond its record: kept
// beside it from the set-up on, and carried to a rematch.
type Settings struct {
	// AnswerSeconds is the time to answer a prompt that may time out (a
	// reaction), 0 for none (session.Options.AnswerTime).
	AnswerSeconds int `json:"answerSeconds,omitempty"`
}

// SaveSettings keeps a table's settings under its save's id.
func SaveSettings(st Store, id string, s Settings) error {
	if err := st.Set(settingsPrefix+id, s); err != nil {
		return fmt.Errorf("local: saving the table's settings: %w", err)
	}
	return nil
}

// LoadSettings reads a table's settings; none kept (a save from before
// they were), or none readable, are the defaults: the game plays on.
func LoadSettings(st Store, id string) Settings {
	var s Settings
	if st.Get(settingsPrefix+id, &s) != nil {
		return Settings{}
	}
	return s
}

// SaveLines keeps the lines of a game's log that its record does not
// replay (who took back a move, whose time ran out: session.Save.Log), as
// the session encodes them, so that the table opened again shows the log
// it showed. None removes them.
func SaveLines(st Store, id string, lines json.RawMessage) error {
	if len(lines) == 0 {
		st.Del(linesPrefix + id)
		return nil
	}
	if err := st.Set(linesPrefix+id, lines); err != nil {
		return fmt.Errorf("local: saving the game's log: %w", err)
	}
	return nil
}

// LoadLines reads a game's own log lines; none kept (a save from before
// they were), or none readable, are nil: the log reads as the record
// gives it.
func LoadLines(st Store, id string) json.RawMessage {
	var lines json.RawMessage
	if st.Get(linesPrefix+id, &lines) != nil {
		return nil
	}
	return lines
}

// forget removes a save's record, settings and log lines.
func forget(st Store, id string) {
	st.Del(savePrefix + id)
	st.Del(settingsPrefix + id)
	st.Del(linesPrefix + id)
}

// Forget removes a saved game.
func Forget(st Store, id string) error {
	forget(st, id)
	list := slices.DeleteFunc(Saves(st), func(s Save) bool { return s.ID == id })
	return st.Set(indexKey, list)
}

// ValidID reports whether id can name a save slot (it travels in URLs).
func ValidID(id string) bool {
	return id != "" && len(id) <= 40 && strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}
