//go:build unix

package npmtools

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

// Root is where the sets live: $LONGHALL_TOOLS, or longhall-tools in the
// user's cache directory (~/.cache), so that a fresh clone finds what an
// earlier one installed, as it finds Go's module cache.
func Root() (string, error) {
	if dir := os.Getenv("LONGHALL_TOOLS"); dir != "" {
		return dir, nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("npmtools: no place for the tests' npm packages (set LONGHALL_TOOLS): %w", err)
	}
	return filepath.Join(cache, "longhall-tools"), nil
}

// Install returns the directory of the set named name (its node_modules
// holds pkgs, each name@version), installing it first if it is missing or
// holds other versions. No package's install scripts run, so none
// downloads anything of its own; env adds to npm's environment.
func Install(name string, pkgs []string, env ...string) (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, name)
	if Has(dir, pkgs) {
		return dir, nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return "", fmt.Errorf("npmtools: the tests need npm to install %s, and npm is not on PATH: apt-get install nodejs npm (make test installs them as root)", strings.Join(pkgs, " "))
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	unlock, err := lock(filepath.Join(root, "."+name+".lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	if Has(dir, pkgs) { // another process installed it while this one waited
		return dir, nil
	}
	tmp, err := os.MkdirTemp(root, "."+name+".installing-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("npm", append([]string{"install", "--prefix", tmp, "--ignore-scripts", "--no-audit", "--no-fund"}, pkgs...)...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil || !Has(tmp, pkgs) {
		return "", fmt.Errorf("npmtools: npm install %s failed: %v\n%s", strings.Join(pkgs, " "), err, out)
	}
	// An old set (other versions) goes aside first: a rename over a
	// directory that is not empty fails.
	if _, err := os.Stat(dir); err == nil {
		old := fmt.Sprintf("%s.old-%d", dir, os.Getpid())
		if err := os.Rename(dir, old); err != nil {
			return "", err
		}
		defer os.RemoveAll(old)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return "", err
	}
	return dir, nil
}

// Has says whether dir/node_modules holds every package of pkgs at its
// version.
func Has(dir string, pkgs []string) bool {
	for _, p := range pkgs {
		at := strings.LastIndexByte(p, '@')
		if at <= 0 {
			return false
		}
		b, err := os.ReadFile(filepath.Join(dir, "node_modules", p[:at], "package.json"))
		var pkg struct{ Version string }
		if err != nil || json.Unmarshal(b, &pkg) != nil || pkg.Version != p[at+1:] {
			return false
		}
	}
	return true
}

// CopyScript writes data into dir as name, through a temporary file and a
// rename, so that a process starting the script never reads half of it.
func CopyScript(dir, name string, data []byte) error {
	tmp := filepath.Join(dir, fmt.Sprintf(".%s.%d", name, os.Getpid()))
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, name))
}

// lock takes an exclusive lock on path, waiting for other processes that
// hold it; the lock goes with the process if it dies.
func lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("npmtools: locking %s: %w", path, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
