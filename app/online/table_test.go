package online

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"longhall/rules"
	_ "longhall/rules/rednorth"
	_ "longhall/rules/testgame"
)

func tableSeats(kinds ...string) []rules.SeatInfo {
	names := []string{"Gordon", "Rikki", "Hakka", "Sigrid"}
	out := make([]rules.SeatInfo, len(kinds))
	for i, k := range kinds {
		out[i] = rules.SeatInfo{Name: names[i], Bot: k == "bot"}
	}
	return out
}

// newTable opens a Red North table of the given seats on st, saved as "t1".
func newTable(t *testing.T, st Store, kinds ...string) *Table {
	t.Helper()
	tb, err := StartTable(context.Background(), st, dealt(t, st, "t1", "rednorth", 0, 42, 0, kinds...), TableOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

// eventually waits until cond holds: the table runs on its own goroutines.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
	}
}

// settled is the screen once the shown person's table has caught up with
// the game: whom it shows, whether it must be handed over first, and that
// person's view.
func settled(t *testing.T, tb *Table) (rules.Seat, bool, View) {
	t.Helper()
	var (
		seat rules.Seat
		hand bool
		v    View
	)
	eventually(t, "the table settles", func() bool {
		rec, err := tb.Record()
		if err != nil {
			return false
		}
		// The person the device shows: the only one the host sends the
		// table to when several share it.
		tb.mu.Lock()
		c := tb.people[tb.viewer]
		tb.mu.Unlock()
		if s := c.View().Snap.State; s == nil || s.Version != len(rec.Actions) {
			return false
		}
		seat, hand = tb.Screen()
		v = tb.View()
		if s := v.Snap.State; s.Result == nil && len(s.Legal) == 0 && !hand {
			// Nothing for the person shown, and nobody else to hand the
			// device to: a bot is about to move, or the host to answer
			// for the person at once (alone with bots, a prompt they
			// have nothing to answer with is not shown to them).
			return false
		}
		return true
	})
	return seat, hand, v
}

// playOn lets whoever the screen shows play their first legal action,
// handing the device over when asked, until the game ends or steps run out;
// check sees every settled screen.
func playOn(t *testing.T, tb *Table, steps int, check func(seat rules.Seat, hand bool, v View)) View {
	t.Helper()
	for range steps {
		seat, hand, v := settled(t, tb)
		if check != nil {
			check(seat, hand, v)
		}
		switch {
		case v.Snap.State.Result != nil:
			return v
		case hand:
			if err := tb.HandOver(seat); err != nil {
				t.Fatal(err)
			}
		case len(v.Snap.State.Legal) > 0:
			before := v.Snap.State.Version
			if err := tb.Act(v.Snap.State.Legal[0]); err != nil {
				t.Fatal(err)
			}
			eventually(t, "the move is applied", func() bool {
				s := tb.View().Snap.State
				return s != nil && s.Version > before
			})
		default:
			t.Fatalf("nobody can move and the game is not over: %+v", v.Snap.State.Prompts)
		}
	}
	_, _, v := settled(t, tb)
	return v
}

func TestATableNeedsAPerson(t *testing.T) {
	if _, err := NewGame("t", "rednorth", rules.Config{}, 1, tableSeats("bot", "bot"), 0, time.Now()); !errors.Is(err, ErrNoHuman) {
		t.Fatalf("want ErrNoHuman, got %v", err)
	}
	s := dealt(t, &MemStore{}, "t", "rednorth", 0, 1, 0, "person", "bot")
	s.Save.Record.Seats[0].Bot = true
	if _, err := StartTable(context.Background(), &MemStore{}, s, TableOptions{}, nil); !errors.Is(err, ErrNoHuman) {
		t.Fatalf("want ErrNoHuman, got %v", err)
	}
}

// One person and three bots play a whole game on the room's runtime; the
// device is never passed, and the save is the finished game.
func TestOnePersonAndBotsPlayToTheEndWithoutHandOver(t *testing.T) {
	st := &MemStore{}
	tb := newTable(t, st, "person", "bot", "bot", "bot")
	v := playOn(t, tb, 2000, func(seat rules.Seat, hand bool, v View) {
		if hand {
			t.Fatal("a lone person is asked to pass the device")
		}
		if seat != 0 || v.Snap.State.Seat != 0 {
			t.Fatalf("the screen shows seat %d's table", v.Snap.State.Seat)
		}
	})
	if r := v.Snap.State.Result; r == nil || len(r.Winners) != 1 {
		t.Fatalf("result %+v", r)
	}
	eventually(t, "the save says the game is over", func() bool {
		list := Saves(st)
		return len(list) == 1 && list[0].Over
	})
	s, _, err := rules.Replay(gameOn(t, st, "t1").Save.Record)
	if err != nil || s.Result() == nil {
		t.Fatalf("the saved record does not replay to the end (%v)", err)
	}
}

func TestHotSeatHandsOverBeforeShowingAnotherPersonsCards(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		st := &MemStore{}
		tb := newTable(t, st, "person", "person", "bot")
		// Deployment is simultaneous: both people are pending; the first seat
		// looks first, but only once the device is in that person's hands.
		if seat, hand, _ := settled(t, tb); !hand || seat != 0 {
			t.Fatalf("a new table asks to pass the device to %d (%v), want seat 0 first", seat, hand)
		}
		tb.HandOver(0)
		if _, hand, v := settled(t, tb); hand || v.Snap.State.Seat != 0 {
			t.Fatal("hand-over asked again before seat 0 has decided")
		}
		handOvers, viewer := 0, rules.Seat(0)
		playOn(t, tb, 60, func(seat rules.Seat, hand bool, v View) {
			if hand {
				if seat == viewer {
					t.Fatal("hand-over to the seat already holding the device")
				}
				handOvers++
				viewer = seat
				return
			}
			if v.Snap.State.Seat != viewer {
				t.Fatalf("the screen shows seat %d's cards while seat %d holds the device", v.Snap.State.Seat, viewer)
			}
		})
		if handOvers == 0 {
			t.Fatal("two people shared the device and were never asked to pass it")
		}
		// Each hand-over brought the log on from where its person had it
		// (session's catchUp): it reads as the whole log a table opened
		// afresh sends.
		handed := [][]rules.LogEntry{logShown(t, tb, 0), logShown(t, tb, 1)}
		tb.Close()
		again, err := OpenTable(context.Background(), st, "t1", TableOptions{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer again.Close()
		for seat, log := range handed {
			whole := logShown(t, again, rules.Seat(seat))
			if len(whole) == 0 || fmt.Sprint(whole) != fmt.Sprint(log) {
				t.Errorf("seat %d's log, brought on at each hand-over, reads\n%v\nand whole\n%v", seat, log, whole)
			}
		}
	})
}

// The README promises a pass-the-device screen before any hidden card is
// shown; a resumed hot-seat game is no exception, whoever's turn it is.
func TestHotSeatResumeAsksForTheDeviceFirst(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		st := &MemStore{}
		tb := newTable(t, st, "person", "person")
		playOn(t, tb, 24, nil)
		before, _ := tb.Record()
		tb.Close()
		back, err := OpenTable(context.Background(), st, "t1", TableOptions{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer back.Close()
		rec, _ := back.Record()
		if len(rec.Actions) != len(before.Actions) || len(rec.Actions) == 0 {
			t.Fatalf("resumed at %d actions, want %d", len(rec.Actions), len(before.Actions))
		}
		seat, hand, _ := settled(t, back)
		if !hand {
			t.Fatal("a resumed two-person game shows a hand without asking for the device")
		}
		back.HandOver(seat)
		if _, hand, _ := settled(t, back); hand {
			t.Fatal("still asking after the hand-over")
		}
	})
}

func TestHandOverRefusesBotsAndStrangers(t *testing.T) {
	tb := newTable(t, &MemStore{}, "person", "bot")
	for _, s := range []rules.Seat{1, 2, -1} {
		if err := tb.HandOver(s); err == nil {
			t.Errorf("hand-over to seat %d accepted", s)
		}
	}
}

// A refused action is said in words, without code prefixes, and never
// reaches the save.
func TestIllegalActionIsRefusedInWordsAndNotSaved(t *testing.T) {
	st := &MemStore{}
	tb := newTable(t, st, "person", "person")
	tb.HandOver(0)
	settled(t, tb)
	if err := tb.Act(rules.Action{Kind: "conquer-everything"}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the refusal is said", func() bool { return tb.View().Notice != "" })
	notice := tb.View().Notice
	if strings.Contains(notice, "rules:") || strings.Contains(notice, "session:") {
		t.Errorf("the refusal reads %q", notice)
	}
	for _, a := range gameOn(t, st, "t1").Save.Record.Actions {
		if a.Seat == 0 {
			t.Fatalf("a refused action reached the save: %+v", a)
		}
	}
}

// A save that cannot be replayed is refused in words when its table opens,
// and stays where it is; a good one beside it opens.
func TestUnplayableSavesAreRefusedAndKept(t *testing.T) {
	st := &MemStore{}
	newTable(t, st, "person", "bot").Close()
	for name, raw := range map[string]string{
		"not json":       "{{{",
		"wrong game":     `{"format":1,"game":"chess","config":{"players":2},"seats":[{"name":"a"},{"name":"b"}]}`,
		"illegal action": `{"format":1,"game":"rednorth","config":{"players":2},"seed":1,"seats":[{"name":"a"},{"name":"b"}],"actions":[{"seat":0,"action":{"kind":"nonsense"}}]}`,
	} {
		st.SetRaw("longhall.game.bad", []byte(raw))
		if tb, err := OpenTable(context.Background(), st, "bad", TableOptions{}, nil); err == nil {
			tb.Close()
			t.Errorf("%s: opened", name)
		} else if w := Words(err); strings.Contains(w, "session:") || strings.Contains(w, "local:") {
			t.Errorf("%s: said %q", name, w)
		}
		var kept json.RawMessage
		if st.Get("longhall.game.bad", &kept); name != "not json" && string(kept) != raw {
			t.Errorf("%s: the save is now %s", name, kept)
		}
	}
	tb, err := OpenTable(context.Background(), st, "t1", TableOptions{}, nil)
	if err != nil {
		t.Fatalf("a good save next to bad ones failed: %v", err)
	}
	tb.Close()
}

// Each person reads their own private lines in the log (the card they
// deployed), and the others read that action in its public wording only:
// the log of a shared screen is handed over with the table.
func TestEachPersonReadsTheirOwnPrivateLines(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb := newTable(t, &MemStore{}, "person", "person")
		tb.HandOver(0)
		_, _, v := settled(t, tb)
		if err := tb.Act(v.Snap.State.Legal[0]); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the action is played", func() bool { rec, err := tb.Record(); return err == nil && len(rec.Actions) == 1 })
		logOf := func(seat rules.Seat) string {
			l := logShown(t, tb, seat)
			if len(l) == 0 {
				t.Fatalf("seat %d's log is empty", seat)
			}
			return strings.Join(l[len(l)-1].Lines, " / ")
		}
		mine, theirs := logOf(0), logOf(1)
		if mine == theirs {
			t.Fatalf("the actor reads the public line %q", mine)
		}
		if !strings.Contains(theirs, "face-down") || strings.Contains(theirs, "Raider") || strings.Contains(theirs, "Hero") || strings.Contains(theirs, "Jarl") {
			t.Errorf("the other person reads %q, which names the card", theirs)
		}
	})
}

// logShown hands the device to seat and reads the log its screen shows.
func logShown(t *testing.T, tb *Table, seat rules.Seat) []rules.LogEntry {
	t.Helper()
	if err := tb.HandOver(seat); err != nil {
		t.Fatal(err)
	}
	if _, _, v := settled(t, tb); v.Snap.State.Seat != seat {
		t.Fatalf("handed to seat %d, the screen shows seat %d's table", seat, v.Snap.State.Seat)
	}
	return tb.View().Log
}

// handsForTwo opens a table of Hands (the test game) for two people on
// st, saved as "t1", the device in the first person's hands.
func handsForTwo(t *testing.T, st Store) *Table {
	t.Helper()
	tb, err := StartTable(context.Background(), st, dealt(t, st, "t1", "hand-test", 2, 42, 0, "person", "person"), TableOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	if err := tb.HandOver(0); err != nil {
		t.Fatal(err)
	}
	return tb
}

// Hot-seat undo: a person takes back their own move before the device goes
// on (the hand-over screen offers it), and the table is as before it.
func TestHotSeatTakesBackAMoveBeforeTheDeviceGoesOn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb := handsForTwo(t, &MemStore{})
		_, _, v := settled(t, tb)
		before := string(v.Snap.State.View)
		if err := tb.Act(v.Snap.State.Legal[0]); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the move is applied and may be taken back", func() bool { return tb.Undoer() == "Gordon" })
		if err := tb.Undo(); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the move is taken back", func() bool {
			s := tb.View().Snap.State
			return s != nil && s.Version == 0 && s.Step == 2
		})
		seat, hand, v := settled(t, tb)
		if hand || seat != 0 {
			t.Fatalf("after the undo the screen asks for seat %d (hand-over %v)", seat, hand)
		}
		if string(v.Snap.State.View) != before {
			t.Fatal("the table is not as it was before the move")
		}
		if l := v.Log; len(l) != 1 || l[0].N != 0 || !strings.HasPrefix(l[0].Lines[0], "Gordon took back: ") {
			t.Fatalf("the log after the undo: %+v", l)
		}
		if rec, _ := tb.Record(); len(rec.Actions) != 0 {
			t.Fatal("the record still holds the move")
		}
	})
}

// A save from before a rules change, whose record no longer replays, is
// refused in a sentence that says so and which move no longer applies.
func TestASaveFromOlderRulesIsRefusedInWords(t *testing.T) {
	st := &MemStore{}
	s := dealt(t, st, "old", "hand-test", 2, 42, 0, "person", "person")
	s.Save.Record.Actions = append(s.Save.Record.Actions, rules.SeatMove{Seat: 0, Action: rules.Action{Kind: "choose", Args: []int{0}}},
		rules.SeatMove{Seat: 0, Action: rules.Action{Kind: "choose", Args: []int{0}}}) // the second: seat 0 has chosen already
	if err := StoreSaved(st, s); err != nil {
		t.Fatal(err)
	}
	_, err := OpenTable(context.Background(), st, "old", TableOptions{}, nil)
	if w := Words(err); w != "This game was saved under an earlier version of the rules: its move 2 no longer applies, so it cannot be resumed." {
		t.Fatalf("the refusal reads %q (%v)", w, err)
	}
}

// A game on one device keeps the time to answer chosen at its set-up
// (Saved.AnswerSeconds), and its clock runs for the person waited on, as a
// room's does.
func TestATableKeepsItsTimeToAnswer(t *testing.T) {
	st := &MemStore{}
	dealt(t, st, "t1", "hand-test", 2, 42, 15, "person", "bot")
	tb, err := OpenTable(context.Background(), st, "t1", TableOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	eventually(t, "the clock runs for Gordon", func() bool {
		v := tb.View()
		s := v.Snap.State
		if s == nil || v.Clock == nil {
			return false
		}
		left, ok := v.Clock.Left(time.Now(), s.Version)
		return ok && v.Clock.Seat == 0 && left > 0 && left <= 15
	})
	if l := tb.View().Snap.Lobby; l == nil || l.AnswerTime != 15 {
		t.Fatalf("the table's lobby says %+v", l)
	}
}

// A rematch deals a new game at the same table once the game is over: the
// table's save plays on with it, settings and all, and the finished game
// stays in the "continue" list as an entry of its own, as in a room.
func TestARematchDealsANewGameAndKeepsTheFinishedOne(t *testing.T) {
	st := &MemStore{}
	dealt(t, st, "t1", "hand-test", 2, 42, 30, "person", "bot")
	tb, err := OpenTable(context.Background(), st, "t1", TableOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if err := tb.Rematch(7); err == nil || !strings.Contains(Words(err), "not over") {
		t.Fatalf("a rematch before the end: %v", err)
	}
	if list := Saves(st); len(list) != 1 || tb.Key() != "t1" {
		t.Fatalf("a refused rematch left a save behind, or moved the table: %+v", list)
	}
	if v := playOn(t, tb, 200, nil); v.Snap.State.Result == nil {
		t.Fatal("the first game did not end")
	}
	// The end is saved before the table shows it, so that a rematch asked
	// at once cannot be taken for the finished game (which the table once
	// did when its goroutine saving the end came late on a busy machine).
	if list := Saves(st); len(list) != 1 || !list[0].Over {
		t.Fatalf("the table shows the end, and the continue list %+v", list)
	}
	finished := gameOn(t, st, "t1").Save.Record
	if err := tb.Rematch(7); err != nil {
		t.Fatal(err)
	}
	// The new game is dealt a new seed (checked below); its bot may have
	// moved already, so its moves are not counted here.
	var kept string
	eventually(t, "the new game is saved beside the finished one", func() bool {
		list := Saves(st)
		if len(list) != 2 || list[0].Key != "t1" || list[0].Over || !list[1].Over || list[1].Moves != len(finished.Actions) {
			return false
		}
		kept = list[1].Key
		return true
	})
	again := gameOn(t, st, "t1")
	if tb.Key() != "t1" || again.AnswerSeconds != 30 {
		t.Fatalf("the table is now %q, its time to answer %d", tb.Key(), again.AnswerSeconds)
	}
	if r := again.Save.Record; again.Seed != 7 || r.Seed != 7 || r.Seats[0].Name != "Gordon" || !r.Seats[1].Bot {
		t.Fatalf("the rematch is %+v", again)
	}
	if old := gameOn(t, st, kept); old.Seed != 42 || !old.Over || len(old.Save.Record.Actions) != len(finished.Actions) || old.AnswerSeconds != 30 {
		t.Fatalf("the finished game is kept as %+v", old)
	}
	v := playOn(t, tb, 200, nil)
	if v.Snap.State.Result == nil || len(v.Log) == 0 {
		t.Fatal("the rematch did not play to its end")
	}
	eventually(t, "the rematch's end is saved under the table's name", func() bool {
		list := Saves(st)
		return len(list) == 2 && list[0].Key == "t1" && list[0].Over && list[1].Key == kept
	})
	if old := gameOn(t, st, kept); old.Seed != 42 {
		t.Fatalf("the finished game was overwritten: seed %d", old.Seed)
	}
	// The finished game opens at its table, over.
	done, err := OpenTable(context.Background(), st, kept, TableOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer done.Close()
	if v := playOn(t, done, 5, nil); v.Snap.State.Result == nil {
		t.Fatal("the finished game opened again is not over")
	}
}
