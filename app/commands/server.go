//go:build !wasm

// Package commands is the native program: serve (the pages, for
// development), dist (the static site) and replay (a game record through
// the rules). Package main runs it when built natively.
package commands

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"longhall/app/online"
	"longhall/app/signal"
)

const usage = `longhall: serve, build or replay Longhall.

Usage:
  longhall serve [-addr 127.0.0.1:8000] [-dir .] [network flags]     serve the app for development
  longhall dist  [-out dist] [-prefix /sub] [-dir .] [network flags] write the static site
  longhall replay [file]                                              replay a game record (stdin when no file)

Network flags name the relays, STUN and TURN servers rooms use on this
site, replacing the built-in public ones; separate addresses with commas,
or say "none" for an empty list:
  -trackers ws://…,wss://…   WebTorrent trackers
  -relays   wss://…          Nostr relays
  -stun     stun:host:port   STUN servers
  -turn     turn:host:3478?transport=udp,turns:host:5349
                             TURN servers; they need both of:
  -turn-user U -turn-credential C
                             their username and credential (every page of
                             the site shows them: see the README)
  -turn-credentials-url https://…|/path
                             where the page fetches TURN servers with
                             short-lived credentials when a room starts
                             (JSON: [{"urls": […], "username": …, "credential": …}])
  -direct-every 30s          how long a guest playing through the relays
                             waits before it tries for a direct link again,
                             twice as long after each failed try
`

// Pages lists every page the static site must contain, and the service
// worker caches: package main gives the pages package's Paths.
var Pages = func() []string { return []string{"/"} }

// Main runs the native program on the process's arguments and exits.
func Main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the native program: one verb and its flags. It returns the exit
// status so tests can call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	verb, args := args[0], args[1:]
	fs := flag.NewFlagSet(verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var err error
	switch verb {
	case "serve":
		addr := fs.String("addr", envOr("LONGHALL_ADDR", "127.0.0.1:8000"), "address to listen on")
		dir := fs.String("dir", ".", "directory that holds web/ (with web/app.wasm built)")
		net := netFlags(fs)
		if fs.Parse(args) != nil {
			return 2
		}
		var env map[string]string
		if env, err = net(); err == nil {
			err = serve(*addr, *dir, env, stdout)
		}
	case "dist":
		out := fs.String("out", "dist", "output directory")
		prefix := fs.String("prefix", "", "URL path the site lives under, e.g. /longhall for GitHub project pages")
		dir := fs.String("dir", ".", "directory that holds web/ (with web/app.wasm built)")
		fast := fs.Bool("fast", false, "compress quickly (larger files), for tests")
		net := netFlags(fs)
		if fs.Parse(args) != nil {
			return 2
		}
		var env map[string]string
		if env, err = net(); err == nil {
			err = dist(*dir, *out, *prefix, *fast, env, stdout)
		}
	case "replay":
		if fs.Parse(args) != nil {
			return 2
		}
		in := stdin
		if fs.NArg() > 0 && fs.Arg(0) != "-" {
			f, ferr := os.Open(fs.Arg(0))
			if ferr != nil {
				fmt.Fprintln(stderr, "longhall:", ferr)
				return 1
			}
			defer f.Close()
			in = f
		}
		return replay(in, stdout)
	default:
		fmt.Fprintf(stderr, "longhall: unknown verb %q\n\n%s", verb, usage)
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "longhall:", err)
		return 1
	}
	return 0
}

// netFlags adds the network flags to fs; the function it returns checks
// them once parsed and gives the page's environment.
func netFlags(fs *flag.FlagSet) func() (map[string]string, error) {
	var f netFlagValues
	fs.StringVar(&f.trackers, "trackers", "", "WebTorrent trackers for rooms (comma-separated, or none)")
	fs.StringVar(&f.relays, "relays", "", "Nostr relays for rooms (comma-separated, or none)")
	fs.StringVar(&f.stun, "stun", "", "STUN servers for rooms (comma-separated, or none)")
	fs.StringVar(&f.turn, "turn", "", "TURN servers for rooms (comma-separated turn: and turns: addresses); they need -turn-user and -turn-credential")
	fs.StringVar(&f.user, "turn-user", "", "the TURN servers' username")
	fs.StringVar(&f.credential, "turn-credential", "", "the TURN servers' credential (public: every page of the site carries it)")
	fs.StringVar(&f.credentialsURL, "turn-credentials-url", "", "an address (https://… or /path) the page fetches TURN servers with short-lived credentials from when a room starts")
	fs.DurationVar(&f.takeOverAfter, "take-over-after", 0, "how long a successor the host chose waits, its link to the host down, before it hosts the room (1m when not given)")
	fs.DurationVar(&f.directEvery, "direct-every", 0, "how long a guest playing through the relays waits before it tries for a direct link again, doubling after each failed try (30s when not given)")
	return func() (map[string]string, error) { return f.env() }
}

// netFlagValues are the network flags as given.
type netFlagValues struct {
	trackers, relays, stun, turn, user, credential, credentialsURL string
	directEvery, takeOverAfter                                     time.Duration
}

// env checks the network flags and turns them into the page's variables
// (see online.EnvTrackers and the rest). A turn: or turns: address given
// with -stun counts as a TURN server, as if given with -turn. TURN
// addresses need -turn-user and -turn-credential, and those need a TURN
// address: a browser refuses a TURN server without credentials, and with
// it every room of the site.
func (f netFlagValues) env() (map[string]string, error) {
	env := map[string]string{}
	for k, v := range map[string]string{online.EnvTrackers: f.trackers, online.EnvRelays: f.relays, online.EnvTURNCredentialsURL: f.credentialsURL} {
		if v = strings.TrimSpace(v); v != "" {
			env[k] = v
		}
	}
	list := func(s string) []string {
		if s = strings.TrimSpace(s); s == "none" {
			return nil
		}
		return signal.ParseList(s)
	}
	var stun, turn []string
	for _, u := range list(f.stun) {
		if strings.HasPrefix(u, "turn:") || strings.HasPrefix(u, "turns:") {
			turn = append(turn, u)
		} else {
			stun = append(stun, u)
		}
	}
	if strings.TrimSpace(f.stun) != "" {
		env[online.EnvSTUN] = "none"
		if len(stun) > 0 {
			env[online.EnvSTUN] = strings.Join(stun, ",")
		}
	}
	for _, u := range list(f.turn) {
		if !strings.HasPrefix(u, "turn:") && !strings.HasPrefix(u, "turns:") {
			return nil, fmt.Errorf("-turn takes turn: and turns: addresses (stun: ones go with -stun), not %q", u)
		}
		if !slices.Contains(turn, u) {
			turn = append(turn, u)
		}
	}
	switch {
	case len(turn) > 0 && (f.user == "" || f.credential == ""):
		return nil, fmt.Errorf("the TURN server %s needs both -turn-user and -turn-credential: browsers refuse a TURN server without them, and every room of the site would fail", turn[0])
	case len(turn) == 0 && (f.user != "" || f.credential != ""):
		return nil, errors.New("-turn-user and -turn-credential are for TURN servers: name them with -turn")
	case len(turn) > 0:
		data, err := json.Marshal([]signal.ICEServer{{URLs: turn, Username: f.user, Credential: f.credential}})
		if err != nil {
			return nil, err
		}
		env[online.EnvTURN] = string(data)
	case strings.TrimSpace(f.turn) == "none":
		env[online.EnvTURN] = "none"
	}
	switch {
	case f.directEvery < 0 || f.directEvery > 0 && f.directEvery < online.MinDirectEvery:
		return nil, fmt.Errorf("-direct-every is %v; give at least %v (each try costs the relays a handshake)", f.directEvery, online.MinDirectEvery)
	case f.directEvery > 0:
		env[online.EnvDirectEvery] = f.directEvery.String()
	}
	switch {
	case f.takeOverAfter < 0 || f.takeOverAfter > 0 && f.takeOverAfter < online.MinTakeOverAfter:
		return nil, fmt.Errorf("-take-over-after is %v; give at least %v (a host that reloads must not be taken over)", f.takeOverAfter, online.MinTakeOverAfter)
	case f.takeOverAfter > 0:
		env[online.EnvTakeOverAfter] = f.takeOverAfter.String()
	}
	// Each variable alone, so that the error names its flag.
	for _, v := range []struct{ env, flag string }{
		{online.EnvTrackers, "-trackers"}, {online.EnvRelays, "-relays"}, {online.EnvSTUN, "-stun"},
		{online.EnvTURN, "-turn"}, {online.EnvTURNCredentialsURL, "-turn-credentials-url"},
	} {
		only := func(k string) string {
			if k == v.env {
				return env[k]
			}
			return ""
		}
		if _, err := online.SiteConfig(only); err != nil {
			why := err.Error()
			if inner := errors.Unwrap(err); inner != nil {
				why = inner.Error() // the reason alone
			}
			return nil, fmt.Errorf("%s is wrong: %s", v.flag, why)
		}
	}
	return env, nil
}

func envOr(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}
