package rules_test

import (
	"errors"
	"fmt"
	"testing"

	"longhall/rules"
)

func TestError(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		text string
		is   error
	}{
		{"literal", &rules.Error{Game: "vikings", Msg: "the bot plays only Vikings", Err: rules.ErrIllegal}, "vikings: the bot plays only Vikings", rules.ErrIllegal},
		{"formatted", rules.Errorf("rednorth", rules.ErrNotPending, "seat %d is not a player of this game", 5), "rednorth: seat 5 is not a player of this game", rules.ErrNotPending},
		{"no args", rules.Errorf("raiders", rules.ErrBadConfig, "Raiders of the North Sea has no fixed set-ups"), "raiders: Raiders of the North Sea has no fixed set-ups", rules.ErrBadConfig},
		{"percent kept", rules.Errorf("g", rules.ErrIllegal, "%s", "100% sure"), "g: 100% sure", rules.ErrIllegal},
		{"game over", rules.Errorf("northerners", rules.ErrGameOver, "the game is over"), "northerners: the game is over", rules.ErrGameOver},
		{"no game", &rules.Error{Msg: "bare", Err: rules.ErrIllegal}, "rules: illegal action: bare", rules.ErrIllegal},
		{"the rules' own", rules.Errorf("", rules.ErrBadConfig, "record has trailing data"), "rules: bad configuration: record has trailing data", rules.ErrBadConfig},
		{"wrapped further", fmt.Errorf("replay: %w", rules.Errorf("g", rules.ErrBadConfig, "x")), "replay: g: x", rules.ErrBadConfig},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.err.Error(); got != c.text {
				t.Errorf("text %q, want %q", got, c.text)
			}
			if !errors.Is(c.err, c.is) {
				t.Errorf("%v does not wrap %v", c.err, c.is)
			}
			for _, other := range []error{rules.ErrIllegal, rules.ErrNotPending, rules.ErrGameOver, rules.ErrBadConfig} {
				if other != c.is && errors.Is(c.err, other) {
					t.Errorf("%v also wraps %v", c.err, other)
				}
			}
			var re *rules.Error
			if !errors.As(c.err, &re) || re.Err != c.is {
				t.Errorf("errors.As: %#v", re)
			}
		})
	}
}

func TestCheckOptions(t *testing.T) {
	game := rules.Info{ID: "saga", Name: "Saga", MinPlayers: 2, MaxPlayers: 4, Options: []rules.Option{
		{Key: "start", Label: "Starting hands", Choices: []string{"book", "balanced"}},
		{Key: "sea", Label: "Sea monster", Choices: []string{"off", "on"}},
	}}
	plain := rules.Info{ID: "plain", Name: "Plain"}
	for _, c := range []struct {
		name    string
		info    rules.Info
		options map[string]string
		want    string // the error's text, or empty for none
	}{
		{"nil options", game, nil, ""},
		{"empty options", game, map[string]string{}, ""},
		{"defaults spelled out", game, map[string]string{"start": "book", "sea": "off"}, ""},
		{"other choices", game, map[string]string{"start": "balanced", "sea": "on"}, ""},
		{"one set, one absent", game, map[string]string{"sea": "on"}, ""},
		{"unknown key", game, map[string]string{"start": "book", "variant": "x"}, `saga: Saga has no option "variant"`},
		{"unknown keys sorted", game, map[string]string{"zed": "1", "alpha": "2", "start": "nope"}, `saga: Saga has no options "alpha" and "zed"`},
		{"bad value", game, map[string]string{"start": "nope"}, `saga: Starting hands: "nope" is not one of ["book" "balanced"]`},
		{"empty value", game, map[string]string{"sea": ""}, `saga: Sea monster: "" is not one of ["off" "on"]`},
		{"case matters", game, map[string]string{"sea": "On"}, `saga: Sea monster: "On" is not one of ["off" "on"]`},
		{"first bad option in order", game, map[string]string{"sea": "x", "start": "y"}, `saga: Starting hands: "y" is not one of ["book" "balanced"]`},
		{"no options: none set", plain, nil, ""},
		{"no options: one set", plain, map[string]string{"variant": "x"}, `plain: Plain has no options, but the config sets "variant"`},
		{"no options: several set", plain, map[string]string{"b": "", "a": "", "c": ""}, `plain: Plain has no options, but the config sets "a", "b" and "c"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := rules.CheckOptions(c.info, c.options)
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted, want %q", c.want)
			}
			if err.Error() != c.want {
				t.Errorf("got %q, want %q", err.Error(), c.want)
			}
			var re *rules.Error
			if !errors.Is(err, rules.ErrBadConfig) || !errors.As(err, &re) || re.Game != c.info.ID {
				t.Errorf("%v: want a *rules.Error of %s wrapping ErrBadConfig", err, c.info.ID)
			}
		})
	}
}

// Reason is an error's words for a player, taken by type, never cut from
// its text: a wrapped *Error gives its Msg, anything else its text.
func TestReason(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"a game's", rules.Errorf("rednorth", rules.ErrBadConfig, "Red North is for 2 to 4 players, not %d", 5), "Red North is for 2 to 4 players, not 5"},
		{"the rules' own", rules.CheckPlayers(rules.Info{Name: "Saga", MinPlayers: 2, MaxPlayers: 4}, 9), "Saga is for 2 to 4 players, not 9"},
		{"wrapped further", fmt.Errorf("replay: %w", rules.Errorf("g", rules.ErrIllegal, "no such card")), "no such card"},
		{"a sentinel", rules.ErrNotPending, "rules: not your turn"},
		{"unknown game", func() error { _, err := rules.Lookup("no-such-game"); return err }(), `no game called "no-such-game"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := rules.Reason(c.err); got != c.want {
				t.Errorf("Reason(%v) = %q, want %q", c.err, got, c.want)
			}
			// Another package finds the same words by the method alone.
			var r interface{ Reason() string }
			if errors.As(c.err, &r) && r.Reason() != c.want {
				t.Errorf("%v: its Reason method says %q, want %q", c.err, r.Reason(), c.want)
			}
		})
	}
}
