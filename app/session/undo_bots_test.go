package session

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/rules"
)

// A person's undo lasts past the bots' answers to their move (issue 39):
// taking the move back takes back the bots' answers that showed nothing
// with it, and nobody else's decision or a bot's answer that showed or
// drew something is taken back. Hands (rules/testgame): everyone chooses
// a card at once, the last card of a round turns every card up and deals.
// Ann plays on the host's device in seat 0; Bob, when there is one, over a
// pipe in seat 1; bots in the other seats, each answering a second after
// its prompt, in a bubble. Ann plays at once, before any bot has answered.
func TestUndoAgainstBots(t *testing.T) {
	type table struct {
		h             *Host
		ann, bob, eve *Guest // eve watches
	}
	for _, c := range []struct {
		name    string
		players int
		bob     bool
		play    func(t *testing.T, tb table)
	}{
		{"after a bot answered, the move and the answer go back", 3, false, func(t *testing.T, tb table) {
			before := hostRecord(t, tb.h)
			v0 := waitVersion(t, tb.ann, 0)
			if _, err := tb.ann.Intent(v0.Legal[0]); err != nil {
				t.Fatal(err)
			}
			mine := waitVersion(t, tb.ann, 1)
			answered := waitVersion(t, tb.ann, 2) // Ragna's answer: not the last card, it shows nothing
			if answered.Actor != 2 && answered.Actor != 1 {
				t.Fatalf("version 2 was made by seat %d, want a bot", answered.Actor)
			}
			if mine.Undo == "" || answered.Undo != mine.Undo {
				t.Fatalf("Ann is offered %q to take back after her move and %q after the bot's answer, want the same", mine.Undo, answered.Undo)
			}
			for _, s := range []*StateMsg{waitVersion(t, tb.eve, 1), waitVersion(t, tb.eve, 2)} {
				if s.Undo != "" {
					t.Fatalf("a watcher is told of Ann's undo: %q", s.Undo)
				}
			}
			if _, err := tb.ann.Undo(); err != nil {
				t.Fatal(err)
			}
			// The log: only the line of the undo, worded for each seat.
			bot := BotName(int(answered.Actor), rules.Easy)
			for g, want := range map[*Guest]string{
				tb.ann: "Ann took back: " + mine.Undo + "; the answer of " + bot + " went too",
				tb.eve: "Ann took back a move: seat 0 has chosen; the answer of " + bot + " went too",
			} {
				entries := logAfter(t, g)
				if len(entries) != 1 || entries[0].N != 0 || len(entries[0].Lines) != 1 || entries[0].Lines[0] != want {
					t.Errorf("the log after the undo: %+v, want only %q", entries, want)
				}
			}
			back := waitVersion(t, tb.ann, 0)
			if back.Undo != "" || string(back.View) != string(v0.View) || !sameActions(back.Legal, v0.Legal) {
				t.Fatalf("Ann's table is not as before her move: undo %q\n%s\n%s", back.Undo, back.View, v0.View)
			}
			if after := hostRecord(t, tb.h); after != before {
				t.Fatalf("the record is not as before Ann's move:\n%s\n%s", after, before)
			}
			mustCheckHost(t, tb.h)
			// The bots are asked again: the first bot answers, and the
			// decision the other bot had under way was dropped.
			again := waitVersion(t, tb.ann, 1)
			if again.Actor != 1 || len(again.Events) == 0 || again.Events[0].Seat != 1 {
				t.Fatalf("after the undo version 1 was made by seat %d (%+v), want the first bot's answer", again.Actor, again.Events)
			}
			mustCheckHost(t, tb.h)
		}},
		{"a bot's answer that turned the cards up and dealt is final", 2, false, func(t *testing.T, tb table) {
			if _, err := tb.ann.Intent(waitVersion(t, tb.ann, 0).Legal[0]); err != nil {
				t.Fatal(err)
			}
			if s := waitVersion(t, tb.ann, 1); s.Undo == "" {
				t.Fatal("Ann is not offered to take back her move")
			}
			if s := waitVersion(t, tb.ann, 2); s.Undo != "" {
				t.Fatalf("Ann is offered to take back %q across the reveal", s.Undo)
			}
			if _, err := tb.ann.Undo(); err != nil {
				t.Fatal(err)
			}
			waitError(t, tb.ann, CodeNoUndo)
			if hostVersion(t, tb.h) != 2 {
				t.Fatal("a refused undo changed the record")
			}
		}},
		{"another person's decision is final", 4, true, func(t *testing.T, tb table) {
			if _, err := tb.ann.Intent(waitVersion(t, tb.ann, 0).Legal[0]); err != nil {
				t.Fatal(err)
			}
			waitVersion(t, tb.ann, 1)
			if s := waitVersion(t, tb.ann, 2); s.Undo == "" || s.Actor < 2 {
				t.Fatalf("after a bot's answer (seat %d) Ann is offered %q", s.Actor, s.Undo)
			}
			for v := 1; v <= 2; v++ {
				if s := waitVersion(t, tb.bob, v); s.Undo != "" {
					t.Fatalf("Bob is told of Ann's undo at version %d: %q", v, s.Undo)
				}
			}
			if _, err := tb.bob.Intent(tb.bob.Latest().State.Legal[0]); err != nil {
				t.Fatal(err)
			}
			if s := waitVersion(t, tb.bob, 3); s.Undo == "" {
				t.Fatal("Bob is not offered to take back his own move")
			}
			if s := waitVersion(t, tb.ann, 3); s.Undo != "" {
				t.Fatalf("Ann is offered to take back %q across Bob's move", s.Undo)
			}
			if _, err := tb.ann.Undo(); err != nil {
				t.Fatal(err)
			}
			waitError(t, tb.ann, CodeNoUndo)
			if hostVersion(t, tb.h) != 3 {
				t.Fatal("a refused undo changed the record")
			}
			mustCheckHost(t, tb.h)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				h, err := NewHost(context.Background(), "hand-test", rules.Config{Players: c.players}, 42,
					Options{BotWait: func(string) time.Duration { return time.Second }})
				if err != nil {
					t.Fatal(err)
				}
				defer h.Close()
				tb := table{h: h, ann: local(t, h, "Ann", "")}
				first := rules.Seat(1)
				if c.bob {
					tb.bob = join(t, h, "Bob", "")
					tb.bob.Ready(true)
					waitLobby(t, tb.bob, "Bob ready", func(l *Lobby) bool { return l.Seats[1].Ready })
					first = 2
				}
				for seat := first; int(seat) < c.players; seat++ {
					if err := h.SetBot(seat, true); err != nil {
						t.Fatal(err)
					}
				}
				if err := h.Start(); err != nil {
					t.Fatal(err)
				}
				tb.eve = join(t, h, "Eve", "") // comes to watch
				c.play(t, tb)
				mustCheckHost(t, h)
			})
		})
	}
}

// hostRecord is the host's record as JSON (no actions read as an empty
// list, however they came to be none).
func hostRecord(t testing.TB, h *Host) string {
	t.Helper()
	var data []byte
	inLoop(t, h, func() {
		rec := *h.rec
		rec.Actions = append([]rules.SeatMove{}, rec.Actions...)
		data, _ = json.Marshal(rec)
	})
	return string(data)
}

// tallyGame is a game of turns in which every decision may be taken back:
// each seat in turn says 0 or 1, sixty times in all. Against a bot, a
// person's moves and the bot's answers alternate.
type tallyGame struct{}

type tallyState struct {
	Players int   `json:"players"`
	Said    []int `json:"said"`
}

const tallyMoves = 60

func (tallyGame) Info() rules.Info {
	return rules.Info{ID: "tally-test", Name: "Tally (test)", MinPlayers: 2, MaxPlayers: 4}
}

func (tallyGame) New(cfg rules.Config, seed uint64) (rules.State, error) {
	return &tallyState{Players: cfg.Players}, nil
}

func (s *tallyState) Pending() []rules.Prompt {
	if len(s.Said) >= tallyMoves {
		return nil
	}
	return []rules.Prompt{{Seat: rules.Seat(len(s.Said) % s.Players), Text: "say 0 or 1"}}
}

func (s *tallyState) Legal(seat rules.Seat) []rules.Action {
	if !rules.IsPending(s, seat) {
		return nil
	}
	return []rules.Action{{Kind: "say", Args: []int{0}, Label: "say 0"}, {Kind: "say", Args: []int{1}, Label: "say 1"}}
}

func (s *tallyState) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	a, err := rules.FindLegal(s, seat, a)
	if err != nil {
		return nil, err
	}
	s.Said = append(s.Said, a.Args[0])
	return []rules.Event{{Kind: "say", Seat: seat, Text: fmt.Sprintf("seat %d says %d", seat, a.Args[0])}}, nil
}

func (s *tallyState) View(rules.Seat) any { return s }

func (s *tallyState) Result() *rules.Result {
	if len(s.Said) < tallyMoves {
		return nil
	}
	return &rules.Result{Winners: []rules.Seat{0}, Reason: "the tally is done"}
}

func (s *tallyState) Clone() rules.State {
	c := *s
	c.Said = append([]int(nil), s.Said...)
	return &c
}

// Rand and Reveals implement rules.Undoable: nothing is hidden or drawn.
func (s *tallyState) Rand() rules.RNG                       { return rules.RNG{} }
func (s *tallyState) Reveals(rules.Seat, rules.Action) bool { return false }

func init() { rules.Register(tallyGame{}) }

// Against a bot that answers every move at once, a person takes back their
// moves one at a time, each with the bot's answer to it, back to before
// the first (the record replays to the table each time), and no more than
// maxUndo of them: each keeps a copy of the state.
func TestUndoAgainstABotIsBounded(t *testing.T) {
	leaktest.Check(t)
	h, err := NewHost(context.Background(), "tally-test", rules.Config{Players: 2}, 7, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	ann := local(t, h, "Ann", "")
	if err := h.SetBot(1, true); err != nil {
		t.Fatal(err)
	}
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	const moves = maxUndo + 4
	views := map[int]string{}
	for v := 0; v < 2*moves; v += 2 {
		s := waitVersion(t, ann, v)
		views[v] = string(s.View)
		if _, err := ann.Intent(s.Legal[v/2%2]); err != nil {
			t.Fatal(err)
		}
	}
	if s := waitVersion(t, ann, 2*moves); s.Undo == "" {
		t.Fatal("after the bot's answer Ann may not take back her move")
	}
	for n := 1; n <= maxUndo; n++ {
		if _, err := ann.Undo(); err != nil {
			t.Fatal(err)
		}
		logAfter(t, ann)
		v := 2 * (moves - n)
		s := waitVersion(t, ann, v)
		if string(s.View) != views[v] {
			t.Fatalf("undo %d: the table is not as before Ann's move:\n%s\n%s", n, s.View, views[v])
		}
		if want := n < maxUndo; (s.Undo != "") != want {
			t.Fatalf("undo %d: Ann is offered %q to take back, want an offer: %v", n, s.Undo, want)
		}
		mustCheckHost(t, h)
	}
	if _, err := ann.Undo(); err != nil {
		t.Fatal(err)
	}
	waitError(t, ann, CodeNoUndo)
	if v := hostVersion(t, h); v != 2*(moves-maxUndo) {
		t.Fatalf("the record holds %d actions, want %d", v, 2*(moves-maxUndo))
	}
	mustCheckHost(t, h)
}

// The log's line for an undo names the bots whose answers went with it.
func TestTheUndoLineNamesTheAnswersTakenBack(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{nil, ""},
		{[]string{"Ragna (bot)"}, "the answer of Ragna (bot) went too"},
		{[]string{"Ragna (bot)", "Ragna (bot)"}, "2 answers of Ragna (bot) went too"},
		{[]string{"Ragna (bot)", "Bjorn (bot)", "Ragna (bot)"}, "the answers of Ragna (bot) and Bjorn (bot) went too"},
	} {
		if got := answersWords(c.names); got != c.want {
			t.Errorf("answersWords(%q) = %q, want %q", c.names, got, c.want)
		}
	}
	u := undoPoint{seat: 0, label: "say 1", events: []rules.Event{{Text: "seat 0 says 1"}}, answers: []string{"Bjorn (bot)"}}
	e := tookBack("Ann", 0, u)
	if !strings.HasSuffix(e.Text, "seat 0 says 1; the answer of Bjorn (bot) went too") || !strings.HasSuffix(e.Secret, "say 1; the answer of Bjorn (bot) went too") {
		t.Errorf("the undo's line reads %q (and %q to Ann)", e.Text, e.Secret)
	}
}

// echoGame tries an automatic answer inside a move: a seat goes, then
// confirms (its only answer, which may time out, so the host gives it for
// a person), and the turn passes; four turns. Nothing is hidden or drawn:
// every action may be taken back.
type echoGame struct{}

func (echoGame) Info() rules.Info {
	return rules.Info{ID: "echo-test", Name: "Echo", MinPlayers: 2, MaxPlayers: 2, Timeout: "a confirmation"}
}

func (echoGame) New(cfg rules.Config, seed uint64) (rules.State, error) { return &echoState{}, nil }

type echoState struct {
	Turn    rules.Seat
	Waiting bool
	Turns   int
}

func (s *echoState) Pending() []rules.Prompt {
	if s.Turns == 4 {
		return nil
	}
	return []rules.Prompt{{Seat: s.Turn, Text: "go"}}
}

func (s *echoState) Legal(seat rules.Seat) []rules.Action {
	switch {
	case s.Turns == 4 || seat != s.Turn:
		return nil
	case s.Waiting:
		return []rules.Action{{Kind: "confirm", Label: "Confirm"}}
	}
	return []rules.Action{{Kind: "go", Label: "Go"}}
}

func (s *echoState) OnTimeout(seat rules.Seat) (rules.Action, bool) {
	if s.Waiting && seat == s.Turn {
		return rules.Action{Kind: "confirm", Label: "Confirm"}, true
	}
	return rules.Action{}, false
}

func (s *echoState) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	a, err := rules.FindLegal(s, seat, a)
	if err != nil {
		return nil, err
	}
	if a.Kind == "go" {
		s.Waiting = true
	} else {
		s.Waiting, s.Turn, s.Turns = false, 1-s.Turn, s.Turns+1
	}
	return []rules.Event{{Kind: a.Kind, Seat: seat, Text: fmt.Sprintf("seat %d: %s", seat, a.Label)}}, nil
}

func (s *echoState) View(seat rules.Seat) any { return s }
func (s *echoState) Result() *rules.Result {
	if s.Turns < 4 {
		return nil
	}
	return &rules.Result{Winners: []rules.Seat{0}, Scores: []int{0, 0}, Reason: "done"}
}
func (s *echoState) Clone() rules.State                           { c := *s; return &c }
func (s *echoState) Rand() rules.RNG                              { return rules.RNG{} }
func (s *echoState) Reveals(seat rules.Seat, a rules.Action) bool { return false }

func init() { rules.Register(echoGame{}) }

// The host's automatic answer for the person is theirs too: alone against
// a bot, Ann goes, the host confirms for her at once, the bot takes its
// turn, and Ann may still take back her move, the confirmation and the
// bot's turn with it (issue 39: Undo lasts until the person's next
// decision).
func TestUndoTakesBackThePersonsAutomaticAnswer(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h, err := NewHost(context.Background(), "echo-test", rules.Config{Players: 2}, 1, Options{BotWait: func(string) time.Duration { return time.Second }})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		h.SetBot(1, true)
		ann := local(t, h, "Ann", "")
		if err := h.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := ann.Intent(waitVersion(t, ann, 0).Legal[0]); err != nil {
			t.Fatal(err)
		}
		s := waitVersion(t, ann, 4) // her go, its confirmation, the bot's go and confirmation
		if s.Undo == "" || len(s.Legal) != 1 || s.Legal[0].Kind != "go" {
			t.Fatalf("at Ann's next decision: undo %q, legal %v", s.Undo, s.Legal)
		}
		if _, err := ann.Undo(); err != nil {
			t.Fatal(err)
		}
		back := waitFor(t, ann, "the table back at Ann's first go", func(u Update) bool { return u.State != nil && u.State.Version == 0 }).State
		if len(back.Legal) != 1 || back.Legal[0].Kind != "go" || back.Undo != "" {
			t.Fatalf("after the undo: legal %v, undo %q", back.Legal, back.Undo)
		}
		ann.Close()
	})
}
