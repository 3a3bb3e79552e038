//go:build linux

package e2e

// Real relays for the room tests, run inside the test's namespace: the npm
// bittorrent-tracker server and a Nostr relay, through the same scripts
// (app/signal/testdata) and npm packages the signal package's tests use.

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"

	"longhall/app/internal/npmtools"
)

// relayPackages are the npm packages the relay scripts need. The versions
// must match npmPackages in app/signal/relays_test.go: both packages'
// tests share one install (npmtools' set "relays").
var relayPackages = []string{
	"bittorrent-tracker@11.2.3",
	"@nostr-relay/core@0.0.40",
	"@nostr-relay/common@0.0.40",
	"@nostr-relay/validator@0.0.40",
	"ws@8.23.0",
}

var (
	relayToolsOnce sync.Once
	relayToolsDir  string
	relayToolsErr  error
)

// needRelayTools returns the directory whose node_modules holds
// relayPackages (npmtools' set "relays", which the signal package's tests
// share), with the relay scripts copied there as lh-e2e-tracker.mjs and
// lh-e2e-relay.mjs so that Node resolves their imports in it.
func needRelayTools(t testing.TB) string {
	t.Helper()
	relayToolsOnce.Do(func() {
		if _, err := exec.LookPath("node"); err != nil {
			relayToolsErr = fmt.Errorf("these tests run a real WebTorrent tracker and Nostr relay on Node.js, " +
				"and node is not on PATH: apt-get install nodejs npm (make test installs them as root)")
			return
		}
		dir, err := npmtools.Install("relays", relayPackages)
		if relayToolsErr = err; err != nil {
			return
		}
		relayToolsDir = dir
		for _, s := range []string{"tracker.mjs", "relay.mjs"} {
			b, err := os.ReadFile(filepath.Join(moduleRoot(), "app", "signal", "testdata", s))
			if err == nil {
				err = npmtools.CopyScript(dir, "lh-e2e-"+s, b)
			}
			if err != nil {
				relayToolsErr = fmt.Errorf("copying the relay script %s into %s: %w", s, dir, err)
				return
			}
		}
	})
	if relayToolsErr != nil {
		t.Fatal(relayToolsErr)
	}
	return relayToolsDir
}

// StartTracker runs a WebTorrent tracker (npm's bittorrent-tracker, its
// WebSocket side only) inside the namespace on a free port of n.Addr until
// the test ends, and returns its address, ws://10.233.X.1:PORT.
func (n *netns) StartTracker(t testing.TB) string { return n.startRelay(t, "tracker.mjs") }

// StartNostrRelay runs a Nostr relay (@nostr-relay/core with its
// signature-checking validator, storing nothing) inside the namespace on a
// free port of n.Addr until the test ends, and returns its address,
// ws://10.233.X.1:PORT.
func (n *netns) StartNostrRelay(t testing.TB) string { return n.startRelay(t, "relay.mjs") }

// startRelay runs one of the scripts: with no frame log, port 0 (a free
// one) and LH_HOST=n.Addr, it prints "listening PORT" once it listens.
func (n *netns) startRelay(t testing.TB, script string) string {
	t.Helper()
	dir := needRelayTools(t)
	cmd := n.Command("node", filepath.Join(dir, "lh-e2e-"+script), "", "0")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LH_HOST="+n.Addr)
	cmd.SysProcAttr.Setpgid = true
	stdin, err := cmd.StdinPipe() // the scripts exit when it closes
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	log := &tailBuffer{max: 8 << 10}
	cmd.Stderr = log
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s in namespace %s: %v", script, n.Name, err)
	}
	var waitOnce sync.Once
	var waitErr error
	wait := func() error {
		waitOnce.Do(func() { waitErr = cmd.Wait() })
		return waitErr
	}
	t.Cleanup(func() {
		stdin.Close()
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		wait()
		if t.Failed() {
			t.Logf("%s (pid %d, namespace %s) wrote:\n%s", script, cmd.Process.Pid, n.Name, log.String())
		}
	})
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sent := false
		for sc.Scan() {
			line := sc.Text()
			if p, ok := strings.CutPrefix(line, "listening "); ok && !sent {
				ready <- strings.TrimSpace(p)
				sent = true
				continue
			}
			log.Write([]byte(line + "\n"))
		}
		if !sent {
			close(ready)
		}
		io.Copy(io.Discard, stdout)
	}()
	select {
	case p, ok := <-ready:
		if !ok {
			err := wait()
			t.Fatalf("%s in namespace %s exited before listening (%v):\n%s", script, n.Name, err, log.String())
		}
		return fmt.Sprintf("ws://%s:%s", n.Addr, p)
	case <-time.After(30 * time.Second):
		t.Fatalf("%s in namespace %s did not listen within 30 s:\n%s", script, n.Name, log.String())
	}
	return ""
}

// TestRelaysAreReachableFromABrowserInANamespace: a browser inside the
// namespace opens a WebSocket to the tracker and to the Nostr relay
// started there, and the relay answers a subscription.
func TestRelaysAreReachableFromABrowserInANamespace(t *testing.T) {
	t.Parallel()
	ns := newNetns(t)
	tracker, relay := ns.StartTracker(t), ns.StartNostrRelay(t)
	base := ns.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><title>relays</title><p>relays</p>")
	}))
	ctx := ns.Browser(t)
	if err := chromedp.Run(ctx, chromedp.Navigate(base+"/")); err != nil {
		t.Fatalf("loading %s: %v", base, err)
	}
	// open resolves with the first message the socket receives after
	// sending send (or with "open" when send is empty), and rejects on an
	// error, a close or after 5 s.
	const open = `(url, send) => new Promise((resolve, reject) => {
	  const ws = new WebSocket(url);
	  const fail = (why) => { reject(new Error(url + ": " + why)); ws.close(); };
	  const timer = setTimeout(() => fail("no answer in 5 s"), 5000);
	  const done = (v) => { clearTimeout(timer); resolve(v); ws.close(); };
	  ws.onopen = () => { if (send) ws.send(send); else done("open"); };
	  ws.onmessage = (e) => done(String(e.data));
	  ws.onerror = () => fail("error");
	  ws.onclose = (e) => fail("closed with " + e.code);
	})`
	for _, c := range []struct{ name, url, send, want string }{
		{"tracker", tracker, "", "open"},
		{"nostr relay", relay, "", "open"},
		{"nostr relay", relay, `["REQ","lh",{"kinds":[20001],"limit":1}]`, `["EOSE","lh"]`},
	} {
		var got string
		expr := fmt.Sprintf("(%s)(%q, %q)", open, c.url, c.send)
		if err := chromedp.Run(ctx, chromedp.Evaluate(expr, &got,
			func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) },
		)); err != nil {
			t.Fatalf("the browser reaching the %s at %s (sent %q): %v", c.name, c.url, c.send, err)
		}
		if got != c.want {
			t.Errorf("the %s at %s answered %q to %q, want %q", c.name, c.url, got, c.send, c.want)
		}
	}
	t.Logf("tracker %s and nostr relay %s reachable from a browser in namespace %s", tracker, relay, ns.Name)
}

// StartSilentRelay accepts WebSocket connections inside the namespace and
// never says a word: a relay that is up but does not relay. It returns its
// address, ws://10.233.X.1:PORT.
func (n *netns) StartSilentRelay(t testing.TB) string {
	t.Helper()
	base := n.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
		if err != nil {
			return
		}
		defer c.CloseNow()
		for {
			if _, _, err := c.Read(r.Context()); err != nil {
				return
			}
		}
	}))
	return "ws" + strings.TrimPrefix(base, "http")
}

// DeadRelay returns an address inside the namespace where nothing listens.
func (n *netns) DeadRelay(t testing.TB) string {
	t.Helper()
	ln, err := n.Listen("tcp", n.Addr+":0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "ws://" + addr
}
