package online

import (
	"fmt"
	"strings"

	"longhall/app/peer"
	"longhall/app/signal"
)

// Deployment settings: a site may name its own relays and STUN servers
// (`longhall serve` and `dist` pass them to the page as these variables).
// A list is separated by spaces or commas; "none" means an empty list.
const (
	EnvTrackers = "LONGHALL_TRACKERS"
	EnvRelays   = "LONGHALL_RELAYS"
	EnvSTUN     = "LONGHALL_STUN"
)

const settingsKey = "longhall.net"

// Settings are a player's own lists, kept on the device. A nil list keeps
// the deployment's (or the built-in) one; an empty list means none.
type Settings struct {
	Trackers []string `json:"trackers"`
	Relays   []string `json:"relays"`
	STUN     []string `json:"stun"`
}

// NetConfig works out the lists to use: the built-in defaults, replaced
// list by list by the deployment's variables (getenv), then by the
// player's saved settings. A setting that does not validate is reported
// and the lists before it are kept.
func NetConfig(getenv func(string) string, st Store) (signal.Config, error) {
	cfg := signal.DefaultConfig()
	for _, v := range []struct {
		env  string
		list *[]string
	}{{EnvTrackers, &cfg.Trackers}, {EnvRelays, &cfg.Relays}, {EnvSTUN, &cfg.STUN}} {
		if s := strings.TrimSpace(getenv(v.env)); s == "none" {
			*v.list = nil
		} else if s != "" {
			*v.list = signal.ParseList(s)
		}
	}
	if err := cfg.Validate(); err != nil {
		return signal.DefaultConfig(), fmt.Errorf("online: this site's network settings are wrong, so the defaults are used: %w", err)
	}
	var mine Settings
	if st == nil || st.Get(settingsKey, &mine) != nil {
		return cfg, nil
	}
	next := cfg
	if mine.Trackers != nil {
		next.Trackers = mine.Trackers
	}
	if mine.Relays != nil {
		next.Relays = mine.Relays
	}
	if mine.STUN != nil {
		next.STUN = mine.STUN
	}
	if err := next.Validate(); err != nil {
		return cfg, fmt.Errorf("online: your saved network settings are wrong and were not used: %w", err)
	}
	return next, nil
}

// SaveSettings checks and keeps a player's own lists.
func SaveSettings(st Store, s Settings) error {
	cfg := signal.Config{Trackers: s.Trackers, Relays: s.Relays, STUN: s.STUN}
	if err := cfg.Validate(); err != nil {
		return err
	}
	return st.Set(settingsKey, s)
}

// NetFor turns the lists into what a room needs to connect.
func NetFor(cfg signal.Config) Net {
	var p peer.Config
	if len(cfg.STUN) > 0 {
		p.ICEServers = []peer.ICEServer{{URLs: cfg.STUN}}
	}
	return Net{Relays: cfg, Peer: p}
}
