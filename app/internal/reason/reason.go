// Package reason gives the app's errors their reason: why, in words that
// may sit inside another sentence, without the "package: " prefix their
// text carries. The words a player reads are made from the reason (online's
// Words), never by cutting the prefix off the text. Each package that
// makes such errors (online, room, peer, signal, session) names its own
// prefix here and writes nothing else of the pattern.
package reason

import (
	"errors"
	"fmt"
)

// Error is an error of package Pkg: its text is Pkg, ": " and Why.
type Error struct {
	Pkg string // the package, the text's prefix
	Why string // the reason, without the prefix
	Err error  // what it wraps, if anything
}

func (e *Error) Error() string  { return e.Pkg + ": " + e.Why }
func (e *Error) Reason() string { return e.Why }
func (e *Error) Unwrap() error  { return e.Err }

// New is an error of pkg whose reason is why.
func New(pkg, why string) error { return &Error{Pkg: pkg, Why: why} }

// Errorf is fmt.Errorf for an error of pkg: %w wraps as it does there, and
// an error with a Reason among args (any package's, or a game's) is told
// by it, so that no prefix sits inside the sentence.
func Errorf(pkg, format string, args ...any) error {
	args = append([]any(nil), args...)
	for i, a := range args {
		if r, ok := a.(Reasoned); ok {
			args[i] = told{r}
		}
	}
	w := fmt.Errorf(format, args...)
	return &Error{Pkg: pkg, Why: w.Error(), Err: errors.Unwrap(w)}
}

// Reasoned is an error that says why without its package's prefix.
type Reasoned interface {
	error
	Reason() string
}

// Of is why err happened: its Reason when it has one, else its text.
func Of(err error) string {
	if r, ok := err.(Reasoned); ok {
		return r.Reason()
	}
	return err.Error()
}

// told is an error inside another's words: its Reason.
type told struct{ Reasoned }

func (t told) Error() string { return t.Reason() }
func (t told) Unwrap() error { return t.Reasoned }
