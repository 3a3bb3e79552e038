//go:build !wasm

package commands

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

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
	files := newCompressedFiles(next, dir, "")
	files.warm()
	srv := httptest.NewServer(files)
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
			if c.want == "" {
				if string(body) != "raw" {
					t.Fatalf("not passed on: %q", body[:min(len(body), 20)])
				}
				return
			}
			if plain := decode(t, c.want, body); !bytes.Equal(plain, wasm) {
				t.Fatalf("the decoded body differs from the file")
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

// site is a small web/ tree: a fake wasm, a stylesheet, an icon in a
// subdirectory, and a PNG, which is not compressed.
var site = map[string][]byte{
	"app.wasm":       bytes.Repeat([]byte("\x00asm longhall v1 "), 20000),
	"longhall.css":   bytes.Repeat([]byte("body { margin: 0 } "), 500),
	"icons/icon.svg": bytes.Repeat([]byte("<svg><path d='M0 0'/></svg>"), 100),
	"icons/icon.png": []byte("\x89PNG not compressed"),
}

// compressedSite lists the files of site that are served compressed.
var compressedSite = []string{"app.wasm", "icons/icon.svg", "longhall.css"}

// aTime is the modification time of the files site writes: later
// versions are a second apart, beyond any file system's granularity.
var aTime = time.Date(2025, 11, 24, 8, 0, 0, 123456789, time.UTC)

// writeSite writes site into dir/web.
func writeSite(t testing.TB, dir string) {
	t.Helper()
	for rel, data := range site {
		writeWeb(t, dir, rel, data, aTime)
	}
}

// writeWeb writes one file under dir/web with the modification time mod.
func writeWeb(t testing.TB, dir, rel string, data []byte, mod time.Time) {
	t.Helper()
	name := filepath.Join(dir, "web", filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(name, mod, mod); err != nil {
		t.Fatal(err)
	}
}

// startFiles starts what serve starts over dir, with its disk cache, and
// returns once the copies are ready, as serve does before it prints its
// address. Requests it passes on are answered from the files themselves,
// marked with an X-Raw header.
func startFiles(t testing.TB, dir string) *compressedFiles {
	t.Helper()
	raw := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Raw", "1")
		http.ServeFile(w, r, filepath.Join(dir, filepath.FromSlash(r.URL.Path)))
	})
	c := newCompressedFiles(raw, dir, "")
	c.cache = filepath.Join("build", "compressed")
	t.Cleanup(c.idle) // before the temporary directory goes
	c.warm()
	return c
}

// get asks c for a file with Accept-Encoding: accept, and returns the
// encoding of the answer and its body decoded.
func get(t testing.TB, c http.Handler, rel, accept string) (enc string, plain []byte) {
	t.Helper()
	req := httptest.NewRequest("GET", "/web/"+rel, nil)
	req.Header.Set("Accept-Encoding", accept)
	rec := httptest.NewRecorder()
	c.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d", rel, rec.Code)
	}
	enc = rec.Header().Get("Content-Encoding")
	if enc == "" && rec.Header().Get("X-Raw") == "" {
		t.Fatalf("GET %s: neither compressed nor passed on", rel)
	}
	return enc, decode(t, enc, rec.Body.Bytes())
}

func decode(t testing.TB, enc string, body []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(body)
	switch enc {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	plain, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", enc, err)
	}
	return plain
}

// cached lists the files in dir's disk cache, slash-separated.
func cached(t testing.TB, dir string) []string {
	t.Helper()
	root := filepath.Join(dir, "build", "compressed")
	var names []string
	err := filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, name)
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	slices.Sort(names)
	return names
}

// cacheEntry is the name of rel's cache file in dir, as the file is now.
func cacheEntry(t testing.TB, dir, rel string) string {
	t.Helper()
	st, err := os.Stat(filepath.Join(dir, "web", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	c := &compressedFiles{dir: dir, cache: filepath.Join("build", "compressed")}
	return c.cacheFile(rel, st.Size(), st.ModTime())
}

// checkServed checks that every compressible file of dir is ready before
// any request, is served compressed with its current bytes in both
// encodings without a compression, and has one entry in the cache: its
// current version's.
func checkServed(t *testing.T, c *compressedFiles, dir string) {
	t.Helper()
	c.mu.Lock()
	for _, rel := range compressedSite {
		p := c.files[rel]
		if p == nil {
			t.Errorf("%s: no copies after the start", rel)
			continue
		}
		select {
		case <-p.ready:
		default:
			t.Errorf("%s: its copies are not ready after the start", rel)
		}
	}
	if p := c.files["icons/icon.png"]; p != nil {
		t.Errorf("a PNG was compressed")
	}
	c.mu.Unlock()

	before := c.compressions.Load()
	var want []string
	for _, rel := range compressedSite {
		data, err := os.ReadFile(filepath.Join(dir, "web", filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		for _, accept := range []string{"br, gzip", "gzip"} {
			enc, plain := get(t, c, rel, accept)
			if enc != strings.Split(accept, ",")[0] {
				t.Errorf("GET %s (%s): Content-Encoding %q", rel, accept, enc)
			}
			if !bytes.Equal(plain, data) {
				t.Errorf("GET %s (%s): not the file's bytes", rel, accept)
			}
		}
		name, _ := filepath.Rel(filepath.Join(dir, "build", "compressed"), cacheEntry(t, dir, rel))
		want = append(want, filepath.ToSlash(name))
	}
	if n := c.compressions.Load() - before; n != 0 {
		t.Errorf("requests compressed %d files", n)
	}
	slices.Sort(want)
	if got := cached(t, dir); !slices.Equal(got, want) {
		t.Errorf("the cache holds %q, want %q", got, want)
	}
}

// A start compresses what the disk cache does not hold, or holds damaged
// or for another version of the file, and nothing else; no request waits
// for a compression.
func TestServeStartCompressesWhatTheCacheLacks(t *testing.T) {
	for _, c := range []struct {
		name string
		// before is what happened since an earlier start over the site
		// (nil: there was none).
		before func(t *testing.T, dir string)
		// compressions is how many files the start compresses.
		compressions int64
	}{
		{"an empty cache: every file", nil, 3},
		{"a warm cache: none", func(t *testing.T, dir string) {}, 0},
		{"a rebuilt wasm: the wasm, and its old copies go", func(t *testing.T, dir string) {
			writeWeb(t, dir, "app.wasm", bytes.Repeat([]byte("\x00asm longhall v2 "), 30000), aTime.Add(time.Second))
		}, 1},
		{"a wasm rebuilt to the same size: the wasm", func(t *testing.T, dir string) {
			writeWeb(t, dir, "app.wasm", bytes.Repeat([]byte("\x00asm longhall V1 "), 20000), aTime.Add(time.Second))
		}, 1},
		{"a corrupt cache entry: its file", func(t *testing.T, dir string) {
			name := cacheEntry(t, dir, "app.wasm")
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			data[len(data)/2] ^= 0x40
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}, 1},
		{"a truncated cache entry: its file", func(t *testing.T, dir string) {
			name := cacheEntry(t, dir, "app.wasm")
			st, err := os.Stat(name)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(name, st.Size()-100); err != nil {
				t.Fatal(err)
			}
		}, 1},
		{"an empty cache entry: its file", func(t *testing.T, dir string) {
			if err := os.Truncate(cacheEntry(t, dir, "longhall.css"), 0); err != nil {
				t.Fatal(err)
			}
		}, 1},
		{"an entry holding another version: its file", func(t *testing.T, dir string) {
			old := cacheEntry(t, dir, "app.wasm")
			writeWeb(t, dir, "app.wasm", bytes.Repeat([]byte("\x00asm longhall v2 "), 30000), aTime.Add(time.Second))
			if err := os.Rename(old, cacheEntry(t, dir, "app.wasm")); err != nil {
				t.Fatal(err)
			}
		}, 1},
		{"a crash's temporary file: none, and it goes", func(t *testing.T, dir string) {
			tmp := cacheEntry(t, dir, "app.wasm") + ".tmp123"
			if err := os.WriteFile(tmp, []byte("half"), 0o644); err != nil {
				t.Fatal(err)
			}
			old := time.Now().Add(-time.Hour)
			if err := os.Chtimes(tmp, old, old); err != nil {
				t.Fatal(err)
			}
			// The next version written prunes it.
			writeWeb(t, dir, "app.wasm", bytes.Repeat([]byte("\x00asm longhall v2 "), 30000), aTime.Add(time.Second))
		}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, dir)
			if c.before != nil {
				startFiles(t, dir).idle()
				c.before(t, dir)
			}
			files := startFiles(t, dir)
			if got := files.compressions.Load(); got != c.compressions {
				t.Errorf("the start compressed %d files, want %d", got, c.compressions)
			}
			checkServed(t, files, dir)
		})
	}
}

// A file rebuilt while the server runs is never served as it was: the
// first request that sees the change gets the file itself (or its new
// copies), and the new copies are made in the background.
func TestServeRecompressesAChangedFile(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"a new size", bytes.Repeat([]byte("\x00asm longhall v2 "), 30000)},
		{"the same size", bytes.Repeat([]byte("\x00asm longhall V1 "), 20000)},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, dir)
			files := startFiles(t, dir)
			if _, plain := get(t, files, "app.wasm", "br"); !bytes.Equal(plain, site["app.wasm"]) {
				t.Fatal("not the first version")
			}
			writeWeb(t, dir, "app.wasm", c.data, aTime.Add(time.Second))
			if _, plain := get(t, files, "app.wasm", "br"); !bytes.Equal(plain, c.data) {
				t.Fatal("the old version was served after the change")
			}
			files.idle()
			if n := files.compressions.Load(); n != 4 {
				t.Errorf("%d compressions, want 3 at the start and 1 after the change", n)
			}
			checkServed(t, files, dir)
		})
	}
}

// The server notices a rebuilt file by itself, and has its copies ready
// before anyone asks.
func TestServeWatchRecompressesWithoutARequest(t *testing.T) {
	dir := t.TempDir()
	writeSite(t, dir)
	files := startFiles(t, dir)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		files.watch(ctx, 5*time.Millisecond)
	}()
	defer func() { cancel(); <-done }()
	v2 := bytes.Repeat([]byte("\x00asm longhall v2 "), 30000)
	writeWeb(t, dir, "app.wasm", v2, aTime.Add(time.Second))
	// Wait for the copies of the file as it ends up, not for a count of
	// compressions: the watch may also catch it between its write and its
	// new time, and compress that version too (as it should: it is on disk).
	final := func() bool {
		files.mu.Lock()
		p := files.files["app.wasm"]
		files.mu.Unlock()
		if p == nil || p.size != int64(len(v2)) || !p.mod.Equal(aTime.Add(time.Second)) {
			return false
		}
		select {
		case <-p.ready:
			return p.err == nil
		default:
			return false
		}
	}
	deadline := time.Now().Add(time.Minute)
	for !final() {
		if time.Now().After(deadline) {
			t.Fatal("the changed wasm was not compressed again")
		}
		time.Sleep(5 * time.Millisecond)
	}
	files.idle()
	cancel()
	<-done
	checkServed(t, files, dir)
}
