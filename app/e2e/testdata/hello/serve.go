//go:build !wasm

package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// serve runs as `hello serve -addr ... -dir ...`, like longhall, or as
// `hello dist -dir ... -out ...`, which writes its static site (without
// web/: the caller copies it, as longhall's dist does).
func serve() {
	if len(os.Args) < 2 || (os.Args[1] != "serve" && os.Args[1] != "dist") {
		fmt.Fprintln(os.Stderr, "usage: hello serve|dist [flags]")
		os.Exit(2)
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	addr := fs.String("addr", "127.0.0.1:0", "address (serve)")
	dir := fs.String("dir", ".", "directory holding web/app.wasm")
	out := fs.String("out", "", "directory to write the static site to (dist)")
	fs.Parse(os.Args[2:])
	if err := os.Chdir(*dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// Local icons: go-app's defaults live on a remote host, and the
	// benchmarks must not leave the machine.
	h := &app.Handler{Name: "Hello", Version: "bench", Icon: app.Icon{
		Default: "/web/icons/icon-192.png", Large: "/web/icons/icon-512.png", SVG: "/web/icons/icon.svg",
	}}
	if os.Args[1] == "dist" {
		if err := app.GenerateStaticWebsite(*out, h); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("hello is running at http://%s/\n", ln.Addr())
	http.Serve(ln, h)
}
