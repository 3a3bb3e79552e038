package online

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// oldDevice is a device's storage as the build before one save left it
// (testdata/device-before-one-save.json, written by that build's own
// functions, commit dbe4b19): two games on one device, one of them
// finished, one with a time to answer and a line of its own in its log;
// a third whose record was damaged; a room under way and one in its
// lobby.
func oldDevice(t *testing.T) *MemStore {
	t.Helper()
	data, err := os.ReadFile("testdata/device-before-one-save.json")
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]string
	if err := json.Unmarshal(data, &keys); err != nil {
		t.Fatal(err)
	}
	st := &MemStore{}
	for k, v := range keys {
		st.SetRaw(k, []byte(v))
	}
	return st
}

// raw is what st holds at key, as it is stored ("" for nothing).
func raw(st *MemStore, key string) string {
	var v json.RawMessage
	st.Get(key, &v)
	return string(v)
}

// A device that kept games and rooms under an older build sees them all
// in the one list, and continues each; a damaged one is listed, says
// what is wrong when opened, and is kept as it was.
func TestSavesFromBeforeOneSaveAreInTheOneList(t *testing.T) {
	st := oldDevice(t)
	damaged := raw(st, "longhall.save.bad0")
	list := Saves(st)
	var got []string
	for _, e := range list {
		kind := "game"
		if e.Room {
			kind = "room"
		}
		got = append(got, kind+" "+e.Updated.Format("15:04"))
	}
	if want := []string{"room 10:05", "room 10:04", "game 10:02", "game 10:01", "game 10:00"}; !slices.Equal(got, want) {
		t.Fatalf("the list reads %q, want %q", got, want)
	}
	if again := Saves(st); !slices.EqualFunc(again, list, func(a, b Entry) bool { return a.Key == b.Key && a.Updated.Equal(b.Updated) }) {
		t.Fatalf("read again, the list changed: %+v", again)
	}
	for _, k := range []string{"longhall.saves", "longhall.save.a1b2c3", "longhall.table.a1b2c3", "longhall.lines.a1b2c3", "longhall.save.d4e5f6"} {
		if raw(st, k) != "" {
			t.Errorf("%s is still kept once its game moved", k)
		}
	}

	g := gameOn(t, st, "a1b2c3")
	if len(g.Save.Record.Actions) != 3 || g.AnswerSeconds != 30 || len(g.Save.Log) != 1 || g.Over || g.Seed != 42 {
		t.Errorf("the game under way reads %+v", g)
	}
	if done := gameOn(t, st, "d4e5f6"); !done.Over || list[3].Key != "d4e5f6" || !list[3].Over || list[3].Moves != len(done.Save.Record.Actions) {
		t.Errorf("the finished game reads %+v, its line %+v", done, list[3])
	}
	tb, err := OpenTable(context.Background(), st, "a1b2c3", TableOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tb.HandOver(0)
	_, _, v := settled(t, tb)
	tb.Close()
	if !slices.ContainsFunc(v.Log, func(e rules.LogEntry) bool { return slices.Contains(e.Lines, "Gordon took back a move") }) {
		t.Errorf("the game continued shows the log %+v", v.Log)
	}

	if _, err := LoadGame(st, "bad0"); err == nil || !strings.Contains(Words(err), "cannot be read") {
		t.Errorf("the damaged game opens with %v", err)
	}
	if list[2].Key != "bad0" || raw(st, "longhall.save.bad0") != damaged {
		t.Errorf("the damaged game is not kept as it was: listed as %+v", list[2])
	}

	rm, err := LoadHosted(st, list[1].Key)
	if err != nil || rm.Token != "tok-gordon" || rm.AnswerSeconds != 15 || rm.Save == nil || len(rm.Save.Record.Actions) != 2 || rm.Name != "Gordon" {
		t.Errorf("the room under way reads %+v (%v)", rm, err)
	}
	if lobby, err := LoadHosted(st, list[0].Key); err != nil || lobby.Save != nil || len(lobby.Lobby) != 3 || list[0].Started {
		t.Errorf("the room in its lobby reads %+v (%v)", lobby, err)
	}

	if err := Forget(st, list[2]); err != nil || raw(st, "longhall.save.bad0") != "" || len(Saves(st)) != 4 {
		t.Errorf("forgetting the damaged game: %v; its record %q", err, raw(st, "longhall.save.bad0"))
	}
}

// A game an older build saved that its list does not name (a list lost,
// or a test's record put in place) opens by its address, and joins the
// list; a page closed half way through a move finds it done on its next
// read, with nothing twice.
func TestAnOlderSaveMovesWhenItIsOpened(t *testing.T) {
	st := oldDevice(t)
	st.Del("longhall.saves")
	if list := Saves(st); len(list) != 2 {
		t.Fatalf("with no list of games, the list reads %+v", list)
	}
	g, err := LoadGame(st, "d4e5f6")
	if err != nil || g.Over || len(g.Save.Record.Actions) == 0 {
		t.Fatalf("the unlisted game reads %+v (%v)", g, err)
	}
	if list := Saves(st); len(list) != 3 || raw(st, "longhall.save.d4e5f6") != "" {
		t.Fatalf("once opened, the list reads %+v", list)
	}

	// Half way: the game is moved, the older build's keys and list still
	// there.
	half := oldDevice(t)
	old := raw(half, "longhall.save.a1b2c3")
	if _, err := LoadGame(half, "a1b2c3"); err != nil {
		t.Fatal(err)
	}
	half.SetRaw("longhall.save.a1b2c3", []byte(old))
	half.SetRaw("longhall.saves", []byte(raw(oldDevice(t), "longhall.saves")))
	list := Saves(half)
	keys := map[string]int{}
	for _, e := range list {
		keys[e.Key]++
	}
	if len(list) != 5 || keys["a1b2c3"] != 1 || raw(half, "longhall.save.a1b2c3") != "" {
		t.Fatalf("after a move cut short, the list reads %+v", list)
	}
}
