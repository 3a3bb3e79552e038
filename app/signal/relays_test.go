//go:build !(js && wasm)

package signal

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"longhall/app/internal/npmtools"
)

// The relays the integration tests run: real implementations from npm,
// installed once per machine (npmtools' set "relays", which the browser
// tests share: the versions must match relayPackages in
// app/e2e/relays_test.go) and started on 127.0.0.1.
var npmPackages = []string{
	"bittorrent-tracker@11.2.3",
	"@nostr-relay/core@0.0.40",
	"@nostr-relay/common@0.0.40",
	"@nostr-relay/validator@0.0.40",
	"ws@8.23.0",
}

var (
	npmOnce sync.Once
	npmDir  string
	npmErr  error
)

// needRelays installs the npm packages if they are missing and copies the
// relay scripts next to them, so that Node resolves their imports there.
func needRelays(t testing.TB) string {
	t.Helper()
	npmOnce.Do(func() {
		if _, err := exec.LookPath("node"); err != nil {
			npmErr = fmt.Errorf("the signal tests run a real WebTorrent tracker and Nostr relay on Node.js, " +
				"and node is not installed (apt-get install nodejs npm)")
			return
		}
		if npmDir, npmErr = npmtools.Install("relays", npmPackages); npmErr != nil {
			return
		}
		for _, s := range []string{"tracker.mjs", "relay.mjs"} {
			b, err := os.ReadFile(filepath.Join("testdata", s))
			if err == nil {
				err = npmtools.CopyScript(npmDir, "lh-signal-"+s, b)
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
	return npmDir
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
	case <-time.After(time.Minute): // a hang guard: Node starts in a second or two
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
