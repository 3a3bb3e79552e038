package online

import (
	"net/url"
	"strconv"
	"strings"

	"longhall/app/session"
	"longhall/rules"
)

// Invitation is what a room link says about the table before the guest
// has reached the host: the game, who hosts it and how many seats it has,
// so that a friend on a first visit knows what they are joining. It rides
// in the link's fragment beside the room's id and secret (signal ignores
// keys it does not know), so the web server never sees it either.
type Invitation struct {
	Game  string // a registered game id, or "" when the link has none
	Host  string // the host's name
	Seats int    // seats at the table, 0 when unknown
}

// maxInviteName bounds the host's name read from a link.
const maxInviteName = 24

// Fragment is the invitation as fragment keys to append to a room link.
func (in Invitation) Fragment() string {
	v := url.Values{}
	if in.Game != "" {
		v.Set("g", in.Game)
	}
	if in.Host != "" {
		v.Set("h", in.Host)
	}
	if in.Seats > 0 {
		v.Set("n", strconv.Itoa(in.Seats))
	}
	return v.Encode()
}

// ReadInvitation reads what a room link's fragment says about the table.
// Links are typed, pasted and cut short: anything missing, unknown or out
// of range is left out rather than refused, since the room itself is read
// by signal.ParseLink.
func ReadInvitation(fragment string) Invitation {
	if i := strings.IndexByte(fragment, '#'); i >= 0 {
		fragment = fragment[i+1:]
	}
	v, _ := url.ParseQuery(fragment)
	var in Invitation
	if g := v.Get("g"); g != "" {
		if _, err := rules.Lookup(g); err == nil {
			in.Game = g
		}
	}
	in.Host = session.Clean(v.Get("h"), maxInviteName)
	if n, err := strconv.Atoi(v.Get("n")); err == nil && n >= 1 && n <= 8 {
		in.Seats = n
	}
	return in
}
