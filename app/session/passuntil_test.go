package session

import (
	"context"
	"slices"
	"testing"
	"time"

	"longhall/rules"
)

// A standing pass is the player's own wish, and reads like passing by
// hand: Ann hears exactly the same messages at exactly the same times
// whether Bob, who asked at his first prompt to pass until his turn (or
// for the rest of the round), held the sword or not.
func TestStandingPassesTellNothing(t *testing.T) {
	for _, until := range []string{PassTurn, PassRound} {
		t.Run(until, func(t *testing.T) {
			withSword := annHears(t, "yes", AutoPassOff, until)
			without := annHears(t, "no", AutoPassOff, until)
			if len(withSword) < 6 {
				t.Fatalf("Ann heard only %d messages: %v", len(withSword), withSword)
			}
			if !slices.Equal(withSword, without) {
				t.Errorf("Ann hears something else when Bob holds the sword:\n%v\n%v", withSword, without)
			}
		})
	}
}

// passUntilTable is a react game between Ann, who goes, and Bob on
// another device, who answers with "never" automatic answers; Bob holds
// the sword, so he always has a choice.
func passUntilTable(t *testing.T) (h *Host, ann, bob *Guest) {
	t.Helper()
	return reactTable(t, "yes", AutoPassOff, Options{PassDelay: func() time.Duration { return 2 * time.Second }})
}

// annGoes plays Ann's "go" of a version.
func annGoes(t *testing.T, ann *Guest, version int) {
	t.Helper()
	if _, err := ann.Intent(waitVersion(t, ann, version).Legal[0]); err != nil {
		t.Fatal(err)
	}
}

// The standing passes, as the BGA-style "pass until my turn" and "pass
// for the rest of this round" (issue 39): offered at a prompt that may
// time out only; the prompt open is passed at once, as the click was the
// answer; then the host passes for the seat until the stretch asked for
// is over, and asks again.
func TestStandingPassesLastTheirStretch(t *testing.T) {
	for _, tc := range []struct {
		until   string
		passing string // what Bob holds once his prompt is passed
		passed  int    // Bob's prompts passed for him, of three
	}{
		{PassTurn, PassTurn, 3}, // Bob never has a turn of his own in the react game
		{PassRound, "", 1},      // the round of answers ends at Ann's next go
	} {
		t.Run(tc.until, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				h, ann, bob := passUntilTable(t)
				first := waitVersion(t, ann, 0)
				if len(first.Passes) > 0 {
					t.Errorf("Ann is offered standing passes at her own go: %v", first.Passes)
				}
				if _, err := ann.Intent(first.Legal[0]); err != nil {
					t.Fatal(err)
				}
				s := waitVersion(t, bob, 1)
				if !slices.Equal(s.Passes, []string{PassTurn, PassRound}) {
					t.Fatalf("Bob's prompt offers %v", s.Passes)
				}
				if err := bob.Prefs(Prefs{PassUntil: tc.until}); err != nil {
					t.Fatal(err)
				}
				if s := waitVersion(t, bob, 2); s.Passing != tc.passing || s.Events[0].Seat != 1 {
					t.Fatalf("after Bob's wish: passing %q, events %v", s.Passing, s.Events)
				}
				passed := 1
				for round := 1; round < 3; round++ {
					annGoes(t, ann, 2*round)
					time.Sleep(time.Minute) // longer than any automatic answer's delay
					if hostVersion(t, h) == 2*round+2 {
						passed++
						continue
					}
					// Asked again: Bob answers by hand.
					s := waitVersion(t, bob, 2*round+1)
					if s.Passing != "" || len(s.Legal) != 2 {
						t.Fatalf("Bob asked again while passing %q, legal %v", s.Passing, s.Legal)
					}
					if _, err := bob.Intent(s.Legal[0]); err != nil {
						t.Fatal(err)
					}
				}
				if passed != tc.passed {
					t.Errorf("%d of Bob's prompts passed for him, want %d", passed, tc.passed)
				}
			})
		})
	}
}

// A standing pass is asked for at one's own prompt: at another seat's, with
// a value the host does not know, or by a watcher, it is refused in words;
// "off" calls it off and Bob is asked again.
func TestStandingPassesRefusedAndCalledOff(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		_, ann, bob := passUntilTable(t)
		bob.Prefs(Prefs{PassUntil: PassTurn}) // Ann's go is no prompt of his
		waitError(t, bob, CodeBadPrefs)
		bob.Prefs(Prefs{PassUntil: "forever"})
		waitError(t, bob, CodeBadPrefs)
		annGoes(t, ann, 0)
		waitVersion(t, bob, 1)
		bob.Prefs(Prefs{PassUntil: PassTurn})
		waitVersion(t, bob, 2)
		bob.Prefs(Prefs{PassUntil: PassOff})
		if s := waitFor(t, bob, "passing called off", func(u Update) bool { return u.State != nil && u.State.Passing == "" }).State; s.Version != 2 {
			t.Fatalf("called off at version %d", s.Version)
		}
		annGoes(t, ann, 2)
		if s := waitVersion(t, bob, 3); len(s.Legal) != 2 {
			t.Fatalf("Bob is not asked again: legal %v", s.Legal)
		}
	})
}

// Alone at a table of bots, a player's automatic answer comes at once:
// the delay hides from the others whether the player had a choice, and
// there are no others. The player is not even shown the prompt it
// answers.
func TestAutomaticAnswersComeAtOnceWithNobodyToSee(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h, err := NewHost(context.Background(), "react-test", rules.Config{Players: 2, Options: map[string]string{"sword": "no"}}, 1, Options{BotWait: func(string) time.Duration { return time.Second }})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		h.SetBot(0, true)
		bob := local(t, h, "Bob", "")
		if err := h.Start(); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		for v := 1; v <= 6; v++ {
			s := waitVersion(t, bob, v)
			if len(s.Legal) > 0 {
				t.Errorf("version %d: Bob is shown a prompt the host answers for him: %v", v, s.Legal)
			}
			// Nor in words: his status line would ask him, with nothing
			// to click, until the answer came.
			if slices.ContainsFunc(s.Prompts, func(pr rules.Prompt) bool { return pr.Seat == 1 }) {
				t.Errorf("version %d: Bob is told of a prompt the host answers for him: %v", v, s.Prompts)
			}
			if v%2 == 0 && s.Events[0].Seat != 1 {
				t.Fatalf("version %d is not Bob's answer: %v", v, s.Events)
			}
		}
		// Three turns of the bot's (a second each); Bob's three answers took no time.
		if took := time.Since(start); took != 3*time.Second {
			t.Errorf("the game took %v, want 3s: Bob's answers waited", took)
		}
		bob.Close()
	})
}
