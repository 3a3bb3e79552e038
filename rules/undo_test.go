package rules_test

import (
	"testing"

	"longhall/rules"
)

// dice is a game made to try Reversibly: a seat moves a token (nothing
// hidden), rolls a die (the generator), or whispers to another seat (a
// secret for them); "peek" is what the game itself calls final.
type dice struct {
	rng   rules.RNG
	token int
}

func (d *dice) Pending() []rules.Prompt                   { return []rules.Prompt{{Seat: 0, Text: "move"}} }
func (d *dice) Legal(rules.Seat) []rules.Action           { return nil }
func (d *dice) View(rules.Seat) any                       { return d.token }
func (d *dice) Result() *rules.Result                     { return nil }
func (d *dice) Clone() rules.State                        { c := *d; return &c }
func (d *dice) Rand() rules.RNG                           { return d.rng }
func (d *dice) Reveals(_ rules.Seat, a rules.Action) bool { return a.Kind == "peek" }
func (d *dice) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	switch a.Kind {
	case "roll":
		d.token += 1 + d.rng.Intn(6)
	case "whisper":
		return []rules.Event{{Kind: "whisper", Seat: seat, Text: "a whisper", Secret: "the secret", SecretTo: []rules.Seat{1}}}, nil
	case "note":
		return []rules.Event{{Kind: "note", Seat: seat, Text: "a note", Secret: "your own note", SecretTo: []rules.Seat{seat}}}, nil
	default:
		d.token++
	}
	return []rules.Event{{Kind: a.Kind, Seat: seat, Text: a.Kind}}, nil
}

// An action may be taken back only when it drew nothing, told no other
// seat anything in private, and the game does not call it final (the
// issue's undo: "no hidden information revealed to anyone, no randomness
// drawn").
func TestReversibly(t *testing.T) {
	for _, c := range []struct {
		kind string
		back bool
	}{
		{"move", true},
		{"note", true}, // told only to the actor, who knew it
		{"roll", false},
		{"whisper", false},
		{"peek", false},
	} {
		t.Run(c.kind, func(t *testing.T) {
			d := &dice{rng: *rules.NewRNG(1), token: 3}
			_, before, err := rules.Reversibly(d, 0, rules.Action{Kind: c.kind}, func() ([]rules.Event, error) {
				return d.Apply(0, rules.Action{Kind: c.kind})
			})
			if err != nil {
				t.Fatal(err)
			}
			if (before != nil) != c.back {
				t.Fatalf("may be taken back: %v, want %v", before != nil, c.back)
			}
			if before != nil && before.(*dice).token != 3 {
				t.Fatalf("the state kept is not the one before: token %d", before.(*dice).token)
			}
		})
	}
}

// A game that does not implement rules.Undoable takes nothing back.
func TestNothingIsTakenBackByDefault(t *testing.T) {
	var s rules.State = plain{&dice{}}
	if _, before, _ := rules.Reversibly(s, 0, rules.Action{Kind: "move"}, func() ([]rules.Event, error) { return s.Apply(0, rules.Action{Kind: "move"}) }); before != nil {
		t.Fatal("a game that says nothing about undo let an action be taken back")
	}
}

// plain hides dice's Undoable methods.
type plain struct{ d *dice }

func (p plain) Pending() []rules.Prompt                                   { return p.d.Pending() }
func (p plain) Legal(s rules.Seat) []rules.Action                         { return nil }
func (p plain) View(s rules.Seat) any                                     { return p.d.View(s) }
func (p plain) Result() *rules.Result                                     { return nil }
func (p plain) Clone() rules.State                                        { return plain{p.d.Clone().(*dice)} }
func (p plain) Apply(s rules.Seat, a rules.Action) ([]rules.Event, error) { return p.d.Apply(s, a) }
