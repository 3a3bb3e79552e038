package relay

// Errors of a relayed link. Every error that ends one matches ErrClosed
// with errors.Is, so a caller that only needs to know whether the link is
// gone can test for ErrClosed alone.
var (
	ErrClosed  error = &Error{Why: "the relayed link is closed"}
	ErrHungUp  error = &Error{Why: "the other player closed the relayed link", end: true}
	ErrLost    error = &Error{Why: "the relayed link to the other player was lost", end: true}
	errGarbled error = &Error{Why: "the other player sent a garbled relayed message", end: true}
)

// Errors of Send on an open link; the link stays open.
var (
	ErrBackedUp error = &Error{Why: "the other player is not taking the relayed messages"}
	ErrTooLarge error = &Error{Why: "the message is over the size limit"}
)

// Error is an error of this package. Its text is "relay: " and Reason;
// Reason alone is why, in words that may sit inside another sentence (as
// signal.Reason and a room's errors take it).
type Error struct {
	Why string // the reason, without the package's prefix
	end bool   // it ends a link: it matches ErrClosed
}

func (e *Error) Error() string        { return "relay: " + e.Why }
func (e *Error) Reason() string       { return e.Why }
func (e *Error) Is(target error) bool { return e.end && target == ErrClosed }
