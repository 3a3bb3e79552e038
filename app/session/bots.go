package session

import (
	"fmt"
	"time"

	"longhall/rules"
)

// scheduleBots lets the first pending bot act, after the configured delay,
// on a goroutine of its own with a clone of the state, so that a slow bot
// never holds up the loop. One bot thinks at a time. It is called whenever
// the game may have moved on, so it (re)starts the time to answer too.
func (h *Host) scheduleBots() {
	h.scheduleExpiry()
	h.scheduleAutoPass()
	if h.botBusy || !h.started || h.paused || h.state.Result() != nil {
		return
	}
	seat, ok := h.pendingBot()
	if !ok {
		return
	}
	h.botBusy = true
	step := h.step
	think := func() {
		h.botStop = nil
		if step != h.step || h.paused || !h.seats[seat].bot {
			h.botBusy = false
			h.scheduleBots()
			return
		}
		bot, clone := h.bots[seat], h.state.Clone()
		h.wg.Add(1)
		go func() {
			defer h.wg.Done()
			a, err := bot.Choose(clone, seat)
			select {
			case h.botc <- botResult{step: step, seat: seat, action: a, err: err}:
			case <-h.ctx.Done():
			}
		}()
	}
	if h.opts.BotDelay <= 0 {
		think()
		return
	}
	h.botStop = time.AfterFunc(h.opts.BotDelay, func() { h.post(think) }).Stop
}

func (h *Host) pendingBot() (rules.Seat, bool) {
	for _, pr := range h.state.Pending() {
		if pr.Seat >= 0 && int(pr.Seat) < len(h.seats) && h.seats[pr.Seat].bot {
			return pr.Seat, true
		}
	}
	return 0, false
}

func (h *Host) botDone(r botResult) {
	h.botBusy = false
	if r.step != h.step || h.paused || !h.seats[r.seat].bot || h.state.Result() != nil {
		h.scheduleBots()
		return
	}
	var events []rules.Event
	err := r.err
	if err == nil {
		events, err = h.play(r.seat, r.action, false)
	}
	if err != nil {
		// A bot that errs must not stall the game: fall back to the
		// first legal action, which Apply must accept.
		h.logf("session: bot in seat %d failed (%v); playing its first legal action", r.seat, err)
		legal := h.state.Legal(r.seat)
		if len(legal) == 0 {
			return
		}
		if events, err = h.play(r.seat, legal[0], false); err != nil {
			h.logf("session: seat %d refused its own legal action: %v", r.seat, err)
			return
		}
	}
	h.applied(events, nil)
}

// MaxAnswerTime bounds the time to answer a host may set.
const MaxAnswerTime = 5 * time.Minute

func clampAnswerTime(d time.Duration) time.Duration { return min(max(d, 0), MaxAnswerTime) }

// scheduleExpiry starts the time to answer for the first pending human
// seat whose prompt may time out, once per step of the table: when it runs out and
// nothing has moved, the seat takes the game's timeout action.
func (h *Host) scheduleExpiry() {
	if h.answerTime <= 0 || !h.started || h.paused || h.state.Result() != nil {
		h.stopExpiry()
		return
	}
	exp, ok := h.state.(rules.Expiring)
	if !ok {
		return
	}
	v, step := h.version(), h.step
	if h.expireStop != nil && h.expireStep == step {
		return // already running for this step
	}
	h.stopExpiry()
	for _, pr := range h.state.Pending() {
		seat := pr.Seat
		if seat < 0 || int(seat) >= len(h.seats) || h.seats[seat].bot {
			continue
		}
		a, ok := exp.OnTimeout(seat)
		if !ok {
			continue
		}
		h.expireVersion, h.expireStep, h.expireSeat, h.expireAt = v, step, seat, time.Now().Add(h.answerTime)
		h.expireStop = time.AfterFunc(h.answerTime, func() { h.post(func() { h.expired(step, seat, a) }) }).Stop
		h.broadcast(KindClock, h.clock())
		return
	}
}

// clock is the running time to answer, as a message.
func (h *Host) clock() ClockMsg {
	return ClockMsg{Version: h.expireVersion, Seat: h.expireSeat, Ms: max(time.Until(h.expireAt), 0).Milliseconds()}
}

func (h *Host) stopExpiry() {
	if h.expireStop != nil {
		h.expireStop()
		h.expireStop = nil
	}
}

// expired applies a seat's timeout action if the game has not moved since
// its time to answer began.
func (h *Host) expired(step int, seat rules.Seat, a rules.Action) {
	h.expireStop = nil
	if step != h.step || h.paused || h.state.Result() != nil || h.seats[seat].bot {
		h.scheduleBots()
		return
	}
	events, err := h.play(seat, a, false)
	if err != nil {
		h.logf("session: seat %d's timeout action %v was refused: %v", seat, a, err)
		return
	}
	name := fmt.Sprintf("Seat %d", seat+1)
	if m := h.seats[seat].m; m != nil {
		name = m.name
	}
	events = append([]rules.Event{{Kind: "timeout", Seat: seat, Text: name + "'s time to answer ran out"}}, events...)
	h.applied(events, nil)
}
