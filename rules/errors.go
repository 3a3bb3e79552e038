package rules

import "fmt"

// Error is the error a game returns when it refuses something: an action
// (wrapping ErrIllegal, ErrNotPending or ErrGameOver) or a config
// (ErrBadConfig). Its text is the game's id, a colon and Msg, in words
// safe to show a player once the app strips the "<game>: " prefix; callers
// tell the kinds apart with errors.Is.
type Error struct {
	Game string // the game's registry id: "rednorth"
	Msg  string // why, in a player's words: "it is not your turn"
	Err  error  // the sentinel this is an instance of
}

func (e *Error) Error() string {
	if e.Game == "" {
		return e.Msg
	}
	return e.Game + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error of game wrapping err (one of the sentinels),
// with the message formatted as fmt.Sprintf does:
//
//	rules.Errorf(ID, rules.ErrBadConfig, "%s has no fixed set-ups", name)
func Errorf(game string, err error, format string, args ...any) error {
	return &Error{Game: game, Msg: fmt.Sprintf(format, args...), Err: err}
}
