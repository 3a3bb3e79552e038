package local

import (
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
	indexKey   = "longhall.saves"
	savePrefix = "longhall.save."
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

// Store writes the table's record and updates the index.
func (t *Table) Store(st Store, now time.Time) error {
	if err := st.Set(savePrefix+t.ID, t.Record); err != nil {
		return fmt.Errorf("local: saving the game: %w", err)
	}
	list := slices.DeleteFunc(Saves(st), func(s Save) bool { return s.ID == t.ID })
	list = append([]Save{{ID: t.ID, Game: t.Record.Game, Names: t.Names(), Updated: now, Moves: len(t.Record.Actions), Over: t.State.Result() != nil}}, list...)
	for len(list) > MaxSaves {
		st.Del(savePrefix + list[len(list)-1].ID)
		list = list[:len(list)-1]
	}
	return st.Set(indexKey, list)
}

// Load resumes a saved game. A corrupt or unplayable save gives an error
// naming what is wrong; the save is left in place.
func Load(st Store, id string) (*Table, error) {
	rec, err := LoadRecord(st, id)
	if err != nil {
		return nil, err
	}
	t, err := Resume(id, rec)
	if err != nil {
		return nil, fmt.Errorf("local: the saved game %q cannot be resumed: %w", id, err)
	}
	return t, nil
}

// LoadRecord reads a saved game's record without replaying it.
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

// Forget removes a saved game.
func Forget(st Store, id string) error {
	st.Del(savePrefix + id)
	list := slices.DeleteFunc(Saves(st), func(s Save) bool { return s.ID == id })
	return st.Set(indexKey, list)
}

// ValidID reports whether id can name a save slot (it travels in URLs).
func ValidID(id string) bool {
	return id != "" && len(id) <= 40 && strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}
