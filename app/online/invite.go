package online

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
)

// Invitation is what a room link says about the table before the guest
// has reached the host: the game, who hosts it and how many seats it has,
// so that a friend on a first visit knows what they are joining. It rides
// in the link's fragment beside the room's id and secret (signal ignores
// keys it does not know), so the web server never sees it either.
//
// A host may also share its own TURN servers with its guests (its choice,
// Settings.ShareTURN, off by default): they ride in the link too, with
// their credentials, which anyone who has the link can then read and use.
type Invitation struct {
	Game  string // a registered game id, or "" when the link has none
	Host  string // the host's name
	Seats int    // seats at the table, 0 when unknown
	// TURN are the host's TURN servers with their credentials, when the
	// host shares them.
	TURN []TURNServer
	// TURNErr says why the link's TURN servers were left out, nil when
	// the link has none or they are fine.
	TURNErr error
}

// maxInviteName bounds the host's name read from a link.
const maxInviteName = 24

// The link's TURN servers are the key "ice": base64url (no padding) of
// their JSON, as signal.ParseICEServers reads it. maxInviteTURN bounds it.
const (
	inviteTURNKey = "ice"
	maxInviteTURN = 4 << 10
)

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
	if len(in.TURN) > 0 {
		if data, err := json.Marshal(in.TURN); err == nil {
			v.Set(inviteTURNKey, base64.RawURLEncoding.EncodeToString(data))
		}
	}
	return v.Encode()
}

// ReadInvitation reads what a room link's fragment says about the table.
// Links are typed, pasted and cut short: anything missing, unknown or out
// of range is left out rather than refused, since the room itself is read
// by signal.ParseLink; TURN servers left out say why in TURNErr.
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
	if s := v.Get(inviteTURNKey); s != "" {
		in.TURN, in.TURNErr = readInviteTURN(s)
	}
	return in
}

// readInviteTURN reads the TURN servers a link carries. They are checked
// as strictly as every other entry point checks them: servers a browser
// would refuse (a TURN address without credentials) would break the
// guest's every connection, so a link with one brings none, and says why.
func readInviteTURN(s string) ([]TURNServer, error) {
	fail := func(why string) error {
		return errorf("the TURN servers in this room link were left out: %s", why)
	}
	if len(s) > maxInviteTURN {
		return nil, fail("they are too long")
	}
	data, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, fail("they are damaged; ask the host to send the link again")
	}
	list, err := signal.ParseICEServers(data)
	if err == nil {
		err = signal.Config{TURN: list}.Validate()
	}
	if err != nil {
		return nil, errorf("the TURN servers in this room link were left out (%w)", err)
	}
	return list, nil
}
