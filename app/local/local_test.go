package local

import (
	"errors"
	"strings"
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

func tableOf(t *testing.T, kinds ...string) *Table {
	t.Helper()
	tb, err := New("t1", "rednorth", rules.Config{}, 42, seats(kinds...))
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// playHumansFirst lets every pending human act with its first legal action
// and bots act through StepBot, until the game ends.
func playToTheEnd(t *testing.T, tb *Table, onStep func()) {
	t.Helper()
	for steps := 0; tb.State.Result() == nil; steps++ {
		if steps > 20000 {
			t.Fatal("the game did not end")
		}
		if moved, err := tb.StepBot(); err != nil {
			t.Fatal(err)
		} else if moved {
			continue
		}
		next, ok := tb.NextHuman()
		if !ok {
			t.Fatal("nobody can move and the game is not over")
		}
		if err := tb.HandOver(next); err != nil {
			t.Fatal(err)
		}
		if err := tb.Act(tb.State.Legal(next)[0]); err != nil {
			t.Fatal(err)
		}
		if onStep != nil {
			onStep()
		}
	}
}

func TestATableNeedsAPerson(t *testing.T) {
	if _, err := New("t", "rednorth", rules.Config{}, 1, seats("bot", "bot")); !errors.Is(err, ErrNoHuman) {
		t.Fatalf("want ErrNoHuman, got %v", err)
	}
}

func TestOnePersonAndBotsPlayToTheEndWithoutHandOver(t *testing.T) {
	tb := tableOf(t, "person", "bot", "bot", "bot")
	playToTheEnd(t, tb, func() {
		if _, ok := tb.NeedsHandOver(); ok {
			t.Fatal("a lone person is asked to pass the device")
		}
	})
	if r := tb.State.Result(); len(r.Winners) != 1 {
		t.Fatalf("result %+v", r)
	}
}

func TestHotSeatHandsOverBeforeShowingAnotherPersonsCards(t *testing.T) {
	tb := tableOf(t, "person", "person", "bot")
	// Deployment is simultaneous: both people are pending; the first seat
	// looks first, but only once the device is in that person's hands.
	if next, ok := tb.NeedsHandOver(); !ok || next != 0 {
		t.Fatalf("a new table asks to pass the device to %d (%v), want seat 0 first", next, ok)
	}
	tb.HandOver(0)
	if _, ok := tb.NeedsHandOver(); ok {
		t.Fatal("hand-over asked again before seat 0 has decided")
	}
	handOvers := 0
	for tb.State.Result() == nil && handOvers < 3 {
		if moved, _ := tb.StepBot(); moved {
			continue
		}
		if next, ok := tb.NeedsHandOver(); ok {
			if next == tb.Viewer {
				t.Fatal("hand-over to the seat already holding the device")
			}
			handOvers++
			tb.HandOver(next)
			continue
		}
		if err := tb.Act(tb.State.Legal(tb.Viewer)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if handOvers == 0 {
		t.Fatal("two people shared the device and were never asked to pass it")
	}
}

// The README promises a pass-the-device screen before any hidden card is
// shown; a resumed hot-seat game is no exception, whoever's turn it is.
func TestHotSeatResumeAsksForTheDeviceFirst(t *testing.T) {
	st := &MemStore{}
	tb := tableOf(t, "person", "person")
	for i := 0; i < 12; i++ {
		next, _ := tb.NeedsHandOver()
		tb.HandOver(next)
		if err := tb.Act(tb.State.Legal(tb.Viewer)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tb.Store(st, time.Unix(1, 0)); err != nil {
		t.Fatal(err)
	}
	back, err := Load(st, "t1")
	if err != nil {
		t.Fatal(err)
	}
	next, ok := back.NeedsHandOver()
	if !ok {
		t.Fatal("a resumed two-person game shows a hand without asking for the device")
	}
	back.HandOver(next)
	if _, ok := back.NeedsHandOver(); ok {
		t.Fatal("still asking after the hand-over")
	}
}

func TestHandOverRefusesBotsAndStrangers(t *testing.T) {
	tb := tableOf(t, "person", "bot")
	for _, s := range []rules.Seat{1, 2, -1} {
		if err := tb.HandOver(s); err == nil {
			t.Errorf("hand-over to seat %d accepted", s)
		}
	}
	tb.Viewer = 1
	if err := tb.Act(rules.Action{Kind: "pass"}); err == nil {
		t.Error("a person acted for a bot's seat")
	}
}

func TestIllegalActionIsRefusedAndNotSaved(t *testing.T) {
	tb := tableOf(t, "person", "bot")
	before := len(tb.Record.Actions)
	if err := tb.Act(rules.Action{Kind: "conquer-everything"}); err == nil {
		t.Fatal("illegal action accepted")
	}
	if len(tb.Record.Actions) != before {
		t.Fatal("a refused action reached the record")
	}
}

func TestSavedGameResumesExactly(t *testing.T) {
	st := &MemStore{}
	tb := tableOf(t, "person", "bot", "bot")
	for i := 0; i < 30 && tb.State.Result() == nil; i++ {
		if moved, _ := tb.StepBot(); !moved {
			tb.Act(tb.State.Legal(tb.Viewer)[0])
		}
		if err := tb.Store(st, time.Unix(int64(i), 0)); err != nil {
			t.Fatal(err)
		}
	}
	back, err := Load(st, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if same, err := rules.SameState(tb.State, back.State); err != nil || !same {
		t.Fatalf("resumed state differs (err %v)", err)
	}
	if len(back.Log) != len(tb.Log) {
		t.Errorf("resumed log has %d lines, want %d", len(back.Log), len(tb.Log))
	}
	list := Saves(st)
	if len(list) != 1 || list[0].ID != "t1" || list[0].Moves != len(tb.Record.Actions) {
		t.Fatalf("continue list %+v", list)
	}
}

func TestCorruptSavesGiveClearErrorsAndLoseNothing(t *testing.T) {
	st := &MemStore{}
	tb := tableOf(t, "person", "bot")
	tb.Store(st, time.Now())
	for name, raw := range map[string]string{
		"not json":       "{{{",
		"wrong game":     `{"format":1,"game":"chess","config":{"players":2},"seats":[{"name":"a"},{"name":"b"}]}`,
		"illegal action": `{"format":1,"game":"rednorth","config":{"players":2},"seed":1,"seats":[{"name":"a"},{"name":"b"}],"actions":[{"seat":0,"action":{"kind":"nonsense"}}]}`,
	} {
		st.SetRaw(savePrefix+"bad", []byte(raw))
		if _, err := Load(st, "bad"); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	if _, err := Load(st, "missing"); err == nil {
		t.Error("a missing save loaded")
	}
	if _, err := Load(st, "t1"); err != nil {
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
		tb, err := New(string(rune('a'+i)), "rednorth", rules.Config{}, uint64(i), seats("person", "bot"))
		if err != nil {
			t.Fatal(err)
		}
		tb.Store(st, time.Unix(int64(i), 0))
	}
	list := Saves(st)
	if len(list) != MaxSaves {
		t.Fatalf("%d saves kept, want %d", len(list), MaxSaves)
	}
	if _, err := Load(st, "a"); err == nil {
		t.Error("the oldest save was kept past the limit")
	}
	if err := Forget(st, list[0].ID); err != nil || len(Saves(st)) != MaxSaves-1 {
		t.Error("forget did not remove the save")
	}
}

func TestValidID(t *testing.T) {
	for id, want := range map[string]bool{"a1b2c3": true, "": false, "../x": false, "UPPER": false, "a-b": true} {
		if ValidID(id) != want {
			t.Errorf("ValidID(%q) = %v", id, !want)
		}
	}
}

// A lone person at a table of bots reads the private lines of the log
// meant for them (the card they deployed, or that a thief took from them);
// people who share one screen read the public wording only.
func TestTheLogSpeaksToALonePersonOnly(t *testing.T) {
	lines := func(kinds ...string) string {
		tb := tableOf(t, kinds...)
		legal := tb.State.Legal(0)
		if len(legal) == 0 {
			t.Fatal("seat 0 has nothing to do")
		}
		if err := tb.Act(legal[0]); err != nil {
			t.Fatal(err)
		}
		return strings.Join(tb.Log[len(tb.Log)-1].Lines, " / ")
	}
	alone, shared := lines("person", "bot"), lines("person", "person")
	if alone == shared {
		t.Fatalf("a lone person reads the public line %q", alone)
	}
	if !strings.Contains(shared, "face-down") || strings.Contains(shared, "Raider") || strings.Contains(shared, "Hero") || strings.Contains(shared, "Jarl") {
		t.Errorf("a shared screen reads %q, which names the card", shared)
	}
	t.Logf("alone: %q; shared: %q", alone, shared)
}
