package session

import (
	"cmp"
	"slices"

	"longhall/rules"
)

// A seat whose player is away (its link dropped, or silent past the
// heartbeat's Away) can change hands only by the host's hand. A player
// whose browser lost the seat's token comes back as a watcher and asks for
// it (claim); the host gives it (GiveSeat), or lets a bot play it
// (SetBot). The player who was away, should they come back with the old
// token, is then a newcomer, and watches.

// away says whether a human seat's player is away now.
func away(m *member) bool {
	return m != nil && !m.local && (m.peer == nil || m.peer.beat.away)
}

// claimable says why seat cannot be claimed by m now, or nil.
func (h *Host) claimable(m *member, seat rules.Seat) *Error {
	switch {
	case !h.started:
		return errorf(CodeNoClaim, "the game has not started: take a free seat instead").with(Args{Why: WhyNotStarted, Seat: seat})
	case seat < 0 || int(seat) >= len(h.seats):
		return errorf(CodeNoSeat, "there is no seat %d", seat).with(Args{Seat: seat})
	case m.seat != rules.Spectator:
		return errorf(CodeNoClaim, "you already play seat %d", m.seat+1).with(Args{Why: WhySeated, Seat: seat, Held: m.seat})
	case h.seats[seat].bot:
		return errorf(CodeNoClaim, "a bot plays seat %d now", seat+1).with(Args{Why: WhyBot, Seat: seat})
	case h.seats[seat].m == nil:
		return errorf(CodeNoClaim, "seat %d is empty", seat+1).with(Args{Why: WhyEmpty, Seat: seat})
	case !away(h.seats[seat].m):
		return errorf(CodeNoClaim, "%s is at the table", h.seats[seat].m.name).with(Args{Why: WhyPresent, Seat: seat, Name: h.seats[seat].m.name})
	}
	return nil
}

// claim records a watcher's request for an away player's seat; a new
// claim replaces the watcher's earlier one.
func (h *Host) claim(p *peer, env Envelope) {
	var c Claim
	if e := body(env, &c); e != nil {
		h.refuse(p, 0, e)
		return
	}
	m := p.member
	if e := h.claimable(m, c.Seat); e != nil {
		h.refuse(p, 0, e)
		return
	}
	if m.claim == c.Seat {
		return
	}
	h.lastClaim++
	m.claim, m.claimed = c.Seat, h.lastClaim
	h.dirty = true
}

// claimsFor lists the watchers, connected now, who ask for seat, oldest
// first. A seat whose player is back has none: the question is moot.
func (h *Host) claimsFor(seat rules.Seat) []SeatClaim {
	if !h.started || !away(h.seats[seat].m) {
		return nil
	}
	var ms []*member
	for _, m := range h.members {
		if m.claim == seat && m.seat == rules.Spectator && m.peer != nil {
			ms = append(ms, m)
		}
	}
	slices.SortFunc(ms, func(a, b *member) int { return cmp.Compare(a.claimed, b.claimed) })
	out := make([]SeatClaim, len(ms))
	for i, m := range ms {
		out[i] = SeatClaim{Member: m.id, Name: m.name}
	}
	return out
}

// GiveSeat gives the seat of a player who is away to a watcher (member id,
// one who asked for it or not): the watcher plays it from now on, with its
// own token, and the player who was away becomes a stranger to the room.
// The record keeps who played the earlier moves.
func (h *Host) GiveSeat(seat rules.Seat, member int) error {
	return h.call(func() error { return h.giveSeat(seat, member) })
}

func (h *Host) giveSeat(seat rules.Seat, id int) error {
	m := h.members[id]
	if m == nil || m.peer == nil {
		return errorf(CodeNoClaim, "that watcher has left the room").with(Args{Why: WhyLeft})
	}
	if m.local {
		return errorf(CodeNoClaim, "the host's own player keeps their seat").with(Args{Why: WhyHostPlayer})
	}
	if e := h.claimable(m, seat); e != nil {
		return e
	}
	old := h.seats[seat].m
	if old.peer != nil {
		// Silent past the heartbeat's Away, but still linked: the link
		// goes with the seat.
		h.drop(old.peer, kicked(KickRemoved, Args{Why: WhySeatGiven, Name: m.name}, "session: the host gave your seat to "+m.name))
	}
	h.forget(old)
	old.seat = rules.Spectator
	h.seats[seat].m = m
	m.seat, m.claim, m.ready = seat, rules.Spectator, true
	if old.name != m.name {
		h.rec.ChangeSeat(seat, rules.SeatInfo{Name: m.name})
	}
	h.dirty = true
	h.save()
	h.system(old.name + "'s seat is " + m.name + "'s now.")
	h.sendTable(m.peer) // now the seat's own view, log and prompts
	h.scheduleAutoPass()
	return nil
}
