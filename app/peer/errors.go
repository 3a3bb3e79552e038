package peer

import "longhall/app/internal/reason"

// ErrClosed is returned by a connection that this side closed. Every error
// that ends an open link (ErrHungUp, ErrLost, ErrOversize, ErrOverrun)
// matches it with errors.Is, so a caller that only needs to know whether
// the link is gone can test for ErrClosed alone.
var ErrClosed = newError("the connection is closed")

// Why an open link ended, as returned by Conn.Err, Recv and Send.
var (
	ErrHungUp   error = &endError{"the other player closed the connection"}
	ErrLost     error = &endError{"the connection to the other player was lost"}
	ErrOversize error = &endError{"the other player sent a message over the size limit"}
	ErrOverrun  error = &endError{"messages arrived faster than they were read"}
)

// Errors of Send on an open link; the link stays open.
var (
	ErrBackedUp = newError("the other player is not reading its messages")
	ErrTooLarge = newError("the message is over the size limit")
)

// Errors of connecting.
var (
	ErrOpenTimeout = newError("the other player did not connect in time")
	ErrUnreachable = newError("no network path to the other player was found")
	ErrBadOffer    = newError("the connection offer is not valid")
	ErrBadAnswer   = newError("the connection answer is not valid")
	ErrAnswered    = newError("an answer was already accepted")
	ErrNoNetwork   = newError("no network address to connect from")
	ErrSetup       = newError("could not set up the connection")
	// ErrNoWebRTC: the browser has no WebRTC (some embedded browsers and
	// locked-down phones). It is an ErrSetup, so a room goes on through its
	// relays, as for any link that cannot be set up.
	ErrNoWebRTC error = &setupError{"this browser has no WebRTC, so it cannot connect to another player directly"}
)

// Error is an error of this package (internal/reason): its text is
// "peer: " and its Reason, the words alone, which may sit inside another
// sentence ("the link did not open: " + Reason).
type Error = reason.Error

func newError(why string) error { return reason.New("peer", why) }

// errorf is fmt.Errorf for an error of this package, an error with a
// Reason among args told by it (reason.Errorf).
func errorf(format string, args ...any) error { return reason.Errorf("peer", format, args...) }

// setupError is an error of connecting that is also an ErrSetup.
type setupError struct{ why string }

func (e *setupError) Error() string        { return "peer: " + e.why }
func (e *setupError) Reason() string       { return e.why }
func (e *setupError) Is(target error) bool { return target == ErrSetup }

// endError is an error that ends a link; it is also an ErrClosed.
type endError struct{ why string }

func (e *endError) Error() string        { return "peer: " + e.why }
func (e *endError) Reason() string       { return e.why }
func (e *endError) Is(target error) bool { return target == ErrClosed }
