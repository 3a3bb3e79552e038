package session

import (
	"errors"
	"fmt"
)

// failure is an error of this package other than a refusal from the host
// (those are Error, worded from their code): a connection closed, a save
// that cannot be resumed, a room that cannot be opened. Its text is
// "session: " and its Reason, the words alone, which may sit inside
// another sentence; another package takes them by the Reason method,
// never by cutting the prefix off the text.
type failure struct {
	why string // the reason, without the package's prefix
	err error  // what it wraps, if anything
}

func (e *failure) Error() string  { return "session: " + e.why }
func (e *failure) Reason() string { return e.why }
func (e *failure) Unwrap() error  { return e.err }

func fail(reason string) error { return &failure{why: reason} }

// failf is fmt.Errorf for a failure: %w wraps as it does there, and an
// error with a Reason (a game's refusal, a link's end, this package's)
// among args is told by it, so that no prefix sits inside the sentence.
func failf(format string, args ...any) error {
	args = append([]any(nil), args...)
	for i, a := range args {
		if r, ok := a.(reasoned); ok {
			args[i] = told{r}
		}
	}
	w := fmt.Errorf(format, args...)
	return &failure{why: w.Error(), err: errors.Unwrap(w)}
}

// reasoned is an error that says why without its package's prefix.
type reasoned interface {
	error
	Reason() string
}

// told is an error inside another's words: its Reason.
type told struct{ reasoned }

func (t told) Error() string { return t.Reason() }
func (t told) Unwrap() error { return t.reasoned }
