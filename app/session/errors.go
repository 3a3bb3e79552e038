package session

import "longhall/app/internal/reason"

// A failure is an error of this package other than a refusal from the
// host (those are Error, worded from their code): a connection closed, a
// save that cannot be resumed, a room that cannot be opened. It is an
// internal/reason error: its text is "session: " and its Reason, the words
// alone, which another package takes by the Reason method.

func fail(why string) error { return reason.New("session", why) }

// failf is fmt.Errorf for a failure, an error with a Reason among args
// told by it (reason.Errorf).
func failf(format string, args ...any) error { return reason.Errorf("session", format, args...) }
