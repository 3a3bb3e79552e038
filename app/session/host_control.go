package session

import (
	"sort"

	"longhall/rules"
)

// Start begins the game once every seat holds a bot or a ready player (the
// host's own player is always ready).
func (h *Host) Start() error { return h.call(h.start) }

// SetBot puts a bot in a seat (on) or empties a bot's seat (off). A player
// sitting there becomes a spectator. After the start a bot may take over a
// player's seat (one who left for good) but not leave it.
func (h *Host) SetBot(seat rules.Seat, on bool) error {
	return h.call(func() error { return h.setBot(seat, on) })
}

// Kick closes a member's connection, bans its token from the room and frees
// its seat; after the start a bot takes the seat over.
func (h *Host) Kick(id int, reason string) error {
	return h.call(func() error { return h.kick(id, reason) })
}

// SetPaused pauses the game (the host is away: intents are refused and bots
// wait) or resumes it, telling every guest.
func (h *Host) SetPaused(paused bool, reason string) error {
	return h.call(func() error {
		if h.paused == paused {
			return nil
		}
		h.paused, h.reason = paused, truncate(clean(reason), h.lim.ChatRunes)
		if paused {
			h.broadcast(KindPaused, Paused{Reason: h.reason})
		} else {
			h.broadcast(KindResumed, nil)
			h.scheduleBots()
		}
		h.dirty = true
		return nil
	})
}

// Lobby returns the room as guests see it.
func (h *Host) Lobby() (Lobby, error) {
	var l Lobby
	err := h.do(func() { l = h.lobby() })
	return l, err
}

// Members lists everyone in the room, seated or watching.
func (h *Host) Members() ([]MemberInfo, error) {
	var out []MemberInfo
	err := h.do(func() {
		for _, m := range h.members {
			out = append(out, MemberInfo{ID: m.id, Name: m.name, Seat: m.seat, Connected: m.peer != nil, Host: m.local})
		}
		// sort.Slice: see "Code size" in docs/ARCHITECTURE.md.
		sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	})
	return out, err
}
