package online

import (
	"crypto/rand"
	"encoding/base64"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
)

// Store is the small part of browser storage the saves need. go-app's
// BrowserStorage (local or session storage) satisfies it; MemStore is its
// native twin for tests and tools.
type Store interface {
	Get(key string, v any) error
	Set(key string, v any) error
	Del(key string)
}

// The saves on a device. Every game, on one device or in a room this
// device hosts, is one Saved, listed in the one "continue" list (Saves).
// The list is kept in two halves, and the saves under two prefixes, only
// because web/longhall.js mirrors a room's keys to IndexedDB (so that a
// host killed mid-game finds its room again) and must not mirror a game
// on one device's (doing so lost a new game's save in WebKit).
const (
	gamesKey    = "longhall.games"  // the list's games on one device: []Entry
	gamePrefix  = "longhall.game."  // + id: a game on one device, a Saved
	roomsKey    = "longhall.rooms"  // the list's rooms: []Entry
	hostedKey   = "longhall.room."  // + room key: a Saved with its RoomPart
	tokenPrefix = "longhall.token." // + room key: a guest's reconnect token

	// MaxGames bounds how many games on one device are kept, MaxRooms how
	// many hosted rooms; the oldest of each go.
	MaxGames = 12
	MaxRooms = 8
)

// Saved is a game as a device keeps it, on one device or in a room it
// hosts: what a reload, a visit from the "continue" list, a rematch, a
// saves file and a table handed to another device all read. A room's
// holds the room secret, the seed and every player's token, so it never
// leaves the device but to the player it is handed to.
type Saved struct {
	// ID names a game on one device (ValidID); a room is named by its
	// Room's id instead (Key), and keeps none.
	ID     string       `json:"id,omitempty"`
	Game   string       `json:"game"`
	Config rules.Config `json:"config"`
	Seed   uint64       `json:"seed"`
	// Save is the record, the seats' tokens and the log's own lines; nil
	// for a room before its start.
	Save *session.Save `json:"save,omitempty"`
	// AnswerSeconds is the time to answer a prompt that may time out (a
	// reaction), 0 for none (session.Options.AnswerTime).
	AnswerSeconds int       `json:"answerSeconds,omitempty"`
	Over          bool      `json:"over,omitempty"`
	Created       time.Time `json:"created"`
	Updated       time.Time `json:"updated"`
	// Build is the build of the app that last saved the game, for a
	// report of a problem: a save by any build opens on a later one, and
	// one without it (from before builds were said) opens too.
	Build session.Build `json:"build,omitzero"`
	// Away are the seats whose people played on devices of their own: a
	// room's game kept at a rematch, where this device held one seat (or
	// none). Its table shows this device's person only, and deals no
	// rematch. Nil for a game on one device.
	Away []rules.Seat `json:"away,omitempty"`
	// RoomPart is there for a room only. Its fields are the JSON object's
	// own, as they were when a room was all a device kept this way: a
	// room saved before one save, or by an older build (a successor's
	// device, a table handed over), reads as it was written.
	*RoomPart
}

// RoomPart is what a room keeps beyond its game.
type RoomPart struct {
	Room signal.Room `json:"room"`
	// Name is the host's own player's name; Token re-takes that player's
	// seat when the room is resumed.
	Name  string `json:"name"`
	Token string `json:"token,omitempty"`
	// Lobby is who sat where before the start, kept so that a host who
	// reloads gets the lobby back as it was.
	Lobby []session.LobbySeat `json:"lobby,omitempty"`
	// Successor is the seat whose device hosts the room should this one
	// go quiet for a while (Table.SetSuccessor); nil for none, the
	// default.
	Successor *rules.Seat `json:"successor,omitempty"`
}

// Key names the save in storage and in its page's address: a room's id
// (which relays see anyway; never the secret), or a game's ID.
func (s *Saved) Key() string {
	if s.RoomPart != nil {
		return RoomKey(s.Room)
	}
	return s.ID
}

// clone copies s deeply enough to change the copy's own fields and room
// part without touching s (a copy of the struct alone shares its room).
func (s *Saved) clone() *Saved {
	c := *s
	c.Away = slices.Clone(s.Away)
	if s.RoomPart != nil {
		r := *s.RoomPart
		r.Lobby = slices.Clone(r.Lobby)
		c.RoomPart = &r
	}
	return &c
}

// RoomKey names a room in storage.
func RoomKey(r signal.Room) string { return base64.RawURLEncoding.EncodeToString(r.ID[:]) }

// Entry is one line of the "continue" list: a game on this device or a
// room it hosts.
type Entry struct {
	// Key is the save's (Saved.Key): a room's key when Room, else a
	// game's id.
	Key     string    `json:"key"`
	Game    string    `json:"game"`
	Names   []string  `json:"names,omitempty"`
	Moves   int       `json:"moves"`
	Started bool      `json:"started"`
	Over    bool      `json:"over"`
	Updated time.Time `json:"updated"`
	// Room is true for a room: its line opens the room page. The list's
	// half an entry is read from says it; it is not stored.
	Room bool `json:"-"`
}

// entryOf is a save's line in the list.
func entryOf(s *Saved) Entry {
	e := Entry{Key: s.Key(), Game: s.Game, Over: s.Over, Updated: s.Updated, Room: s.RoomPart != nil}
	if s.Save != nil {
		e.Started = true
		e.Moves = len(s.Save.Record.Actions)
		for _, seat := range s.Save.Record.Seats {
			e.Names = append(e.Names, seat.Name)
		}
	}
	return e
}

// ErrNoHuman is returned for a table with no human seat: nobody would see it.
var ErrNoHuman = newError("at least one seat must be a person")

// NewGame sets up a game for one device, to be kept under id: its record
// before the first action, with the time to answer (in seconds, 0 for
// none). seed fixes the game's randomness (and the bots').
func NewGame(id, gameID string, cfg rules.Config, seed uint64, seats []rules.SeatInfo, answerSeconds int, now time.Time) (*Saved, error) {
	if !ValidID(id) {
		return nil, errorf("%q cannot name a saved game", id)
	}
	if !slices.ContainsFunc(seats, func(s rules.SeatInfo) bool { return !s.Bot }) {
		return nil, ErrNoHuman
	}
	_, rec, err := rules.Play(gameID, cfg, seed, seats)
	if err != nil {
		return nil, err
	}
	return &Saved{ID: id, Game: gameID, Config: rec.Config, Seed: seed, Save: &session.Save{Record: *rec},
		AnswerSeconds: answerSeconds, Created: now, Updated: now}, nil
}

// NewHosted makes the save of a new room for a game, checking the game
// and its configuration now so a mistake shows on the set-up page.
func NewHosted(gameID string, cfg rules.Config, seed uint64, name string, now time.Time) (*Saved, error) {
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
	return &Saved{Game: gameID, Config: cfg, Seed: seed, Created: now, Updated: now, RoomPart: &RoomPart{Room: rm, Name: name}}, nil
}

// newGameID names a new game on this device.
func newGameID() string { return strings.ToLower(rand.Text())[:12] }

// LoadGame reads the game on this device saved under id, from an older
// version's save if need be (see migrate). A missing game and a damaged
// one are told apart, and neither is changed.
func LoadGame(st Store, id string) (*Saved, error) {
	if !ValidID(id) {
		return nil, newError("this address names no saved game")
	}
	migrate(st)
	var s Saved
	if err := st.Get(gamePrefix+id, &s); err != nil {
		return nil, errorf("the saved game %q cannot be read (%v); it is kept as it is", id, err)
	}
	switch {
	case s.Game == "":
		// None in this format: an older version's, listed or not.
		return migrateGame(st, id, nil)
	case s.RoomPart != nil || s.Save == nil || s.Save.Record.Format == 0 || s.Save.Record.Game != s.Game:
		return nil, errorf("the saved game %q is damaged; it is kept as it is", id)
	}
	s.ID = id
	return &s, nil
}

// LoadHosted reads a hosted room by its key. A missing room and a corrupt
// one are told apart, and neither is changed.
func LoadHosted(st Store, key string) (*Saved, error) {
	if !validKey(key) {
		return nil, newError("this address names no room")
	}
	var s Saved
	if err := st.Get(hostedKey+key, &s); err != nil {
		return nil, errorf("the saved room cannot be read (%v); it is kept as it is", err)
	}
	if s.Game == "" {
		return nil, newError("this device hosts no such room; it may have been forgotten")
	}
	if s.RoomPart == nil || s.Key() != key {
		return nil, newError("the saved room is damaged (its id does not match); it is kept as it is")
	}
	s.ID = ""
	return &s, nil
}

// listMu keeps the list's halves whole: a table saves from its host's
// loop while the page may save another game (a rematch's finished one).
var listMu sync.Mutex

// StoreSaved writes a save and puts it first in the "continue" list; the
// oldest of its kind beyond MaxGames or MaxRooms go.
func StoreSaved(st Store, s *Saved) error {
	listMu.Lock()
	defer listMu.Unlock()
	return storeSaved(st, s)
}

func storeSaved(st Store, s *Saved) error {
	prefix, listKey, most := gamePrefix, gamesKey, MaxGames
	if s.RoomPart != nil {
		prefix, listKey, most = hostedKey, roomsKey, MaxRooms
	}
	key := s.Key()
	if s.RoomPart == nil && !ValidID(key) {
		return errorf("%q cannot name a saved game", key)
	}
	if err := st.Set(prefix+key, s); err != nil {
		return errorf("saving the game on this device: %w", err)
	}
	return putEntry(st, listKey, entryOf(s), most)
}

// putEntry puts e first in the list's half at listKey, and forgets the
// oldest saves beyond most.
func putEntry(st Store, listKey string, e Entry, most int) error {
	list := slices.DeleteFunc(half(st, listKey), func(o Entry) bool { return o.Key == e.Key })
	list = append([]Entry{e}, list...)
	for len(list) > most {
		forget(st, list[len(list)-1])
		list = list[:len(list)-1]
	}
	return st.Set(listKey, list)
}

// Saves lists every game this device keeps, on one device or in a room
// it hosts, most recent first: the "continue" list. A corrupt half of it
// reads as empty; the saves themselves are untouched. An older version's
// list of games on one device joins it here (migrate).
func Saves(st Store) []Entry {
	migrate(st)
	list := append(Games(st), Rooms(st)...)
	// sort.Slice: see "Code size" in docs/ARCHITECTURE.md.
	sort.Slice(list, func(i, j int) bool { return list[i].Updated.After(list[j].Updated) })
	return list
}

// Games lists the games on this device, most recent first.
func Games(st Store) []Entry { return half(st, gamesKey) }

// Rooms lists the rooms this device hosts, most recent first.
func Rooms(st Store) []Entry { return half(st, roomsKey) }

// half reads one half of the list, most recent first.
func half(st Store, listKey string) []Entry {
	var list []Entry
	if err := st.Get(listKey, &list); err != nil {
		return nil
	}
	room := listKey == roomsKey
	list = slices.DeleteFunc(list, func(e Entry) bool {
		if room {
			return !validKey(e.Key)
		}
		return !ValidID(e.Key)
	})
	for i := range list {
		list[i].Room = room
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Updated.After(list[j].Updated) })
	return list
}

// Forget removes a save from this device.
func Forget(st Store, e Entry) error {
	if e.Room {
		return ForgetRoom(st, e.Key)
	}
	if !ValidID(e.Key) {
		return newError("this names no saved game")
	}
	listMu.Lock()
	defer listMu.Unlock()
	forget(st, e)
	return st.Set(gamesKey, slices.DeleteFunc(Games(st), func(o Entry) bool { return o.Key == e.Key }))
}

// ForgetRoom removes a hosted room from this device.
func ForgetRoom(st Store, key string) error {
	if !validKey(key) {
		return newError("this names no room")
	}
	listMu.Lock()
	defer listMu.Unlock()
	st.Del(hostedKey + key)
	return st.Set(roomsKey, slices.DeleteFunc(Rooms(st), func(r Entry) bool { return r.Key == key }))
}

// forget removes a save's own keys, an older version's too.
func forget(st Store, e Entry) {
	if e.Room {
		st.Del(hostedKey + e.Key)
		return
	}
	st.Del(gamePrefix + e.Key)
	forgetOld(st, e.Key)
}

// ValidID reports whether id can name a game on this device (it travels
// in URLs).
func ValidID(id string) bool {
	return id != "" && len(id) <= 40 && strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
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
