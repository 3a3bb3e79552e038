package online

import (
	"encoding/json"
	"time"

	"longhall/app/session"
	"longhall/rules"
)

// Saves from before one save. Builds before it kept a game on one device
// in four keys of their own: its line in longhall.saves, its bare record
// under longhall.save.<id>, its settings under longhall.table.<id> and
// its log's own lines under longhall.lines.<id>. Such a game becomes a
// Saved the first time the list is read (Saves) or the game opened
// (LoadGame): its Saved and its line are written first, the old keys
// removed after, so a page closed half way finds the rest still old and
// moves it on its next read. A game whose record cannot be read keeps
// its old keys and its line, and opening it says why. Rooms were kept as
// they are now (a Saved with its room part) and need nothing.
const (
	oldGamesKey       = "longhall.saves"
	oldGamePrefix     = "longhall.save."
	oldSettingsPrefix = "longhall.table."
	oldLinesPrefix    = "longhall.lines."
)

// oldEntry is a line of longhall.saves.
type oldEntry struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	Names   []string  `json:"names"`
	Updated time.Time `json:"updated"`
	Moves   int       `json:"moves"`
	Over    bool      `json:"over"`
}

// migrate moves the games listed in an older version's list into the one
// list. A list that cannot be read is left as it is (its games still
// open by their addresses, LoadGame).
func migrate(st Store) {
	var old *[]oldEntry
	if st.Get(oldGamesKey, &old) != nil || old == nil {
		return
	}
	for _, e := range *old {
		if !ValidID(e.ID) {
			continue
		}
		if _, err := migrateGame(st, e.ID, &e); err != nil {
			// Listed still, with what the old list said of it; opening
			// it says what is wrong, and its keys stay as they are.
			listMu.Lock()
			if !hasEntry(Games(st), e.ID) {
				putEntry(st, gamesKey, Entry{Key: e.ID, Game: e.Game, Names: e.Names, Moves: e.Moves, Started: true, Over: e.Over, Updated: e.Updated}, MaxGames)
			}
			listMu.Unlock()
		}
	}
	st.Del(oldGamesKey)
}

func hasEntry(list []Entry, key string) bool {
	for _, e := range list {
		if e.Key == key {
			return true
		}
	}
	return false
}

// migrateGame makes the older version's game saved under id a Saved,
// keeps it, and removes its old keys; e is its line in the old list, if
// it had one. A game already moved is read as it is now.
func migrateGame(st Store, id string, e *oldEntry) (*Saved, error) {
	var s Saved
	if st.Get(gamePrefix+id, &s) == nil && s.Game != "" && s.Save != nil {
		forgetOld(st, id)
		s.ID = id
		return &s, nil
	}
	var rec rules.Record
	if err := st.Get(oldGamePrefix+id, &rec); err != nil {
		return nil, errorf("the saved game %q cannot be read (%v); it is kept as it is", id, err)
	}
	if rec.Format == 0 || rec.Game == "" {
		return nil, errorf("there is no saved game %q", id)
	}
	// Settings and lines that do not read are the defaults, as they were.
	var settings struct {
		AnswerSeconds int `json:"answerSeconds"`
	}
	if st.Get(oldSettingsPrefix+id, &settings) != nil {
		settings.AnswerSeconds = 0
	}
	var lines []session.LogLine
	var raw json.RawMessage
	if st.Get(oldLinesPrefix+id, &raw) != nil || raw == nil || json.Unmarshal(raw, &lines) != nil {
		lines = nil
	}
	s = Saved{ID: id, Game: rec.Game, Config: rec.Config, Seed: rec.Seed, Save: &session.Save{Record: rec, Log: lines},
		AnswerSeconds: settings.AnswerSeconds}
	if e != nil {
		s.Over, s.Created, s.Updated = e.Over, e.Updated, e.Updated
	}
	if s.Updated.IsZero() {
		s.Created, s.Updated = time.Now(), time.Now()
	}
	if err := StoreSaved(st, &s); err != nil {
		return nil, err
	}
	forgetOld(st, id)
	return &s, nil
}

// forgetOld removes an older version's keys of the game id.
func forgetOld(st Store, id string) {
	st.Del(oldGamePrefix + id)
	st.Del(oldSettingsPrefix + id)
	st.Del(oldLinesPrefix + id)
}
