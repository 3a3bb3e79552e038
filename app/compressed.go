//go:build !wasm

package main

import (
	"bytes"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// compressedFiles serves the large static files under web/ (the wasm above
// all: 10 MB raw, 2 MB brotli) compressed to browsers that accept it, so
// that `make run` on a LAN does not send every device the raw wasm. Each
// file is compressed once per change, on its first request; other requests
// and other files go to next.
type compressedFiles struct {
	next http.Handler
	dir  string // holds web/
	// prefix is the path the site lives under ("" at the root).
	prefix string

	mu    sync.Mutex
	files map[string]*packed
}

// packed is one file in both encodings, as of its modification time.
type packed struct {
	once     sync.Once
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
	p, err := c.get(rel)
	if err != nil {
		c.next.ServeHTTP(w, r) // a missing file gets the usual answer
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

// get returns a file's compressed copies, made on first use and again
// whenever the file changes.
func (c *compressedFiles) get(rel string) (*packed, error) {
	name := filepath.Join(c.dir, "web", filepath.FromSlash(rel))
	st, err := os.Stat(name)
	if err != nil || st.IsDir() {
		return nil, os.ErrNotExist
	}
	c.mu.Lock()
	p := c.files[rel]
	if p == nil || !p.mod.Equal(st.ModTime()) || p.size != st.Size() {
		p = &packed{mod: st.ModTime(), size: st.Size()}
		c.files[rel] = p
	}
	c.mu.Unlock()
	p.once.Do(func() {
		data, err := os.ReadFile(name)
		if err != nil {
			p.err = err
			return
		}
		if p.gz, p.err = gzipBytes(data); p.err != nil {
			return
		}
		// Quality 6 compresses the wasm in about a second; dist uses 11.
		p.br = brotliBytes(data, 6)
		p.mimeType = mime.TypeByExtension(path.Ext(rel))
		if path.Ext(rel) == ".wasm" {
			p.mimeType = "application/wasm"
		}
		if p.mimeType == "" {
			p.mimeType = "application/octet-stream"
		}
	})
	return p, p.err
}

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
