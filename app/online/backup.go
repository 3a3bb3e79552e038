package online

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"longhall/app/local"
	"longhall/rules"
)

// Every save on a device, in one file and back: a browser may delete a
// site's storage (Safari after seven days without a visit, unless the app
// is on the home screen), and a player who keeps this file loses nothing.

// SavesFormat names a file of every saved game and hosted room on a
// device; SavesVersion is the version this build writes and reads.
const (
	SavesFormat  = "longhall-saves"
	SavesVersion = 1
)

// MaxSavesFileBytes bounds a saves file read back: 8 MB, more than a
// device's saves can make. They live in the browser's localStorage, which
// holds about 5 MB a site (5 Mi characters, keys and values, in Chromium,
// measured), and the file holds the same JSON, nearly all ASCII (a byte a
// character), with a line break added per move; the margin covers those
// and players' names in other scripts. A single game record keeps its
// own, smaller limit (2 MB, the pages' maxOpenedBytes), which a full
// device's file could pass: 12 games and 8 rooms of 60 KB, the longest
// records bot-played games make, are 1.2 MB already.
const MaxSavesFileBytes = 8 << 20

// SavesFile is every saved game (with its record and table settings) and
// every hosted room (with its secret: the file lets its holder host the
// room) on a device.
type SavesFile struct {
	Format  string      `json:"format"`
	Version int         `json:"version"`
	Written time.Time   `json:"written"`
	Games   []SavedGame `json:"games"`
	Rooms   []*Hosted   `json:"rooms"`
}

// SavedGame is one game of the "continue" list.
type SavedGame struct {
	Save     local.Save     `json:"save"`
	Record   rules.Record   `json:"record"`
	Settings local.Settings `json:"settings"`
}

// ExportSaves gathers every save on the device. One that cannot be read
// is left out and counted in skipped: the rest still leave.
func ExportSaves(st Store, now time.Time) (f SavesFile, skipped int) {
	f = SavesFile{Format: SavesFormat, Version: SavesVersion, Written: now, Games: []SavedGame{}, Rooms: []*Hosted{}}
	for _, s := range local.Saves(st) {
		rec, err := local.LoadRecord(st, s.ID)
		if err != nil {
			skipped++
			continue
		}
		f.Games = append(f.Games, SavedGame{Save: s, Record: rec, Settings: local.LoadSettings(st, s.ID)})
	}
	for _, r := range Rooms(st) {
		h, err := LoadHosted(st, r.Key)
		if err != nil {
			skipped++
			continue
		}
		f.Rooms = append(f.Rooms, h)
	}
	return f, skipped
}

// IsSavesFile says whether data is meant as a saves file (rather than a
// game record), whatever else is wrong with it: one cut short, as by a
// download that stopped, is known by its start as ExportSaves writes it,
// so that its refusal speaks of a saves file and its limit, not of a game
// record's.
func IsSavesFile(data []byte) bool {
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte(`{"format":"`+SavesFormat+`"`)) {
		return true
	}
	var head struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(data, &head) == nil && head.Format == SavesFormat
}

// Imported counts what ImportSaves brought back, and what it left as it
// was because the device has the same save as new or newer.
type Imported struct {
	Games, Rooms, Kept int
}

// ErrSavesFile is the cause of every refusal of a saves file.
var ErrSavesFile = errors.New("this is not a Longhall saves file this version can read")

// ImportSaves brings back the saves in a saves file: each game and room
// the device lacks, or holds in an older state. It checks the whole file
// before writing anything, so a damaged or foreign file (ErrSavesFile)
// changes nothing; the device's own saves that are newer stay. Any other
// error is the device's storage failing part way.
func ImportSaves(st Store, data []byte) (Imported, error) {
	var in Imported
	if len(data) > MaxSavesFileBytes {
		return in, fmt.Errorf("%w: it is larger than %d MB", ErrSavesFile, MaxSavesFileBytes>>20)
	}
	var f SavesFile
	if err := json.Unmarshal(data, &f); err != nil {
		return in, fmt.Errorf("%w: %v", ErrSavesFile, err)
	}
	if f.Format != SavesFormat || f.Version < 1 || f.Version > SavesVersion {
		return in, fmt.Errorf("%w: format %q, version %d", ErrSavesFile, f.Format, f.Version)
	}
	for i, g := range f.Games {
		if !local.ValidID(g.Save.ID) || g.Record.Format == 0 || g.Record.Game != g.Save.Game {
			return in, fmt.Errorf("%w: its game %d is damaged", ErrSavesFile, i+1)
		}
	}
	for i, h := range f.Rooms {
		if h == nil || !validKey(h.Key()) {
			return in, fmt.Errorf("%w: its room %d is damaged", ErrSavesFile, i+1)
		}
	}
	have := map[string]time.Time{}
	for _, s := range local.Saves(st) {
		have[s.ID] = s.Updated
	}
	// Oldest first: each one written goes to the top of the list, and
	// the list keeps its most recent (local.MaxSaves).
	for i := len(f.Games) - 1; i >= 0; i-- {
		g := f.Games[i]
		if t, ok := have[g.Save.ID]; ok && !t.Before(g.Save.Updated) {
			in.Kept++
			continue
		}
		if err := local.SaveRecord(st, g.Save.ID, g.Record, g.Save.Over, g.Save.Updated); err != nil {
			return in, err
		}
		if err := local.SaveSettings(st, g.Save.ID, g.Settings); err != nil {
			return in, err
		}
		in.Games++
	}
	rooms := map[string]time.Time{}
	for _, r := range Rooms(st) {
		rooms[r.Key] = r.Updated
	}
	for i := len(f.Rooms) - 1; i >= 0; i-- {
		h := f.Rooms[i]
		if t, ok := rooms[h.Key()]; ok && !t.Before(h.Updated) {
			in.Kept++
			continue
		}
		if err := StoreHosted(st, h); err != nil {
			return in, err
		}
		in.Rooms++
	}
	return in, nil
}
