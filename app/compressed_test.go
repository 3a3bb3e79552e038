//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
)

// The development server sends web/ files compressed to browsers that
// accept it (a LAN party downloads the 10 MB wasm as 2 MB), and the raw
// file to those that do not.
func TestServeSendsCompressedCopies(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	wasm := bytes.Repeat([]byte("\x00asm longhall "), 50000)
	if err := os.WriteFile(filepath.Join(dir, "web", "app.wasm"), wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("raw")) })
	srv := httptest.NewServer(newCompressedFiles(next, dir, ""))
	defer srv.Close()

	for _, c := range []struct {
		name, accept, path, want string
	}{
		{"brotli first", "gzip, deflate, br, zstd", "/web/app.wasm", "br"},
		{"gzip when no brotli", "gzip", "/web/app.wasm", "gzip"},
		{"brotli refused with q=0", "br;q=0, gzip", "/web/app.wasm", "gzip"},
		{"nothing accepted", "", "/web/app.wasm", ""},
		{"pages are go-app's", "br", "/games/rednorth/", ""},
		{"a missing file is go-app's", "br", "/web/none.wasm", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", srv.URL+c.path, nil)
			req.Header.Set("Accept-Encoding", c.accept)
			// The transport must not decode for us.
			res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			if got := res.Header.Get("Content-Encoding"); got != c.want {
				t.Fatalf("Content-Encoding %q, want %q", got, c.want)
			}
			var plain []byte
			switch c.want {
			case "":
				if string(body) != "raw" {
					t.Fatalf("not passed on: %q", body[:min(len(body), 20)])
				}
				return
			case "br":
				plain, err = io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
			case "gzip":
				zr, zerr := gzip.NewReader(bytes.NewReader(body))
				if zerr != nil {
					t.Fatal(zerr)
				}
				plain, err = io.ReadAll(zr)
			}
			if err != nil || !bytes.Equal(plain, wasm) {
				t.Fatalf("the decoded body differs from the file (err %v)", err)
			}
			if len(body) >= len(wasm)/4 {
				t.Errorf("%d bytes for a %d-byte file", len(body), len(wasm))
			}
			if ct := res.Header.Get("Content-Type"); ct != "application/wasm" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
}
