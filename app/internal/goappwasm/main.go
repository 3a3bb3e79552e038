// Command goappwasm writes the copy of go-app that app.wasm is built with:
// go-app without its server half, and the module file that points the
// browser build at it.
//
// go-app's package app holds both halves of a go-app program: the
// browser's (components, the DOM) and the server's (Handler, which serves
// pages, icons and the manifest). Every file of it is built for every
// platform, so the browser build imports net/http for the server's types,
// and with it crypto/tls, crypto/x509, crypto/hpke and their curves: 1.5 MB
// of app.wasm's 13 MB, and their package initialisation on every start,
// for code the browser never runs. The browser build uses nothing from
// the three files that hold the server half (http.go, resource.go and the
// wasm twin of GenerateStaticWebsite in wasm.go) but one helper of
// resource.go, clientResourceResolver, which resolver.go.txt carries.
//
// So `make wasm` runs
//
//	go run ./app/internal/goappwasm -out build/wasm
//
// which copies go-app's packages from the module cache into
// build/wasm/go-app without those three files and with that helper, and
// writes build/wasm/go.mod (this module's go.mod, replacing go-app by the
// copy) and go.sum. Every browser build of the Makefile, the tests' and the
// benchmarks' included, passes -modfile=build/wasm/go.mod; the native
// build (the server, dist) uses go-app as it is. The copy is made for one
// version of go-app: another version stops the build with what to check.
package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// goApp is the module copied, and madeFor the version whose files were
// read to choose what the copy leaves out.
const (
	goApp   = "github.com/maxence-charriere/go-app/v10"
	madeFor = "v10.1.11"
)

// serverHalf are package app's files that the browser build leaves out.
var serverHalf = map[string]bool{"http.go": true, "resource.go": true, "wasm.go": true}

// resolver is what the browser needs of resource.go, copied from it.
//
//go:embed resolver.go.txt
var resolver []byte

func main() {
	out := flag.String("out", "build/wasm", "the directory to write the copy and go.mod into")
	flag.Parse()
	if err := write(".", *out); err != nil {
		fmt.Fprintln(os.Stderr, "goappwasm:", err)
		os.Exit(1)
	}
}

// write makes out/go-app from the go-app that module (a directory holding
// go.mod) requires, and out/go.mod and out/go.sum pointing at it.
func write(module, out string) error {
	src, version, err := goAppDir(module)
	if err != nil {
		return err
	}
	if version != madeFor {
		return fmt.Errorf("go.mod requires go-app %s; its browser copy was made for %s. "+
			"Check that %s still hold only the server half, that resolver.go.txt matches "+
			"resource.go's clientResourceResolver, then set madeFor", version, madeFor, files())
	}
	out, err = filepath.Abs(out)
	if err != nil {
		return err
	}
	dst := filepath.Join(out, "go-app")
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	for _, f := range []string{"go.mod", "LICENSE"} {
		if err := copyFile(filepath.Join(src, f), filepath.Join(dst, f)); err != nil {
			return err
		}
	}
	for _, pkg := range []string{"pkg/app", "pkg/errors"} {
		if err := copyPackage(filepath.Join(src, pkg), filepath.Join(dst, pkg)); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dst, "pkg", "app", "resolver_browser.go"), resolver, 0o644); err != nil {
		return err
	}
	mod, err := os.ReadFile(filepath.Join(module, "go.mod"))
	if err != nil {
		return err
	}
	if bytes.Contains(mod, []byte("\nreplace "+goApp)) || bytes.Contains(mod, []byte("\n\t"+goApp+" =>")) {
		return errors.New("go.mod already replaces go-app: the browser copy cannot replace it too")
	}
	mod = fmt.Appendf(mod, "\n// The browser build's go-app, without its server half (app/internal/goappwasm).\nreplace %s => %s\n", goApp, dst)
	if err := os.WriteFile(filepath.Join(out, "go.mod"), mod, 0o644); err != nil {
		return err
	}
	return copyFile(filepath.Join(module, "go.sum"), filepath.Join(out, "go.sum"))
}

func files() string {
	return strings.Join(slices.Sorted(maps.Keys(serverHalf)), ", ")
}

// goAppDir is where the module cache holds the go-app that module
// requires (downloading it if it is not there yet), and its version.
func goAppDir(module string) (dir, version string, err error) {
	cmd := exec.Command("go", "mod", "download", "-json", goApp)
	cmd.Dir = module
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", "", fmt.Errorf("go mod download %s: %v\n%s", goApp, err, stderr.Bytes())
	}
	var m struct{ Dir, Version, Error string }
	if err := json.Unmarshal(out, &m); err != nil {
		return "", "", fmt.Errorf("go mod download %s: %v", goApp, err)
	}
	if m.Error != "" || m.Dir == "" {
		return "", "", fmt.Errorf("go mod download %s: %s", goApp, m.Error)
	}
	return m.Dir, m.Version, nil
}

// copyPackage copies a package's Go files, without its tests and, in
// package app, without the server half.
func copyPackage(src, dst string) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	app := filepath.Base(src) == "app"
	n := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if app && serverHalf[name] {
			n++
			continue
		}
		if err := copyFile(filepath.Join(src, name), filepath.Join(dst, name)); err != nil {
			return err
		}
	}
	if app && n != len(serverHalf) {
		return fmt.Errorf("%s no longer has all of %s", src, files())
	}
	return nil
}

// copyFile copies a file, writable (the module cache's are read-only).
func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, fs.FileMode(0o644))
}
