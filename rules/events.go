package rules

import "fmt"

// Events collects what one Apply made happen, for the log. Seats are
// plain seat numbers; -1 is the game itself.
type Events []Event

// Add records an event everyone may read.
func (e *Events) Add(seat int, kind, format string, args ...any) {
	*e = append(*e, Event{Kind: kind, Seat: Seat(seat), Text: fmt.Sprintf(format, args...)})
}

// Secret records an event whose full wording (private) only the seats in
// to may read; everyone else reads public.
func (e *Events) Secret(seat int, kind, public, private string, to ...int) {
	ev := Event{Kind: kind, Seat: Seat(seat), Text: public, Secret: private}
	for _, p := range to {
		ev.SecretTo = append(ev.SecretTo, Seat(p))
	}
	*e = append(*e, ev)
}

// NewAction is an action with its label: the games' shorthand for the
// actions Legal lists.
func NewAction(kind, label string, args ...int) Action {
	return Action{Kind: kind, Args: args, Label: label}
}

// Without returns s without the first element equal to v (s itself when
// there is none).
func Without[T comparable](s []T, v T) []T {
	out, _ := Remove(s, v)
	return out
}
