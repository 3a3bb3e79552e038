package online

import (
	"sync"
	"time"

	"longhall/app/session"
	"longhall/rules"
)

// keeper keeps the save of the game a host runs, for a table on one
// device and a room alike: written after every action the host applies,
// marked over, with the record as it stands, before a player sees the
// end, and at a rematch the finished game kept as a game of its own
// while the table's save goes on with the new one.
type keeper struct {
	st  Store
	now func() time.Time

	mu  sync.Mutex // guards rec: written from the host's loop and the players' goroutines
	rec *Saved
}

// store changes the save and writes it.
func (k *keeper) store(change func(*Saved)) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	change(k.rec)
	k.rec.Updated, k.rec.Build = k.now(), session.ThisBuild()
	return StoreSaved(k.st, k.rec)
}

// get is a copy of the save as it stands.
func (k *keeper) get() *Saved {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.rec.clone()
}

// saved keeps the host's save after an action. A save of another game
// than the one kept (a rematch's first) starts that game's save, not
// over. It runs on the host's loop.
func (k *keeper) saved(s session.Save) error {
	return k.store(func(r *Saved) {
		if r.Seed != s.Record.Seed {
			r.Seed, r.Over = s.Record.Seed, false
		}
		r.Save = &s
	})
}

// ended marks the save as a finished game. A player may see the end
// before the host's loop has saved the last action (it sends before it
// saves), so the save is taken now, with that action.
func (k *keeper) ended(h *session.Host) error {
	s, err := h.Save()
	return k.store(func(r *Saved) {
		if err == nil && s.Record.Seed == r.Seed {
			r.Save = &s
		}
		r.Over = true
	})
}

// rematch deals a new game at the table once this one is over (session's
// Rematch): the same seats, names, bots, options and settings, a new
// seed. The table's save goes on with the new game, under its own name
// (a room's link and address stay); the finished game stays in the
// "continue" list, as a game of this device under a new id, which its
// room no longer hosts.
func (k *keeper) rematch(h *session.Host, seed uint64) error {
	k.mu.Lock()
	done := k.rec.clone()
	k.mu.Unlock()
	if seed == done.Seed {
		seed++ // the saves tell the two games apart by their seeds
	}
	s, err := h.Save()
	if err != nil {
		return err
	}
	if err := h.Rematch(seed); err != nil {
		return err
	}
	// The room's tokens stay with the room; a table on one device gives
	// its people new ones whenever it opens. The room's guests played
	// elsewhere: the kept game is this device's person's only.
	if done.RoomPart != nil {
		done.Away = nil
		for i, seat := range s.Record.Seats {
			if !seat.Bot && (done.RoomPart.Token == "" || s.Tokens[i] != done.RoomPart.Token) {
				done.Away = append(done.Away, rules.Seat(i))
			}
		}
	}
	s.Tokens, s.Seqs = nil, nil
	done.ID, done.RoomPart, done.Seed, done.Save, done.Over, done.Build = newGameID(), nil, s.Record.Seed, &s, true, session.ThisBuild()
	return StoreSaved(k.st, done)
}
