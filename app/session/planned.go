package session

import (
	"time"

	"longhall/rules"
)

// plannedAnswers are the automatic answers planned for the table as it
// stands (autopass.go): a timer for each seat the host will answer for,
// all of them planned at one step of the table and dropped together when
// it moves on. The host decides whom to answer for, what and when; this
// part owns the timers. It runs on the host's loop, as everything the host
// owns does.
type plannedAnswers struct {
	step  int // the table's step they were planned at; -1 to plan again
	stops map[rules.Seat]func() bool
}

func newPlannedAnswers() plannedAnswers {
	return plannedAnswers{step: -1, stops: map[rules.Seat]func() bool{}}
}

// plannedAt says the answers are planned for the table's step.
func (p *plannedAnswers) plannedAt(step int) bool { return p.step == step }

// planAgain asks for the answers to be planned again at the next look,
// the table unmoved (a player changed their wish).
func (p *plannedAnswers) planAgain() { p.step = -1 }

// dropAll drops every planned answer, and notes that the table's step is
// now planned for.
func (p *plannedAnswers) dropAll(step int) {
	for _, stop := range p.stops {
		stop()
	}
	clear(p.stops)
	p.step = step
}

// stop drops every planned answer: the host stops.
func (p *plannedAnswers) stop() { p.dropAll(p.step) }

// has says an answer is planned for seat.
func (p *plannedAnswers) has(seat rules.Seat) bool { return p.stops[seat] != nil }

// plan answers for seat after wait: answer is called on the timer's
// goroutine (post it to the loop).
func (p *plannedAnswers) plan(seat rules.Seat, wait time.Duration, answer func()) {
	p.stops[seat] = time.AfterFunc(wait, answer).Stop
}

// done notes that seat's planned answer came.
func (p *plannedAnswers) done(seat rules.Seat) { delete(p.stops, seat) }
