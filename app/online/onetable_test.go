//go:build !js

package online

import (
	"context"
	"errors"
	"testing"

	"longhall/rules"
)

// TestOneTableOnOneDeviceOrServed: a game on one device and a room are
// one Table (issue 40). A room's save opens as a table with its host's
// person only, in the lobby, served to a network once; a game on one
// device has no room to serve, no link, no successor and no host to move,
// and says so.
func TestOneTableOnOneDeviceOrServed(t *testing.T) {
	st := &MemStore{}
	game := newTable(t, st, "human", "bot")
	if err := game.Serve(context.Background(), testNet()); !errors.Is(err, errNotRoom) {
		t.Errorf("serving a game on one device: %v, want %v", err, errNotRoom)
	}
	if l := game.Link("https://example.org/room/"); l != "" {
		t.Errorf("a game on one device has the link %q", l)
	}
	if err := game.SetSuccessor(1, true); !errors.Is(err, errNotRoom) {
		t.Errorf("choosing a successor at a game on one device: %v", err)
	}
	if _, err := game.MoveHost(context.Background(), 1, "https://example.org/"); !errors.Is(err, errNotRoom) {
		t.Errorf("moving the host of a game on one device: %v", err)
	}

	w := newWatcher()
	rec := newHosted(t, 2)
	room, err := StartTable(context.Background(), st, rec, TableOptions{}, w.notify)
	if err != nil {
		t.Fatal(err)
	}
	defer room.Close()
	v := until(t, w, room, "the host's person in the lobby", func(v View) bool { return v.Snap.Lobby != nil })
	if room.Humans() != 1 || v.Host {
		t.Errorf("a room's table opens with %d people here, Host %v before it is served", room.Humans(), v.Host)
	}
	if l := room.Link("https://example.org/room/"); l != "" {
		t.Errorf("a room not yet served has the link %q", l)
	}
	if err := room.Serve(context.Background(), testNet()); err != nil {
		t.Fatal(err)
	}
	if err := room.Serve(context.Background(), testNet()); err == nil {
		t.Error("a room was served twice")
	}
	if !room.View().Host || room.Link("https://example.org/room/") == "" {
		t.Error("a served room's host reads no link or is not the host")
	}
	if err := room.Sit(0); err != nil {
		t.Fatal(err)
	}
	until(t, w, room, "the host seated", func(v View) bool { return v.Snap.Seat == 0 })
	if seat, hand := room.Screen(); hand || seat != rules.Spectator {
		t.Errorf("a room's screen asks for the device (%v) or names seat %d", hand, seat)
	}
}
