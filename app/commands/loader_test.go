//go:build !wasm

package commands

import (
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"longhall/app/pages"
	"longhall/app/ui"
)

// routed registers the app's pages, as package main does, once.
var routed sync.Once

// fakeSite makes a web/ that newHandler accepts (a wasm and every listed
// stylesheet) in a new working directory.
func fakeSite(t *testing.T) string {
	t.Helper()
	routed.Do(pages.Register)
	dir := t.TempDir()
	t.Chdir(dir)
	files := append([]string{"/web/app.wasm"}, ui.Styles()...)
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(f, "/")))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestOwnLoaderEditsGoApps holds ownLoader to the text go-app v10.1.11
// renders: each page starts on the wasm above its stylesheets (compiling a
// worker's cached copy, or preloading it), and app.js takes the module the
// page compiled, for a site at a host's root and under a sub-path alike.
func TestOwnLoaderEditsGoApps(t *testing.T) {
	for _, prefix := range []string{"", "/sub"} {
		t.Run("prefix "+prefix, func(t *testing.T) {
			fakeSite(t)
			h, err := newHandler(prefix, "v1", nil)
			if err != nil {
				t.Fatal(err)
			}
			wasm := prefix + "/web/app.wasm"
			get := func(path string) string {
				rec := httptest.NewRecorder()
				ownLoader(h).ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
				if rec.Code != 200 {
					t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
				}
				if rec.Header().Get("Etag") != "" {
					t.Errorf("GET %s keeps go-app's ETag, which does not cover the edit", path)
				}
				return rec.Body.String()
			}
			js := get("/app.js")
			if !strings.Contains(js, `WebAssembly.instantiate(early, go.importObject)`) {
				t.Errorf("app.js does not take the module the page compiled early:\n%s", js)
			}
			if n := strings.Count(js, `fetchWithProgress("`+wasm+`", showProgress)`); n != 1 {
				t.Errorf("app.js fetches the wasm through go-app's stream %d times, want once (when the page compiled nothing early)", n)
			}
			page := get("/")
			early, style := strings.Index(page, `const url = "`+wasm+`"`), strings.Index(page, `rel="stylesheet"`)
			if early < 0 || style < 0 || early > style || !strings.Contains(page, `WebAssembly.compileStreaming(r)`) {
				t.Errorf("the page's early start on the wasm (a compile or a preload) is at %d, its first stylesheet at %d: want it first\n%s", early, style, page)
			}
			if strings.Contains(page, `<link rel="preload"`) {
				t.Error("the page still preloads the wasm on every visit, a worker's too")
			}
		})
	}
}

// TestOwnLoaderRefusesAnotherGoApp: a go-app whose text has changed fails
// the edit in words, rather than serving a loader that was not edited.
func TestOwnLoaderRefusesAnotherGoApp(t *testing.T) {
	if _, err := ownAppJS([]byte(`const wasm = await WebAssembly.instantiateStreaming(fetch("/web/app.wasm"))`), "/web/app.wasm"); err == nil || !strings.Contains(err.Error(), "loader changed") {
		t.Errorf("an app.js without go-app's call: %v", err)
	}
	js := `const wasm = await instantiateStreaming(a); const wasm = await instantiateStreaming(b)`
	if _, err := ownAppJS([]byte(js), "/web/app.wasm"); err == nil {
		t.Error("an app.js with the call twice was edited")
	}
	if _, err := ownPage([]byte(`<html><body></body></html>`), "/web/app.wasm"); err == nil {
		t.Error("a page without a head was edited")
	}
}

// TestDistWritesOwnLoader: the static site has the same edits as the
// server's answers.
func TestDistWritesOwnLoader(t *testing.T) {
	dir := fakeSite(t)
	out := filepath.Join(t.TempDir(), "site")
	if err := dist(dir, out, "/sub", true, nil, io.Discard); err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join(out, "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `WebAssembly.instantiate(early, go.importObject)`) {
		t.Error("dist's app.js does not take the module the page compiled early")
	}
	pages := 0
	err = filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || filepath.Ext(p) != ".html" {
			return err
		}
		pages++
		b, err := os.ReadFile(p)
		if err == nil && !strings.Contains(string(b), `const url = "/sub/web/app.wasm"`) {
			t.Errorf("%s has no early preload of the wasm", p)
		}
		return err
	})
	if err != nil || pages < 2 {
		t.Fatalf("%d pages, %v", pages, err)
	}
}
