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

func serve() {
	// Called as `hello serve -addr ... -dir ...`, like longhall.
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	addr := fs.String("addr", "127.0.0.1:0", "address")
	dir := fs.String("dir", ".", "directory holding web/app.wasm")
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "serve" {
		args = args[1:]
	}
	fs.Parse(args)
	if err := os.Chdir(*dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("hello is running at http://%s/\n", ln.Addr())
	// Local icons: go-app's defaults live on a remote host, and the
	// benchmark must not leave the machine.
	http.Serve(ln, &app.Handler{Name: "Hello", Version: "bench", Icon: app.Icon{
		Default: "/web/icons/icon-192.png", Large: "/web/icons/icon-512.png", SVG: "/web/icons/icon.svg",
	}})
}
