//go:build !wasm

package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"
)

// serve runs the development server: go-app renders the pages and serves
// web/ from dir. It prints the address it listens on (addr may use port 0).
func serve(addr, dir string, env map[string]string, stdout io.Writer) error {
	if err := os.Chdir(dir); err != nil {
		return err
	}
	version, err := contentVersion("web")
	if err != nil {
		return err
	}
	h, err := newHandler("", version, env)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Longhall is running at http://%s/ (version %s)\n", ln.Addr(), version)
	srv := &http.Server{Handler: newCompressedFiles(h, ".", ""), ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}
