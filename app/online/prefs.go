package online

import "longhall/app/session"

// The choices of automatic answers (session.Prefs.AutoPass), for the
// pages, which see online and not the session below it.
const (
	AutoPassOff     = session.AutoPassOff
	AutoPassNothing = session.AutoPassNothing
	AutoPassAlways  = session.AutoPassAlways
)

// BotName names the bot of a level in seat i, the same at every table
// (session.BotName).
func BotName(i int, level string) string { return session.BotName(i, level) }

// Limits bound what each guest of a room may do (session.Limits).
type Limits = session.Limits

// The standing passes a player may ask for (session.Prefs.PassUntil).
const (
	PassTurn  = session.PassTurn
	PassRound = session.PassRound
	PassOff   = session.PassOff
)

// DefaultBotDelay is the bots' pace at a table (session.DefaultBotDelay).
const DefaultBotDelay = session.DefaultBotDelay
