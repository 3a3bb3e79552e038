package session

import (
	"maps"
	"time"

	"longhall/rules"
	"longhall/rules/mcts"
)

// sit, stand and ready are a member's moves in the lobby: each reads its
// message's body, and is refused in words or done (lobbyMove).
func (h *Host) sit(p *peer, env Envelope) {
	lobbyMove(h, p, env, func(m *member, s Sit) *Error {
		switch {
		case h.started:
			return errorf(CodeStarted, "the game has started; seats are fixed")
		case h.noSeat(s.Seat) != nil:
			return h.noSeat(s.Seat)
		case m.seat == s.Seat:
			return nil
		case h.seats[s.Seat].m != nil:
			return errorf(CodeSeatTaken, "seat %d is taken by %s", s.Seat, h.seats[s.Seat].m.name).with(Args{Seat: s.Seat, Name: h.seats[s.Seat].m.name})
		}
		h.sitDown(m, s.Seat)
		return nil
	})
}

func (h *Host) stand(p *peer, env Envelope) {
	lobbyMove(h, p, env, func(m *member, _ struct{}) *Error {
		switch {
		case h.started:
			return errorf(CodeStarted, "the game has started; seats are fixed")
		case m.seat == rules.Spectator:
			return errorf(CodeNotSeated, "you are not in a seat").with(Args{Why: WhyWatching})
		}
		h.standUp(m)
		return nil
	})
}

func (h *Host) ready(p *peer, env Envelope) {
	lobbyMove(h, p, env, func(m *member, r Ready) *Error {
		switch {
		case h.started:
			return errorf(CodeStarted, "the game has already started")
		case m.seat == rules.Spectator:
			return errorf(CodeNotSeated, "take a seat first").with(Args{Why: WhyWatching})
		}
		h.markReady(m, r.Ready)
		return nil
	})
}

// lobbyMove reads env's body as a B and makes p's member's move with it,
// refusing the message when the body cannot be read or the move says why.
func lobbyMove[B any](h *Host, p *peer, env Envelope, move func(*member, B) *Error) {
	var b B
	if e := body(env, &b); e != nil {
		h.refuse(p, 0, e)
		return
	}
	if e := move(p.member, b); e != nil {
		h.refuse(p, 0, e)
	}
}

func (h *Host) spectators() int {
	n := 0
	for _, m := range h.members {
		if m.seat == rules.Spectator && m.peer != nil {
			n++
		}
	}
	return n
}

func (h *Host) lobby() Lobby {
	info := h.game.Info()
	l := Lobby{
		Game: h.gameID, Name: info.Name, Players: len(h.seats), Options: maps.Clone(h.cfg.Options), AnswerTime: int(h.toAnswer.limit / time.Second),
		Started: h.started, Paused: h.paused, Spectators: h.spectators(),
		Seats: make([]SeatStatus, len(h.seats)),
	}
	var named []rules.SeatInfo // once started, the record names every seat
	if h.started {
		named = h.rec.SeatsAt(h.version())
	}
	for i, sl := range h.seats {
		s := SeatStatus{Seat: rules.Seat(i), Kind: SeatEmpty}
		switch {
		case sl.bot:
			s.Kind, s.Name, s.Level, s.Connected, s.Ready = SeatBot, BotName(i, sl.level), sl.level, true, true
			if i < len(named) && named[i].Bot && named[i].Name != "" {
				s.Name = named[i].Name
			}
		case sl.m != nil:
			m := sl.m
			s.Kind, s.Name, s.Member, s.Host, s.Build = SeatHuman, m.name, m.id, m.local, m.build
			s.Connected, s.Ready = m.peer != nil && !m.peer.beat.away, m.ready || m.local
			s.Claims = h.claimsFor(rules.Seat(i))
		}
		l.Seats[i] = s
	}
	return l
}

// botNames name the bots, so that a log reads like a table of people.
var botNames = []string{"Ragna", "Bjorn", "Sigrid", "Ulf", "Thyra", "Gorm"}

// BotName names the bot of a level in seat i, the same at every table (on
// one device and in rooms), never twice at one table of up to six, and
// saying what it is: "Ragna (bot)", "Ragna (hard bot)".
func BotName(i int, level string) string {
	if i < 0 {
		i = -i
	}
	if level == rules.Hard {
		return botNames[i%len(botNames)] + " (hard bot)"
	}
	return botNames[i%len(botNames)] + " (bot)"
}

// newBot is the bot of a level for a seat, seeded.
func (h *Host) newBot(level string, seed uint64) rules.Bot {
	if h.opts.makeBot != nil {
		return h.opts.makeBot(level, seed)
	}
	if level == rules.Hard {
		b := mcts.New(h.game, seed)
		b.Pause = h.opts.BotPause
		return b
	}
	return rules.NewBot(h.game, seed)
}

func (h *Host) flushLobby() {
	if h.dirty {
		h.dirty = false
		h.broadcast(KindLobby, h.lobby())
		if !h.started && h.opts.OnLobby != nil {
			h.opts.OnLobby(h.lobbySeats())
		}
	}
}

// LobbySeat is one seat of a lobby as a host keeps it before the start,
// to give it back after a reload: who sits there (by reconnect token and
// name) or a bot, and whether they said they were ready.
type LobbySeat struct {
	Token string `json:"token,omitempty"`
	Name  string `json:"name,omitempty"`
	Bot   bool   `json:"bot,omitempty"`
	Level string `json:"level,omitempty"` // the bot's
	Ready bool   `json:"ready,omitempty"`
}

// RestoreLobby seats the lobby a host kept before a reload (see
// Options.OnLobby): bots where they were, and each player's seat kept for
// the token that held it, with its ready mark, until they say hello again.
// It works only before the start and before anyone has joined.
func (h *Host) RestoreLobby(seats []LobbySeat) error {
	return h.call(func() error {
		switch {
		case h.started:
			return errorf(CodeStarted, "the game has already started")
		case len(h.members) > 0:
			return errorf(CodeStarted, "the lobby already has players").with(Args{Why: WhyHasPlayers})
		case len(seats) != len(h.seats):
			return failf("a lobby of %d seats for a table of %d", len(seats), len(h.seats))
		}
		for i, s := range seats {
			switch {
			case s.Bot:
				h.seats[i].bot, h.seats[i].level = true, knownLevel(s.Level)
			case h.free(s.Token):
				m := h.newMember(s.Token, truncate(clean(s.Name), h.lim.NameRunes), rules.Seat(i))
				m.ready = s.Ready
				h.seats[i].m = m
			}
		}
		h.dirty = true
		return nil
	})
}

func (h *Host) start() error {
	if h.started {
		return errorf(CodeStarted, "the game has already started")
	}
	infos, err := h.deal(true)
	if err != nil {
		return err
	}
	return h.begin(h.seed, infos)
}

// begin deals a game for the seats and sends it to everyone.
func (h *Host) begin(seed uint64, infos []rules.SeatInfo) error {
	st, rec, err := rules.Play(h.gameID, h.cfg, seed, infos)
	if err != nil {
		return failf("cannot start: %w", err)
	}
	h.state, h.rec, h.started, h.seed, h.events = st, rec, true, seed, nil
	h.lines.clear()
	clear(h.answeredAt)
	h.resetUndo()
	clear(h.standing)
	h.dirty = true
	h.flushLobby()
	h.save()
	for p := range h.peers {
		if p.member != nil && !p.closed {
			h.sendTable(p)
		}
	}
	h.scheduleBots()
	return nil
}

// Rematch deals a new game at the same table once the game is over: the
// same seats, players, bots and options, with a new seed (secret like the
// first). Everyone gets the new game and a fresh log.
func (h *Host) Rematch(seed uint64) error {
	return h.call(func() error {
		if !h.started || h.state.Result() == nil {
			return errorf(CodeNotOver, "the game is not over yet")
		}
		infos, err := h.deal(false)
		if err != nil {
			return err
		}
		h.bot.drop()
		return h.begin(seed, infos)
	})
}

// knownLevel is level when it is one, else Easy (a lobby kept by a later
// version, say).
func knownLevel(level string) string {
	if level == rules.Hard {
		return level
	}
	return rules.Easy
}

// setBotLevel makes the bot in seat play at level, before the start.
func (h *Host) setBotLevel(seat rules.Seat, level string) error {
	if h.started && h.noSeat(seat) == nil && h.seats[seat].bot && (level == rules.Easy || level == rules.Hard) {
		return errorf(CodeStarted, "a bot keeps its level for the whole game").with(Args{Why: WhyBotLevel})
	}
	return h.setLevel(seat, level)
}

func (h *Host) setBot(seat rules.Seat, on bool) error {
	if err := h.noSeat(seat); err != nil {
		return err
	}
	if !on {
		if h.started && h.seats[seat].bot {
			return errorf(CodeStarted, "a bot cannot leave a game in progress").with(Args{Why: WhyBotLeaves})
		}
		h.unseatBot(seat)
		return nil
	}
	if h.seats[seat].bot {
		return nil
	}
	if m := h.seatBot(seat); m != nil {
		if m.peer == nil {
			h.forget(m)
		} else if h.started {
			h.sendTable(m.peer) // now a spectator's view and log
		}
	}
	if h.started {
		// The record keeps who played the earlier moves.
		h.rec.ChangeSeat(seat, h.botInfo(int(seat)))
		h.save()
		h.scheduleBots()
	}
	return nil
}

func (h *Host) kick(id int, reason string) error {
	m := h.members[id]
	switch {
	case m == nil:
		return errorf(CodeNoMember, "there is nobody with id %d in the room", id).with(Args{Member: id})
	case m.local:
		return errorf(CodeNoMember, "the host's own player cannot be kicked").with(Args{Why: WhyHostPlayer, Member: id})
	}
	k := kicked(KickRemoved, Args{}, "session: the host removed you from the room")
	if reason = truncate(clean(reason), h.lim.ChatRunes); reason != "" {
		k.Args.Reason = reason
		k.Reason += ": " + reason
	}
	h.remove(m, k)
	return nil
}

// remove bans a member's token from the room, closes its link with reason
// and frees its seat; after the start a bot takes the seat over.
func (h *Host) remove(m *member, k *Kicked) {
	h.ban(m.token)
	if m.peer != nil {
		h.drop(m.peer, k)
	}
	if seat := m.seat; seat >= 0 {
		if h.started {
			h.setBot(seat, true) // the game goes on
		} else {
			h.standUp(m)
		}
	}
	h.forget(m)
	h.dirty = true
}
