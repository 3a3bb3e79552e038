package rules

import (
	"fmt"
	"slices"
	"sync"
)

var registry struct {
	sync.RWMutex
	games map[string]Game
}

// Register adds a game to the registry. Games call it from init; a second
// game with the same id is a programming error and panics at start-up.
func Register(g Game) {
	id := g.Info().ID
	registry.Lock()
	defer registry.Unlock()
	if registry.games == nil {
		registry.games = map[string]Game{}
	}
	if _, dup := registry.games[id]; dup || id == "" {
		panic(fmt.Sprintf("rules: game id %q registered twice or empty", id))
	}
	registry.games[id] = g
}

// Lookup finds a registered game by id.
func Lookup(id string) (Game, error) {
	registry.RLock()
	defer registry.RUnlock()
	if g, ok := registry.games[id]; ok {
		return g, nil
	}
	return nil, Errorf("", ErrBadConfig, "no game called %q", id)
}

// CheckPlayers returns an ErrBadConfig error when n is outside the game's
// player range.
func CheckPlayers(info Info, n int) error {
	if n < info.MinPlayers || n > info.MaxPlayers {
		return Errorf("", ErrBadConfig, "%s is for %d to %d players, not %d", info.Name, info.MinPlayers, info.MaxPlayers, n)
	}
	return nil
}

// CheckOptions returns an *Error of the game wrapping ErrBadConfig when
// options sets a key the game has no option for, or an option to a value
// not among its Choices. An absent key is the option's default, its first
// choice, and always acceptable.
func CheckOptions(info Info, options map[string]string) error {
	var unknown []string
	for k := range options {
		if !slices.ContainsFunc(info.Options, func(o Option) bool { return o.Key == k }) {
			unknown = append(unknown, fmt.Sprintf("%q", k))
		}
	}
	slices.Sort(unknown)
	switch {
	case len(unknown) > 0 && len(info.Options) == 0:
		return Errorf(info.ID, ErrBadConfig, "%s has no options, but the config sets %s", info.Name, And(unknown))
	case len(unknown) == 1:
		return Errorf(info.ID, ErrBadConfig, "%s has no option %s", info.Name, unknown[0])
	case len(unknown) > 1:
		return Errorf(info.ID, ErrBadConfig, "%s has no options %s", info.Name, And(unknown))
	}
	for _, o := range info.Options {
		if v, ok := options[o.Key]; ok && !slices.Contains(o.Choices, v) {
			return Errorf(info.ID, ErrBadConfig, "%s: %q is not one of %q", o.Label, v, o.Choices)
		}
	}
	return nil
}
