//go:build !js

package online

import (
	"testing"

	"longhall/app/peer"
	"longhall/app/room"
	"longhall/rules"
)

// TestTheHostReadsHowItsGuestsPlay: the host's note follows its guests'
// links as the server tells of them. A guest asks for its relayed link
// beside its data channel, so a data channel that fails with a guest
// already relayed (relay first, or a relayed guest's try for a direct
// link) is not "a player is joining", and arms no "could not join".
func TestTheHostReadsHowItsGuestsPlay(t *testing.T) {
	noPath := peer.ErrUnreachable
	for _, c := range []struct {
		name   string
		events []room.Event
		want   string
		armed  bool // the "could not join" note will follow
	}{
		{"a guest seated through the relays before its data channel failed", []room.Event{
			{Kind: room.GuestCalling, Path: room.Direct},
			{Kind: room.GuestCalling, Path: room.Relayed},
			{Kind: room.GuestConnected, Path: room.Relayed, Relayed: 1},
			{Kind: room.GuestNoDirectPath, Path: room.Direct, Err: noPath, Relayed: 1},
		}, relayedWords(1), false},
		{"a relayed guest's later try for a direct link fails", []room.Event{
			{Kind: room.GuestConnected, Path: room.Relayed, Relayed: 2},
			{Kind: room.GuestNoDirectPath, Path: room.Direct, Err: noPath, Relayed: 2},
		}, relayedWords(2), false},
		{"a guest whose data channel failed before the relays carried it", []room.Event{
			{Kind: room.GuestCalling, Path: room.Direct},
			{Kind: room.GuestCalling, Path: room.Relayed},
			{Kind: room.GuestNoDirectPath, Path: room.Direct, Err: noPath},
		}, "A player is joining, but your network and theirs allow no direct link: trying through the relays.", true},
		{"a guest whose data channel opened first", []room.Event{
			{Kind: room.GuestCalling, Path: room.Direct},
			{Kind: room.GuestCalling, Path: room.Relayed},
			{Kind: room.GuestConnected, Path: room.Direct},
		}, "", false},
		{"a relayed guest that moved to its data channel", []room.Event{
			{Kind: room.GuestConnected, Path: room.Relayed, Relayed: 1},
			{Kind: room.GuestConnected, Path: room.Direct, Relayed: 1},
			{Kind: room.GuestLeft, Path: room.Relayed},
		}, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := &Table{net: &served{}, people: []*person{{seat: rules.Spectator, client: &client{}}}}
			for _, e := range c.events {
				h.guestEvent(e)
			}
			if got := h.View().Guests; got != c.want {
				t.Errorf("the host reads %q, want %q", got, c.want)
			}
			h.net.guestMu.Lock()
			armed := !h.net.noPathAt.IsZero()
			h.net.guestMu.Unlock()
			if armed != c.armed {
				t.Errorf("the note that a player could not join is armed: %v, want %v", armed, c.armed)
			}
		})
	}
}
