package online

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"longhall/app/local"
	"longhall/rules"
	"longhall/rules/testgame"
)

// aDevice is a device with two saved games (one with table settings) and
// one hosted room.
func aDevice(t *testing.T, now time.Time) *local.MemStore {
	t.Helper()
	st := &local.MemStore{}
	for i, id := range []string{"game-a", "game-b"} {
		_, rec, err := rules.Play(testgame.ID, rules.Config{Players: 2}, uint64(i+1), []rules.SeatInfo{{Name: "Astrid"}, {Name: "Bjorn"}})
		if err != nil {
			t.Fatal(err)
		}
		if err := local.SaveRecord(st, id, *rec, false, now.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if err := local.SaveSettings(st, "game-b", local.Settings{AnswerSeconds: 30}); err != nil {
		t.Fatal(err)
	}
	h, err := NewHosted("rednorth", rules.Config{Players: 3}, 5, "Gordon", now)
	if err != nil {
		t.Fatal(err)
	}
	if err := StoreHosted(st, h); err != nil {
		t.Fatal(err)
	}
	return st
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
	to := &local.MemStore{}
	in, err := ImportSaves(to, data)
	if err != nil {
		t.Fatal(err)
	}
	if in != (Imported{Games: 2, Rooms: 1}) {
		t.Errorf("imported %+v", in)
	}
	if got, want := local.Saves(to), local.Saves(from); len(got) != 2 || got[0].ID != want[0].ID || !got[0].Updated.Equal(want[0].Updated) {
		t.Errorf("saves %+v, want %+v", got, want)
	}
	for _, id := range []string{"game-a", "game-b"} {
		a, _ := local.LoadRecord(from, id)
		b, err := local.LoadRecord(to, id)
		if err != nil || len(a.Actions) != len(b.Actions) || a.Seed != b.Seed {
			t.Errorf("%s: record %v, %d actions against %d", id, err, len(b.Actions), len(a.Actions))
		}
	}
	if s := local.LoadSettings(to, "game-b"); s.AnswerSeconds != 30 {
		t.Errorf("game-b's settings %+v", s)
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
	if in, err := ImportSaves(to, data); err != nil || in != (Imported{Kept: 3}) {
		t.Errorf("a second import: %+v, %v", in, err)
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
	if err := local.SaveRecord(st, "game-a", *rec, false, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	in, err := ImportSaves(st, data)
	if err != nil || in.Games != 0 || in.Kept != 3 {
		t.Fatalf("imported %+v, %v", in, err)
	}
	if got, _ := local.LoadRecord(st, "game-a"); got.Seed != 9 {
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
		{"a later version", strings.Replace(string(good), `"version":1`, `"version":2`, 1)},
		{"a save with a bad id", strings.Replace(string(good), `"id":"game-a"`, `"id":"../x"`, 1)},
		{"a record of another game", strings.Replace(string(good), `"game":"`+testgame.ID+`"`, `"game":"rednorth"`, 1)},
		{"a room that is null", strings.Replace(string(good), `"rooms":[`, `"rooms":[null,`, 1)},
		{"cut short", string(good[:len(good)/2])},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := &local.MemStore{}
			if err := local.SaveRecord(st, "mine", rules.Record{Format: rules.RecordFormat, Game: testgame.ID}, false, now); err != nil {
				t.Fatal(err)
			}
			in, err := ImportSaves(st, []byte(c.data))
			if !errors.Is(err, ErrSavesFile) {
				t.Fatalf("imported %+v, err %v", in, err)
			}
			if s := local.Saves(st); len(s) != 1 || s[0].ID != "mine" || len(Rooms(st)) != 0 {
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
			st := &local.MemStore{}
			in, err := ImportSaves(st, data)
			switch {
			case c.ok && (err != nil || in.Games != 2 || in.Rooms != 1):
				t.Errorf("brought back %+v, %v", in, err)
			case !c.ok && (!errors.Is(err, ErrSavesFile) || !strings.Contains(err.Error(), "larger than 8 MB")):
				t.Errorf("refused with %v", err)
			case !c.ok && (len(local.Saves(st)) != 0 || len(Rooms(st)) != 0):
				t.Errorf("a refused file changed the saves: %+v", local.Saves(st))
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
