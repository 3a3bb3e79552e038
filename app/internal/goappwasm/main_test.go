package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// moduleRoot is Longhall's module, two directories up.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestBrowserBuildHasNoServerHalf: with the copy, the app's browser build
// imports none of net/http and the TLS stack. (make wasm builds with it:
// a copy that does not compile fails there.)
func TestBrowserBuildHasNoServerHalf(t *testing.T) {
	root, out := moduleRoot(t), t.TempDir()
	if err := write(root, out); err != nil {
		t.Fatal(err)
	}
	for f := range serverHalf {
		if _, err := os.Stat(filepath.Join(out, "go-app", "pkg", "app", f)); !os.IsNotExist(err) {
			t.Errorf("the copy has %s", f)
		}
	}
	deps := goList(t, root, "-modfile="+filepath.Join(out, "go.mod"), "-deps", "./app")
	for _, pkg := range []string{"net/http", "crypto/tls", "crypto/x509", "github.com/coder/websocket"} {
		if deps[pkg] {
			t.Errorf("the browser build imports %s", pkg)
		}
	}
	if !deps[goApp+"/pkg/app"] {
		t.Errorf("the browser build does not import go-app: %v", deps)
	}
	// Without the copy, go-app brings net/http: what the copy is for.
	if !goList(t, root, "-deps", goApp+"/pkg/app")["net/http"] {
		t.Error("go-app as it is no longer imports net/http in the browser: the copy may go")
	}
}

// goList is the set of packages `go list` prints for a browser build.
func goList(t *testing.T, dir string, args ...string) map[string]bool {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, stderr.Bytes())
	}
	set := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		set[p] = true
	}
	return set
}

// TestResolverIsGoAppsOwn: each function of resolver.go.txt is, to the
// token, the one in go-app's resource.go, so the browser resolves
// resources as go-app does.
func TestResolverIsGoAppsOwn(t *testing.T) {
	src, _, err := goAppDir(moduleRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	upstream := funcs(t, filepath.Join(src, "pkg", "app", "resource.go"), nil)
	ours := funcs(t, "resolver.go.txt", resolver)
	if len(ours) == 0 {
		t.Fatal("resolver.go.txt has no functions")
	}
	for name, body := range ours {
		if upstream[name] != body {
			t.Errorf("%s differs from go-app's:\n%s\ngo-app's:\n%s", name, body, upstream[name])
		}
	}
}

// funcs are a Go file's functions by name, printed.
func funcs(t *testing.T, name string, src []byte) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	var file any
	if src != nil {
		file = src
	}
	f, err := parser.ParseFile(fset, name, file, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok {
			var b bytes.Buffer
			printer.Fprint(&b, fset, fn)
			out[fn.Name.Name] = b.String()
		}
	}
	return out
}

// TestMadeForTheRequiredVersion: the copy is made for the go-app that
// go.mod requires; a new version fails here until its files are read.
func TestMadeForTheRequiredVersion(t *testing.T) {
	if _, version, err := goAppDir(moduleRoot(t)); err != nil || version != madeFor {
		t.Fatalf("go.mod requires go-app %s (%v), the copy is made for %s", version, err, madeFor)
	}
}
