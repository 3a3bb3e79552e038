package online

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"longhall/app/peer"
	"longhall/app/signal"
)

// Deployment settings: a site may name its own relays, STUN and TURN
// servers (`longhall serve` and `dist` pass them to the page as these
// variables). A list is separated by spaces or commas; "none" means an
// empty list.
const (
	EnvTrackers = "LONGHALL_TRACKERS"
	EnvRelays   = "LONGHALL_RELAYS"
	EnvSTUN     = "LONGHALL_STUN"
	// EnvTURN is TURN servers with their credentials, as JSON in the
	// common shape: [{"urls": ["turn:…"], "username": "…", "credential": "…"}]
	// (see signal.ParseICEServers), or "none".
	EnvTURN = "LONGHALL_TURN"
	// EnvTURNCredentialsURL is an address the page fetches TURN servers
	// with short-lived credentials from when a room starts, in the same
	// JSON (or {"iceServers": […]}).
	EnvTURNCredentialsURL = "LONGHALL_TURN_CREDENTIALS_URL"
	// EnvDirectEvery is how long a guest playing through the relays waits
	// before it tries for a direct link again (Net.DirectEvery), as a Go
	// duration ("30s"); at least MinDirectEvery.
	EnvDirectEvery = "LONGHALL_DIRECT_EVERY"
	// EnvTakeOverAfter is how long a successor's link to the host must be
	// down before it hosts the room (Net.TakeOverAfter), as a Go duration;
	// at least MinTakeOverAfter.
	EnvTakeOverAfter = "LONGHALL_TAKE_OVER_AFTER"
)

// MinTakeOverAfter is the least EnvTakeOverAfter a site may set: a
// successor must not take a room over from a host that is only reloading.
const MinTakeOverAfter = 5 * time.Second

// siteTakeOverAfter reads EnvTakeOverAfter: zero (the default) when it is
// not set or not a duration of at least MinTakeOverAfter.
func siteTakeOverAfter(getenv func(string) string) time.Duration {
	d, err := time.ParseDuration(strings.TrimSpace(getenv(EnvTakeOverAfter)))
	if err != nil || d < MinTakeOverAfter {
		return 0
	}
	return d
}

// MinDirectEvery is the least EnvDirectEvery a site may set.
const MinDirectEvery = time.Second

// siteDirectEvery reads EnvDirectEvery: zero (the default) when it is not
// set or not a duration of at least MinDirectEvery.
func siteDirectEvery(getenv func(string) string) time.Duration {
	d, err := time.ParseDuration(strings.TrimSpace(getenv(EnvDirectEvery)))
	if err != nil || d < MinDirectEvery {
		return 0
	}
	return d
}

const settingsKey = "longhall.net"

// TURNServer is a TURN server with its credentials: one or more turn: or
// turns: addresses (stun: ones may come along), a username and a
// credential.
type TURNServer = signal.ICEServer

// Settings are a player's own lists, kept on the device. A nil list keeps
// the deployment's (or the built-in) one; an empty list means none.
type Settings struct {
	Trackers []string `json:"trackers"`
	Relays   []string `json:"relays"`
	STUN     []string `json:"stun"`
	// TURN replaces the site's TURN servers, those it fetches included.
	TURN []TURNServer `json:"turn"`
	// ShareTURN puts the player's own TURN servers, credentials and all,
	// in the links of the rooms this device hosts, so that guests use them
	// too (see Invitation.TURN). Off unless the player turns it on.
	ShareTURN bool `json:"shareTURN,omitempty"`
}

// SiteConfig works out the site's lists: the built-in defaults, replaced
// list by list by the deployment's variables (getenv). A variable that
// does not validate is left out, the built-in value staying in its place,
// and the first one is reported; the other variables are still used.
func SiteConfig(getenv func(string) string) (signal.Config, error) {
	cfg := signal.DefaultConfig()
	var bad error
	for _, env := range []string{EnvTrackers, EnvRelays, EnvSTUN, EnvTURN, EnvTURNCredentialsURL} {
		s := strings.TrimSpace(getenv(env))
		if s == "" {
			continue
		}
		var list []string
		if s != "none" {
			list = signal.ParseList(s)
		}
		next, err := cfg, error(nil)
		switch env {
		case EnvTrackers:
			next.Trackers = list
		case EnvRelays:
			next.Relays = list
		case EnvSTUN:
			next.STUN = list
		case EnvTURN:
			next.TURN = nil
			if s != "none" {
				next.TURN, err = signal.ParseICEServers([]byte(s))
			}
		default:
			next.TURNCredentialsURL = s
		}
		if err == nil {
			err = next.Validate()
		}
		if err != nil {
			bad = cmp.Or(bad, err)
			continue
		}
		cfg = next
	}
	if bad != nil {
		return cfg, errorf("this site's network settings are wrong, so the built-in ones are used in their place (%w)", bad)
	}
	return cfg, nil
}

// LoadSettings reads the player's own settings; none kept is the zero
// Settings.
func LoadSettings(st Store) (Settings, error) {
	var mine Settings
	if st == nil {
		return mine, nil
	}
	if err := st.Get(settingsKey, &mine); err != nil {
		return Settings{}, errorf("your saved network settings cannot be read (%v)", err)
	}
	return mine, nil
}

// apply puts the player's lists over cfg.
func (s Settings) apply(cfg signal.Config) signal.Config {
	if s.Trackers != nil {
		cfg.Trackers = s.Trackers
	}
	if s.Relays != nil {
		cfg.Relays = s.Relays
	}
	if s.STUN != nil {
		cfg.STUN = s.STUN
	}
	if s.TURN != nil {
		cfg.TURN, cfg.TURNCredentialsURL = s.TURN, ""
	}
	return cfg
}

// NetConfig works out the lists to use: the site's (SiteConfig), replaced
// list by list by the player's saved settings. Settings that do not
// validate are not used; the first problem is reported.
func NetConfig(getenv func(string) string, st Store) (signal.Config, error) {
	cfg, siteErr := SiteConfig(getenv)
	mine, err := LoadSettings(st)
	if err != nil {
		return cfg, cmp.Or(err, siteErr)
	}
	next := mine.apply(cfg)
	if err := next.Validate(); err != nil {
		return cfg, errorf("your saved network settings are wrong and were not used (%w)", err)
	}
	return next, siteErr
}

// SiteSettings are the site's own lists (SiteConfig) in the shape of a
// player's Settings, for the player to see and start from; fetches says
// whether the site also hands out short-lived TURN servers when a room
// starts.
func SiteSettings(getenv func(string) string) (s Settings, fetches bool) {
	cfg, _ := SiteConfig(getenv)
	return Settings{Trackers: cfg.Trackers, Relays: cfg.Relays, STUN: cfg.STUN, TURN: cfg.TURN}, cfg.TURNCredentialsURL != ""
}

// ParseList reads a list of addresses as a player types it: separated by
// spaces, commas or new lines, duplicates dropped.
func ParseList(text string) []string { return signal.ParseList(text) }

// SaveSettings checks and keeps a player's own lists. Settings that do
// not validate are refused with the reason, and what was kept before
// stays as it was.
func SaveSettings(st Store, s Settings) error {
	cfg := signal.Config{Trackers: s.Trackers, Relays: s.Relays, STUN: s.STUN, TURN: s.TURN}
	if err := cfg.Validate(); err != nil {
		return err
	}
	if s.Trackers != nil && s.Relays != nil && len(s.Trackers)+len(s.Relays) == 0 {
		return newError("keep at least one tracker or Nostr relay: rooms find each other through them")
	}
	if s.ShareTURN && len(s.TURN) == 0 {
		s.ShareTURN = false // nothing of the player's own to share
	}
	return st.Set(settingsKey, s)
}

// ForgetSettings goes back to the site's settings.
func ForgetSettings(st Store) { st.Del(settingsKey) }

// NetFor turns the lists into what a room needs to connect: one ICE server
// for the STUN addresses, one per TURN entry with its credentials (see
// signal.Config.ICEServers).
func NetFor(cfg signal.Config) Net {
	var p peer.Config
	for _, s := range cfg.ICEServers() {
		p.ICEServers = append(p.ICEServers, peer.ICEServer{URLs: s.URLs, Username: s.Username, Credential: s.Credential})
	}
	return Net{Relays: cfg, Peer: p}
}

// Fetcher gets a small document from an address: the browser's fetch in
// the page (fetch_js.go), a plain HTTP client natively (fetch_other.go).
// It returns at most limit+1 bytes, so that a caller can tell a document
// that is too long, and gives up when ctx ends.
type Fetcher interface {
	Fetch(ctx context.Context, url string, limit int) ([]byte, error)
}

// TURNFetchTimeout bounds the fetch of a site's TURN credentials: a room
// waits for it before it starts.
const TURNFetchTimeout = 5 * time.Second

// FetchTURN asks the site's credentials address (cfg.TURNCredentialsURL)
// for TURN servers with short-lived credentials and adds them to cfg's. A
// config with no such address comes back as it is. When the fetch fails
// (no answer within TURNFetchTimeout, an error status, too long, not the
// JSON expected, a TURN address without credentials) cfg comes back
// without them, with an error that says why: rooms still connect, over
// STUN only, which fails only between some networks.
func FetchTURN(ctx context.Context, f Fetcher, cfg signal.Config) (signal.Config, error) {
	u := cfg.TURNCredentialsURL
	if u == "" {
		return cfg, nil
	}
	if f == nil {
		f = deviceFetch{}
	}
	ctx, cancel := context.WithTimeout(ctx, TURNFetchTimeout)
	defer cancel()
	data, err := f.Fetch(ctx, u, signal.MaxICEJSON)
	next := cfg
	if ctx.Err() != nil {
		err = fmt.Errorf("no answer within %v", TURNFetchTimeout)
	} else if err == nil {
		var servers []signal.ICEServer
		if servers, err = signal.ParseICEServers(data); err == nil {
			next.TURN = append(slices.Clip(cfg.TURN), servers...)
			err = next.Validate()
		}
	}
	if err != nil {
		return cfg, errorf("this site's TURN servers could not be had from %s, so rooms connect without them; that fails only between some networks (%w)", u, err)
	}
	return next, nil
}

// NetPlan is a room's network settings as read on the UI goroutine, before
// the one step that waits for the network (FetchTURN).
type NetPlan struct {
	cfg         signal.Config
	share       []TURNServer
	directEvery time.Duration
	takeOver    time.Duration
}

// PlanNet reads what a room connects with: NetConfig's lists, plus the
// TURN servers a room link brought (in.TURN; a guest's), and the player's
// own TURN servers when they chose to share them in their rooms' links (a
// host's). Its error is a note for the player (settings that were left
// out); the plan is always usable.
func PlanNet(getenv func(string) string, st Store, in Invitation) (NetPlan, error) {
	cfg, err := NetConfig(getenv, st)
	err = cmp.Or(err, in.TURNErr)
	if len(in.TURN) > 0 {
		cfg.TURN = append(slices.Clip(cfg.TURN), in.TURN...)
	}
	var share []TURNServer
	if mine, e := LoadSettings(st); e == nil && mine.ShareTURN && (signal.Config{TURN: mine.TURN}).Validate() == nil {
		share = mine.TURN
	}
	return NetPlan{cfg: cfg, share: share, directEvery: siteDirectEvery(getenv), takeOver: siteTakeOverAfter(getenv)}, err
}

// Net completes the plan: it fetches the site's short-lived TURN
// credentials through f (the browser's fetch when nil) when the site names
// an address for them, which takes up to TURNFetchTimeout, so call it off
// the UI goroutine. Its error is a note for the player; the Net always
// works.
func (p NetPlan) Net(ctx context.Context, f Fetcher) (Net, error) {
	cfg, err := FetchTURN(ctx, f, p.cfg)
	n := NetFor(cfg)
	n.Invite = p.share
	n.DirectEvery = p.directEvery
	n.TakeOverAfter = p.takeOver
	return n, err
}
