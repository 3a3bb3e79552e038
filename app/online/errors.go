package online

import "longhall/app/internal/reason"

// Error is an error of this package (internal/reason): its text is
// "online: " and its Reason, the words alone, which may sit inside another
// sentence and from which the words a player reads are made (Words).
type Error = reason.Error

func newError(why string) error { return reason.New("online", why) }

// errorf is fmt.Errorf for an error of this package, an error with a
// Reason among args told by it (reason.Errorf).
func errorf(format string, args ...any) error { return reason.Errorf("online", format, args...) }
