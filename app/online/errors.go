package online

import (
	"errors"
	"fmt"
)

// Error is an error of this package. Its text is "online: " and Reason;
// Reason alone is why, in words that may sit inside another sentence, and
// the words a player reads (Words) are made from it. Nothing takes them by
// cutting the prefix off the text.
type Error struct {
	Why string // the reason, without the package's prefix
	Err error  // what it wraps, if anything
}

func (e *Error) Error() string  { return "online: " + e.Why }
func (e *Error) Reason() string { return e.Why }
func (e *Error) Unwrap() error  { return e.Err }

func newError(reason string) error { return &Error{Why: reason} }

// errorf is fmt.Errorf for an *Error: %w wraps as it does there, and an
// error with a Reason (a session's, a room's, a relay's, a game's) among
// args is told by it, so that no prefix sits inside the sentence.
func errorf(format string, args ...any) error {
	args = append([]any(nil), args...)
	for i, a := range args {
		if r, ok := a.(reasoned); ok {
			args[i] = told{r}
		}
	}
	w := fmt.Errorf(format, args...)
	return &Error{Why: w.Error(), Err: errors.Unwrap(w)}
}

// reasoned is an error that says why without its package's prefix: an
// error of this package, of session, room, peer or signal, or a game's.
type reasoned interface {
	error
	Reason() string
}

// told is an error inside another's words: its Reason.
type told struct{ reasoned }

func (t told) Error() string { return t.Reason() }
func (t told) Unwrap() error { return t.reasoned }
