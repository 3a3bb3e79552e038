package signal

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// ICEServer is a set of ICE server addresses with the username and
// credential they share, in the shape of the browser's RTCIceServer and of
// the JSON that TURN providers' credential endpoints return:
//
//	{"urls": ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
//	 "username": "1700000000:longhall", "credential": "…"}
//
// A turn: or turns: address needs both a username and a credential: a
// browser refuses to build any peer connection with a TURN server that
// lacks them. stun: and stuns: addresses take none; credentials given with
// them are ignored (Config.ICEServers drops them), since providers often
// list their STUN addresses in the same entry as their TURN ones.
type ICEServer struct {
	URLs       []string `json:"urls"`
	Username   string   `json:"username,omitempty"`
	Credential string   `json:"credential,omitempty"`
}

// Bounds on ICE servers read from outside (a site's settings, a player's,
// a room link, a credential endpoint's answer).
const (
	MaxICEServers  = 8        // entries in one list
	MaxICEURLs     = 16       // addresses in one entry
	MaxICEJSON     = 16 << 10 // bytes of JSON
	maxICEURL      = 256      // bytes of one address
	maxICESecret   = 512      // bytes of a username or credential
	maxFetchURLLen = 2 << 10  // bytes of a credential endpoint's address
)

// ErrTURNCredentials: a TURN address came without a username and a
// credential. The error that wraps it names the address.
var ErrTURNCredentials = newError("a TURN server needs a username and a credential")

// ErrICEJSON: ICE servers given as JSON that is not in the common shape.
var ErrICEJSON = newError(`the ICE servers are not JSON in the usual shape ([{"urls": [...], "username": "...", "credential": "..."}])`)

// isTURN says whether an address is a TURN one (turn: or turns:).
func isTURN(u string) bool { return strings.HasPrefix(u, "turn:") || strings.HasPrefix(u, "turns:") }

// checkICEURL checks an ICE server address as strictly as browsers parse
// it (RFC 7064 and 7065): one bad address makes the browser refuse the
// whole peer connection, so every room would fail.
func checkICEURL(u string) error {
	scheme, rest, _ := strings.Cut(u, ":")
	hostport, query, hasQuery := strings.Cut(rest, "?")
	turn := scheme == "turn" || scheme == "turns"
	if len(u) > maxICEURL || !turn && scheme != "stun" && scheme != "stuns" || !hostPort(hostport) ||
		hasQuery && !(turn && query == "transport=tcp" || scheme == "turn" && query == "transport=udp") {
		return errorf("%q is not a STUN or TURN address (stun:host:port, turn:host:port, with ?transport=udp or tcp if need be; turns: over tcp only)", u)
	}
	return nil
}

// hostPort checks a host name, an IPv4 address or an IPv6 one in [ ],
// with an optional port from 1 to 65535.
func hostPort(s string) bool {
	host, port, hasPort := s, "", false
	if i := strings.LastIndexByte(s, ':'); i >= 0 && i > strings.LastIndexByte(s, ']') {
		host, port, hasPort = s[:i], s[i+1:], true
	}
	if hasPort {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || port[0] == '+' || port[0] == '-' {
			return false
		}
	}
	chars := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_"
	if v6, ok := strings.CutPrefix(host, "["); ok {
		host, ok = strings.CutSuffix(v6, "]")
		if !ok {
			return false
		}
		chars = "0123456789abcdefABCDEF:."
	}
	return host != "" && strings.Trim(host, chars) == ""
}

// Check checks one entry: its addresses, and a username and a credential
// wherever it has a TURN address.
func (s ICEServer) Check() error {
	if len(s.URLs) == 0 {
		return newError("an ICE server entry has no address")
	}
	if len(s.URLs) > MaxICEURLs {
		return errorf("an ICE server entry has more than %d addresses", MaxICEURLs)
	}
	for _, secret := range []string{s.Username, s.Credential} {
		if len(secret) > maxICESecret || strings.ContainsAny(secret, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\v\f\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f") {
			return errorf("a TURN username or credential is too long (over %d bytes) or holds a control character", maxICESecret)
		}
	}
	for _, u := range s.URLs {
		if err := checkICEURL(u); err != nil {
			return err
		}
		if isTURN(u) && (s.Username == "" || s.Credential == "") {
			return errorf("%w; %s has none", ErrTURNCredentials, u)
		}
	}
	return nil
}

// checkICE checks a list of entries.
func checkICE(list []ICEServer) error {
	if len(list) > MaxICEServers {
		return errorf("more than %d TURN server entries", MaxICEServers)
	}
	for _, s := range list {
		if err := s.Check(); err != nil {
			return err
		}
	}
	return nil
}

// checkFetchURL checks the address of a credential endpoint: http(s) or a
// path on the site itself, with no user name or password in it (fetch
// refuses those) and no spaces.
func checkFetchURL(u string) error {
	rest, abs := strings.CutPrefix(u, "https://")
	if !abs {
		rest, abs = strings.CutPrefix(u, "http://")
	}
	host, _, _ := strings.Cut(rest, "/")
	ok := abs && host != "" && !strings.Contains(host, "@") || !abs && strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//")
	if u != "" && (!ok || len(u) > maxFetchURLLen || strings.ContainsAny(u, " \t\r\n")) {
		return errorf("the TURN credentials address %q is neither an http(s):// address nor a path on this site (/…), with no user name or password", u)
	}
	return nil
}

// ParseICEServers reads ICE servers as JSON in the common shape: a list
// of RTCIceServer entries, or an object that holds one as "iceServers",
// as TURN providers' credential endpoints return them ("urls" may be one
// string or a list; other fields are ignored). Every entry is checked
// (Check): one bad entry refuses the whole list, with an error that says
// which address and why.
func ParseICEServers(data []byte) ([]ICEServer, error) {
	if len(data) > MaxICEJSON {
		return nil, errorf("the ICE servers' JSON is too long (over %d bytes)", MaxICEJSON)
	}
	// Decoded into any and walked, rather than into structs: the types
	// json would need cost app.wasm more than this code.
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, errorf("%w: %v", ErrICEJSON, err)
	}
	if m, ok := doc.(map[string]any); ok {
		doc = m["iceServers"]
	}
	list, ok := doc.([]any)
	if !ok {
		return nil, ErrICEJSON
	}
	out := make([]ICEServer, len(list))
	for i, e := range list {
		m, _ := e.(map[string]any)
		urls, isList := m["urls"].([]any)
		u, isString := m["urls"].(string)
		if isString {
			urls = []any{u}
		}
		ok = isList || isString || m["urls"] == nil
		s := &out[i]
		for _, u := range urls {
			text, isString := u.(string)
			ok = ok && isString
			s.URLs = append(s.URLs, text)
		}
		user, userOK := m["username"].(string)
		credential, credentialOK := m["credential"].(string)
		s.Username, s.Credential = user, credential
		if m == nil || !ok || !userOK && m["username"] != nil || !credentialOK && m["credential"] != nil {
			return nil, errorf("%w: an entry of the wrong shape", ErrICEJSON)
		}
	}
	if err := checkICE(out); err != nil {
		return nil, err
	}
	return out, nil
}

// ICEServers is what a peer connection is given: the STUN addresses
// together in one entry with no credentials (the STUN list, then any
// STUN addresses of the TURN entries, whose credentials are dropped), then
// each TURN entry's TURN addresses with its own username and credential,
// once. It expects a Config that passed Validate.
func (c Config) ICEServers() []ICEServer {
	var stun []string
	var out []ICEServer
	for _, s := range append([]ICEServer{{URLs: c.STUN}}, c.TURN...) {
		var turn []string
		for _, u := range s.URLs {
			if isTURN(u) {
				turn = append(turn, u)
			} else if !slices.Contains(stun, u) {
				stun = append(stun, u)
			}
		}
		e := ICEServer{URLs: turn, Username: s.Username, Credential: s.Credential}
		for _, o := range out {
			if slices.Equal(o.URLs, e.URLs) && o.Username == e.Username && o.Credential == e.Credential {
				turn = nil // the same server twice (a player's own, shared back in a link)
			}
		}
		if len(turn) > 0 {
			out = append(out, e)
		}
	}
	if len(stun) > 0 {
		out = append([]ICEServer{{URLs: stun}}, out...)
	}
	return out
}
