package session

import (
	"context"
	"fmt"
	"time"

	"longhall/rules"
)

// scheduleBots lets the first pending bot act, on a goroutine of its own
// with a clone of the state, so that a slow bot never holds up the loop.
// One bot thinks at a time. It is called whenever the game may have moved
// on, so it (re)starts the time to answer too, and drops a decision the
// game has moved past.
//
// A bot answers a time drawn before it starts thinking (botWait) after its
// prompt, never sooner: how long it took would otherwise tell the table
// what it holds, a forced move coming back at once and a choice after a
// search. A hard bot's search keeps within that time (mcts ends with its
// best so far); an easy bot takes microseconds.
func (h *Host) scheduleBots() {
	h.scheduleExpiry()
	h.scheduleAutoPass()
	if h.bot.stale(h.step, h.isBot) || h.bot.busy && (h.paused || h.state.Result() != nil) {
		h.bot.drop() // the next starts once it has returned: a bot thinks one thing at a time
	}
	if h.bot.busy || !h.started || h.paused || h.state.Result() != nil {
		return
	}
	seat, ok := h.pendingBot()
	if !ok {
		return
	}
	ctx, cancel := context.WithCancel(h.ctx)
	r := botResult{gen: h.bot.begin(h.step, seat, cancel), step: h.step, seat: seat}
	var deadline time.Time
	if wait := h.botWait(h.seats[seat].level); wait > 0 {
		deadline = time.Now().Add(wait)
	}
	// A bot made for this decision, seeded by the game's secret seed, the
	// seat and the moves so far: the same table makes the same choice
	// however its earlier searches were cut short or dropped, and after a
	// reload.
	bot := h.newBot(h.seats[seat].level, botSeed(h.seed, seat, len(h.rec.Actions)))
	clone := h.state.Clone()
	h.wg.Go(func() {
		r.action, r.err = choose(ctx, bot, clone, seat, deadline)
		if d := time.Until(deadline); d > 0 {
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-ctx.Done():
			}
			t.Stop()
		}
		select {
		case h.botc <- r: // a dropped decision too: the loop waits for it
		case <-h.ctx.Done():
		}
	})
}

// A hastyBot can end its thinking early with its best so far (mcts.Bot).
type hastyBot interface {
	ChooseUntil(st rules.State, seat rules.Seat, enough func() bool) (rules.Action, error)
}

// botMargin is how long before its time to answer runs out a bot's search
// is told to end: the playout under way and the page's pause must fit.
const botMargin = 25 * time.Millisecond

// choose asks bot for seat's action; a hasty bot is told to end by
// deadline (when not zero), or when ctx ends.
func choose(ctx context.Context, bot rules.Bot, st rules.State, seat rules.Seat, deadline time.Time) (rules.Action, error) {
	hb, ok := bot.(hastyBot)
	if !ok {
		return bot.Choose(st, seat)
	}
	return hb.ChooseUntil(st, seat, func() bool {
		return ctx.Err() != nil || !deadline.IsZero() && time.Until(deadline) < botMargin
	})
}

// botWait is the time from a bot's prompt to its answer: Options.BotWait,
// or, for the first bot decision after a person's (a run of the bots'
// decisions: runOn), BotDelay and up to as much again (twice as much for
// a hard bot, whose search fills it); for each later one of the run, a
// fixed time, BotDelay for a hard bot and half of it for an easy one.
// None without a BotDelay.
//
// Each wait is drawn or fixed whatever the bot holds, and its search ends
// within it, so the time tells nobody anything; whether a decision starts
// a run or continues one, everyone can see. The fixed later waits are the
// pace of a bot's turn of many small steps (a Northerners turn, a
// Raiders raid's wounds) and of several bots passing in one round.
func (h *Host) botWait(level string) time.Duration {
	if h.opts.BotWait != nil {
		return h.opts.BotWait(level)
	}
	d := h.opts.BotDelay
	if d <= 0 {
		return 0
	}
	if h.runOn() {
		if level == rules.Hard {
			return d
		}
		return d / 2
	}
	spread := d
	if level == rules.Hard {
		spread = 2 * d
	}
	return d + time.Duration(secretRNG().Uint64()%uint64(spread))
}

// runOn reports whether the table's last action continues a run of the
// bots' decisions: a bot's, or an automatic answer for a person that
// nobody else saw come (with somebody else there, a run broken or not by
// an automatic answer would tell them it was one).
func (h *Host) runOn() bool {
	switch h.lastBy {
	case byBot:
		return h.version() > 0
	case byHost:
		s := h.lastSeat
		return int(s) < len(h.seats) && h.seats[s].m != nil && !h.observed(h.seats[s].m)
	}
	return false
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
	if !h.bot.answered(r.gen) {
		h.scheduleBots() // a decision dropped since (botTurn.drop)
		return
	}
	if r.step != h.step || h.paused || !h.seats[r.seat].bot || h.state.Result() != nil {
		h.scheduleBots()
		return
	}
	var events []rules.Event
	err := r.err
	if err == nil {
		events, err = h.play(r.seat, r.action, byBot)
	}
	if err != nil {
		// A bot that errs must not stall the game: fall back to the
		// first legal action, which Apply must accept.
		h.logf("session: bot in seat %d failed (%v); playing its first legal action", r.seat, err)
		legal := h.state.Legal(r.seat)
		if len(legal) == 0 {
			return
		}
		if events, err = h.play(r.seat, legal[0], byBot); err != nil {
			h.logf("session: seat %d refused its own legal action: %v", r.seat, err)
			return
		}
	}
	h.applied(events, nil)
}

// scheduleExpiry starts the time to answer for the first pending human
// seat whose prompt may time out, once per step of the table: when it runs out and
// nothing has moved, the seat takes the game's timeout action.
func (h *Host) scheduleExpiry() {
	if h.toAnswer.limit <= 0 || !h.started || h.paused || h.state.Result() != nil {
		h.stopExpiry()
		return
	}
	exp, ok := h.state.(rules.Expiring)
	if !ok {
		return
	}
	v, step := h.version(), h.step
	if h.toAnswer.runsFor(step) {
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
		h.toAnswer.start(v, step, seat, func() { h.post(func() { h.expired(step, seat, a) }) })
		h.broadcast(KindClock, h.toAnswer.msg())
		return
	}
}

func (h *Host) stopExpiry() { h.toAnswer.stop() }

// expired applies a seat's timeout action if the game has not moved since
// its time to answer began.
func (h *Host) expired(step int, seat rules.Seat, a rules.Action) {
	h.toAnswer.ranOut()
	if step != h.step || h.paused || h.state.Result() != nil || h.seats[seat].bot {
		h.scheduleBots()
		return
	}
	events, err := h.play(seat, a, byClock)
	if err != nil {
		h.logf("session: seat %d's timeout action %v was refused: %v", seat, a, err)
		return
	}
	name := fmt.Sprintf("Seat %d", seat+1)
	if m := h.seats[seat].m; m != nil {
		name = m.name
	}
	events = h.lines.open(h.version()-1, rules.Event{Kind: "timeout", Seat: seat, Text: name + "'s time to answer ran out"}, events)
	h.applied(events, nil)
}
