package online

import (
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"

	"longhall/app/local"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
)

// Store is browser storage (go-app's local or session storage) or its
// native twin, local.MemStore.
type Store = local.Store

const (
	roomsKey    = "longhall.rooms"
	hostedKey   = "longhall.room."  // + room key: a Hosted
	tokenPrefix = "longhall.token." // + room key: a guest's reconnect token

	// MaxRooms bounds how many hosted rooms are kept; the oldest go.
	MaxRooms = 8
)

// Hosted is everything the host's device keeps about a room it hosts. It
// holds the room secret, the seed and every player's token, so it never
// leaves that device.
type Hosted struct {
	Room   signal.Room  `json:"room"`
	Game   string       `json:"game"`
	Config rules.Config `json:"config"`
	Seed   uint64       `json:"seed"`
	// Name is the host's own player's name; Token re-takes that player's
	// seat when the room is resumed.
	Name  string        `json:"name"`
	Token string        `json:"token,omitempty"`
	Save  *session.Save `json:"save,omitempty"` // nil before the start
	// Lobby is who sat where before the start, kept so that a host who
	// reloads gets the lobby back as it was.
	Lobby []session.LobbySeat `json:"lobby,omitempty"`
	// AnswerSeconds is the time to answer a prompt that may time out (a
	// reaction), 0 for none (session.Options.AnswerTime).
	AnswerSeconds int       `json:"answerSeconds,omitempty"`
	Over          bool      `json:"over,omitempty"`
	Created       time.Time `json:"created"`
	Updated       time.Time `json:"updated"`
	// Build is the build of the app that last saved the room, for a
	// report of a problem: a room saved by any build opens on a later one,
	// and a record without it (from before builds were said) opens too.
	Build session.Build `json:"build,omitzero"`
	// Successor is the seat whose device hosts the room should this one
	// go quiet for a while (Hosting.SetSuccessor); nil for none, the
	// default.
	Successor *rules.Seat `json:"successor,omitempty"`
}

// Key names the room in storage and in the host's page address. It is the
// room id, which relays see anyway; never the secret.
func (h *Hosted) Key() string { return RoomKey(h.Room) }

// RoomKey names a room in storage.
func RoomKey(r signal.Room) string { return base64.RawURLEncoding.EncodeToString(r.ID[:]) }

// RoomEntry is one line of the home page's list of hosted rooms.
type RoomEntry struct {
	Key     string    `json:"key"`
	Game    string    `json:"game"`
	Names   []string  `json:"names,omitempty"`
	Moves   int       `json:"moves"`
	Started bool      `json:"started"`
	Over    bool      `json:"over"`
	Updated time.Time `json:"updated"`
}

// NewHosted makes the record of a new room for a game, checking the game
// and its configuration now so a mistake shows on the set-up page.
func NewHosted(gameID string, cfg rules.Config, seed uint64, name string, now time.Time) (*Hosted, error) {
	g, err := rules.Lookup(gameID)
	if err != nil {
		return nil, err
	}
	if err := rules.CheckPlayers(g.Info(), cfg.Players); err != nil {
		return nil, err
	}
	rm, err := signal.NewRoom()
	if err != nil {
		return nil, err
	}
	return &Hosted{Room: rm, Game: gameID, Config: cfg, Seed: seed, Name: name, Created: now, Updated: now}, nil
}

// LoadHosted reads a hosted room by its key. A missing room and a corrupt
// one are told apart, and neither is changed.
func LoadHosted(st Store, key string) (*Hosted, error) {
	if !validKey(key) {
		return nil, errors.New("online: this address names no room")
	}
	var h Hosted
	if err := st.Get(hostedKey+key, &h); err != nil {
		return nil, fmt.Errorf("online: the saved room cannot be read (%v); it is kept as it is", err)
	}
	if h.Game == "" {
		return nil, errors.New("online: this device hosts no such room; it may have been forgotten")
	}
	if h.Key() != key {
		return nil, errors.New("online: the saved room is damaged (its id does not match); it is kept as it is")
	}
	return &h, nil
}

// StoreHosted writes a hosted room and updates the list of rooms.
func StoreHosted(st Store, h *Hosted) error {
	key := h.Key()
	if err := st.Set(hostedKey+key, h); err != nil {
		return fmt.Errorf("online: saving the room on this device: %w", err)
	}
	e := roomEntry(h)
	list := slices.DeleteFunc(Rooms(st), func(r RoomEntry) bool { return r.Key == key })
	list = append([]RoomEntry{e}, list...)
	for len(list) > MaxRooms {
		st.Del(hostedKey + list[len(list)-1].Key)
		list = list[:len(list)-1]
	}
	return st.Set(roomsKey, list)
}

// roomEntry is a room's line in the list of rooms.
func roomEntry(h *Hosted) RoomEntry {
	e := RoomEntry{Key: h.Key(), Game: h.Game, Over: h.Over, Updated: h.Updated}
	if h.Save != nil {
		e.Started = true
		e.Moves = len(h.Save.Record.Actions)
		for _, s := range h.Save.Record.Seats {
			e.Names = append(e.Names, s.Name)
		}
	}
	return e
}

// Rooms lists the rooms this device hosts, most recent first. A corrupt
// list reads as empty; the rooms themselves are untouched.
func Rooms(st Store) []RoomEntry {
	var list []RoomEntry
	if err := st.Get(roomsKey, &list); err != nil {
		return nil
	}
	list = slices.DeleteFunc(list, func(r RoomEntry) bool { return !validKey(r.Key) })
	// sort.Slice: see "Code size" in docs/ARCHITECTURE.md.
	sort.Slice(list, func(i, j int) bool { return list[i].Updated.After(list[j].Updated) })
	return list
}

// ForgetRoom removes a hosted room from this device.
func ForgetRoom(st Store, key string) error {
	if !validKey(key) {
		return errors.New("online: this names no room")
	}
	st.Del(hostedKey + key)
	return st.Set(roomsKey, slices.DeleteFunc(Rooms(st), func(r RoomEntry) bool { return r.Key == key }))
}

func validKey(key string) bool {
	b, err := base64.RawURLEncoding.DecodeString(key)
	return err == nil && len(b) == signal.RoomIDSize
}

// tokens keeps a guest's reconnect token: in the tab's own storage first,
// so two tabs of one browser are two players, and in the device's storage
// too, so a guest who closed the tab and opens the link again comes back
// to the same seat.
type tokens struct {
	tab, device Store
	key         string
}

func (t tokens) get() string {
	for _, st := range []Store{t.tab, t.device} {
		var s string
		if st != nil && st.Get(tokenPrefix+t.key, &s) == nil && s != "" && len(s) <= 128 {
			return s
		}
	}
	return ""
}

func (t tokens) set(s string) {
	for _, st := range []Store{t.tab, t.device} {
		if st != nil {
			st.Set(tokenPrefix+t.key, s)
		}
	}
}
