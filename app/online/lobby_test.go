//go:build !js

package online

import (
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/session"
	"longhall/rules"
	"longhall/rules/raiders"
)

// A host who reloads before the start gets the lobby back as it was: the
// game option changed in the lobby and the time to answer, the friend's
// seat and ready mark, the
// bot, the host's own seat; the friend comes back by itself to the seat
// kept for them.
func TestAHostReloadBeforeTheStartKeepsTheLobby(t *testing.T) {
	leaktest.Check(t)
	w := newWatcher()
	st := &MemStore{}
	hosted, err := NewHosted(raiders.ID, rules.Config{Players: 3}, 11, "Gordon", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	h := startHost(t, st, hosted, w)
	until(t, w, h, "the host seated", seated)
	g := startGuest(t, &MemStore{}, &MemStore{}, h, "Rikki", w)
	until(t, w, g, "the guest seated", seated)
	if err := h.SetOption(raiders.HeroesOption.Key, raiders.On); err != nil {
		t.Fatal(err)
	}
	until(t, w, g, "the guest sees the option", func(v View) bool {
		return v.Snap.Lobby != nil && v.Snap.Lobby.Options[raiders.HeroesOption.Key] == raiders.On
	})
	if err := h.SetAnswerTime(20); err != nil {
		t.Fatal(err)
	}
	until(t, w, g, "the guest sees the time to answer", func(v View) bool { return v.Snap.Lobby != nil && v.Snap.Lobby.AnswerTime == 20 })
	g.Ready(true)
	if err := h.SetBot(2, true); err != nil {
		t.Fatal(err)
	}
	ready := func(v View) bool {
		l := v.Snap.Lobby
		return l != nil && l.Seats[1].Ready && l.Seats[1].Connected && l.Seats[2].Kind == session.SeatBot
	}
	until(t, w, h, "Rikki ready and a bot in seat 3", ready)
	key := h.Key()
	h.Close() // the host's tab reloads

	rec, err := LoadHosted(st, key)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Save != nil || len(rec.Lobby) != 3 || rec.Config.Options[raiders.HeroesOption.Key] != raiders.On || rec.AnswerSeconds != 20 {
		t.Fatalf("the kept lobby: save %v, seats %+v, options %v, %d s to answer", rec.Save, rec.Lobby, rec.Config.Options, rec.AnswerSeconds)
	}
	h2 := startHost(t, st, rec, w)
	v := until(t, w, h2, "the lobby as it was", func(v View) bool {
		l := v.Snap.Lobby
		return seated(v) && l != nil && l.Seats[1].Name == "Rikki" && l.Seats[1].Ready && l.Seats[2].Kind == session.SeatBot && l.Options[raiders.HeroesOption.Key] == raiders.On && l.AnswerTime == 20
	})
	if v.Snap.Seat != 0 {
		t.Errorf("the host is back in seat %d", v.Snap.Seat)
	}
	until(t, w, h2, "Rikki back in his seat, still ready", ready)
	if err := h2.Start(); err != nil {
		t.Fatalf("starting the restored lobby: %v", err)
	}
}
