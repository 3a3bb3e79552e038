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

// errorf is fmt.Errorf for an *Error: %w wraps as it does there.
func errorf(format string, args ...any) error {
	w := fmt.Errorf(format, args...)
	return &Error{Why: w.Error(), Err: errors.Unwrap(w)}
}

// Reason is why err happened, without this package's prefix when it is one
// of this package's errors (an *Error, a relay's error, a link's end, no
// answer), and the whole text of any other.
func Reason(err error) string {
	if r, ok := err.(interface{ Reason() string }); ok {
		return r.Reason()
	}
	return err.Error()
}
