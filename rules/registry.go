package rules

import (
	"fmt"
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
	return nil, fmt.Errorf("%w: no game called %q", ErrBadConfig, id)
}

// CheckPlayers returns an ErrBadConfig error when n is outside the game's
// player range.
func CheckPlayers(info Info, n int) error {
	if n < info.MinPlayers || n > info.MaxPlayers {
		return fmt.Errorf("%w: %s is for %d to %d players, not %d", ErrBadConfig, info.Name, info.MinPlayers, info.MaxPlayers, n)
	}
	return nil
}
