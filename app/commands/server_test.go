//go:build !wasm

package commands

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"

	"longhall/app/online"
)

// The network flags of serve and dist, one case per rule: what reaches the
// page's variables, and what is refused before the site starts.
func TestNetFlags(t *testing.T) {
	const turnUDP = "turn:turn.example.org:3478?transport=udp"
	for _, c := range []struct {
		name string
		f    netFlagValues
		env  map[string]string
		err  string
	}{
		{name: "nothing given: the built-in lists", env: map[string]string{}},
		{name: "relays and STUN as before",
			f:   netFlagValues{trackers: "ws://10.0.0.1:8000", relays: "ws://10.0.0.1:7000", stun: "stun:10.0.0.1:3478"},
			env: map[string]string{online.EnvTrackers: "ws://10.0.0.1:8000", online.EnvRelays: "ws://10.0.0.1:7000", online.EnvSTUN: "stun:10.0.0.1:3478"}},
		{name: "TURN with its credentials",
			f:   netFlagValues{turn: turnUDP + ",turns:turn.example.org:5349", user: "longhall", credential: "hall-of-the-rig"},
			env: map[string]string{online.EnvTURN: `[{"urls":["` + turnUDP + `","turns:turn.example.org:5349"],"username":"longhall","credential":"hall-of-the-rig"}]`}},
		{name: "a turn: address among -stun counts as TURN",
			f:   netFlagValues{stun: "stun:10.0.0.1:3478," + turnUDP, user: "u", credential: "c"},
			env: map[string]string{online.EnvSTUN: "stun:10.0.0.1:3478", online.EnvTURN: `[{"urls":["` + turnUDP + `"],"username":"u","credential":"c"}]`}},
		{name: "only a turn: address in -stun: no STUN server",
			f:   netFlagValues{stun: turnUDP, user: "u", credential: "c"},
			env: map[string]string{online.EnvSTUN: "none", online.EnvTURN: `[{"urls":["` + turnUDP + `"],"username":"u","credential":"c"}]`}},
		{name: "none", f: netFlagValues{stun: "none", turn: "none"}, env: map[string]string{online.EnvSTUN: "none", online.EnvTURN: "none"}},
		{name: "a credentials address", f: netFlagValues{credentialsURL: "/api/turn"}, env: map[string]string{online.EnvTURNCredentialsURL: "/api/turn"}},
		{name: "tries for a direct link every 5 s", f: netFlagValues{directEvery: 5 * time.Second}, env: map[string]string{online.EnvDirectEvery: "5s"}},
		{name: "a successor takes over after 10 s", f: netFlagValues{takeOverAfter: 10 * time.Second}, env: map[string]string{online.EnvTakeOverAfter: "10s"}},

		{name: "TURN without credentials", f: netFlagValues{turn: turnUDP}, err: "needs both -turn-user and -turn-credential"},
		{name: "TURN without a credential", f: netFlagValues{turn: turnUDP, user: "u"}, err: "needs both -turn-user and -turn-credential"},
		{name: "a turn: address in -stun without credentials", f: netFlagValues{stun: "stun:s.example," + turnUDP}, err: "needs both -turn-user and -turn-credential"},
		{name: "credentials without TURN", f: netFlagValues{user: "u", credential: "c"}, err: "name them with -turn"},
		{name: "a stun: address in -turn", f: netFlagValues{turn: "stun:s.example", user: "u", credential: "c"}, err: "-turn takes turn: and turns: addresses (stun: ones go with -stun), not \"stun:s.example\""},
		{name: "a bad TURN address", f: netFlagValues{turn: "turn://t.example", user: "u", credential: "c"}, err: "-turn is wrong: \"turn://t.example\" is not a STUN or TURN address"},
		{name: "a bad STUN address", f: netFlagValues{stun: "stun:s.example:99999"}, err: "-stun is wrong: "},
		{name: "a credential with a line break", f: netFlagValues{turn: turnUDP, user: "u", credential: "a\nb"}, err: "control character"},
		{name: "a turn: address as STUN via the environment's form", f: netFlagValues{stun: "stun:s.example", turn: "turns:t.example:5349?transport=udp", user: "u", credential: "c"}, err: "-turn is wrong: \"turns:t.example:5349?transport=udp\" is not"},
		{name: "a bad credentials address", f: netFlagValues{credentialsURL: "ftp://x/turn"}, err: "-turn-credentials-url is wrong: the TURN credentials address"},
		{name: "a bad tracker", f: netFlagValues{trackers: "http://x"}, err: "-trackers is wrong: "},
		{name: "tries for a direct link too often", f: netFlagValues{directEvery: 100 * time.Millisecond}, err: "-direct-every is 100ms; give at least 1s"},
		{name: "a successor takes over from a reloading host", f: netFlagValues{takeOverAfter: 2 * time.Second}, err: "-take-over-after is 2s; give at least 5s"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env, err := c.f.env()
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) || env != nil {
					t.Fatalf("env %v, error %v; want an error saying %q", env, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(env, c.env) {
				t.Fatalf("env\n%v\nwant\n%v", env, c.env)
			}
			if _, err := online.SiteConfig(func(k string) string { return env[k] }); err != nil {
				t.Fatalf("the page refuses what the flags gave: %v", err)
			}
		})
	}
}

// serve and dist refuse wrong network flags before they start, and say
// which flag is wrong.
func TestServeAndDistRefuseBareTURN(t *testing.T) {
	for _, verb := range []string{"serve", "dist"} {
		var out, errOut bytes.Buffer
		code := run([]string{verb, "-dir", t.TempDir(), "-turn", "turn:t.example:3478"}, nil, &out, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "needs both -turn-user and -turn-credential") {
			t.Errorf("%s: exit %d, %q", verb, code, errOut.String())
		}
	}
}

// Whatever the flags, env never panics, and what it accepts the page
// accepts too, with no TURN address short of credentials.
func FuzzNetFlags(f *testing.F) {
	f.Add("stun:s.example:3478,turn:t.example", "turns:t.example:5349", "u", "c", "/turn")
	f.Add("none", "none", "", "", "")
	f.Add("", "turn:t", "u", "", "https://x/y")
	f.Add("turn:[::1]:3478?transport=tcp", "", "1700000000:u", "c", "")
	f.Fuzz(func(t *testing.T, stun, turn, user, credential, url string) {
		env, err := netFlagValues{stun: stun, turn: turn, user: user, credential: credential, credentialsURL: url}.env()
		if err != nil {
			return
		}
		cfg, err := online.SiteConfig(func(k string) string { return env[k] })
		if err != nil {
			t.Fatalf("the page refuses what the flags gave: %v (%v)", err, env)
		}
		for _, s := range cfg.ICEServers() {
			for _, u := range s.URLs {
				if strings.HasPrefix(u, "turn") && (s.Username == "" || s.Credential == "") {
					t.Fatalf("%s without credentials: %v", u, env)
				}
			}
		}
	})
}
