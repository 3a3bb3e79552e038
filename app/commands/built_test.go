//go:build !wasm

package commands

import (
	"encoding/json"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"longhall/app/online"
)

// TestPagesSayWhenTheirBuildWasMade: the server tells each page when its
// build was made (LONGHALL_BUILT, the newest of web/'s site files), which
// orders two builds in a room. A page without it cannot tell whose app is
// older: both players then read that whichever is older should reload.
func TestPagesSayWhenTheirBuildWasMade(t *testing.T) {
	base := time.Date(2026, 11, 29, 11, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name  string
		files map[string]time.Duration // under web/, written (if new) and dated base+d
		want  time.Duration
	}{
		{"the wasm the newest", map[string]time.Duration{"app.wasm": 50 * time.Second}, 50 * time.Second},
		{"a stylesheet changed later", map[string]time.Duration{"app.wasm": 50 * time.Second, "longhall.css": 90 * time.Second}, 90 * time.Second},
		{"a new file", map[string]time.Duration{"icons/new.svg": 70 * time.Second}, 70 * time.Second},
		{"compressed copies, hidden files and screenshots are no part of the site", map[string]time.Duration{
			"app.wasm": 50 * time.Second, "app.wasm.br": time.Hour, "longhall.css.gz": time.Hour, ".DS_Store": time.Hour, "screenshots/room.png": time.Hour,
		}, 50 * time.Second},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := fakeSite(t)
			web := filepath.Join(dir, "web")
			for rel := range c.files {
				p := filepath.Join(web, filepath.FromSlash(rel))
				if _, err := os.Stat(p); err == nil {
					continue
				}
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := filepath.WalkDir(web, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(web, p)
				at := base.Add(c.files[filepath.ToSlash(rel)])
				return os.Chtimes(p, at, at)
			})
			if err != nil {
				t.Fatal(err)
			}
			h, err := newHandler("", "v1", map[string]string{"OTHER": "kept"})
			if err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/app.js", nil))
			m := regexp.MustCompile(`const goappEnv = (\{.*?\});`).FindStringSubmatch(rec.Body.String())
			if m == nil {
				t.Fatalf("app.js has no variables:\n%s", rec.Body)
			}
			var env map[string]string
			if err := json.Unmarshal([]byte(m[1]), &env); err != nil {
				t.Fatal(err)
			}
			if want := strconv.FormatInt(base.Add(c.want).Unix(), 10); env[online.EnvBuilt] != want {
				t.Errorf("the page's %s is %q, want %s (base + %v)", online.EnvBuilt, env[online.EnvBuilt], want, c.want)
			}
			if env["OTHER"] != "kept" || env["GOAPP_VERSION"] != "v1" {
				t.Errorf("the page's variables are %v", env)
			}
		})
	}
}
