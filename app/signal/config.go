package signal

import (
	"fmt"
	"net/url"
	"slices"
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
	// STUN lists the ICE servers the app gives its RTCPeerConnection
	// (stun:, stuns:, turn: or turns: URLs). Signaling does not use them;
	// they live here so that every network setting is in one place.
	STUN []string
	// NoBroadcast leaves out the BroadcastChannel between tabs.
	NoBroadcast bool
}

// DefaultConfig returns the default lists, fresh copies each time.
func DefaultConfig() Config {
	return Config{
		Trackers: []string{
			"wss://tracker.openwebtorrent.com",
			"wss://tracker.webtorrent.dev",
			"wss://tracker.btorrent.xyz",
		},
		Relays: []string{
			"wss://relay.damus.io",
			"wss://nos.lol",
			"wss://relay.nostr.band",
		},
		STUN: []string{
			"stun:stun.l.google.com:19302",
			"stun:stun.cloudflare.com:3478",
		},
	}
}

// Validate checks every address in the lists.
func (c Config) Validate() error {
	for _, u := range c.Trackers {
		if err := checkWS(u); err != nil {
			return fmt.Errorf("%w (tracker)", err)
		}
	}
	for _, u := range c.Relays {
		if err := checkWS(u); err != nil {
			return fmt.Errorf("%w (Nostr relay)", err)
		}
	}
	for _, u := range c.STUN {
		p, err := url.Parse(u)
		if err != nil || !slices.Contains([]string{"stun", "stuns", "turn", "turns"}, p.Scheme) || p.Opaque == "" {
			return fmt.Errorf("signal: %q is not a stun: or turn: address", u)
		}
	}
	return nil
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
