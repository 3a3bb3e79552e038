package peer

import "errors"

// ErrClosed is returned by a connection that this side closed. Every error
// that ends an open link (ErrHungUp, ErrLost, ErrOversize, ErrOverrun)
// matches it with errors.Is, so a caller that only needs to know whether
// the link is gone can test for ErrClosed alone.
var ErrClosed = errors.New("peer: the connection is closed")

// Why an open link ended, as returned by Conn.Err, Recv and Send.
var (
	ErrHungUp   error = &endError{"peer: the other player closed the connection"}
	ErrLost     error = &endError{"peer: the connection to the other player was lost"}
	ErrOversize error = &endError{"peer: the other player sent a message over the size limit"}
	ErrOverrun  error = &endError{"peer: messages arrived faster than they were read"}
)

// Errors of Send on an open link; the link stays open.
var (
	ErrBackedUp = errors.New("peer: the other player is not reading its messages")
	ErrTooLarge = errors.New("peer: the message is over the size limit")
)

// Errors of connecting.
var (
	ErrOpenTimeout = errors.New("peer: the other player did not connect in time")
	ErrUnreachable = errors.New("peer: no network path to the other player was found")
	ErrBadOffer    = errors.New("peer: the connection offer is not valid")
	ErrBadAnswer   = errors.New("peer: the connection answer is not valid")
	ErrAnswered    = errors.New("peer: an answer was already accepted")
	ErrNoNetwork   = errors.New("peer: no network address to connect from")
	ErrSetup       = errors.New("peer: could not set up the connection")
	// ErrNoWebRTC: the browser has no WebRTC (some embedded browsers and
	// locked-down phones). It is an ErrSetup, so a room goes on through its
	// relays, as for any link that cannot be set up.
	ErrNoWebRTC error = &setupError{"peer: this browser has no WebRTC, so it cannot connect to another player directly"}
)

// setupError is an error of connecting that is also an ErrSetup.
type setupError struct{ msg string }

func (e *setupError) Error() string        { return e.msg }
func (e *setupError) Is(target error) bool { return target == ErrSetup }

// endError is an error that ends a link; it is also an ErrClosed.
type endError struct{ msg string }

func (e *endError) Error() string        { return e.msg }
func (e *endError) Is(target error) bool { return target == ErrClosed }
