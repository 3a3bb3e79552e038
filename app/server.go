//go:build !wasm

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

const usage = `longhall: serve, build or replay Longhall.

Usage:
  longhall serve [-addr 127.0.0.1:8000] [-dir .]     serve the app for development
  longhall dist  [-out dist] [-prefix /sub] [-dir .] write the static site
  longhall replay [file]                              replay a game record (stdin when no file)
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
		if fs.Parse(args) != nil {
			return 2
		}
		err = serve(*addr, *dir, stdout)
	case "dist":
		out := fs.String("out", "dist", "output directory")
		prefix := fs.String("prefix", "", "URL path the site lives under, e.g. /longhall for GitHub project pages")
		dir := fs.String("dir", ".", "directory that holds web/ (with web/app.wasm built)")
		fast := fs.Bool("fast", false, "compress quickly (larger files), for tests")
		if fs.Parse(args) != nil {
			return 2
		}
		err = dist(*dir, *out, *prefix, *fast, stdout)
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

func envOr(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}
