package signal

import "longhall/app/internal/reason"

// Error is an error of this package (internal/reason): its text is
// "signal: " and its Reason, the words alone, which may sit inside another
// sentence ("the room could not be opened: " + Reason).
type Error = reason.Error

func newError(why string) error { return reason.New("signal", why) }

// errorf is fmt.Errorf for an error of this package, an error with a
// Reason among args told by it (reason.Errorf).
func errorf(format string, args ...any) error { return reason.Errorf("signal", format, args...) }

// Reason is why err happened, without its package's prefix when it has a
// Reason (this package's errors, a relayed link's), and the whole text of
// any other.
func Reason(err error) string { return reason.Of(err) }
