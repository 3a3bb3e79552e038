//go:build !js

package online

import (
	"context"
	"reflect"
	"testing"

	"longhall/app/signal"
)

// TestAHostHandsTheTableToAGuest (issue 38): Gordon hosts Red North for
// three; midway he hands the table to Rikki's device. Rikki's page keeps
// the room and is told to host it (View.HostsNow); Hakka reads who hosts
// now while he joins them; Gordon's room is forgotten here and his seat's
// token kept for the link. Rikki's device opens the room from what it
// kept, Gordon and Hakka come back to their seats, every seat's hidden
// cards and the record where they were, and the game plays to its end.
func TestAHostHandsTheTableToAGuest(t *testing.T) {
	w := newWatcher()
	gordonSt, rikkiSt, hakkaSt := &MemStore{}, &MemStore{}, &MemStore{}
	h := startHost(t, gordonSt, newHosted(t, 3), w)
	until(t, w, h, "the host seated", seated)
	rikki := startGuest(t, rikkiSt, &MemStore{}, h, "Rikki", w)
	hakka := startGuest(t, hakkaSt, &MemStore{}, h, "Hakka", w)
	startWithGuests(t, w, h, rikki, hakka)
	players := []player{h, rikki, hakka}
	playUntil(t, w, players, "a few moves", func(v View) bool { return v.Snap.State != nil && v.Snap.State.Version >= 6 })
	key := h.Key()
	base := "https://example.org/room/"
	if _, err := h.MoveHost(context.Background(), 999, base); err == nil {
		t.Errorf("the table was handed to nobody")
	}
	saved, _ := LoadHosted(gordonSt, key)
	mine := saved.Token
	link, err := h.MoveHost(context.Background(), rikki.View().Snap.You, base)
	if err != nil {
		t.Fatal(err)
	}

	v := until(t, w, rikki, "Rikki told to host", func(v View) bool { return v.HostsNow != "" })
	if v.HostsNow != key {
		t.Fatalf("Rikki is to host %q, want %q", v.HostsNow, key)
	}
	hv := until(t, w, hakka, "Hakka told who hosts", func(v View) bool { return v.HandedOver != "" })
	if want := HandOverWords("Gordon", "Rikki"); hv.HandedOver != want {
		t.Errorf("Hakka reads %q, want %q", hv.HandedOver, want)
	}
	if _, err := LoadHosted(gordonSt, key); err == nil {
		t.Errorf("Gordon's device still keeps the room")
	}
	if got := (tokens{device: gordonSt, key: key}).get(); got != mine {
		t.Errorf("Gordon's seat token for the link is %q, want %q", got, mine)
	}

	// Rikki's page hosts from what it kept; Gordon's opens the link.
	rec, err := LoadHosted(rikkiSt, key)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Name != "Rikki" || rec.Save == nil || rec.Room.ID != saved.Room.ID || rec.Room.Secret != saved.Room.Secret {
		t.Fatalf("Rikki kept %+v", rec)
	}
	version := len(rec.Save.Record.Actions)
	for _, p := range players {
		until(t, w, p, "every table at the handed version", func(v View) bool { return v.Snap.State != nil && v.Snap.State.Version == version })
	}
	before := views(players)
	rikki.Close()
	h2 := startHost(t, rikkiSt, rec, w)
	rm, err := signal.ParseLink(link, h2.opts.Now())
	if err != nil {
		t.Fatal(err)
	}
	gordon := Join(context.Background(), gordonSt, &MemStore{}, rm, testNet(), "Gordon", w.notify)
	t.Cleanup(func() { gordon.Close() })
	after := []player{gordon, h2, hakka}
	for i, p := range after { // the same players, in the order of players
		v := until(t, w, p, "everyone back", func(v View) bool { return seated(v) && v.Snap.State != nil && v.Snap.State.Version >= version })
		if v.Snap.Seat != before[i].Snap.Seat {
			t.Errorf("the player of seat %d is back at %d", before[i].Snap.Seat, v.Snap.Seat)
		}
		// A move on its way when play stopped is sent again to the new
		// host, and the table goes on from there: the view is then a
		// later one, and the log goes on from the one read before.
		if v.Snap.State.Version == version && string(v.Snap.State.View) != string(before[i].Snap.State.View) {
			t.Errorf("the player of seat %d is back with the view %s; it was %s", before[i].Snap.Seat, v.Snap.State.View, before[i].Snap.State.View)
		}
		if len(v.Log) < len(before[i].Log) || !reflect.DeepEqual(v.Log[:len(before[i].Log)], before[i].Log) {
			t.Errorf("the player of seat %d reads the log\n%v\nafter the hand-over; before it:\n%v", before[i].Snap.Seat, v.Log, before[i].Log)
		}
	}
	// Gordon's record, read before the hand-over, and the one Rikki kept:
	// the same game, Rikki's with any move that was on its way when play
	// stopped (every table shows Rikki's: version, above).
	kept, had := rec.Save.Record, saved.Save.Record
	if len(kept.Actions) < len(had.Actions) || !reflect.DeepEqual(kept.Actions[:len(had.Actions)], had.Actions) {
		t.Errorf("the record Rikki kept differs from Gordon's: %d actions, Gordon's %d", len(kept.Actions), len(had.Actions))
	}
	kept.Actions, had.Actions = nil, nil
	if !reflect.DeepEqual(kept, had) {
		t.Errorf("the record Rikki kept is another game's: %+v, Gordon's %+v", kept, had)
	}
	playUntil(t, w, after, "the end", over)
}

func views(ps []player) []View {
	out := make([]View, len(ps))
	for i, p := range ps {
		out[i] = p.View()
	}
	return out
}

// startWithGuests seats every guest, has them ready, and starts the game.
func startWithGuests(t *testing.T, w watcher, h *Table, guests ...*Joining) {
	t.Helper()
	for _, g := range guests {
		until(t, w, g, "a guest seated", seated)
		g.Ready(true)
	}
	until(t, w, h, "every guest ready", func(v View) bool {
		for _, s := range v.Snap.Lobby.Seats {
			if !s.Ready {
				return false
			}
		}
		return true
	})
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
}
