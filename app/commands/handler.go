//go:build !wasm

package commands

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"

	"longhall/sw"
)

// buildVersion may be set at link time (-ldflags "-X main.buildVersion=...").
// When it is empty the version is a hash of everything under web/, so a
// client's service worker updates exactly when the app changed.
var buildVersion string

const (
	themeColor = "#2a1d14"
	appName    = "Longhall"
)

// newHandler configures go-app for Longhall. prefix is the URL path the site
// lives under ("" at the root of a host). It must run in the directory that
// holds web/.
// env reaches the page as go-app environment variables (the site's relay
// lists, see netEnv).
func newHandler(prefix, version string, env map[string]string) (*app.Handler, error) {
	wasm, err := os.Stat(filepath.Join("web", "app.wasm"))
	if err != nil {
		return nil, fmt.Errorf("web/app.wasm is missing: build it first (make run does): %w", err)
	}
	// A listed file that is missing would fail the service worker's install
	// (cache.addAll is all or nothing) and with it all offline play.
	styles := ui.Styles() // the app's, then each registered game's
	for _, f := range styles {
		if _, err := os.Stat(strings.TrimPrefix(f, "/")); err != nil {
			return nil, fmt.Errorf("a stylesheet the pages list is missing: %w", err)
		}
	}
	assets, err := webAssets("web")
	if err != nil {
		return nil, err
	}
	cacheable := append(Pages(), assets...)
	// The page says its build in rooms: go-app's version (GOAPP_VERSION)
	// names it, and when it was built orders it among others.
	built, err := builtTime("web")
	if err != nil {
		return nil, err
	}
	env = maps.Clone(env)
	if env == nil {
		env = map[string]string{}
	}
	env[online.EnvBuilt] = strconv.FormatInt(built, 10)
	var res app.ResourceResolver = app.LocalDir("")
	if prefix = strings.TrimRight(prefix, "/"); prefix != "" {
		res = app.PrefixedLocation(prefix)
	}
	return &app.Handler{
		Name:            appName,
		ShortName:       appName,
		Title:           "Longhall: Viking board games with friends",
		Description:     "Play Red North and other Viking board games with friends in the browser, peer to peer, or alone against bots, online or offline.",
		Lang:            "en",
		BackgroundColor: themeColor,
		ThemeColor:      themeColor,
		LoadingLabel:    "Loading Longhall… {progress}%",
		Icon: app.Icon{
			Default:  "/web/icons/icon-192.png",
			Large:    "/web/icons/icon-512.png",
			Maskable: "/web/icons/icon-maskable-512.png",
			SVG:      "/web/icons/icon.svg",
		},
		Styles:                styles,
		Scripts:               []string{"/web/longhall.js"},
		CacheableResources:    cacheable,
		Resources:             res,
		Version:               version,
		Env:                   env,
		ServiceWorkerTemplate: sw.AppWorkerJS,
		// The loader's progress bar needs the raw size even where a host
		// sends the wasm compressed, and a static host sets no header of ours.
		WasmContentLength: strconv.FormatInt(wasm.Size(), 10),
	}, nil
}

// webAssets lists the files under dir as /web/... paths, leaving out the
// wasm (go-app caches it already) and pre-compressed copies.
func webAssets(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		if d.Name() == "app.wasm" || !siteFile(rel) {
			return nil
		}
		out = append(out, "/web/"+filepath.ToSlash(rel))
		return nil
	})
	slices.Sort(out)
	return out, err
}

// siteFile reports whether a file under web/ belongs on the site: not
// pre-compressed copies, hidden files, or the README's screenshots.
func siteFile(rel string) bool {
	rel = filepath.ToSlash(rel)
	name := filepath.Base(rel)
	return !strings.HasSuffix(name, ".br") && !strings.HasSuffix(name, ".gz") &&
		!strings.HasPrefix(name, ".") && !strings.HasPrefix(rel, "screenshots/")
}

// builtTime is when the site's files under dir last changed, in Unix
// seconds: the newest modification time among them (app.wasm's, after a
// build). A later build of the app has a later time, which tells a
// player whose app is the older one (online.VersionWords); a build made
// again from the same files keeps its version (contentVersion) and needs
// no update.
func builtTime(dir string) (int64, error) {
	var newest int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if rel, _ := filepath.Rel(dir, path); !siteFile(rel) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		newest = max(newest, info.ModTime().Unix())
		return nil
	})
	return newest, err
}

// contentVersion hashes every file under web/ (app.wasm included).
func contentVersion(dir string) (string, error) {
	if buildVersion != "" {
		return buildVersion, nil
	}
	h := sha256.New()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if rel, _ := filepath.Rel(dir, path); !siteFile(rel) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		h.Write([]byte(filepath.ToSlash(path)))
		h.Write(data)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:16], err
}
