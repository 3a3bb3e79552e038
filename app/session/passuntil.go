package session

import (
	"slices"

	"longhall/rules"
)

// Standing passes (Prefs.PassUntil): a player who will not answer the prompts
// coming their way asks once, at one of them, and the host answers each
// as a time out would until the player's turn comes (PassTurn) or the
// round of answers is over (PassRound). The answers are automatic
// answers (autopass.go), timed like every other, so the others learn from
// them only what a player passing by hand would show.

// keepPassing keeps m's wish for a standing pass, or calls it off, and answers
// the prompt m's seat has open now at once, as the click on the wish was
// the player's own answer to it.
func (h *Host) keepPassing(m *member, until string) *Error {
	seat := m.seat
	switch {
	case until != PassTurn && until != PassRound && until != PassOff:
		return errorf(CodeBadPrefs, "a standing pass lasts until %q or %q, or is %q", PassTurn, PassRound, PassOff).with(Args{Why: WhyPassUntil})
	case seat < 0 || int(seat) >= len(h.seats) || h.seats[seat].m != m:
		return errorf(CodeBadPrefs, "only a seated player passes").with(Args{Why: WhyWatching})
	case until == PassOff:
		delete(h.standing, seat)
		h.resendState(seat)
		return nil
	case !slices.Contains(h.stands(seat, h.state.Legal(seat)), until):
		return errorf(CodeBadPrefs, "there is no prompt of yours to pass now").with(Args{Why: WhyNoPrompt})
	case h.paused:
		return errorf(CodePaused, "the game is paused")
	}
	exp := h.state.(rules.Expiring) // stands checked it
	a, _ := exp.OnTimeout(seat)
	answer, err := rules.FindLegal(h.state, seat, a)
	if err != nil {
		return errorf(CodeBadPrefs, "there is no prompt of yours to pass now").with(Args{Why: WhyNoPrompt})
	}
	h.standing[seat] = until
	events, err := h.play(seat, answer, byHost)
	if err != nil {
		delete(h.standing, seat)
		return ruleError(err)
	}
	h.applied(events, nil)
	return nil
}

// stands lists the standing passes seat may ask for now, legal being its
// legal actions: at a prompt of its own that may time out, whose time-out
// answer is among them; "until my turn" only in games with turns, and not
// on the seat's own turn. The state's Legal is not asked again: on every
// broadcast the seat's legal actions are at hand already.
func (h *Host) stands(seat rules.Seat, legal []rules.Action) []string {
	exp, ok := h.state.(rules.Expiring)
	if !ok || !h.started || h.state.Result() != nil || seat < 0 || int(seat) >= len(h.seats) || h.seats[seat].bot {
		return nil
	}
	a, ok := exp.OnTimeout(seat)
	if !ok || !slices.ContainsFunc(legal, a.Same) {
		return nil
	}
	if t, ok := h.state.(rules.Turns); ok && t.Active() != seat {
		return []string{PassTurn, PassRound}
	}
	return []string{PassRound}
}

// endPassing ends the standing passes whose stretch of play is over,
// once per step of the table, before the step's states are built:
// "until my turn" when the seat's turn has come, "this round" when the
// table waits on a prompt that cannot time out.
func (h *Host) endPassing(exp rules.Expiring) {
	if len(h.standing) == 0 || h.standStep == h.step {
		return
	}
	h.standStep = h.step
	answering := false
	for _, pr := range h.state.Pending() {
		if _, ok := exp.OnTimeout(pr.Seat); ok {
			answering = true
		}
	}
	t, turns := h.state.(rules.Turns)
	for seat, until := range h.standing {
		over := false
		switch until {
		case PassTurn:
			over = !turns || t.Active() == seat
		case PassRound:
			over = !answering
		}
		if over {
			delete(h.standing, seat)
		}
	}
}

// resendState sends seat's peers their state again, for what changed in
// it besides the game (a standing pass kept or ended).
func (h *Host) resendState(seat rules.Seat) {
	for p := range h.peers {
		if p.member != nil && !p.closed && p.member.seat == seat {
			p.held.forget() // a whole view, as before the change
			h.sendState(p, nil)
		}
	}
}
