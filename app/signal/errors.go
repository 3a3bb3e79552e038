package signal

import (
	"errors"
	"fmt"
)

// Error is an error of this package. Its text is "signal: " and Reason;
// Reason alone is why, in words that may sit inside another sentence
// ("the room could not be opened: " + Reason). Take it with Reason(err),
// never by cutting the prefix off the text.
type Error struct {
	Why string // the reason, without the package's prefix
	Err error  // what it wraps, if anything
}

func (e *Error) Error() string  { return "signal: " + e.Why }
func (e *Error) Reason() string { return e.Why }
func (e *Error) Unwrap() error  { return e.Err }

func newError(reason string) error { return &Error{Why: reason} }

// errorf is fmt.Errorf for an *Error: %w wraps as it does there, and an
// error of this package among args is told by its Reason.
func errorf(format string, args ...any) error {
	args = append([]any(nil), args...)
	for i, a := range args {
		if e, ok := a.(error); ok {
			if _, ok := e.(interface{ Reason() string }); ok {
				args[i] = told{e}
			}
		}
	}
	w := fmt.Errorf(format, args...)
	return &Error{Why: w.Error(), Err: errors.Unwrap(w)}
}

// told is an error of this package inside another's words: its Reason.
type told struct{ err error }

func (t told) Error() string { return Reason(t.err) }
func (t told) Unwrap() error { return t.err }

// Reason is why err happened, without this package's prefix when it is one
// of this package's errors (an *Error, a relay's error, no answer) or of
// app/relay's (a relayed link's end), and the whole text of any other.
func Reason(err error) string {
	if r, ok := err.(interface{ Reason() string }); ok {
		return r.Reason()
	}
	return err.Error()
}
