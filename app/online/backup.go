package online

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"longhall/app/session"
	"longhall/rules"
)

// Every save on a device, in one file and back: a browser may delete a
// site's storage (Safari after seven days without a visit, unless the app
// is on the home screen), and a player who keeps this file loses nothing.

// SavesFormat names a file of every saved game and hosted room on a
// device; SavesVersion is the version this build writes. It reads each
// version up to it: version 1, from before one save, held each game on
// one device as its line, its record and its settings (v1Game).
const (
	SavesFormat  = "longhall-saves"
	SavesVersion = 2
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

// SavesFile is every game on a device (Games) and every room it hosts
// (Rooms, with their secrets: the file lets its holder host the room),
// each as the device keeps it.
type SavesFile struct {
	Format  string    `json:"format"`
	Version int       `json:"version"`
	Written time.Time `json:"written"`
	Games   []*Saved  `json:"games"`
	Rooms   []*Saved  `json:"rooms"`
}

// v1Game is a game of a version 1 file.
type v1Game struct {
	Save     oldEntry     `json:"save"`
	Record   rules.Record `json:"record"`
	Settings struct {
		AnswerSeconds int `json:"answerSeconds,omitempty"`
	} `json:"settings"`
}

// ExportSaves gathers every save on the device. One that cannot be read
// is left out and counted in skipped: the rest still leave.
func ExportSaves(st Store, now time.Time) (f SavesFile, skipped int) {
	f = SavesFile{Format: SavesFormat, Version: SavesVersion, Written: now, Games: []*Saved{}, Rooms: []*Saved{}}
	for _, e := range Saves(st) {
		var s *Saved
		var err error
		if e.Room {
			s, err = LoadHosted(st, e.Key)
		} else {
			s, err = LoadGame(st, e.Key)
		}
		switch {
		case err != nil:
			skipped++
		case e.Room:
			f.Rooms = append(f.Rooms, s)
		default:
			f.Games = append(f.Games, s)
		}
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
// was because the device has the same save as new or newer. A device
// keeps only its most recent games (MaxGames) and rooms (MaxRooms),
// so it also names what did not fit, older than all it kept: the file's
// saves it did not bring back (LeftInFile), and the device's own that
// newer ones from the file pushed out (PushedOut), which are gone.
type Imported struct {
	Games, Rooms, Kept int

	GamesLeftInFile, GamesPushedOut []Entry
	RoomsLeftInFile, RoomsPushedOut []Entry
}

// ErrSavesFile is the cause of every refusal of a saves file.
var ErrSavesFile = errors.New("this is not a Longhall saves file this version can read")

// ImportSaves brings back the saves in a saves file: each game and room
// the device lacks, or holds in an older state, as long as it is among
// the most recent the device keeps. It checks the whole file before
// writing anything, so a damaged or foreign file (ErrSavesFile) changes
// nothing; the device's own saves that are newer stay. Any other error is
// the device's storage failing part way; what came back, and what was
// pushed out, are counted still.
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
	if f.Version == 1 {
		var v1 struct {
			Games []v1Game `json:"games"`
		}
		if err := json.Unmarshal(data, &v1); err != nil {
			return in, fmt.Errorf("%w: %v", ErrSavesFile, err)
		}
		f.Games = make([]*Saved, len(v1.Games))
		for i, g := range v1.Games {
			f.Games[i] = &Saved{ID: g.Save.ID, Game: g.Save.Game, Config: g.Record.Config, Seed: g.Record.Seed,
				Save: &session.Save{Record: g.Record}, AnswerSeconds: g.Settings.AnswerSeconds, Over: g.Save.Over,
				Created: g.Save.Updated, Updated: g.Save.Updated}
		}
	}
	// A save that is there twice (ExportSaves writes each once) would be
	// written twice, and counted twice.
	games, rooms := map[string]bool{}, map[string]bool{}
	for i, g := range f.Games {
		if g == nil || g.RoomPart != nil || !ValidID(g.ID) || g.Save == nil || g.Save.Record.Format == 0 || g.Save.Record.Game != g.Game || games[g.ID] {
			return in, fmt.Errorf("%w: its game %d is damaged", ErrSavesFile, i+1)
		}
		games[g.ID] = true
	}
	for i, h := range f.Rooms {
		if h == nil || h.RoomPart == nil || !validKey(h.Key()) || rooms[h.Key()] {
			return in, fmt.Errorf("%w: its room %d is damaged", ErrSavesFile, i+1)
		}
		h.ID = ""
		rooms[h.Key()] = true
	}
	migrate(st) // the device's own games from before one save count too
	n, kept, err := importHalf(st, f.Games, Games, MaxGames, &in.GamesLeftInFile, &in.GamesPushedOut)
	in.Games, in.Kept = n, kept
	if err != nil {
		return in, err
	}
	n, kept, err = importHalf(st, f.Rooms, Rooms, MaxRooms, &in.RoomsLeftInFile, &in.RoomsPushedOut)
	in.Rooms, in.Kept = n, in.Kept+kept
	return in, err
}

// importHalf writes the file's saves of one kind (the games, or the
// rooms) that the device lacks or holds older, as far as they fit
// (merge): have lists the device's of that kind, most of them are kept.
func importHalf(st Store, saves []*Saved, have func(Store) []Entry, most int, left, pushed *[]Entry) (written int, kept int, err error) {
	before := have(st)
	file := make([]stamp, len(saves))
	for i, s := range saves {
		file[i] = stamp{s.Key(), s.Updated}
	}
	m, err := merge(stamps(before), file, most, func(i int) error {
		if err := StoreSaved(st, saves[i]); err != nil {
			return err
		}
		written++
		return nil
	}, func() []stamp { return stamps(have(st)) })
	for _, i := range m.left {
		*left = append(*left, entryOf(saves[i]))
	}
	for _, i := range m.pushed {
		*pushed = append(*pushed, before[i])
	}
	return written, m.kept, err
}

// stamp is a save's key and when it last changed: all merge reads of it.
type stamp struct {
	key string
	at  time.Time
}

func stamps(list []Entry) []stamp {
	s := make([]stamp, len(list))
	for i, e := range list {
		s[i] = stamp{e.Key, e.Updated}
	}
	return s
}

// merged is what merge did: how many of the file's saves it kept as the
// device has them, and which did not fit, by their indices: left, the
// file's it did not write; pushed, the device's that are gone.
type merged struct {
	kept         int
	left, pushed []int
}

// merge brings the file's saves into a list of the device's (have) that
// keeps its max most recent, dropping the oldest beyond them as each save
// is written (StoreSaved). A save the device holds as
// new or newer is kept as it is. Of the others, only those among the max
// most recent of the device's and theirs together are written (write
// takes the file's index): any other would push out a more recent save,
// or be dropped at once. What did not fit is read from the list again
// (list) rather than foretold, so that whatever went is named.
func merge(have, file []stamp, max int, write func(i int) error, list func() []stamp) (m merged, err error) {
	var news []int
	for i, s := range file {
		if j := find(have, s.key); j >= 0 && !have[j].at.Before(s.at) {
			m.kept++
			continue
		}
		news = append(news, i)
	}
	// Newest first: should storage fail part way, the saves most likely
	// to be played on are back.
	// sort.Slice: see "Code size" in docs/ARCHITECTURE.md.
	sort.Slice(news, func(a, b int) bool { return file[news[a]].at.After(file[news[b]].at) })
	all := make([]stamp, 0, len(have)+len(news))
	for _, i := range news {
		all = append(all, file[i])
	}
	for _, s := range have {
		if find(all[:len(news)], s.key) < 0 {
			all = append(all, s)
		}
	}
	sort.Slice(all, func(a, b int) bool { return all[a].at.After(all[b].at) })
	fits := all[:min(max, len(all))]
	var written []stamp
	for _, i := range news {
		if find(fits, file[i].key) < 0 {
			continue
		}
		if err = write(i); err != nil {
			break
		}
		written = append(written, file[i])
	}
	after := list()
	var left []stamp
	for _, i := range news {
		if k := file[i].key; find(fits, k) < 0 || find(written, k) >= 0 && find(after, k) < 0 {
			m.left = append(m.left, i)
			left = append(left, file[i])
		}
	}
	// A save whose newer state stays in the file is named once, as left
	// there, though the device's older state went too.
	for i, s := range have {
		if find(after, s.key) < 0 && find(left, s.key) < 0 {
			m.pushed = append(m.pushed, i)
		}
	}
	return m, err
}

// find returns the index of the save with key in list, or -1. merge
// searches rather than maps: one side of each search is at most the few
// saves a device keeps, and maps cost the browser's app more code.
func find(list []stamp, key string) int {
	for i, s := range list {
		if s.key == key {
			return i
		}
	}
	return -1
}
