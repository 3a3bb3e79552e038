package local

import (
	"errors"
	"testing"
	"time"

	"longhall/rules"
	_ "longhall/rules/rednorth"
)

func seats(kinds ...string) []Seat {
	names := []string{"Gordon", "Rikki", "Hakka", "Sigrid"}
	out := make([]Seat, len(kinds))
	for i, k := range kinds {
		out[i] = Seat{Name: names[i], Bot: k == "bot"}
	}
	return out
}

func recordOf(t *testing.T, seed uint64, kinds ...string) rules.Record {
	t.Helper()
	rec, err := NewRecord("rednorth", rules.Config{}, seed, seats(kinds...))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestATableNeedsAPerson(t *testing.T) {
	if _, err := NewRecord("rednorth", rules.Config{}, 1, seats("bot", "bot")); !errors.Is(err, ErrNoHuman) {
		t.Fatalf("want ErrNoHuman, got %v", err)
	}
}

func TestASaveIsListedAndReadBack(t *testing.T) {
	st := &MemStore{}
	rec := recordOf(t, 42, "person", "bot", "bot")
	s, _, err := rules.Play(rec.Game, rec.Config, rec.Seed, rec.Seats)
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if _, err := rec.Append(s, s.Pending()[0].Seat, s.Legal(s.Pending()[0].Seat)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := SaveRecord(st, "t1", rec, false, time.Unix(1, 0)); err != nil {
		t.Fatal(err)
	}
	back, err := LoadRecord(st, "t1")
	if err != nil || len(back.Actions) != 5 || back.Seed != rec.Seed {
		t.Fatalf("read back %d actions, seed %d (%v)", len(back.Actions), back.Seed, err)
	}
	list := Saves(st)
	if len(list) != 1 || list[0].ID != "t1" || list[0].Moves != 5 || list[0].Over || list[0].Names[0] != "Gordon" {
		t.Fatalf("continue list %+v", list)
	}
}

func TestCorruptSavesGiveClearErrorsAndLoseNothing(t *testing.T) {
	st := &MemStore{}
	SaveRecord(st, "t1", recordOf(t, 1, "person", "bot"), false, time.Now())
	st.SetRaw(savePrefix+"bad", []byte("{{{"))
	if _, err := LoadRecord(st, "bad"); err == nil {
		t.Error("a save that is not JSON was read")
	}
	if _, err := LoadRecord(st, "missing"); err == nil {
		t.Error("a missing save was read")
	}
	if _, err := LoadRecord(st, "t1"); err != nil {
		t.Errorf("a good save next to bad ones failed: %v", err)
	}
	st.SetRaw(indexKey, []byte("garbage"))
	if Saves(st) != nil {
		t.Error("a corrupt index listed saves")
	}
}

func TestOldSavesMakeRoom(t *testing.T) {
	st := &MemStore{}
	for i := range MaxSaves + 3 {
		id := string(rune('a' + i))
		SaveSettings(st, id, Settings{AnswerSeconds: 30})
		SaveRecord(st, id, recordOf(t, uint64(i), "person", "bot"), false, time.Unix(int64(i), 0))
	}
	list := Saves(st)
	if len(list) != MaxSaves {
		t.Fatalf("%d saves kept, want %d", len(list), MaxSaves)
	}
	if _, err := LoadRecord(st, "a"); err == nil || LoadSettings(st, "a") != (Settings{}) {
		t.Error("the oldest save, or its settings, was kept past the limit")
	}
	if err := Forget(st, list[0].ID); err != nil || len(Saves(st)) != MaxSaves-1 {
		t.Error("forget did not remove the save")
	}
}

// A table's settings are kept beside its save; a save from before there
// were any, or settings that cannot be read, play with the defaults.
func TestTableSettingsAreKeptBesideTheSave(t *testing.T) {
	st := &MemStore{}
	if got := LoadSettings(st, "old"); got != (Settings{}) {
		t.Fatalf("no settings kept read as %+v", got)
	}
	if err := SaveSettings(st, "t1", Settings{AnswerSeconds: 15}); err != nil {
		t.Fatal(err)
	}
	if got := LoadSettings(st, "t1"); got.AnswerSeconds != 15 {
		t.Fatalf("read back %+v", got)
	}
	st.SetRaw(settingsPrefix+"t2", []byte(`{"answerSeconds": "soon"`))
	if got := LoadSettings(st, "t2"); got != (Settings{}) {
		t.Fatalf("damaged settings read as %+v", got)
	}
	Forget(st, "t1")
	if got := LoadSettings(st, "t1"); got != (Settings{}) {
		t.Fatalf("a forgotten table keeps its settings: %+v", got)
	}
}

func TestValidID(t *testing.T) {
	for id, want := range map[string]bool{"a1b2c3": true, "": false, "../x": false, "UPPER": false, "a-b": true} {
		if ValidID(id) != want {
			t.Errorf("ValidID(%q) = %v", id, !want)
		}
	}
}
