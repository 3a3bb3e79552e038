package session

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// update rewrites the golden logs instead of comparing with them:
// go test ./app/session -run Log -update (rulestest's flag).
var update = rulestest.Updating

// seatLog follows a guest's log as its player reads it: the whole log the
// host sends (on joining, after a take-back), then an entry for each new
// version with events, folded as app/online's client folds them.
type seatLog struct {
	t       *testing.T
	g       *Guest
	entries []rules.LogEntry
	version int
	next    *LogMsg   // a whole log under way, shown with the state it leads to
	last    *StateMsg // the newest state read
}

func follow(t *testing.T, g *Guest) *seatLog { return &seatLog{t: t, g: g} }

func (l *seatLog) fold(u Update) {
	switch {
	case u.Log != nil && u.Log.First:
		l.next = &LogMsg{Upto: u.Log.Upto, Entries: slices.Clone(u.Log.Entries)}
	case u.Log != nil && l.next != nil:
		l.next.Entries, l.next.Upto = append(l.next.Entries, u.Log.Entries...), u.Log.Upto
	case u.Log != nil:
		l.entries, l.version = append(l.entries, u.Log.Entries...), u.Log.Upto
	case u.State != nil:
		l.last = u.State
		if l.next != nil {
			l.entries, l.version, l.next = l.next.Entries, l.next.Upto, nil
		}
		if s := u.State; s.Version > l.version {
			if len(s.Events) > 0 {
				l.entries = append(l.entries, rules.EntryFor(s.Version, s.Actor, s.Events, s.Seat))
			}
			l.version = s.Version
		}
	}
}

// until reads the guest's updates, folding each, until one matches.
func (l *seatLog) until(what string, match func(Update) bool) Update {
	l.t.Helper()
	return waitFor(l.t, l.g, what, func(u Update) bool { l.fold(u); return match(u) })
}

// at waits for the state of version v, unless it is the newest read.
func (l *seatLog) at(v int) *StateMsg {
	l.t.Helper()
	if l.last != nil && l.last.Version == v {
		return l.last
	}
	return l.until(fmt.Sprintf("state version %d", v), func(u Update) bool { return u.State != nil && u.State.Version == v }).State
}

// wholeLog waits for a whole log and the state it leads to.
func (l *seatLog) wholeLog() *StateMsg {
	l.t.Helper()
	l.until("a whole log", func(u Update) bool { return u.Log != nil && u.Log.First })
	return l.until("the state after the log", func(u Update) bool { return u.State != nil }).State
}

// text is the log as the seat reads it, an entry a line.
func (l *seatLog) text() string {
	var b strings.Builder
	for _, e := range l.entries {
		fmt.Fprintf(&b, "%d seat %d: %s\n", e.N, e.Seat, strings.Join(e.Lines, " / "))
	}
	return b.String()
}

// reloadOptions give Hands a time to answer and a fixed delay before an
// automatic answer.
var reloadOptions = Options{AnswerTime: 20 * time.Second, PassDelay: func() time.Duration { return time.Second }}

// handsForTwo opens a Hands room (hands of two) for reloadOptions.
func handsForTwo(t *testing.T) *Host {
	t.Helper()
	h, err := NewHost(context.Background(), "hand-test", rules.Config{Players: 2, Options: map[string]string{"hand": "2"}}, 42, reloadOptions)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// play sends the seat's legal action number i at version v, and waits
// for both seats to see the next version.
func play(t *testing.T, by *seatLog, i int, v int, logs ...*seatLog) {
	t.Helper()
	if _, err := by.g.Intent(by.at(v).Legal[i]); err != nil {
		t.Fatal(err)
	}
	for _, l := range logs {
		l.at(v + 1)
	}
}

// takeBack has the seat take back its move of version v, and waits for
// both seats' whole logs.
func takeBack(t *testing.T, by *seatLog, v int, logs ...*seatLog) {
	t.Helper()
	by.at(v)
	if _, err := by.g.Undo(); err != nil {
		t.Fatal(err)
	}
	for _, l := range logs {
		if s := l.wholeLog(); s.Version != v-1 {
			t.Fatalf("after the take-back: version %d, want %d", s.Version, v-1)
		}
	}
}

// aRoomBeforeItsReload plays a Hands room, Ann on the host's device and
// Bob over a pipe, through every kind of line the host adds to the log:
// Ann takes back a card and plays another, Bob's time runs out, Bob takes
// back a card, and the host answers for Bob automatically. It returns the
// room's save, as the app keeps it (JSON), the players' tokens and each
// seat's log as read.
func aRoomBeforeItsReload(t *testing.T) (save Save, tokens [2]string, logs [2]string) {
	t.Helper()
	h := handsForTwo(t)
	ann, bob := follow(t, local(t, h, "Ann", "")), follow(t, join(t, h, "Bob", ""))
	bob.g.Ready(true)
	bob.until("Bob ready", func(u Update) bool { return u.Lobby != nil && u.Lobby.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	play(t, ann, 0, 0, ann, bob)
	takeBack(t, ann, 1, ann, bob)
	play(t, ann, 1, 0, ann, bob)
	// Bob does not answer: his time runs out and the game plays his lowest card.
	ann.at(2)
	bob.at(2)
	play(t, bob, 0, 2, ann, bob)
	takeBack(t, bob, 3, ann, bob)
	play(t, bob, 1, 2, ann, bob)
	play(t, ann, 0, 3, ann, bob)
	// Bob asks for automatic answers: the host answers for him.
	if err := bob.g.Prefs(Prefs{AutoPass: AutoPassAlways}); err != nil {
		t.Fatal(err)
	}
	if s := bob.at(5); s.Actor != 1 {
		t.Fatalf("version 5 is seat %d's, want Bob's automatic answer", s.Actor)
	}
	if err := bob.g.Prefs(Prefs{AutoPass: AutoPassNothing}); err != nil {
		t.Fatal(err)
	}
	play(t, ann, 0, 5, ann, bob)

	s, err := h.Save()
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &save); err != nil {
		t.Fatal(err)
	}
	h.Close()
	return save, [2]string{ann.g.Token(), bob.g.Token()}, [2]string{ann.text(), bob.text()}
}

// resumed resumes the room from save and brings Ann (on the host's
// device) and Bob (over a pipe) back with their tokens.
func resumed(t *testing.T, save Save, tokens [2]string) (*Host, *seatLog, *seatLog) {
	t.Helper()
	h, err := Resume(context.Background(), save, reloadOptions)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	ann, bob := follow(t, local(t, h, "Ann", tokens[0])), follow(t, join(t, h, "Bob", tokens[1]))
	v := len(save.Record.Actions)
	ann.at(v)
	bob.at(v)
	return h, ann, bob
}

// Issue 39, "A log that is the record's": every line a player read (a
// take-back, a time that ran out, an automatic answer) reads the same,
// in the same place, after the host reloads and resumes from its save.
func TestEachSeatsLogReadsTheSameAfterTheHostReloads(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		save, tokens, before := aRoomBeforeItsReload(t)
		_, ann, bob := resumed(t, save, tokens)
		after := [2]string{ann.text(), bob.text()}
		for seat, name := range []string{"Ann", "Bob"} {
			if after[seat] != before[seat] {
				t.Errorf("%s's log after the reload:\n%s\nbefore it:\n%s", name, after[seat], before[seat])
			}
		}
		golden(t, "log_across_reload.golden", "== Ann's log (seat 0)\n"+before[0]+"\n== Bob's log (seat 1)\n"+before[1])
	})
}

// A take-back names the card to its own seat only; after the reload too,
// nobody else reads it: neither the other player nor a spectator.
func TestATakeBacksCardStaysItsSeatsAfterTheReload(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		save, tokens, _ := aRoomBeforeItsReload(t)
		h, ann, bob := resumed(t, save, tokens)
		cat := follow(t, join(t, h, "Cat", ""))
		cat.at(len(save.Record.Actions))
		own := map[string]*seatLog{"Ann": ann, "Bob": bob}
		for name := range own {
			secret := name + " took back: play card"
			for other, o := range map[string]*seatLog{"Ann": ann, "Bob": bob, "Cat": cat} {
				if got := strings.Contains(o.text(), secret); got != (other == name) {
					t.Errorf("%s reads %q: %v\n%s", other, secret, got, o.text())
				}
			}
			if public := name + " took back a move: seat"; !strings.Contains(cat.text(), public) {
				t.Errorf("the spectator does not read %q:\n%s", public, cat.text())
			}
		}
	})
}

// golden compares got with testdata/name, or writes it there (-update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if update() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no golden log (%v): run go test -run Log -update and read it before checking it in", err)
	}
	if got != string(want) {
		t.Errorf("the log differs from %s:\n%s\nwant:\n%s\n(after a deliberate change: -update, and read the diff)", path, got, want)
	}
}

// A save's log lines are put back where they say; a save from before
// there were any resumes with the record's log, and a line that cannot be
// where it says (a save spoilt by hand, or by a version that knew other
// lines) is left out: the game resumes all the same.
func TestASavesLogLinesAreKeptOrLeftOutSafely(t *testing.T) {
	undo := func(after int, seat rules.Seat) LogLine {
		return LogLine{After: after, Event: rules.Event{Kind: "undo", Seat: seat, Text: fmt.Sprintf("seat %d took back a move", seat),
			Secret: "took back in secret", SecretTo: []rules.Seat{seat}}}
	}
	timeout := LogLine{After: 0, Opens: true, Event: rules.Event{Kind: "timeout", Seat: 0, Text: "Ann's time to answer ran out"}}
	const chose = "1 seat 0: seat 0 chose card05\n"
	for _, c := range []struct {
		rule string
		log  []LogLine
		want string // Ann's log
	}{
		{"an old save has none: the log is the record's", nil, chose},
		{"a take-back stands after the action it follows", []LogLine{undo(1, 1)}, chose + "0 seat 1: seat 1 took back a move\n"},
		{"a seat reads its own secret", []LogLine{undo(0, 0)}, "0 seat 0: took back in secret\n" + chose},
		{"a time that ran out opens the action's entry", []LogLine{timeout}, "1 seat 0: Ann's time to answer ran out / seat 0 chose card05\n"},
		{"lines out of order are put in order", []LogLine{undo(1, 1), timeout, undo(0, 1)},
			"0 seat 1: seat 1 took back a move\n1 seat 0: Ann's time to answer ran out / seat 0 chose card05\n0 seat 1: seat 1 took back a move\n"},
		{"a line after an action the record lacks is left out", []LogLine{undo(2, 1)}, chose},
		{"a line before the first action's place is left out", []LogLine{undo(-1, 1)}, chose},
		{"a line opening an action the record lacks is left out", []LogLine{{After: 1, Opens: true, Event: timeout.Event}}, chose},
		{"a line of no seat is left out", []LogLine{undo(0, 2), undo(0, rules.Spectator)}, chose},
		{"a line without words is left out", []LogLine{{After: 0, Event: rules.Event{Seat: 1}}}, chose},
	} {
		t.Run(c.rule, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				save := Save{
					Record: rules.Record{Format: rules.RecordFormat, Game: "hand-test", Config: rules.Config{Players: 2}, Seed: 1,
						Seats:   []rules.SeatInfo{{Name: "Ann"}, {Name: "Bob"}},
						Actions: []rules.SeatMove{{Seat: 0, Action: rules.Action{Kind: "choose", Args: []int{0}}}}},
					Tokens: []string{"ann", "bob"},
					Log:    c.log,
				}
				h, err := Resume(context.Background(), save, Options{})
				if err != nil {
					t.Fatal(err)
				}
				defer h.Close()
				ann := follow(t, local(t, h, "Ann", "ann"))
				ann.at(1)
				if got := ann.text(); got != c.want {
					t.Errorf("Ann's log:\n%s\nwant:\n%s", got, c.want)
				}
			})
		})
	}
}

// A save written before the log lines were kept reads as it did.
func TestASaveWithoutLogLinesStillReads(t *testing.T) {
	var s Save
	data := `{"record":{"format":1,"game":"hand-test","config":{"players":2},"seed":1,"seats":[{"name":"Ann"},{"name":"Bob"}],"actions":[]},"tokens":["ann","bob"],"seqs":[0,0]}`
	if err := json.Unmarshal([]byte(data), &s); err != nil {
		t.Fatal(err)
	}
	if s.Log != nil {
		t.Fatalf("lines out of nothing: %+v", s.Log)
	}
	again, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(again), `"log"`) {
		t.Errorf("a save without lines is written with a log field: %s", again)
	}
}
