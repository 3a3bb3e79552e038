package room

import "longhall/app/internal/reason"

// Error is an error of this package (internal/reason): its text is "room: "
// and its Reason, the words alone, which may sit inside another sentence.
type Error = reason.Error

// errorf is fmt.Errorf for an error of this package, an error with a
// Reason among args told by it (reason.Errorf).
func errorf(format string, args ...any) error { return reason.Errorf("room", format, args...) }
