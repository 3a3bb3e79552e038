//go:build !(js && wasm)

package signal

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The relays the integration tests run: real implementations from npm,
// installed once into a cache directory and started on 127.0.0.1.
var npmPackages = []string{
	"bittorrent-tracker@11.2.3",
	"@nostr-relay/core@0.0.40",
	"@nostr-relay/common@0.0.40",
	"@nostr-relay/validator@0.0.40",
	"ws@8.23.0",
}

// toolsDir is where npm packages go: $LONGHALL_TOOLS, or .tools at the
// module root (git-ignored).
func toolsDir(t testing.TB) string {
	t.Helper()
	if d := os.Getenv("LONGHALL_TOOLS"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, ".tools")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("signal tests: cannot find the module root (go.mod)")
		}
		dir = parent
	}
}

var (
	npmOnce sync.Once
	npmErr  error
)

// installed says whether each package is in dir/node_modules at its version.
func installed(dir string) bool {
	for _, p := range npmPackages {
		at := strings.LastIndexByte(p, '@')
		name, version := p[:at], p[at+1:]
		b, err := os.ReadFile(filepath.Join(dir, "node_modules", name, "package.json"))
		if err != nil {
			return false
		}
		var pkg struct{ Version string }
		if json.Unmarshal(b, &pkg) != nil || pkg.Version != version {
			return false
		}
	}
	return true
}

// needRelays installs the npm packages if they are missing and copies the
// relay scripts next to them, so that Node resolves their imports there.
func needRelays(t testing.TB) string {
	t.Helper()
	dir := toolsDir(t)
	npmOnce.Do(func() {
		if _, err := exec.LookPath("node"); err != nil {
			npmErr = fmt.Errorf("the signal tests run a real WebTorrent tracker and Nostr relay on Node.js, " +
				"and node is not installed (apt-get install nodejs npm)")
			return
		}
		if !installed(dir) {
			if _, err := exec.LookPath("npm"); err != nil {
				npmErr = fmt.Errorf("the signal tests need npm to install %s into %s, and npm is not installed "+
					"(apt-get install npm)", strings.Join(npmPackages, " "), dir)
				return
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				npmErr = err
				return
			}
			args := append([]string{"install", "--prefix", dir, "--ignore-scripts", "--no-audit", "--no-fund"}, npmPackages...)
			out, err := exec.Command("npm", args...).CombinedOutput()
			if err != nil || !installed(dir) {
				npmErr = fmt.Errorf("npm install into %s failed: %v\n%s", dir, err, out)
				return
			}
		}
		for _, s := range []string{"tracker.mjs", "relay.mjs"} {
			b, err := os.ReadFile(filepath.Join("testdata", s))
			if err == nil {
				tmp := filepath.Join(dir, fmt.Sprintf(".lh-%s.%d", s, os.Getpid()))
				if err = os.WriteFile(tmp, b, 0o644); err == nil {
					err = os.Rename(tmp, filepath.Join(dir, "lh-signal-"+s))
				}
			}
			if err != nil {
				npmErr = err
				return
			}
		}
	})
	if npmErr != nil {
		t.Fatalf("signal: %v", npmErr)
	}
	return dir
}

// server is a relay running in a Node process.
type server struct {
	URL  string
	Port int
	log  string
	stop func()
}

// frames returns every frame the relay has received so far.
func (s *server) frames(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(s.log)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}

func startTracker(t testing.TB) *server { return startNode(t, "tracker.mjs", 0) }
func startRelay(t testing.TB) *server   { return startNode(t, "relay.mjs", 0) }

// startNode runs a relay script on 127.0.0.1 (on port, or a free one when
// port is 0) until the test ends or stop is called.
func startNode(t testing.TB, script string, port int) *server {
	t.Helper()
	dir := needRelays(t)
	s := &server{log: filepath.Join(t.TempDir(), "frames.log")}
	cmd := exec.Command("node", filepath.Join(dir, "lh-signal-"+script), s.log, fmt.Sprint(port))
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	s.stop = func() {
		once.Do(func() {
			stdin.Close()
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(3 * time.Second):
				cmd.Process.Kill()
				<-done
			}
		})
	}
	t.Cleanup(s.stop)
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if p, ok := strings.CutPrefix(sc.Text(), "listening "); ok {
				ready <- p
			}
		}
	}()
	select {
	case p := <-ready:
		fmt.Sscan(p, &s.Port)
		s.URL = fmt.Sprintf("ws://127.0.0.1:%d", s.Port)
	case <-time.After(20 * time.Second):
		s.stop()
		t.Fatalf("%s did not start: %s", script, stderr.String())
	}
	return s
}

// closedURL is a ws:// address on 127.0.0.1 where nothing listens.
func closedURL(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "ws://" + addr
}
