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
	addr := flag.String("addr", "127.0.0.1:0", "address")
	dir := flag.String("dir", ".", "directory holding web/app.wasm")
	flag.Parse()
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
	http.Serve(ln, &app.Handler{Name: "Hello", Version: "bench"})
}
