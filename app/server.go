//go:build !wasm

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"longhall/app/online"
)

const usage = `longhall: serve, build or replay Longhall.

Usage:
  longhall serve [-addr 127.0.0.1:8000] [-dir .] [network flags]     serve the app for development
  longhall dist  [-out dist] [-prefix /sub] [-dir .] [network flags] write the static site
  longhall replay [file]                                              replay a game record (stdin when no file)

Network flags name the relays and STUN servers rooms use on this site,
replacing the built-in public ones; separate addresses with commas, or
say "none" for an empty list:
  -trackers ws://…,wss://…   WebTorrent trackers
  -relays   wss://…          Nostr relays
  -stun     stun:host:port   STUN/TURN servers
`

func runServer() {
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
	trackers := fs.String("trackers", "", "WebTorrent trackers for rooms (comma-separated, or none)")
	relays := fs.String("relays", "", "Nostr relays for rooms (comma-separated, or none)")
	stun := fs.String("stun", "", "STUN/TURN servers for rooms (comma-separated, or none)")
	return func() (map[string]string, error) {
		env := map[string]string{}
		for k, v := range map[string]string{online.EnvTrackers: *trackers, online.EnvRelays: *relays, online.EnvSTUN: *stun} {
			if v != "" {
				env[k] = v
			}
		}
		if _, err := online.NetConfig(func(k string) string { return env[k] }, nil); err != nil {
			return nil, fmt.Errorf("a network flag is wrong: %w", errors.Unwrap(err))
		}
		return env, nil
	}
}

func envOr(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}
