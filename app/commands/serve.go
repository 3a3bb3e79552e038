//go:build !wasm

package commands

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// serve runs the development server: go-app renders the pages and serves
// web/ from dir. It prints the address it listens on (addr may use port 0)
// once the compressed copies of web/ are ready, so that no visitor waits
// for them; the copies live on in dir/build/compressed/ for the next start.
func serve(addr, dir string, env map[string]string, stdout io.Writer) error {
	if err := os.Chdir(dir); err != nil {
		return err
	}
	files := newCompressedFiles(nil, ".", "")
	files.cache = filepath.Join("build", "compressed")
	files.warn = os.Stderr
	warmed := make(chan struct{})
	go func() {
		defer close(warmed)
		files.warm()
	}()
	version, err := contentVersion("web")
	if err != nil {
		return err
	}
	h, err := newHandler("", version, env)
	if err != nil {
		return err
	}
	files.next = ownLoader(h)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	<-warmed
	go files.watch(context.Background(), time.Second)
	fmt.Fprintf(stdout, "Longhall is running at http://%s/ (version %s)\n", ln.Addr(), version)
	srv := &http.Server{Handler: files, ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}
