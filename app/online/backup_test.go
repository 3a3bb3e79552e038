package online

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"longhall/app/session"
	"longhall/rules"
	"longhall/rules/testgame"
)

// aDevice is a device with two saved games (one with table settings) and
// one hosted room.
func aDevice(t *testing.T, now time.Time) *MemStore {
	t.Helper()
	st := &MemStore{}
	for i, id := range []string{"game-a", "game-b"} {
		_, rec, err := rules.Play(testgame.ID, rules.Config{Players: 2}, uint64(i+1), []rules.SeatInfo{{Name: "Astrid"}, {Name: "Bjorn"}})
		if err != nil {
			t.Fatal(err)
		}
		keepGame(t, st, id, *rec, now.Add(time.Duration(i)*time.Minute), 30*i)
	}
	h, err := NewHosted("rednorth", rules.Config{Players: 3}, 5, "Gordon", now)
	if err != nil {
		t.Fatal(err)
	}
	if err := StoreSaved(st, h); err != nil {
		t.Fatal(err)
	}
	return st
}

// tally is what an import did, in numbers.
func tally(in Imported) string {
	return fmt.Sprintf("%d games, %d rooms, %d kept; left %d games, %d rooms; pushed out %d games, %d rooms",
		in.Games, in.Rooms, in.Kept, len(in.GamesLeftInFile), len(in.RoomsLeftInFile), len(in.GamesPushedOut), len(in.RoomsPushedOut))
}

// TestSavesFileRoundTrip: every save of one device, written to a file and
// read on a device with none, is there again: games with their records
// and settings, rooms with their secrets.
func TestSavesFileRoundTrip(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	from := aDevice(t, now)
	f, skipped := ExportSaves(from, now)
	if skipped != 0 || len(f.Games) != 2 || len(f.Rooms) != 1 {
		t.Fatalf("exported %d games, %d rooms, skipped %d", len(f.Games), len(f.Rooms), skipped)
	}
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if !IsSavesFile(data) {
		t.Fatal("the file does not say it is a saves file")
	}
	to := &MemStore{}
	in, err := ImportSaves(to, data)
	if err != nil {
		t.Fatal(err)
	}
	if got := tally(in); got != "2 games, 1 rooms, 0 kept; left 0 games, 0 rooms; pushed out 0 games, 0 rooms" {
		t.Errorf("imported %s", got)
	}
	if got, want := Saves(to), Saves(from); len(got) != 3 || got[0].Key != want[0].Key || !got[0].Updated.Equal(want[0].Updated) {
		t.Errorf("saves %+v, want %+v", got, want)
	}
	for _, id := range []string{"game-a", "game-b"} {
		a := gameOn(t, from, id).Save.Record
		b, err := LoadGame(to, id)
		if err != nil || len(a.Actions) != len(b.Save.Record.Actions) || a.Seed != b.Seed {
			t.Errorf("%s: record %v, %+v against %d actions", id, err, b, len(a.Actions))
		}
	}
	if s := gameOn(t, to, "game-b"); s.AnswerSeconds != 30 {
		t.Errorf("game-b's time to answer %d", s.AnswerSeconds)
	}
	rooms := Rooms(to)
	if len(rooms) != 1 {
		t.Fatalf("rooms %+v", rooms)
	}
	h, err := LoadHosted(to, rooms[0].Key)
	if err != nil || h.Name != "Gordon" {
		t.Errorf("room %+v, %v", h, err)
	}
	// Read again: everything is here already, and stays as it is.
	if in, err := ImportSaves(to, data); err != nil || tally(in) != "0 games, 0 rooms, 3 kept; left 0 games, 0 rooms; pushed out 0 games, 0 rooms" {
		t.Errorf("a second import: %s, %v", tally(in), err)
	}
}

// TestSavesFileKeepsNewerSaves: a game played on after the file was
// written stays as it is now.
func TestSavesFileKeepsNewerSaves(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	st := aDevice(t, now)
	f, _ := ExportSaves(st, now)
	data, _ := json.Marshal(f)
	_, rec, err := rules.Play(testgame.ID, rules.Config{Players: 2}, 9, []rules.SeatInfo{{Name: "Astrid"}, {Name: "Bjorn"}})
	if err != nil {
		t.Fatal(err)
	}
	keepGame(t, st, "game-a", *rec, now.Add(time.Hour), 0)
	in, err := ImportSaves(st, data)
	if err != nil || in.Games != 0 || in.Kept != 3 {
		t.Fatalf("imported %+v, %v", in, err)
	}
	if got := gameOn(t, st, "game-a"); got.Seed != 9 {
		t.Errorf("game-a was put back to the file's (seed %d)", got.Seed)
	}
}

// TestSavesFileRefusesWhatItCannotRead: a damaged or foreign file is
// refused in words, and the device's saves are as they were.
func TestSavesFileRefusesWhatItCannotRead(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	good, _ := json.Marshal(func() SavesFile { f, _ := ExportSaves(aDevice(t, now), now); return f }())
	for _, c := range []struct{ name, data string }{
		{"not JSON", "longhall"},
		{"a game record", `{"format":1,"game":"rednorth"}`},
		{"a later version", strings.Replace(string(good), `"version":2`, `"version":3`, 1)},
		{"a save with a bad id", strings.Replace(string(good), `"id":"game-a"`, `"id":"../x"`, 1)},
		{"a record of another game", strings.Replace(string(good), `"id":"game-a","game":"`+testgame.ID+`"`, `"id":"game-a","game":"rednorth"`, 1)},
		{"a game there twice", strings.Replace(string(good), `"id":"game-b"`, `"id":"game-a"`, 1)},
		{"a room that is null", strings.Replace(string(good), `"rooms":[`, `"rooms":[null,`, 1)},
		{"cut short", string(good[:len(good)/2])},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := &MemStore{}
			keepGame(t, st, "mine", rules.Record{Format: rules.RecordFormat, Game: testgame.ID}, now, 0)
			in, err := ImportSaves(st, []byte(c.data))
			if !errors.Is(err, ErrSavesFile) {
				t.Fatalf("imported %+v, err %v", in, err)
			}
			if s := Saves(st); len(s) != 1 || s[0].Key != "mine" || len(Rooms(st)) != 0 {
				t.Errorf("the device's saves changed: %+v", s)
			}
		})
	}
}

// TestSavesFileLimits: a saves file may be larger than a game record (2
// MB) up to its own limit, as a full device's may be; a larger one is
// refused in words, and changes nothing.
func TestSavesFileLimits(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	f, _ := ExportSaves(aDevice(t, now), now)
	good, _ := json.Marshal(f)
	// sized is the file at size bytes, made up with a field no saves file
	// has (json passes over fields it does not know).
	sized := func(size int) []byte {
		pad := size - len(good) - len(`"pad":"",`)
		return []byte(`{"pad":"` + strings.Repeat("x", pad) + `",` + string(good[1:]))
	}
	for _, c := range []struct {
		name string
		size int
		ok   bool
	}{
		{"larger than a game record may be", 2<<20 + 1, true},
		{"at the limit", MaxSavesFileBytes, true},
		{"a byte over the limit", MaxSavesFileBytes + 1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := sized(c.size)
			if len(data) != c.size || !IsSavesFile(data) {
				t.Fatalf("the test's file is %d bytes, not %d, or no saves file", len(data), c.size)
			}
			st := &MemStore{}
			in, err := ImportSaves(st, data)
			switch {
			case c.ok && (err != nil || in.Games != 2 || in.Rooms != 1):
				t.Errorf("brought back %+v, %v", in, err)
			case !c.ok && (!errors.Is(err, ErrSavesFile) || !strings.Contains(err.Error(), "larger than 8 MB")):
				t.Errorf("refused with %v", err)
			case !c.ok && len(Saves(st)) != 0:
				t.Errorf("a refused file changed the saves: %+v", Saves(st))
			}
		})
	}
}

// TestTellingSavesFilesFromRecords: a saves file is known as one, laid
// out otherwise or cut short (its refusal then speaks of a saves file);
// a game record or anything else is not one.
func TestTellingSavesFilesFromRecords(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	f, _ := ExportSaves(aDevice(t, now), now)
	good, _ := json.Marshal(f)
	indented, _ := json.MarshalIndent(f, "", "  ")
	rec, _ := json.Marshal(rules.Record{Format: rules.RecordFormat, Game: testgame.ID})
	for _, c := range []struct {
		name  string
		data  string
		saves bool
	}{
		{"as written", string(good), true},
		{"indented", string(indented), true},
		{"format last", `{"version":1,"format":"` + SavesFormat + `"}`, true},
		{"cut short", string(good[:len(good)/2]), true},
		{"a game record", string(rec), false},
		{"another format", `{"format":"longhall-savesx"}`, false},
		{"not JSON", "longhall-saves", false},
		{"empty", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := IsSavesFile([]byte(c.data)); got != c.saves {
				t.Errorf("IsSavesFile says %v", got)
			}
		})
	}
}

// watched is a device's storage that notes every key written, and fails
// from the write number failAt on (none when 0), as a full one does.
type watched struct {
	MemStore
	written []string
	failAt  int
}

func (w *watched) Set(key string, v any) error {
	w.written = append(w.written, key)
	if w.failAt > 0 && len(w.written) >= w.failAt {
		return errors.New("the quota has been exceeded")
	}
	return w.MemStore.Set(key, v)
}

// TestSavesFileSaysWhatDidNotFit: a device keeps its 12 most recent games
// and 8 most recent rooms, so an import that brings more names each save
// that did not fit, the file's (left in it, never written) and the
// device's own (pushed out by newer ones from the file); nothing goes
// without a word. Saves are written "name@minute".
func TestSavesFileSaysWhatDidNotFit(t *testing.T) {
	start := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	// saves reads "name@minute" ones: names, and when each changed.
	saves := func(s []string) (names []string, at []time.Time) {
		for _, e := range s {
			name, m, _ := strings.Cut(e, "@")
			n, err := strconv.Atoi(m)
			if err != nil {
				t.Fatal(err)
			}
			names, at = append(names, name), append(at, start.Add(time.Duration(n)*time.Minute))
		}
		return names, at
	}
	// many is n saves named prefix1… and changed at first, first+step…
	many := func(prefix string, n, first, step int) []string {
		var s []string
		for i := range n {
			s = append(s, fmt.Sprintf("%s%d@%d", prefix, i+1, first+i*step))
		}
		return s
	}
	_, rec, err := rules.Play(testgame.ID, rules.Config{Players: 2}, 1, []rules.SeatInfo{{Name: "Astrid"}, {Name: "Bjorn"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name                 string
		haveGames, fileGames []string
		haveRooms, fileRooms []string
		failAt               int // the storage write that fails, 0 for none
		// What the import says: brought back, kept as they were, left in
		// the file, pushed out (names in any order); the games and rooms
		// on the device after it.
		brought, kept int
		left, pushed  []string
		games, rooms  int
	}{
		{name: "all fit beside the device's", haveGames: many("d", 3, 1, 1), fileGames: many("f", 4, 10, 1),
			brought: 4, games: 7},
		{name: "more games than fit, to a device with none", fileGames: many("f", 15, 1, 1),
			brought: 12, left: []string{"f1", "f2", "f3"}, games: 12},
		{name: "newer games push out the device's oldest", haveGames: many("d", 10, 1, 1), fileGames: many("f", 5, 100, 1),
			brought: 5, pushed: []string{"d1", "d2", "d3"}, games: 12},
		{name: "older games than a full device's are not written", haveGames: many("d", 12, 100, 1), fileGames: many("f", 4, 1, 1),
			left: []string{"f1", "f2", "f3", "f4"}, games: 12},
		{name: "the file's and the device's interleaved", haveGames: many("d", 8, 10, 10), fileGames: many("f", 8, 15, 10),
			brought: 6, left: []string{"f1", "f2"}, pushed: []string{"d1", "d2"}, games: 12},
		{name: "a game here already, as new, stays and counts", haveGames: many("d", 12, 1, 1), fileGames: []string{"d12@12", "f1@50"},
			brought: 1, kept: 1, pushed: []string{"d1"}, games: 12},
		// x's newer state stays in the file: it is named once, as left
		// there, though its older state here went too.
		{name: "a newer state of a game here that does not fit", haveGames: append([]string{"x@1"}, many("d", 11, 100, 1)...), fileGames: []string{"x@2", "f1@200"},
			brought: 1, left: []string{"x"}, games: 12},
		{name: "rooms alike: newer ones push out, older ones are left", haveRooms: many("r", 7, 10, 10), fileRooms: many("q", 3, 15, 10),
			brought: 2, left: []string{"q1"}, pushed: []string{"r1"}, rooms: 8},
		{name: "games and rooms together", haveGames: many("d", 11, 10, 1), fileGames: many("f", 2, 100, 1), haveRooms: many("r", 8, 10, 1), fileRooms: many("q", 1, 1, 1),
			brought: 2, pushed: []string{"d1"}, left: []string{"q1"}, games: 12, rooms: 8},
		// The storage fails at the fourth write, the second game's place
		// in the list: the first game came back and pushed one out, which
		// is still named.
		{name: "storage failing part way", haveGames: many("d", 12, 1, 1), fileGames: many("f", 2, 100, 1), failAt: 4,
			brought: 1, pushed: []string{"d1"}, games: 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := &watched{}
			label := map[string]string{} // a room's key: its name
			names, at := saves(c.haveGames)
			for i, id := range names {
				keepGame(t, st, id, *rec, at[i], 0)
			}
			room := func(name string, at time.Time) *Saved {
				h, err := NewHosted(testgame.ID, rules.Config{Players: 2}, 1, "Astrid", at)
				if err != nil {
					t.Fatal(err)
				}
				label[h.Key()] = name
				return h
			}
			names, at = saves(c.haveRooms)
			for i, name := range names {
				if err := StoreSaved(st, room(name, at[i])); err != nil {
					t.Fatal(err)
				}
			}
			f := SavesFile{Format: SavesFormat, Version: SavesVersion, Written: start}
			names, at = saves(c.fileGames)
			for i, id := range names {
				f.Games = append(f.Games, &Saved{ID: id, Game: rec.Game, Save: &session.Save{Record: *rec}, Updated: at[i]})
			}
			names, at = saves(c.fileRooms)
			for i, name := range names {
				f.Rooms = append(f.Rooms, room(name, at[i]))
			}
			data, _ := json.Marshal(f)
			st.written, st.failAt = nil, c.failAt

			in, err := ImportSaves(st, data)
			if (err != nil) != (c.failAt > 0) || errors.Is(err, ErrSavesFile) {
				t.Fatalf("imported %s: %v", tally(in), err)
			}
			var left, pushed []string
			for _, s := range in.GamesLeftInFile {
				left = append(left, s.Key)
			}
			for _, r := range in.RoomsLeftInFile {
				left = append(left, label[r.Key])
			}
			for _, s := range in.GamesPushedOut {
				pushed = append(pushed, s.Key)
			}
			for _, r := range in.RoomsPushedOut {
				pushed = append(pushed, label[r.Key])
			}
			slices.Sort(left)
			slices.Sort(pushed)
			if in.Games+in.Rooms != c.brought || in.Kept != c.kept || !slices.Equal(left, c.left) || !slices.Equal(pushed, c.pushed) {
				t.Errorf("brought back %d, kept %d, left %v in the file, pushed out %v; want %d, %d, %v, %v",
					in.Games+in.Rooms, in.Kept, left, pushed, c.brought, c.kept, c.left, c.pushed)
			}
			if g, r := len(Games(st)), len(Rooms(st)); g != c.games || r != c.rooms {
				t.Errorf("the device has %d games and %d rooms, want %d and %d", g, r, c.games, c.rooms)
			}
			// What was left in the file was never written, and what is
			// named as gone is gone.
			for _, s := range in.GamesLeftInFile {
				if slices.Contains(st.written, gamePrefix+s.Key) {
					t.Errorf("%s was written, though it did not fit", s.Key)
				}
			}
			for _, r := range in.RoomsLeftInFile {
				if slices.Contains(st.written, hostedKey+r.Key) {
					t.Errorf("room %s was written, though it did not fit", label[r.Key])
				}
			}
			for _, s := range in.GamesPushedOut {
				if _, err := LoadGame(st, s.Key); err == nil {
					t.Errorf("%s is named as gone, but is still here", s.Key)
				}
			}
			for _, r := range in.RoomsPushedOut {
				if _, err := LoadHosted(st, r.Key); err == nil {
					t.Errorf("room %s is named as gone, but is still here", label[r.Key])
				}
			}
		})
	}
}
