package signal

import (
	"bytes"
	"crypto/sha256"
	"slices"
	"sort"
	"strings"
)

// Config lists the public services a room uses. The defaults are public
// services that exist today; a player or a deployment may replace any list
// (settings page, build flag, local storage), and host and guests need at
// least one tracker or relay in common.
type Config struct {
	// Trackers are WebTorrent trackers (ws:// or wss://).
	Trackers []string
	// Relays are Nostr relays (ws:// or wss://).
	Relays []string
	// STUN lists the STUN servers the app gives its RTCPeerConnection
	// (stun: or stuns: addresses; a turn: address needs credentials, so it
	// belongs in TURN). Signaling uses neither STUN nor TURN; they live here
	// so that every network setting is in one place (see ICEServers).
	STUN []string
	// TURN lists TURN servers, each entry with the username and credential
	// its turn: and turns: addresses need.
	TURN []ICEServer
	// TURNCredentialsURL, when set, is an address (http(s), or a path on
	// the site) that the page fetches more ICE servers from when a room
	// starts, in ParseICEServers' JSON: a TURN provider's short-lived
	// credentials, handed out by a small function of the site's.
	TURNCredentialsURL string
	// NoBroadcast leaves out the BroadcastChannel between tabs.
	NoBroadcast bool
}

// DefaultConfig returns the default lists, fresh copies each time. They
// are long on purpose: public relays come and go, so a room uses a handful
// of each, chosen from the room's id (see ForRoom), and one dead relay
// never decides whether friends meet. The Nostr relays are general-purpose
// relays that pass on ephemeral events (kind 2xxxx), which is all a room
// sends; indexers and paid relays are left out.
func DefaultConfig() Config {
	return Config{
		Trackers: []string{
			"wss://tracker.openwebtorrent.com",
			"wss://tracker.webtorrent.dev",
			"wss://tracker.btorrent.xyz",
			"wss://tracker.files.fm:7073/announce",
			"wss://tracker.ghostchu-services.top",
		},
		Relays: []string{
			"wss://relay.damus.io",
			"wss://nos.lol",
			"wss://relay.primal.net",
			"wss://nostr.mom",
			"wss://relay.snort.social",
			"wss://offchain.pub",
			"wss://nostr.bitcoiner.social",
			"wss://relay.nostr.bg",
			"wss://nostr.oxtr.dev",
			"wss://relay.nostr.net",
			"wss://nostr-pub.wellorder.net",
			"wss://nostr.vulpem.com",
			"wss://nostr.data.haus",
			"wss://relay.verified-nostr.com",
			"wss://nostr.einundzwanzig.space",
			"wss://relay.nostromo.social",
			"wss://relay.fountain.fm",
			"wss://purplerelay.com",
		},
		STUN: []string{
			"stun:stun.l.google.com:19302",
			"stun:stun.cloudflare.com:3478",
		},
	}
}

// How many of each list one room uses. A handful of independent relays
// makes a room robust to a few dead ones; using every relay would open
// two dozen sockets per player and spread rooms' traffic on every relay.
const (
	RoomTrackers = 3
	RoomRelays   = 5
)

// ForRoom picks the trackers and relays a room uses: up to RoomTrackers
// and RoomRelays of the lists, chosen by rendezvous hashing of the room's
// id with each address. Host and guests hold the same id, so they choose
// the same handful with no word between them; different rooms spread over
// the whole list; and a list that gains or loses an address changes the
// choice of few rooms. STUN and the BroadcastChannel are kept as they are.
func (c Config) ForRoom(r Room) Config {
	out := c
	out.Trackers = pick(c.Trackers, r, RoomTrackers)
	out.Relays = pick(c.Relays, r, RoomRelays)
	return out
}

// pick keeps the n addresses of list whose hash with the room id ranks
// highest, in that order.
func pick(list []string, r Room, n int) []string {
	if len(list) <= n {
		return slices.Clone(list)
	}
	type ranked struct {
		addr  string
		score [32]byte
	}
	rs := make([]ranked, len(list))
	for i, a := range list {
		h := sha256.New()
		h.Write(r.ID[:])
		h.Write([]byte(a))
		copy(rs[i].score[:], h.Sum(nil))
		rs[i].addr = a
	}
	// sort.Slice: see "Code size" in docs/ARCHITECTURE.md.
	sort.Slice(rs, func(i, j int) bool { return bytes.Compare(rs[j].score[:], rs[i].score[:]) < 0 })
	out := make([]string, n)
	for i := range out {
		out[i] = rs[i].addr
	}
	return out
}

// Validate checks every address in the lists, and that every TURN
// address has a username and a credential (ErrTURNCredentials).
func (c Config) Validate() error {
	for _, u := range c.Trackers {
		if err := checkWS(u); err != nil {
			return errorf("%w (tracker)", err)
		}
	}
	for _, u := range c.Relays {
		if err := checkWS(u); err != nil {
			return errorf("%w (Nostr relay)", err)
		}
	}
	for _, u := range c.STUN {
		if err := checkICEURL(u); err != nil {
			return err
		}
		if isTURN(u) {
			return errorf("%w; %s is listed as a STUN server, without them", ErrTURNCredentials, u)
		}
	}
	if err := checkICE(c.TURN); err != nil {
		return err
	}
	return checkFetchURL(c.TURNCredentialsURL)
}

// Signaler races everything the config lists: the BroadcastChannel first,
// then the trackers, then the Nostr relays.
func (c Config) Signaler() Race {
	var r Race
	if !c.NoBroadcast {
		r.Signalers = append(r.Signalers, Broadcast{})
	}
	for _, u := range c.Trackers {
		r.Signalers = append(r.Signalers, Tracker{URL: u})
	}
	for _, u := range c.Relays {
		r.Signalers = append(r.Signalers, Nostr{URL: u})
	}
	return r
}

// ParseList reads a list of addresses as a player types it: separated by
// spaces, commas or new lines, duplicates dropped.
func ParseList(text string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(text, func(r rune) bool {
		return r == ',' || r == ';' || r == ' ' || r == '\n' || r == '\r' || r == '\t'
	}) {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}
