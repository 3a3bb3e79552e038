package session

import (
	"crypto/rand"
	"encoding/binary"
	"slices"
	"time"

	"longhall/rules"
)

// HumanDelay is how long a person seems to take over a prompt they answer
// without a second thought: 0.8 s and two turns of up to 1.5 s, so 0.8 to
// 3.8 s, most often about 2.3 s. The host answers for a player after such
// a delay (Prefs.AutoPass) whether or not the player had another answer,
// so that nobody learns from the time it took what the player holds.
func HumanDelay() time.Duration {
	r := secretRNG()
	return 800*time.Millisecond + time.Duration(r.Intn(1500)+r.Intn(1500))*time.Millisecond
}

// secretRNG is a generator nobody can predict, for the delays that hide
// what a seat holds (crypto/rand: the app has it already).
func secretRNG() *rules.RNG {
	var b [8]byte
	rand.Read(b[:])
	return rules.NewRNG(binary.LittleEndian.Uint64(b[:]))
}

// prefs keeps a member's wishes.
func (h *Host) prefs(p *peer, env Envelope) {
	var m Prefs
	if e := body(env, &m); e != nil {
		h.refuse(p, 0, e)
		return
	}
	switch {
	case m.AutoPass == "" && m.PassUntil != "":
		m.AutoPass = p.member.autoPass // unchanged
	case m.AutoPass != AutoPassOff && m.AutoPass != AutoPassNothing && m.AutoPass != AutoPassAlways:
		h.refuse(p, 0, errorf(CodeBadPrefs, "automatic passes are %q, %q or %q", AutoPassOff, AutoPassNothing, AutoPassAlways).with(Args{Why: WhyAutoPass}))
		return
	}
	if m.PassUntil != "" {
		if e := h.keepPassing(p.member, m.PassUntil); e != nil {
			h.refuse(p, 0, e)
			return
		}
	}
	if p.member.autoPass != m.AutoPass {
		p.member.autoPass = m.AutoPass
		h.planned.planAgain() // the wish may concern a prompt open now
		h.scheduleAutoPass()
	}
}

// scheduleAutoPass plans, once per step of the table, the automatic answers
// of the pending players who asked for them: each after its own
// PassDelay, the answer a time out would give, as the player's legal
// action of that kind (so it reads exactly like one given by hand). The
// answer is given only if the table has not moved meanwhile.
//
// An automatic answer that nobody but its own player can see come (a
// game on one device with one person, against bots) comes at once: the
// delay hides from the others whether the player had a choice, and there
// are no others.
func (h *Host) scheduleAutoPass() {
	if h.planned.plannedAt(h.step) {
		return
	}
	h.planned.dropAll(h.step)
	if !h.started || h.paused || h.state.Result() != nil {
		return
	}
	for _, pr := range h.state.Pending() {
		seat := pr.Seat
		answer, ok := h.autoAnswer(seat)
		if !ok || h.planned.has(seat) {
			continue
		}
		wait := time.Duration(0)
		if h.observed(h.seats[seat].m) {
			delay := HumanDelay
			if h.opts.PassDelay != nil {
				delay = h.opts.PassDelay
			}
			wait = delay()
		}
		step := h.step
		h.planned.plan(seat, wait, func() { h.post(func() { h.autoPass(step, seat, answer) }) })
	}
}

// autoAnswer is the answer the host gives for seat at this step, if it
// gives one: the player's choice of automatic answers, or their standing
// pass, applied to the prompt the seat has open.
func (h *Host) autoAnswer(seat rules.Seat) (rules.Action, bool) {
	exp, ok := h.state.(rules.Expiring)
	if !ok || seat < 0 || int(seat) >= len(h.seats) || h.seats[seat].bot || h.seats[seat].m == nil {
		return rules.Action{}, false
	}
	h.endPassing(exp)
	m := h.seats[seat].m
	mode := m.autoPass
	if mode == "" {
		mode = AutoPassNothing
	}
	if h.standing[seat] != "" {
		mode = AutoPassAlways // the player's own wish, for this stretch of play
	}
	if mode == AutoPassNothing && m.local && h.sharedDevice() {
		// People sharing the host's device see its screen: a prompt
		// that vanished by itself would show them that its player had
		// nothing to answer with. There it is "always" or "never".
		mode = AutoPassOff
	}
	a, ok := exp.OnTimeout(seat)
	if !ok || mode == AutoPassOff {
		return rules.Action{}, false
	}
	legal := h.state.Legal(seat)
	if mode == AutoPassNothing && (len(legal) != 1 || !legal[0].Same(a)) {
		return rules.Action{}, false
	}
	i := slices.IndexFunc(legal, a.Same) // the legal action, with its label
	if i < 0 {
		return rules.Action{}, false
	}
	return legal[i], true
}

// answeredAtOnce reports whether the host answers seat's prompt at this
// step at once (autoAnswer, nobody else to see: observed): the seat is
// then not asked, so that its player does not answer a prompt that is
// gone as it is drawn.
func (h *Host) answeredAtOnce(seat rules.Seat) bool {
	if !h.started || h.paused || h.state.Result() != nil || seat < 0 || int(seat) >= len(h.seats) || h.observed(h.seats[seat].m) ||
		!slices.ContainsFunc(h.state.Pending(), func(pr rules.Prompt) bool { return pr.Seat == seat }) {
		return false // observed first: it asks the rules nothing
	}
	_, ok := h.autoAnswer(seat)
	return ok
}

// observed reports whether anyone but m is in the room, seated or
// watching, on this device or another: someone who could learn from how
// soon an automatic answer for m came. Bots learn nothing from time.
func (h *Host) observed(m *member) bool {
	for _, o := range h.members {
		if o != m {
			return true
		}
	}
	return false
}

// sharedDevice reports whether two or more people play on the host's own
// device (a game on one device with several people: hot-seat).
func (h *Host) sharedDevice() bool {
	var first *member
	for _, s := range h.seats {
		if s.m != nil && s.m.local && !s.bot {
			if first != nil && s.m != first {
				return true
			}
			first = s.m
		}
	}
	return false
}

// autoPass gives seat's automatic answer, if the table is still where it
// was planned.
func (h *Host) autoPass(step int, seat rules.Seat, a rules.Action) {
	h.planned.done(seat)
	if step != h.step || h.paused || h.state.Result() != nil || h.seats[seat].bot {
		return
	}
	events, err := h.play(seat, a, byHost)
	if err != nil {
		h.logf("session: seat %d's automatic answer %v was refused: %v", seat, a, err)
		return
	}
	h.applied(events, nil)
}
