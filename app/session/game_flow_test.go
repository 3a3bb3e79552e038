package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"longhall/app/internal/leaktest"
	"longhall/rules"
)

// transcript is everything one guest heard during a game.
type transcript struct {
	states []*StateMsg
	errs   []*ErrorMsg
	chats  []*Chat
	err    error
}

// autoplay plays for a guest until the game ends: whenever it has legal
// actions and no intent in flight it picks one at random. It stops at the
// result or when the guest stops.
func autoplay(g *Guest, seed uint64) <-chan transcript {
	out := make(chan transcript, 1)
	go func() {
		var tr transcript
		defer func() { out <- tr }()
		rng := rules.NewRNG(seed)
		inFlight := false
		for u := range g.Updates() {
			switch {
			case u.Error != nil:
				tr.errs = append(tr.errs, u.Error)
				inFlight = false
			case u.Chat != nil:
				tr.chats = append(tr.chats, u.Chat)
			case u.State != nil:
				s := u.State
				tr.states = append(tr.states, s)
				for _, e := range s.Events {
					if e.Kind == "choose" && e.Seat == s.Seat {
						inFlight = false // our intent was applied
					}
				}
				if s.Result != nil {
					return
				}
				if !inFlight && len(s.Legal) > 0 {
					if _, err := g.Intent(s.Legal[rng.Intn(len(s.Legal))]); err != nil {
						tr.err = err
						return
					}
					inFlight = true
				}
			}
		}
		tr.err = fmt.Errorf("guest stopped before the end: %v", g.Err())
	}()
	return out
}

// replayed is the game as it stood at every version, from the record.
type replayed struct {
	states []rules.State   // states[v] is the state at version v
	events [][]rules.Event // events[v] are the events that made version v
}

func replayAll(t testing.TB, rec rules.Record) replayed {
	t.Helper()
	var r replayed
	prefix := rec
	prefix.Actions = nil
	s, err := prefix.Start()
	if err != nil {
		t.Fatal(err)
	}
	r.states = append(r.states, s.Clone())
	r.events = append(r.events, nil)
	for _, m := range rec.Actions {
		ev, err := s.Apply(m.Seat, m.Action)
		if err != nil {
			t.Fatal(err)
		}
		r.states = append(r.states, s.Clone())
		r.events = append(r.events, ev)
	}
	return r
}

// checkTranscript proves that a guest received exactly what its seat may
// know: for every version in order, the view, legal actions and filtered
// events the rules give that seat, and no card from anybody else's hand.
func checkTranscript(t testing.TB, who string, tr transcript, seat rules.Seat, r replayed, from int) {
	t.Helper()
	if tr.err != nil {
		t.Fatalf("%s: %v", who, tr.err)
	}
	if len(tr.errs) > 0 {
		t.Fatalf("%s was refused: %+v", who, tr.errs[0])
	}
	if want := len(r.states) - from; len(tr.states) != want {
		t.Fatalf("%s got %d states, want %d (versions %d to %d)", who, len(tr.states), want, from, len(r.states)-1)
	}
	for i, got := range tr.states {
		v := from + i
		st := r.states[v]
		if got.Version != v || got.Seat != seat {
			t.Fatalf("%s: message %d is version %d for seat %d, want version %d for seat %d", who, i, got.Version, got.Seat, v, seat)
		}
		// The guest holds the view whole (patches applied), its fields in
		// sorted order: the same JSON as the state's view.
		view := sortedJSON(t, st.View(seat))
		if !bytes.Equal(got.View, view) {
			t.Fatalf("%s at version %d sees\n%s\nwant\n%s", who, v, got.View, view)
		}
		if !sameActions(got.Legal, st.Legal(seat)) || (seat == rules.Spectator && len(got.Legal) != 0) {
			t.Fatalf("%s at version %d may play %v, want %v", who, v, got.Legal, st.Legal(seat))
		}
		wantEvents := []rules.Event{}
		if i > 0 || from == 0 {
			wantEvents = rules.EventsFor(r.events[v], seat)
		}
		if len(got.Events) != len(wantEvents) {
			t.Fatalf("%s at version %d heard %v, want %v", who, v, got.Events, wantEvents)
		}
		for j := range wantEvents {
			g, w := got.Events[j], wantEvents[j]
			if g.Kind != w.Kind || g.Seat != w.Seat || g.Text != w.Text || g.Secret != "" || g.SecretTo != nil {
				t.Fatalf("%s at version %d heard %+v, want %+v", who, v, got.Events[j], wantEvents[j])
			}
		}
		// The independent check: nobody else's card, in hand or chosen
		// and not yet revealed, appears anywhere in the message.
		msg, _ := json.Marshal(got)
		hs := st.(*handState)
		for other := range hs.Hands {
			if rules.Seat(other) == seat {
				continue
			}
			secret := slices.Clone(hs.Hands[other])
			if hs.Chosen[other] != 0 {
				secret = append(secret, hs.Chosen[other])
			}
			for _, c := range secret {
				if bytes.Contains(msg, []byte(card(c))) {
					t.Fatalf("%s at version %d can see %s, held by seat %d:\n%s", who, v, card(c), other, msg)
				}
			}
		}
	}
	if tr.states[len(tr.states)-1].Result == nil {
		t.Fatalf("%s never saw the result", who)
	}
}

func sameActions(a, b []rules.Action) bool {
	return slices.EqualFunc(a, b, func(x, y rules.Action) bool { return x.Same(y) && x.Label == y.Label })
}

func TestFullGameByGuestsAndBotsWithHiddenHands(t *testing.T) {
	leaktest.Check(t)
	var saves []Save
	h := newTestHost(t, 3, Options{OnSave: func(s Save) { saves = append(saves, s) }})
	ann := local(t, h, "Ann", "")
	bob := join(t, h, "Bob", "")
	if err := h.SetBot(2, true); err != nil {
		t.Fatal(err)
	}
	bob.Ready(true)
	waitLobby(t, bob, "Bob ready", func(l *Lobby) bool { return l.Seats[1].Ready && l.Seats[2].Kind == SeatBot })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	// A late joiner watches. She joins before Ann and Bob begin, so only
	// the bot can have moved yet: her first state is at version 0 or 1.
	cat := join(t, h, "Cat", "")
	if cat.Seat() != rules.Spectator {
		t.Fatalf("a late joiner got seat %d", cat.Seat())
	}
	first := waitKind(t, cat, KindState).State
	if first.Version > 1 || len(first.Events) != 0 {
		t.Fatalf("the late joiner's first state: version %d, events %v", first.Version, first.Events)
	}
	// Ann and Bob play from the states already queued for them.
	annDone, bobDone, catDone := autoplay(ann, 1), autoplay(bob, 2), autoplay(cat, 3)
	annTr, bobTr, catTr := <-annDone, <-bobDone, <-catDone
	catTr.states = append([]*StateMsg{first}, catTr.states...)

	save, err := h.Save()
	if err != nil {
		t.Fatal(err)
	}
	r := replayAll(t, save.Record)
	checkTranscript(t, "Ann", annTr, 0, r, 0)
	checkTranscript(t, "Bob", bobTr, 1, r, 0)
	checkTranscript(t, "Cat", catTr, rules.Spectator, r, first.Version)
	if len(r.states) != 13 { // 3 players choose 4 times each
		t.Errorf("%d versions, want 13", len(r.states))
	}
	if bytes.Contains(mustJSON(t, catTr.states), []byte(`"hand"`)) {
		t.Error("the spectator was sent a hand")
	}

	// Saved after the start and after every action, each one complete.
	if len(saves) != 13 {
		t.Fatalf("%d saves, want 13", len(saves))
	}
	for i, s := range saves {
		if len(s.Record.Actions) != i {
			t.Fatalf("save %d holds %d actions", i, len(s.Record.Actions))
		}
		if s.Tokens[0] != ann.Token() || s.Tokens[1] != bob.Token() || s.Tokens[2] != "" {
			t.Fatalf("save %d has tokens %q", i, s.Tokens)
		}
	}
	if !save.Record.Seats[2].Bot || save.Record.Seats[0].Name != "Ann" {
		t.Errorf("record seats %+v", save.Record.Seats)
	}

	// After the end, intents are refused as such.
	if _, err := bob.Intent(rules.Action{Kind: "choose", Args: []int{0}}); err != nil {
		t.Fatal(err)
	}
	waitError(t, bob, CodeGameOver)
	mustCheckHost(t, h)
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sortedJSON encodes v with its object's fields in sorted order, as a guest
// holds a view.
func sortedJSON(t testing.TB, v any) []byte {
	t.Helper()
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(mustJSON(t, v), &fields); err != nil {
		t.Fatal(err)
	}
	return mustJSON(t, fields)
}
