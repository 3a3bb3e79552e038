package online

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"longhall/app/peer"
	"longhall/app/room"
	"longhall/app/signal"
	"longhall/rules"
)

func TestHostedRoomsInStorage(t *testing.T) {
	now := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	h, err := NewHosted("rednorth", rules.Config{Players: 3}, 5, "Gordon", now)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		prepare func(st *MemStore)
		key     string
		want    string // error text, "" for success
	}{
		{"a stored room reads back", func(st *MemStore) { StoreSaved(st, h) }, h.Key(), ""},
		{"a key that is not a room id", nil, "../../etc", "names no room"},
		{"a room this device does not host", nil, h.Key(), "hosts no such room"},
		{"a corrupt room", func(st *MemStore) { st.Set(hostedKey+h.Key(), "{not a room") }, h.Key(), "cannot be read"},
		{"a room stored under another key", func(st *MemStore) {
			other := h.clone() // a copy of the struct alone shares its room part
			other.Room, _ = signal.NewRoom()
			st.Set(hostedKey+h.Key(), other)
		}, h.Key(), "damaged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := &MemStore{}
			if c.prepare != nil {
				c.prepare(st)
			}
			got, err := LoadHosted(st, c.key)
			switch {
			case c.want == "" && err != nil:
				t.Fatal(err)
			case c.want == "" && (got.Game != "rednorth" || got.Seed != 5 || got.Room.ID != h.Room.ID || got.Room.Secret != h.Room.Secret):
				t.Fatalf("read back %+v", got)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestNewHostedChecksTheGame(t *testing.T) {
	if _, err := NewHosted("chess", rules.Config{Players: 2}, 1, "A", time.Now()); err == nil {
		t.Error("an unknown game was accepted")
	}
	if _, err := NewHosted("rednorth", rules.Config{Players: 9}, 1, "A", time.Now()); err == nil {
		t.Error("nine players were accepted for Red North")
	}
}

func TestTheRoomListKeepsTheNewestRooms(t *testing.T) {
	st := &MemStore{}
	start := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	var keys []string
	for i := range MaxRooms + 2 {
		h, err := NewHosted("rednorth", rules.Config{Players: 2}, uint64(i), "A", start)
		if err != nil {
			t.Fatal(err)
		}
		h.Updated = start.Add(time.Duration(i) * time.Minute)
		if err := StoreSaved(st, h); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, h.Key())
	}
	list := Rooms(st)
	if len(list) != MaxRooms || list[0].Key != keys[len(keys)-1] {
		t.Fatalf("%d rooms, newest %v", len(list), list[0].Key)
	}
	if _, err := LoadHosted(st, keys[0]); err == nil {
		t.Error("the oldest room was kept beyond the limit")
	}
	if err := ForgetRoom(st, keys[len(keys)-1]); err != nil {
		t.Fatal(err)
	}
	if len(Rooms(st)) != MaxRooms-1 {
		t.Error("a forgotten room is still listed")
	}
	st.Set(roomsKey, "garbage")
	if Rooms(st) != nil {
		t.Error("a corrupt list did not read as empty")
	}
}

// TestTokensPreferTheTab: each tab keeps its own token, so two tabs of one
// browser are two players; a new tab falls back to the device's token.
func TestTokensPreferTheTab(t *testing.T) {
	device, tab1, tab2 := &MemStore{}, &MemStore{}, &MemStore{}
	a := tokens{tab: tab1, device: device, key: "k"}
	b := tokens{tab: tab2, device: device, key: "k"}
	a.set("first")
	if b.get() != "first" {
		t.Fatal("a new tab did not find the device's token")
	}
	b.set("second")
	if a.get() != "first" || b.get() != "second" {
		t.Fatalf("tab tokens %q and %q", a.get(), b.get())
	}
	tab1.Set(tokenPrefix+"k", strings.Repeat("x", 200))
	if a.get() != "second" {
		t.Error("an overlong token was used")
	}
}

func TestNetConfig(t *testing.T) {
	def := signal.DefaultConfig()
	for _, c := range []struct {
		name     string
		env      map[string]string
		mine     *Settings
		trackers []string
		relays   []string
		stun     []string
		err      string
	}{
		{name: "the built-in lists", trackers: def.Trackers, relays: def.Relays, stun: def.STUN},
		{name: "the site names its relays",
			env:      map[string]string{EnvTrackers: "ws://10.0.0.1:8000", EnvRelays: "ws://10.0.0.1:7000, ws://10.0.0.2:7000", EnvSTUN: "none"},
			trackers: []string{"ws://10.0.0.1:8000"}, relays: []string{"ws://10.0.0.1:7000", "ws://10.0.0.2:7000"}},
		{name: "a wrong site setting falls back to the defaults",
			env:      map[string]string{EnvTrackers: "http://not-a-websocket"},
			trackers: def.Trackers, relays: def.Relays, stun: def.STUN, err: "site's network settings"},
		{name: "the player's lists win",
			env:      map[string]string{EnvTrackers: "ws://10.0.0.1:8000"},
			mine:     &Settings{Relays: []string{"wss://relay.example"}, STUN: []string{}},
			trackers: []string{"ws://10.0.0.1:8000"}, relays: []string{"wss://relay.example"}},
		{name: "a wrong player setting is not used",
			mine:     &Settings{Trackers: []string{"ftp://x"}},
			trackers: def.Trackers, relays: def.Relays, stun: def.STUN, err: "your saved network settings"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := &MemStore{}
			if c.mine != nil {
				st.Set(settingsKey, c.mine)
			}
			cfg, err := NetConfig(func(k string) string { return c.env[k] }, st)
			if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
				t.Fatalf("error %v, want %q", err, c.err)
			}
			if strings.Join(cfg.Trackers, " ") != strings.Join(c.trackers, " ") ||
				strings.Join(cfg.Relays, " ") != strings.Join(c.relays, " ") ||
				strings.Join(cfg.STUN, " ") != strings.Join(c.stun, " ") {
				t.Fatalf("got %+v", cfg)
			}
		})
	}
	if err := SaveSettings(&MemStore{}, Settings{Trackers: []string{"nope"}}); err == nil {
		t.Error("SaveSettings kept a wrong tracker")
	}
}

func TestRelayWords(t *testing.T) {
	for in, want := range map[string]string{
		"race(broadcastchannel)": "this browser's other tabs",
		"race(broadcastchannel, tracker tracker.example, nostr nos.lol)": "this browser's other tabs, the tracker tracker.example, the Nostr relay nos.lol",
		"tracker 10.0.0.1:8000": "the tracker 10.0.0.1:8000",
	} {
		if got := relayWords(in); got != want {
			t.Errorf("relayWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestABrowserWithoutWebRTCIsToldSo: a browser with no WebRTC (an
// embedded one, a locked-down phone) reads why it cannot connect
// directly and what to try, not a code word from syscall/js, whether a
// code made by hand failed or the relays could not carry the game
// either; and the error still counts as a link that could not be set
// up, so a room goes through its relays.
func TestABrowserWithoutWebRTCIsToldSo(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"a code made by hand", fmt.Errorf("offer code: %w", peer.ErrNoWebRTC), NoWebRTCWords},
		{"no direct path, no relays", fmt.Errorf("joining: %w", &room.NoPathError{Direct: peer.ErrNoWebRTC, Relay: signal.ErrLinkLost}), noWebRTCNoRelayWords},
	} {
		if got := Words(c.err); got != c.want {
			t.Errorf("%s: Words = %q, want %q", c.name, got, c.want)
		}
		if !errors.Is(c.err, peer.ErrSetup) {
			t.Errorf("%s: ErrNoWebRTC is not an ErrSetup: a room would not fall back to its relays", c.name)
		}
	}
}

// A guest with no token proposes one before its first hello and keeps it
// in the tab's storage and the device's (session README, hello): a hello
// said again after a lost welcome carries the same one.
func TestAGuestProposesItsTokenBeforeItsFirstHello(t *testing.T) {
	tab, device := &MemStore{}, &MemStore{}
	j := &Joining{name: "Rikki", tokens: tokens{tab: tab, device: device, key: "room"}}
	first, again := j.hello(), j.hello()
	if len(first.Token) < 16 || again.Token != first.Token {
		t.Fatalf("the hellos propose %q, then %q; want one token, hard to guess", first.Token, again.Token)
	}
	for name, st := range map[string]Store{"tab": tab, "device": device} {
		var kept string
		if err := st.Get(tokenPrefix+"room", &kept); err != nil || kept != first.Token {
			t.Errorf("the %s's storage keeps %q (%v), want the token proposed", name, kept, err)
		}
	}
}
