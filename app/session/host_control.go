package session

import (
	"maps"
	"slices"
	"sort"
	"time"

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

// SetBotLevel makes the bot in a seat play at level (rules.Easy or
// rules.Hard), before the start.
func (h *Host) SetBotLevel(seat rules.Seat, level string) error {
	return h.call(func() error { return h.setBotLevel(seat, level) })
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

// SetOption changes a game option before the start (a module turned on,
// say). Guests see it in the lobby at once, and any ready marks are taken
// back, since the game they agreed to has changed.
func (h *Host) SetOption(key, value string) error {
	return h.call(func() error {
		if h.started {
			return errorf(CodeStarted, "the game has started; its options are fixed").with(Args{Why: WhyOptions})
		}
		if err := rules.CheckOptions(h.game.Info(), map[string]string{key: value}); err != nil {
			return failf("%w", err)
		}
		i := slices.IndexFunc(h.game.Info().Options, func(o rules.Option) bool { return o.Key == key })
		if h.cfg.Option(h.game.Info().Options[i]) == value {
			return nil
		}
		h.cfg.Options = maps.Clone(h.cfg.Options)
		if h.cfg.Options == nil {
			h.cfg.Options = map[string]string{}
		}
		h.cfg.Options[key] = value
		for _, m := range h.members {
			m.ready = false
		}
		h.dirty = true
		if h.opts.OnOptions != nil {
			h.opts.OnOptions(maps.Clone(h.cfg.Options))
		}
		return nil
	})
}

// SetAnswerTime sets how long a human seat has to answer a prompt that may
// time out (see Options.AnswerTime), at most MaxAnswerTime; zero for no
// limit. It applies from the next prompt, and every guest sees it in the
// lobby.
func (h *Host) SetAnswerTime(d time.Duration) error {
	return h.call(func() error {
		h.toAnswer.setLimit(d)
		h.stopExpiry()
		h.scheduleExpiry()
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
			out = append(out, MemberInfo{ID: m.id, Name: m.name, Seat: m.seat, Connected: m.peer != nil, Host: m.local, Build: m.build})
		}
		// sort.Slice: see "Code size" in docs/ARCHITECTURE.md.
		sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	})
	return out, err
}
