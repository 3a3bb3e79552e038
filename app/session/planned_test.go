package session

import (
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"longhall/rules"
)

// The automatic answers planned, on their own (plannedAnswers), on
// synctest's clock: each comes after its wait; the table moving on drops
// every one of them; a wish changed plans again at the same step. (An
// answer comes on its timer's goroutine, and is taken on the test's, as
// the host takes it on its loop.)
func TestPlannedAnswersComeOrGoTogether(t *testing.T) {
	for _, c := range []struct {
		name string
		then func(p *plannedAnswers, take func())
		want []rules.Seat
	}{
		{"each comes after its wait", func(*plannedAnswers, func()) {}, []rules.Seat{2, 1}},
		{"the table moved on: none comes", func(p *plannedAnswers, _ func()) { p.dropAll(6) }, nil},
		{"one came, then the table moved on", func(p *plannedAnswers, take func()) {
			time.Sleep(1500 * time.Millisecond)
			take()
			p.dropAll(6)
		}, []rules.Seat{2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var came []rules.Seat
				fired := make(chan rules.Seat, 2)
				p := newPlannedAnswers()
				take := func() {
					synctest.Wait()
					for {
						select {
						case seat := <-fired:
							came = append(came, seat)
							p.done(seat)
						default:
							return
						}
					}
				}
				if p.plannedAt(5) {
					t.Fatal("nothing planned yet, and the answers say they are planned")
				}
				p.dropAll(5)
				p.plan(1, 2*time.Second, func() { fired <- 1 })
				p.plan(2, time.Second, func() { fired <- 2 })
				if !p.plannedAt(5) || !p.has(1) || p.has(0) {
					t.Fatal("the answers planned at step 5 for seats 1 and 2 are not as planned")
				}
				c.then(&p, take)
				time.Sleep(time.Minute)
				take()
				if !slices.Equal(came, c.want) {
					t.Errorf("the answers for seats %v came, want %v", came, c.want)
				}
			})
		})
	}
	p := newPlannedAnswers()
	p.dropAll(5)
	p.planAgain()
	if p.plannedAt(5) {
		t.Error("asked to plan again, the answers still say step 5 is planned")
	}
}
