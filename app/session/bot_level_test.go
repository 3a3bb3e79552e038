package session

import (
	"context"
	"errors"
	"sync"
	"testing"

	"longhall/app/internal/leaktest"
	"longhall/rules"
	"longhall/rules/mcts"
)

// Issue 25: a strong bot, chosen per seat. The host makes a seat's bot
// hard before the start; everyone's lobby says so; the record keeps the
// level, so the game resumed after a reload has the same hard bot; the
// bot plays the game to its end, pausing between playouts as the
// browser's page asks; and a level is kept for the whole game.
func TestAHardBotPlaysItsSeatAndKeepsItsLevel(t *testing.T) {
	leaktest.Check(t)
	var (
		mu     sync.Mutex
		pauses int
		saves  []Save
	)
	opts := Options{
		BotPause: func() { mu.Lock(); pauses++; mu.Unlock() },
		OnSave:   func(s Save) { mu.Lock(); saves = append(saves, s); mu.Unlock() },
	}
	h := newTestHost(t, 2, opts)
	ann := local(t, h, "Ann", "")
	var e *Error
	if err := h.SetBotLevel(1, rules.Hard); !errors.As(err, &e) || e.Code != CodeNoSeat {
		t.Errorf("a level for an empty seat: %v", err)
	}
	if err := h.SetBot(1, true); err != nil {
		t.Fatal(err)
	}
	if err := h.SetBotLevel(1, "expert"); !errors.As(err, &e) {
		t.Errorf("an unknown level: %v", err)
	}
	if err := h.SetBotLevel(1, rules.Hard); err != nil {
		t.Fatal(err)
	}
	l := waitLobby(t, ann, "a hard bot in seat 2", func(l *Lobby) bool { return l.Seats[1].Level == rules.Hard })
	if l.Seats[1].Name != "Bjorn (hard bot)" || l.Seats[1].Kind != SeatBot {
		t.Errorf("the hard bot's seat reads %+v", l.Seats[1])
	}
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	if err := h.SetBotLevel(1, rules.Easy); !errors.As(err, &e) || e.Code != CodeStarted {
		t.Errorf("changing a level in play: %v", err)
	}
	tr := <-autoplay(ann, 1)
	if tr.err != nil || len(tr.states) == 0 || tr.states[len(tr.states)-1].Result == nil {
		t.Fatalf("the game against the hard bot did not end: %v", tr.err)
	}
	h.Close() // no more saves
	mu.Lock()
	defer mu.Unlock()
	if pauses == 0 {
		t.Error("the hard bot never paused between its playouts")
	}
	save := saves[len(saves)-1]
	if s := save.Record.Seats[1]; !s.Bot || s.Level != rules.Hard || s.Name != "Bjorn (hard bot)" {
		t.Fatalf("the record keeps seat 2 as %+v", s)
	}
	// Resumed, the seat is the same hard bot.
	again, err := Resume(context.Background(), saves[1], Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	hostLobby(t, again, "the hard bot back in seat 2", func(l Lobby) bool { return l.Seats[1].Level == rules.Hard })
	inLoop(t, again, func() {
		if b := again.newBot(again.seats[1].level, 1); !again.seats[1].bot {
			t.Error("seat 2 resumed as a person")
		} else if _, ok := b.(*mcts.Bot); !ok {
			t.Errorf("seat 2 resumed with %T, not the hard bot", b)
		}
	})
}
