//go:build !wasm

package commands

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// serveBrotli is the brotli quality of serve's copies: 6 compresses the
// wasm in about a second on one core, a little larger than dist's 11.
// Their gzip is level 6, on the other core: level 9 takes three times as
// long on the wasm for 0.7% fewer bytes, and almost every browser takes
// brotli anyway.
const (
	serveBrotli = 6
	serveGzip   = 6
)

// compressedFiles serves the large static files under web/ (the wasm above
// all: 13 MB raw, 2.7 MB brotli) compressed to browsers that accept it, so
// that `make run` on a LAN does not send every device the raw wasm.
//
// No request waits for compression: warm compresses every compressible
// file before serve prints its address (or reads the copies from the disk
// cache, see compressed_cache.go), and a file that changes later is
// compressed again in the background while its requests get the file
// itself from next, never a copy of the old one. Other requests and other
// files go to next.
type compressedFiles struct {
	// next answers everything else; set it before serving.
	next http.Handler
	dir  string // holds web/
	// prefix is the path the site lives under ("" at the root).
	prefix string
	// cache is the directory of the copies on disk, relative to dir or
	// absolute; "" keeps them in memory only.
	cache string
	// warn gets the first problem with the disk cache (nil: none is said);
	// the server works on without it.
	warn     io.Writer
	warnOnce sync.Once

	// compressions counts the files compressed rather than read from the
	// cache (tests watch it).
	compressions atomic.Int64
	// busy counts the compressions under way, for idle.
	busy sync.WaitGroup

	mu    sync.Mutex
	files map[string]*packed // by path under web/, slash-separated

	// storing orders the disk cache's writes: a version is filed only
	// while it is still the file's current one, so an older version whose
	// compression ends last cannot replace a newer one's copies.
	storing sync.Mutex
}

// packed is one version of a file (its size and modification time) in
// both encodings. ready is closed once gz, br and err are set; nothing
// changes after.
type packed struct {
	ready    chan struct{}
	mod      time.Time
	size     int64
	gz, br   []byte
	err      error
	mimeType string
}

func newCompressedFiles(next http.Handler, dir, prefix string) *compressedFiles {
	return &compressedFiles{next: next, dir: dir, prefix: strings.TrimRight(prefix, "/"), files: map[string]*packed{}}
}

func (c *compressedFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	enc := pickEncoding(r.Header.Get("Accept-Encoding"))
	rel, ok := strings.CutPrefix(r.URL.Path, c.prefix+"/web/")
	if enc == "" || (r.Method != http.MethodGet && r.Method != http.MethodHead) || !ok ||
		!compressible[path.Ext(rel)] || strings.Contains(rel, "..") {
		// (compressible is the list dist uses for its .gz and .br copies.)
		c.next.ServeHTTP(w, r)
		return
	}
	p := c.current(rel)
	if p == nil {
		c.next.ServeHTTP(w, r) // a missing file gets the usual answer
		return
	}
	select {
	case <-p.ready:
	default:
		// The file changed and its new copies are being made: the file
		// itself now, rather than its old copies or a wait.
		c.next.ServeHTTP(w, r)
		return
	}
	if p.err != nil {
		c.next.ServeHTTP(w, r)
		return
	}
	body := p.br
	if enc == "gzip" {
		body = p.gz
	}
	h := w.Header()
	h.Set("Content-Encoding", enc)
	h.Add("Vary", "Accept-Encoding")
	h.Set("Content-Type", p.mimeType)
	// The service worker keeps the app offline; the browser asks again
	// each time and gets a 304 while the file is unchanged.
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", `"`+p.mod.UTC().Format("20060102150405.000000000")+"-"+enc+`"`)
	http.ServeContent(w, r, "", p.mod, bytes.NewReader(body))
}

// current returns the copies of a file as it is on disk now (nil if it is
// not there), starting their compression in the background when the file
// is new or has changed since.
func (c *compressedFiles) current(rel string) *packed {
	st, err := os.Stat(c.source(rel))
	if err != nil || !st.Mode().IsRegular() {
		c.mu.Lock()
		delete(c.files, rel)
		c.mu.Unlock()
		return nil
	}
	return c.version(rel, st)
}

// version returns the copies of rel for the size and modification time in
// st, starting their compression if there are none yet.
func (c *compressedFiles) version(rel string, st fs.FileInfo) *packed {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.files[rel]
	if p != nil && p.mod.Equal(st.ModTime()) && p.size == st.Size() && !p.failed() {
		return p
	}
	p = &packed{ready: make(chan struct{}), mod: st.ModTime(), size: st.Size()}
	c.files[rel] = p
	c.busy.Add(1)
	go func() {
		defer c.busy.Done()
		defer close(p.ready)
		c.fill(rel, p)
	}()
	return p
}

// failed reports whether p is done and has no copies (the file could not
// be read, or changed while it was): the next look tries again.
func (p *packed) failed() bool {
	select {
	case <-p.ready:
		return p.err != nil
	default:
		return false
	}
}

// errChanged says a file changed while it was read: its copies would not
// match the size and time they are known by.
var errChanged = errors.New("changed while read")

// fill makes p's copies: from the disk cache when it holds this version,
// by compressing the file otherwise (and then into the cache).
func (c *compressedFiles) fill(rel string, p *packed) {
	p.mimeType = mime.TypeByExtension(path.Ext(rel))
	if path.Ext(rel) == ".wasm" {
		p.mimeType = "application/wasm"
	}
	if p.mimeType == "" {
		p.mimeType = "application/octet-stream"
	}
	if c.cache != "" {
		if gz, br, ok := c.load(rel, p.size, p.mod); ok {
			p.gz, p.br = gz, br
			return
		}
	}
	name := c.source(rel)
	data, err := os.ReadFile(name)
	if err != nil {
		p.err = err
		return
	}
	// A build may be writing the file: keep the copies only of the
	// version that was stat'ed, or the cache would file new bytes under
	// an old name.
	if st, err := os.Stat(name); err != nil || int64(len(data)) != p.size || st.Size() != p.size || !st.ModTime().Equal(p.mod) {
		p.err = errChanged
		return
	}
	c.compressions.Add(1)
	if p.gz, p.br, p.err = compressBoth(data); p.err != nil || c.cache == "" {
		return
	}
	c.storing.Lock()
	defer c.storing.Unlock()
	c.mu.Lock()
	stale := c.files[rel] != p
	c.mu.Unlock()
	if stale {
		return
	}
	if err := c.store(rel, p.size, p.mod, p.gz, p.br); err != nil && c.warn != nil {
		c.warnOnce.Do(func() {
			fmt.Fprintf(c.warn, "longhall: compressed copies are kept in memory only: %v\n", err)
		})
	}
}

// compressBoth compresses data with gzip and brotli at once (two cores
// halve the wait).
func compressBoth(data []byte) (gz, br []byte, err error) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		br = brotliBytes(data, serveBrotli)
	}()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, serveGzip)
	if err == nil {
		zw.Write(data) // writes to a bytes.Buffer cannot fail
		err = zw.Close()
	}
	<-done
	return buf.Bytes(), br, err
}

// source is the file under web/ that rel names.
func (c *compressedFiles) source(rel string) string {
	return filepath.Join(c.dir, "web", filepath.FromSlash(rel))
}

// scan looks at every compressible file under web/ and returns their
// copies, starting the compression of those that are new or changed.
func (c *compressedFiles) scan() []*packed {
	var all []*packed
	root := filepath.Join(c.dir, "web")
	filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || !compressible[filepath.Ext(name)] {
			return nil // an unreadable directory is answered by next
		}
		rel, err := filepath.Rel(root, name)
		if err != nil {
			return nil
		}
		if p := c.current(filepath.ToSlash(rel)); p != nil {
			all = append(all, p)
		}
		return nil
	})
	return all
}

// warm makes the copies of every compressible file under web/ and returns
// once they are ready, so that no request waits for them.
func (c *compressedFiles) warm() {
	for _, p := range c.scan() {
		<-p.ready
	}
}

// watch looks at web/ every interval until ctx ends, and compresses again
// in the background each file that has changed and then stayed as it is
// for one interval (a build still writing it would waste the work). A
// request that comes first starts it at once.
func (c *compressedFiles) watch(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	type seen struct{ size, mod int64 }
	last := map[string]seen{}
	root := filepath.Join(c.dir, "web")
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := map[string]seen{}
		filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() || !compressible[filepath.Ext(name)] {
				return nil
			}
			st, err := d.Info()
			rel, rerr := filepath.Rel(root, name)
			if err != nil || rerr != nil {
				return nil
			}
			rel = filepath.ToSlash(rel)
			s := seen{st.Size(), st.ModTime().UnixNano()}
			now[rel] = s
			if last[rel] == s {
				c.version(rel, st) // a no-op while the copies match
			}
			return nil
		})
		last = now
	}
}

// idle waits for the compressions under way (tests end with it, before
// their temporary directories go).
func (c *compressedFiles) idle() { c.busy.Wait() }

// pickEncoding chooses brotli, then gzip, from an Accept-Encoding header;
// "" when the client takes neither (or refuses both with q=0).
func pickEncoding(accept string) string {
	ok := map[string]bool{}
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		ok[name] = q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	switch {
	case ok["br"]:
		return "br"
	case ok["gzip"]:
		return "gzip"
	}
	return ""
}
