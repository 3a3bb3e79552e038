//go:build !wasm

package commands

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// compressMin is the size from which dist writes .gz and .br copies: below
// it, compression saves less than a round trip costs.
const compressMin = 4 << 10

// dist writes the static site into out: every page pre-rendered, web/
// copied, and pre-compressed copies of the larger files. prefix is the URL
// path the site will live under ("" for the root of a host).
func dist(dir, out, prefix string, fast bool, env map[string]string, stdout io.Writer) error {
	out, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	if err := os.Chdir(dir); err != nil {
		return err
	}
	if prefix != "" && !strings.HasPrefix(prefix, "/") {
		prefix = "/" + prefix
	}
	prefix = strings.TrimRight(prefix, "/")
	version, err := contentVersion("web")
	if err != nil {
		return err
	}
	h, err := newHandler(prefix, version, env)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	pages := Pages()
	if err := app.GenerateStaticWebsite(out, h, pages...); err != nil {
		return fmt.Errorf("generating the static site: %w", err)
	}
	// go-app writes /games/x/ as games/x.html; a directory index works on
	// every static host, with or without extension rewriting.
	for _, p := range pages {
		if p == "/" {
			continue
		}
		from := filepath.Join(out, strings.TrimSuffix(p, "/")+".html")
		to := filepath.Join(out, p, "index.html")
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if err := os.Rename(from, to); err != nil {
			return err
		}
	}
	if err := ownStaticLoader(out, h); err != nil {
		return err
	}
	if err := copyDir("web", filepath.Join(out, "web")); err != nil {
		return err
	}
	if err := fixManifestScope(filepath.Join(out, "manifest.webmanifest"), prefix); err != nil {
		return err
	}
	// A .nojekyll file keeps GitHub Pages from hiding files it considers
	// Jekyll's.
	if err := os.WriteFile(filepath.Join(out, ".nojekyll"), nil, 0o644); err != nil {
		return err
	}
	n, err := compressTree(out, fast)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote the static site for %s/ to %s (version %s, %d files pre-compressed)\n", prefix, out, version, n)
	return nil
}

// fixManifestScope sets the manifest's scope to the site's path: go-app
// writes "/", which a browser rejects for an app under a sub-path.
func fixManifestScope(path, prefix string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("reading the generated manifest: %w", err)
	}
	m["scope"] = prefix + "/"
	m["id"] = prefix + "/"
	data, err = json.Marshal(m)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

func copyDir(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !siteFile(rel) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

var compressible = map[string]bool{".wasm": true, ".js": true, ".css": true, ".html": true, ".svg": true, ".webmanifest": true, ".json": true}

// compressTree writes name.gz and name.br beside every compressible file of
// at least compressMin bytes, for hosts that serve pre-compressed files.
// fast trades size for speed: tests need the files, not the last percent.
func compressTree(root string, fast bool) (int, error) {
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[filepath.Ext(path)] {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil || len(data) < compressMin {
			return err
		}
		gz, err := gzipBest(path, data, fast)
		if err != nil {
			return err
		}
		if err := os.WriteFile(path+".gz", gz, 0o644); err != nil {
			return err
		}
		quality := 11
		if fast {
			quality = 1
		}
		if err := os.WriteFile(path+".br", brotliBytes(data, quality), 0o644); err != nil {
			return err
		}
		n++
		return nil
	})
	return n, err
}

// gzipBest compresses with zopfli when it is installed (about 4% smaller
// than gzip -9 on the wasm, which matters against the size budget), and
// with Go's gzip otherwise.
func gzipBest(path string, data []byte, fast bool) ([]byte, error) {
	if zopfli, err := exec.LookPath("zopfli"); err == nil && !fast {
		out, err := exec.Command(zopfli, "--i1", "-c", path).Output()
		if err == nil {
			return out, nil
		}
	}
	return gzipBytes(data)
}

func gzipBytes(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	err = zw.Close()
	return buf.Bytes(), err
}

func brotliBytes(data []byte, quality int) []byte {
	var buf bytes.Buffer
	bw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: quality, LGWin: 24})
	bw.Write(data) // writes to a bytes.Buffer cannot fail
	bw.Close()
	return buf.Bytes()
}
