//go:build !wasm

package commands

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A later visit, whose page a service worker controls, compiles app.wasm
// straight from the worker's cache (CacheStorage), from the top of the
// page, while the page is still parsed and laid out: the browser streams
// the cached copy into the compiler itself. go-app's loader instead
// fetches it through the worker once its deferred script runs, after the
// page's first layout, and pipes it chunk by chunk through a JavaScript
// stream that counts the progress; and the page's <link rel=preload> had
// the worker stream all 11.7 MB once more. On the phone profile (make
// bench), a later visit's first frame came about 1.3x hello world's
// instead of 1.6x. A first visit keeps both: the preload starts the
// download while the page parses, and the progress line has something to
// follow.
//
// go-app writes its loader (app.js) and the pages' <head> itself and
// offers no hook into either, so the site's own server and dist edit
// what go-app renders, at one place in each that TestOwnLoaderEditsGoApps
// holds to go-app's text.

// appJSInstantiate is where go-app's app.js hands the wasm's response to
// the compiler; ownAppJSInstantiate replaces it: once what a crash took
// from localStorage is back (self.longhallKept, web/longhall.js), the
// module earlyWasm compiled, when it did, instantiated; else go-app's way
// (which fetches through the worker, with the progress line).
const (
	appJSInstantiate    = `const wasm = await instantiateStreaming(`
	ownAppJSInstantiate = `self.longhallKept && await self.longhallKept;
    const early = self.longhallWasm && await self.longhallWasm;
    const wasm = early ? { module: early, instance: await WebAssembly.instantiate(early, go.importObject) } : await instantiateStreaming(`
)

// earlyWasm starts on the wasm from the top of <head>, before any
// stylesheet (a script after one waits for it to load), while the page
// parses and lays out: on a later visit it compiles the worker's cached
// copy (self.longhallWasm, which the loader takes: 0.77 to 0.69 s to the
// first frame at the median on the phone profile, 12 visits each, turn
// about); on a first visit it preloads the download. %q is the wasm's URL.
const earlyWasm = `<script>(() => {
  const url = %q;
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
    if (self.caches && WebAssembly.compileStreaming) {
      self.longhallWasm = caches.match(url, { ignoreSearch: true })
        .then((r) => r && WebAssembly.compileStreaming(r)).catch(() => undefined);
    }
    return;
  }
  const l = document.createElement("link");
  l.rel = "preload"; l.as = "fetch"; l.type = "application/wasm"; l.crossOrigin = "anonymous"; l.href = url;
  document.head.appendChild(l);
})()</script>`

// ownAppJS edits go-app's app.js to take the module the page compiled
// early (ownAppJSInstantiate); it takes the wasm's URL as ownPage does,
// and needs none. It fails when go-app's text is not the one it knows.
func ownAppJS(js []byte, _ string) ([]byte, error) {
	if n := bytes.Count(js, []byte(appJSInstantiate)); n != 1 {
		return nil, fmt.Errorf("go-app's app.js has %s %d times, not once: its loader changed", appJSInstantiate, n)
	}
	return bytes.Replace(js, []byte(appJSInstantiate), []byte(ownAppJSInstantiate), 1), nil
}

// ownPage puts earlyWasm at the top of a page's <head>, after the
// character set (which must come in the first kilobyte).
func ownPage(page []byte, wasm string) ([]byte, error) {
	const head, charset = "<head>", `<meta charset="UTF-8">`
	i := bytes.Index(page, []byte(head))
	if i < 0 {
		return nil, errors.New("a page go-app rendered has no <head>")
	}
	i += len(head)
	if j := bytes.Index(page[i:], []byte(charset)); j >= 0 && strings.TrimSpace(string(page[i:i+j])) == "" {
		i += j + len(charset)
	}
	var b bytes.Buffer
	b.Grow(len(page) + len(earlyWasm) + len(wasm))
	b.Write(page[:i])
	fmt.Fprintf(&b, earlyWasm, wasm)
	b.Write(page[i:])
	return b.Bytes(), nil
}

// ownLoader serves what h serves, with app.js and every page edited (see
// ownAppJS and ownPage).
func ownLoader(h *app.Handler) http.Handler {
	wasm := h.Resources.Resolve("/web/app.wasm")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// web/'s files (app.wasm among them) pass as they are.
		if (r.Method != http.MethodGet && r.Method != http.MethodHead) || strings.HasPrefix(r.URL.Path, "/web/") {
			h.ServeHTTP(w, r)
			return
		}
		// Both are a few kilobytes: recorded whole, edited, and sent.
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		res := rec.Result()
		body := rec.Body.Bytes()
		var err error
		switch {
		case res.StatusCode != http.StatusOK:
		case r.URL.Path == "/app.js":
			body, err = ownAppJS(body, wasm)
		case strings.HasPrefix(res.Header.Get("Content-Type"), "text/html"):
			body, err = ownPage(body, wasm)
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		// The edit is the binary's, not web/'s, whose hash go-app's ETag is.
		w.Header().Del("Etag")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(res.StatusCode)
		if r.Method != http.MethodHead {
			w.Write(body)
		}
	})
}

// ownStaticLoader makes the same edits in a static site go-app wrote to
// out: its app.js and every .html file.
func ownStaticLoader(out string, h *app.Handler) error {
	wasm := h.Resources.Resolve("/web/app.wasm")
	edit := func(path string, with func([]byte, string) ([]byte, error)) error {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if data, err = with(data, wasm); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return os.WriteFile(path, data, 0o644)
	}
	if err := edit(filepath.Join(out, "app.js"), ownAppJS); err != nil {
		return err
	}
	return filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".html" {
			return err
		}
		return edit(path, ownPage)
	})
}
