package signal

import (
	"fmt"
	"slices"
	"testing"
)

// A room uses a handful of the relays, the same handful for host and
// guests (derived from the room id alone), and rooms spread over the whole
// list, so that one dead relay never decides whether friends meet.
func TestForRoomPicksTheSameHandfulOnBothSides(t *testing.T) {
	c := DefaultConfig()
	if len(c.Trackers) <= RoomTrackers || len(c.Relays) <= RoomRelays {
		t.Fatalf("the default lists (%d trackers, %d relays) leave nothing to choose from", len(c.Trackers), len(c.Relays))
	}
	used := map[string]int{}
	for i := range 400 {
		var r Room
		r.ID[0], r.ID[1] = byte(i), byte(i>>8)
		host, guest := c.ForRoom(r), DefaultConfig().ForRoom(r)
		if !slices.Equal(host.Trackers, guest.Trackers) || !slices.Equal(host.Relays, guest.Relays) {
			t.Fatalf("room %d: host and guest choose differently", i)
		}
		if len(host.Trackers) != RoomTrackers || len(host.Relays) != RoomRelays {
			t.Fatalf("room %d: %d trackers and %d relays", i, len(host.Trackers), len(host.Relays))
		}
		for _, l := range [][]string{host.Trackers, host.Relays} {
			for j, a := range l {
				if slices.Index(l, a) != j {
					t.Fatalf("room %d: %s chosen twice", i, a)
				}
				used[a]++
			}
		}
		if !slices.Equal(host.STUN, c.STUN) || host.NoBroadcast != c.NoBroadcast {
			t.Fatal("ForRoom changed STUN or the BroadcastChannel")
		}
	}
	// Every relay carries some rooms, none carries nearly all.
	for _, a := range append(c.Trackers, c.Relays...) {
		if used[a] == 0 || used[a] > 380 {
			t.Errorf("%s is used by %d of 400 rooms", a, used[a])
		}
	}
	// A list with room to spare is used whole.
	short := Config{Trackers: []string{"wss://a.example"}, Relays: []string{"wss://b.example", "wss://c.example"}}
	if got := short.ForRoom(Room{}); !slices.Equal(got.Trackers, short.Trackers) || !slices.Equal(got.Relays, short.Relays) {
		t.Errorf("a short list became %+v", got)
	}
}

// Dropping one relay from the list changes the choice of few rooms: only
// those that had chosen it.
func TestForRoomIsStableWhenTheListChanges(t *testing.T) {
	c := DefaultConfig()
	gone := c.Relays[3]
	less := c
	less.Relays = slices.Delete(slices.Clone(c.Relays), 3, 4)
	moved := 0
	for i := range 400 {
		var r Room
		copy(r.ID[:], fmt.Sprintf("room-%d", i))
		before, after := c.ForRoom(r).Relays, less.ForRoom(r).Relays
		if !slices.Contains(before, gone) {
			if !slices.Equal(before, after) {
				t.Fatalf("room %d did not use %s but its relays changed: %v to %v", i, gone, before, after)
			}
			continue
		}
		moved++
	}
	if moved == 0 || moved > 200 {
		t.Errorf("%d of 400 rooms had chosen the dropped relay", moved)
	}
}
