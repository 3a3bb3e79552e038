//go:build unix

package npmtools

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fakeNPM puts on PATH an npm that "installs" each name@version argument
// by writing its package.json under --prefix, slowly, and logs each run.
func fakeNPM(t *testing.T) (log string) {
	t.Helper()
	bin := t.TempDir()
	log = filepath.Join(t.TempDir(), "runs")
	script := `#!/bin/sh
echo run >> "` + log + `"
prefix=
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --*) shift ;;
    install) shift ;;
    *) name=${1%@*}; version=${1##*@}
       mkdir -p "$prefix/node_modules/$name"
       sleep 0.2
       printf '{"version": "%s"}' "$version" > "$prefix/node_modules/$name/package.json"
       shift ;;
  esac
done
`
	if err := os.WriteFile(filepath.Join(bin, "npm"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("LONGHALL_TOOLS", t.TempDir())
	return log
}

func runs(t *testing.T, log string) int {
	t.Helper()
	b, err := os.ReadFile(log)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return strings.Count(string(b), "run")
}

var pkgs = []string{"ws@8.23.0", "@nostr-relay/core@0.0.40"}

// Several callers at once get one install, whole, and none sees a half.
func TestInstallOnceForCallersAtOnce(t *testing.T) {
	log := fakeNPM(t)
	var wg sync.WaitGroup
	dirs := make([]string, 4)
	for i := range dirs {
		wg.Go(func() {
			dir, err := Install("relays", pkgs)
			if err != nil {
				t.Error(err)
				return
			}
			if !Has(dir, pkgs) {
				t.Errorf("Install returned %s without every package in it", dir)
			}
			dirs[i] = dir
		})
	}
	wg.Wait()
	if n := runs(t, log); n != 1 {
		t.Errorf("npm ran %d times for 4 callers at once; want once", n)
	}
	for _, d := range dirs[1:] {
		if d != dirs[0] {
			t.Errorf("callers got %v; want one directory", dirs)
		}
	}
	if _, err := Install("relays", pkgs); err != nil || runs(t, log) != 1 {
		t.Errorf("a later call ran npm again (%d runs, %v)", runs(t, log), err)
	}
}

// A set holding another version of a package (or missing one) is
// installed again, and replaces the old one.
func TestInstallReplacesAnOutdatedSet(t *testing.T) {
	log := fakeNPM(t)
	if _, err := Install("relays", []string{"ws@8.0.0"}); err != nil {
		t.Fatal(err)
	}
	dir, err := Install("relays", pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if !Has(dir, pkgs) || runs(t, log) != 2 {
		t.Errorf("after a new version: has the set %v, npm runs %d; want true, 2", Has(dir, pkgs), runs(t, log))
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".installing-") || strings.Contains(e.Name(), ".old-") {
			t.Errorf("%s was left behind", e.Name())
		}
	}
}

func TestHasRefusesAMalformedName(t *testing.T) {
	if Has(t.TempDir(), []string{"no-version"}) {
		t.Error("Has accepted a package without a version")
	}
}
