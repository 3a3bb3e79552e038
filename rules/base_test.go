package rules

import (
	"encoding/json"
	"testing"
)

// table is a game's State as the games write it: Base first.
type table struct {
	Base
	Round int `json:"round"`
}

func TestBaseNamesSeats(t *testing.T) {
	b := NewBase(3, []string{"Astrid", ""}, 1)
	for p, want := range []string{"Astrid", "Player 2", "Player 3"} {
		if got := b.Name(p); got != want {
			t.Errorf("Name(%d) = %q, want %q", p, got, want)
		}
	}
	if got := b.Name(11); got != "Player 12" {
		t.Errorf("Name(11) = %q", got)
	}
	for p, want := range map[int]bool{-1: false, 0: true, 2: true, 3: false} {
		if b.SeatOK(p) != want {
			t.Errorf("SeatOK(%d) = %v", p, !want)
		}
	}
}

// The embedded Base encodes as the games' own fields did, first and in
// their order, and the quiet flag not at all: a quiet state's encoding
// is its loud twin's.
func TestBaseEncodesAsTheGamesDid(t *testing.T) {
	s := table{Base: NewBase(2, []string{"A", "B"}, 7), Round: 1}
	loud, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"players":2,"names":["A","B"],"rng":` + string(must(json.Marshal(s.RNG))) + `,"round":1}`
	if string(loud) != want {
		t.Fatalf("encoded %s, want %s", loud, want)
	}
	s.Quieten()
	if q := must(json.Marshal(s)); string(q) != string(loud) {
		t.Fatalf("a quiet state encodes as %s, its loud twin as %s", q, loud)
	}
	c := s // a copy, as a game's Clone starts
	if c.Loud() {
		t.Fatal("a copy of a quiet state speaks")
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestSinkKeepsNothingQuiet(t *testing.T) {
	b := NewBase(2, nil, 1)
	ev := b.Sink()
	ev.Add(0, "pass", "%s passes", b.Name(0))
	ev.Secret(1, "draw", "Player 2 draws a card", "Player 2 draws the Jarl", 1)
	ev.Tell(Event{Kind: "end", Seat: Spectator, Text: "over"})
	if got := ev.Events(); len(got) != 3 || got[0].Text != "Player 1 passes" || got[1].SecretTo[0] != 1 {
		t.Fatalf("a loud sink kept %+v", got)
	}
	if pr := b.Prompt(1, func() string { return "Choose" }); len(pr) != 1 || pr[0].Seat != 1 || pr[0].Text != "Choose" {
		t.Fatalf("loud prompts %+v", pr)
	}

	b.Quieten()
	quiet := b.Sink()
	for _, k := range []*Sink{&quiet, nil} {
		if k.Loud() {
			t.Fatal("a quiet (or nil) sink is loud")
		}
		k.Add(0, "pass", "%s passes", "x")
		k.Secret(0, "draw", "a", "b", 0)
		k.Tell(Event{Kind: "end"})
		if got := k.Events(); got != nil {
			t.Fatalf("a quiet sink kept %+v", got)
		}
	}
	if pr := b.Prompt(1, func() string { t.Fatal("a quiet state words its prompt"); return "" }); len(pr) != 1 || pr[0].Text != "" {
		t.Fatalf("quiet prompts %+v", pr)
	}
}

// What Sink's comment tells rule code: an event in constant words needs
// no guard, but one whose arguments include a string built or looked up
// does (its boxing allocates even when nothing is kept).
func TestQuietSinkCosts(t *testing.T) {
	b := NewBase(2, []string{"Astrid", "Bjorn"}, 1)
	b.Quieten()
	ev := b.Sink()
	if n := testing.AllocsPerRun(100, func() { ev.Add(-1, "phase", "Every Raiding Party is deployed.") }); n != 0 {
		t.Errorf("a constant event on a quiet sink allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		if ev.Loud() {
			ev.Add(0, "take", "%s takes %s", b.Name(0), b.Name(1))
		}
	}); n != 0 {
		t.Errorf("a guarded event on a quiet sink allocates %v times", n)
	}
}
