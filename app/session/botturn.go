package session

import "longhall/rules"

// botTurn is the bots' one decision under way (bots.go): a bot thinks one
// thing at a time, on a goroutine of its own, and its answer comes back to
// the loop later. It numbers each decision so that an answer dropped since
// (the table moved on, the game paused, the seat taken back by a person) is
// known as such when it arrives and never applied. It runs on the host's
// loop, as everything the host owns does.
type botTurn struct {
	busy   bool       // a bot is thinking, or its dropped answer is still to come back
	gen    int        // the number of the decision under way, or of the last dropped
	step   int        // the table's step it is for
	seat   rules.Seat // and the seat
	cancel func()     // ends its search; nil once dropped or answered
}

// begin numbers a new decision for seat at the table's step; cancel ends
// its search. Its answer is to come back with the number.
func (b *botTurn) begin(step int, seat rules.Seat, cancel func()) int {
	b.gen++
	b.busy, b.step, b.seat, b.cancel = true, step, seat, cancel
	return b.gen
}

// stale says the decision under way was for another step, or seat, than
// the table's now, when it is still to be dropped.
func (b *botTurn) stale(step int, seatIsBot func(rules.Seat) bool) bool {
	return b.busy && (b.step != step || !seatIsBot(b.seat))
}

// drop ends the decision under way: its search stops and its answer,
// when it comes back, is not applied. The next may start once it has.
func (b *botTurn) drop() {
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
		b.gen++
	}
}

// answered takes back the answer of decision gen: it says whether that
// is the decision under way (not dropped since). Either way the bots are
// free to think again.
func (b *botTurn) answered(gen int) bool {
	b.busy = false
	if gen != b.gen {
		return false
	}
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
	}
	return true
}
