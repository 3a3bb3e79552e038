package session

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// UndoKind is the action kind of an intent that takes back the seat's own
// last action (Args: none). Games' own kinds never hold a dot.
const UndoKind = "longhall.undo"

// maxUndo bounds how many of a seat's last actions may be taken back in a
// row: each keeps a copy of the state.
const maxUndo = 16

// undoPoint is what taking one action back needs: the state before it.
type undoPoint struct {
	seat    rules.Seat
	before  rules.State
	version int    // the record's length with the action
	label   string // the action, in words, for its seat only
	events  []rules.Event
	answers []string // taking back: who answered it since (answersAfter)
}

// aside is a line the log shows between actions: who took back what,
// worded for each seat as the action was (a hidden card is named to its
// owner only). It follows the action numbered after (0: before the first).

// playedBy says who decided an action the host plays.
type playedBy int

const (
	byPerson playedBy = iota // the seat's player, by hand
	byBot                    // the seat's bot
	byHost                   // an automatic answer for the seat's player (autopass.go, passuntil.go)
	byClock                  // the game's answer when the seat's time ran out
)

// play applies seat's action, and keeps what taking it back needs when
// it may be (rules.Reversibly) and the decision was the seat's player's
// own: a bot's, an automatic answer, or the one the game took when a
// seat's time ran out, is final. An action that may not be taken back, or
// another seat's, ends what may be: nobody takes back across someone
// else's decision. The bots' answers, and the automatic answers for the
// person who may take back, that may be taken back are the exception
// (answerKept): the person's undo takes them back with their move.
func (h *Host) play(seat rules.Seat, a rules.Action, by playedBy) ([]rules.Event, error) {
	own := by == byPerson
	events, before, err := rules.Reversibly(h.state, seat, a, func() ([]rules.Event, error) {
		return h.rec.Append(h.state, seat, a)
	})
	if err != nil {
		return nil, err
	}
	h.step++
	h.lastBy, h.lastSeat = by, seat
	if by == byHost || by == byClock {
		if h.answeredAt == nil {
			h.answeredAt = map[rules.Seat]int{}
		}
		h.answeredAt[seat] = h.step
	}
	if h.answerKept(seat, before, by) {
		return events, nil
	}
	if before == nil || !own {
		h.undo.clear()
	} else {
		done := h.rec.Actions[len(h.rec.Actions)-1].Action
		if l, err := rules.FindLegal(before, seat, done); err == nil {
			done = l // with its label
		}
		h.undo.keep(undoPoint{seat: seat, before: before, version: h.version(), label: done.String(), events: events})
	}
	return events, nil
}

// undoable is what seat may take back now: its own last action, when
// nothing has happened since.
func (h *Host) undoable(seat rules.Seat) (undoPoint, bool) {
	u, ok := h.undo.top()
	if !ok || seat < 0 || h.state.Result() != nil {
		return undoPoint{}, false
	}
	// Actions after u's are bots' answers that may be taken back with it
	// (play keeps u only then).
	return u, u.seat == seat && u.version <= h.version()
}

// takeBack undoes seat's last action: the table goes back to the state
// before it, the record and the log lose it, and everyone's log says who
// took back what. Every peer is sent its whole log and table again.
func (h *Host) takeBack(seat rules.Seat) *Error {
	u, ok := h.undoable(seat)
	switch {
	case h.paused:
		return errorf(CodePaused, "the game is paused")
	case !ok:
		return errorf(CodeNoUndo, "there is nothing of yours to take back now: only your own last moves may be (with the bots' answers to them), until another player decides or something hidden is shown")
	}
	h.undo.pop()
	u.answers = h.answersAfter(u)
	h.state = u.before
	h.rec.Actions = h.rec.Actions[:u.version-1]
	h.events = h.events[:u.version-1]
	h.step++
	h.undoneAt = h.step
	h.lastBy, h.lastSeat = byPerson, seat // the bots answer it as any person's decision: a run starts again (runOn)
	h.lines.tookBack(h.version(), tookBack(h.seatName(seat), seat, u))
	h.stopExpiry()
	for p := range h.peers {
		if p.member != nil && !p.closed {
			h.sendTable(p)
		}
	}
	h.save()
	h.scheduleBots()
	return nil
}

// tookBack is the log's line for an undo: everyone reads what the action
// showed them ("Bob took back a move: Bob has chosen"), its seat what it
// was ("Bob took back: play card03").
func tookBack(name string, seat rules.Seat, u undoPoint) rules.Event {
	e := rules.Event{Kind: "undo", Seat: seat, Text: name + " took back a move", Secret: name + " took back: " + u.label, SecretTo: []rules.Seat{seat}}
	if len(u.events) > 0 {
		e.Text += ": " + u.events[0].Text
	}
	if w := answersWords(u.answers); w != "" {
		e.Text += "; " + w
		e.Secret += "; " + w
	}
	return e
}

// seatName is the name of whoever plays seat.
func (h *Host) seatName(seat rules.Seat) string {
	if m := h.seats[seat].m; m != nil {
		return m.name
	}
	if int(seat) < len(h.rec.Seats) {
		return h.rec.Seats[seat].Name
	}
	return fmt.Sprintf("Seat %d", seat+1)
}

// resetUndo forgets what may be taken back: a new game, or one resumed.
func (h *Host) resetUndo() {
	h.undo.clear()
}

// Undo against bots. A person's move may be answered by bots at once (a
// game on one device is mostly played against them), and an undo that
// went as soon as a bot answered would last a second. So a bot's answer
// that may itself be taken back (rules.Reversibly: it drew nothing and
// showed nobody anything hidden) keeps the person's undo: taking the move
// back takes back the bots' answers to it too, and the bots are asked
// again from the table before it (botSeed: the same table, the same
// choice). Anything else still ends it: a bot's answer that drew or
// showed something, another person's decision, a time that ran out.

// answerKept reports whether seat's action, just applied (before: the
// state to take it back to, nil when it may not be), is an answer that
// the seat whose undo stands would take back with its own move: a bot's,
// or an automatic answer for that very seat (a pass the host gave for the
// person at a prompt their move led to).
func (h *Host) answerKept(seat rules.Seat, before rules.State, by playedBy) bool {
	top, ok := h.undo.top()
	if before == nil || !ok {
		return false
	}
	undoer := top.seat
	switch by {
	case byBot:
		return seat != undoer && int(seat) < len(h.seats) && h.seats[seat].bot
	case byHost:
		return seat == undoer
	}
	return false
}

// answersAfter names, in order, who took each action after u's (the bots'
// answers its undo takes back with it), but for u's own seat.
func (h *Host) answersAfter(u undoPoint) []string {
	var names []string
	for _, a := range h.rec.Actions[u.version:] {
		if a.Seat != u.seat { // the person's own automatic answers go unsaid
			names = append(names, h.seatName(a.Seat))
		}
	}
	return names
}

// answersWords says whose answers went with a move taken back: "the
// answer of Ragna (bot) went too", "2 answers of Ragna (bot) went too",
// "the answers of Ragna (bot) and Bjorn (bot) went too"; "" for none.
func answersWords(names []string) string {
	var who []string
	for _, n := range names {
		if !slices.Contains(who, n) {
			who = append(who, n)
		}
	}
	switch {
	case len(who) == 0:
		return ""
	case len(who) > 1:
		return "the answers of " + rules.And(who) + " went too"
	case len(names) > 1:
		return rules.Count(len(names), "answer") + " of " + who[0] + " went too"
	}
	return "the answer of " + who[0] + " went too"
}
