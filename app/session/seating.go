package session

import "longhall/rules"

// seating is the lobby's part of a host: who sits in each seat, a member
// or a bot of a level, and whether that changed since the lobby was last
// sent (dirty). It knows nothing of the game or the links; the host checks
// what the game allows (before the start, or after) and says when the
// lobby is sent.
type seating struct {
	seats []slot
	dirty bool // the lobby changed and has not been broadcast
}

// slot is one seat: a member, a bot, or empty.
type slot struct {
	m     *member
	bot   bool
	level string // the bot's: rules.Easy or rules.Hard
}

func newSeating(n int) seating { return seating{seats: make([]slot, n)} }

// noSeat refuses a seat the table does not have; nil for one it has.
func (s *seating) noSeat(seat rules.Seat) *Error {
	if seat < 0 || int(seat) >= len(s.seats) {
		return errorf(CodeNoSeat, "there is no seat %d", seat).with(Args{Seat: seat})
	}
	return nil
}

// isBot says a bot sits in seat.
func (s *seating) isBot(seat rules.Seat) bool {
	return seat >= 0 && int(seat) < len(s.seats) && s.seats[seat].bot
}

// sitDown moves m to seat, free or a bot's (a player may take a bot's
// seat before the start), not yet ready.
func (s *seating) sitDown(m *member, seat rules.Seat) {
	if m.seat >= 0 {
		s.seats[m.seat].m = nil
	}
	s.seats[seat] = slot{m: m}
	m.seat, m.ready = seat, false
	s.dirty = true
}

// standUp leaves m's seat empty; m watches.
func (s *seating) standUp(m *member) {
	if m.seat >= 0 {
		s.seats[m.seat].m = nil
	}
	m.seat, m.ready = rules.Spectator, false
	s.dirty = true
}

// markReady says whether m, seated, is ready.
func (s *seating) markReady(m *member, ready bool) {
	if m.ready != ready {
		m.ready = ready
		s.dirty = true
	}
}

// emptySeat is the first seat nobody and no bot holds, or Spectator.
func (s *seating) emptySeat() rules.Seat {
	for i, sl := range s.seats {
		if sl.m == nil && !sl.bot {
			return rules.Seat(i)
		}
	}
	return rules.Spectator
}

// botInfo is how the record names the bot in seat i.
func (s *seating) botInfo(i int) rules.SeatInfo {
	level := s.seats[i].level
	return rules.SeatInfo{Name: BotName(i, level), Bot: true, Level: level}
}

// deal names every seat for a game dealt now: its bot, or its player,
// who must be ready (the host's own always is) when ready is asked for.
func (s *seating) deal(ready bool) ([]rules.SeatInfo, error) {
	for i, sl := range s.seats {
		if sl.m == nil && !sl.bot {
			return nil, errorf(CodeNotReady, "seat %d is empty; seat a player or a bot there", i).with(Args{Why: WhyEmpty, Seat: rules.Seat(i)})
		}
	}
	infos := make([]rules.SeatInfo, len(s.seats))
	for i, sl := range s.seats {
		switch {
		case sl.bot:
			infos[i] = s.botInfo(i)
		case ready && !sl.m.local && !sl.m.ready:
			return nil, errorf(CodeNotReady, "%s is not ready", sl.m.name).with(Args{Seat: rules.Seat(i), Name: sl.m.name})
		default:
			infos[i] = rules.SeatInfo{Name: sl.m.name}
		}
	}
	return infos, nil
}

// setLevel makes the bot in seat play at level.
func (s *seating) setLevel(seat rules.Seat, level string) error {
	switch {
	case s.noSeat(seat) != nil:
		return s.noSeat(seat)
	case !s.seats[seat].bot:
		return errorf(CodeNoSeat, "seat %d has no bot", seat+1).with(Args{Why: WhyNoBot, Seat: seat})
	case level != rules.Easy && level != rules.Hard:
		return errorf(CodeNoSeat, "there is no bot level %q", level).with(Args{Why: WhyNoLevel, Seat: seat, Level: level})
	}
	if s.seats[seat].level != level {
		s.seats[seat].level = level
		s.dirty = true
	}
	return nil
}

// seatBot puts a bot in seat, and returns the member it unseats, if any.
func (s *seating) seatBot(seat rules.Seat) (unseated *member) {
	sl := &s.seats[seat]
	if sl.bot {
		return nil
	}
	if m := sl.m; m != nil {
		sl.m = nil
		m.seat, m.ready = rules.Spectator, false
		unseated = m
	}
	sl.bot = true
	s.dirty = true
	return unseated
}

// unseatBot empties the bot's seat.
func (s *seating) unseatBot(seat rules.Seat) {
	if sl := &s.seats[seat]; sl.bot {
		sl.bot, sl.level = false, rules.Easy
		s.dirty = true
	}
}

// lobbySeats is the lobby as a host keeps it for a reload (Options.OnLobby).
func (s *seating) lobbySeats() []LobbySeat {
	out := make([]LobbySeat, len(s.seats))
	for i, sl := range s.seats {
		switch {
		case sl.bot:
			out[i].Bot, out[i].Level = true, sl.level
		case sl.m != nil:
			out[i] = LobbySeat{Token: sl.m.token, Name: sl.m.name, Ready: sl.m.ready}
		}
	}
	return out
}
