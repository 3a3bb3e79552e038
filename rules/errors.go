package rules

import (
	"errors"
	"fmt"
)

// Error is the error a game returns when it refuses something: an action
// (wrapping ErrIllegal, ErrNotPending or ErrGameOver) or a config
// (ErrBadConfig), or the rules package itself when Game is empty (a
// record that does not read, an action not in the legal list). Its text is
// the game's id (or the sentinel's text), a colon and Msg. Callers tell the
// kinds apart with errors.Is, and take Msg, the words a player may read,
// with errors.As: never by cutting the text.
type Error struct {
	Game string // the game's registry id: "rednorth"; "" for the rules package's own
	Msg  string // why, in a player's words: "it is not your turn"
	Err  error  // the sentinel this is an instance of
}

func (e *Error) Error() string {
	switch {
	case e.Game != "":
		return e.Game + ": " + e.Msg
	case e.Err != nil:
		return e.Err.Error() + ": " + e.Msg
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Reason is Msg: why, without the game's id or the sentinel's text, so
// that another package's error that wraps this one, or the sentence a
// player reads, finds it as it finds any error's reason (an interface
// with this method, through errors.As).
func (e *Error) Reason() string { return e.Msg }

// Errorf returns an *Error of game wrapping err (one of the sentinels),
// with the message formatted as fmt.Sprintf does:
//
//	rules.Errorf(ID, rules.ErrBadConfig, "%s has no fixed set-ups", name)
func Errorf(game string, err error, format string, args ...any) error {
	return &Error{Game: game, Msg: fmt.Sprintf(format, args...), Err: err}
}

// Reason is why err refused, in a player's words: an *Error's Msg, or the
// text of any other error.
func Reason(err error) string {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Msg
	}
	return err.Error()
}
