//go:build !js

package online

import (
	"context"
	"testing"
	"time"

	"longhall/app/signal"
	"longhall/rules"
)

// TestASuccessorHostsWhenTheHostsDeviceGoesQuiet (issue 38): Gordon hosts
// Red North for three and chooses Rikki to follow him; Rikki's device
// keeps a copy of the table as the game goes on. Gordon's device goes
// (closed for good); after TakeOverAfter Rikki's device hosts the room from
// its copy, Hakka joins it through the same link, and Gordon, back, finds
// Rikki hosting and plays on as a guest, every seat where it was.
func TestASuccessorHostsWhenTheHostsDeviceGoesQuiet(t *testing.T) {
	w := newWatcher()
	gordonSt, rikkiSt, hakkaSt := &MemStore{}, &MemStore{}, &MemStore{}
	h := startHost(t, gordonSt, newHosted(t, 3), w)
	until(t, w, h, "the host seated", seated)
	rm, err := signal.ParseLink(h.Link("https://example.org/room/"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	quick := testNet()
	quick.TakeOverAfter = time.Second
	rikki := Join(context.Background(), rikkiSt, &MemStore{}, rm, quick, "Rikki", w.notify)
	t.Cleanup(func() { rikki.Close() })
	hakka := startGuest(t, hakkaSt, &MemStore{}, h, "Hakka", w)
	startWithGuests(t, w, h, rikki, hakka)
	if v := h.View(); v.Successor != rules.Spectator {
		t.Errorf("a successor is chosen by default: seat %d", v.Successor)
	}
	if rikki.View().Standby {
		t.Errorf("Rikki keeps a copy of the table unasked")
	}
	seat := rikki.View().Snap.Seat
	if err := h.SetSuccessor(h.View().Snap.Seat, true); err == nil {
		t.Errorf("the host chose himself to follow himself")
	}
	if err := h.SetSuccessor(seat, true); err != nil {
		t.Fatal(err)
	}
	players := []player{h, rikki, hakka}
	playUntil(t, w, players, "a few moves", func(v View) bool { return v.Snap.State != nil && v.Snap.State.Version >= 6 })
	key := h.Key()
	// The host's record as it stands at each look: a move still on its
	// way when play stopped may land after it.
	until(t, w, rikki, "Rikki's copy up to date", func(v View) bool {
		c := rikki.standby()
		saved, err := LoadHosted(gordonSt, key)
		return err == nil && v.Standby && c != nil && len(c.Save.Record.Actions) == len(saved.Save.Record.Actions)
	})
	if _, err := LoadHosted(rikkiSt, key); err == nil {
		t.Errorf("Rikki's copy is listed among the rooms he hosts")
	}
	before := views(players)

	h.Close() // Gordon's device goes quiet
	v := until(t, w, rikki, "Rikki taking the room over", func(v View) bool { return v.HostsNow != "" })
	if v.HostsNow != key || !v.TookOver {
		t.Fatalf("Rikki hosts %q (took over: %v), want %q", v.HostsNow, v.TookOver, key)
	}
	rec, err := LoadHosted(rikkiSt, key)
	if err != nil {
		t.Fatal(err)
	}
	rikki.Close()
	h2 := startHost(t, rikkiSt, rec, w)

	// Gordon comes back: his successor hosts, and he joins as a guest.
	mine, err := LoadHosted(gordonSt, key)
	if err != nil {
		t.Fatal(err)
	}
	link, found := FindSuccessor(context.Background(), gordonSt, mine, testNet(), "https://example.org/room/")
	if !found {
		t.Fatalf("Gordon did not find Rikki hosting")
	}
	if _, err := LoadHosted(gordonSt, key); err == nil {
		t.Errorf("Gordon's device still keeps the room to host")
	}
	rm2, err := signal.ParseLink(link, time.Now())
	if err != nil || rm2.ID != rm.ID {
		t.Fatalf("the link Gordon opens: %v (%v)", link, err)
	}
	gordon := Join(context.Background(), gordonSt, &MemStore{}, rm2, testNet(), "Gordon", w.notify)
	t.Cleanup(func() { gordon.Close() })
	after := []player{gordon, h2, hakka}
	version := len(rec.Save.Record.Actions)
	for i, p := range after {
		v := until(t, w, p, "everyone back", func(v View) bool { return seated(v) && v.Snap.State != nil && v.Snap.State.Version >= version })
		if v.Snap.Seat != before[i].Snap.Seat {
			t.Errorf("the player of seat %d is back at %d", before[i].Snap.Seat, v.Snap.Seat)
		}
	}
	playUntil(t, w, after, "the end", over)
}

// A host who takes the choice back has the successor forget its copy; a
// host whose successor does not host finds nobody, and opens the room.
func TestASuccessorChoiceTakenBackAndNobodyFound(t *testing.T) {
	w := newWatcher()
	gordonSt, rikkiSt := &MemStore{}, &MemStore{}
	h := startHost(t, gordonSt, newHosted(t, 2), w)
	until(t, w, h, "the host seated", seated)
	rikki := startGuest(t, rikkiSt, &MemStore{}, h, "Rikki", w)
	startWithGuests(t, w, h, rikki)
	h.SetSuccessor(1, true)
	until(t, w, rikki, "Rikki's copy", func(v View) bool { return v.Standby })
	h.SetSuccessor(1, false)
	until(t, w, rikki, "Rikki's copy forgotten", func(v View) bool { return !v.Standby })
	if rikki.standby() != nil {
		t.Errorf("Rikki's device still keeps the copy")
	}
	h.SetSuccessor(1, true)
	until(t, w, rikki, "Rikki's copy again", func(v View) bool { return v.Standby })
	key := h.Key()
	h.Close()
	rec, _ := LoadHosted(gordonSt, key)
	rikki.Close() // nobody hosts now
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, found := FindSuccessor(ctx, gordonSt, rec, testNet(), "https://example.org/room/"); found {
		t.Errorf("Gordon found a host in an empty room")
	}
	if _, err := LoadHosted(gordonSt, key); err != nil {
		t.Errorf("Gordon's device forgot the room it still hosts: %v", err)
	}
}
