//go:build linux

package e2e

import (
	"bufio"
	"context"
	"io"
	"net"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Browser starts a headless Chromium inside the namespace, with a fresh
// profile and the flags newBrowser uses plus extra (e.g.
// "--disable-features=WebRtcHideLocalIpsWithMdns"), and returns a chromedp
// context on its first tab. Each call is a separate browser process.
//
// DevTools listens on the namespace's loopback, out of the test's reach,
// so the test forwards a port of its own loopback into the namespace and
// attaches chromedp there with a remote allocator.
func (n *netns) Browser(t testing.TB, extra ...string) context.Context {
	t.Helper()
	// Not t.TempDir: Chromium's helpers may still write to the profile for
	// a moment after the browser is gone.
	profile, err := os.MkdirTemp("", "longhall-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	ctx, _ := n.BrowserOn(t, profile, true, extra...)
	return ctx
}

// BrowserOn is Browser on the profile in dir, which it removes at the
// test's end when own is true; kill ends that browser at once (SIGKILL
// to its every process), as a phone's system or a crash does, leaving
// the profile as the crash left it for another BrowserOn.
func (n *netns) BrowserOn(t testing.TB, profile string, own bool, extra ...string) (ctx context.Context, kill func()) {
	t.Helper()
	if _, err := exec.LookPath("chromium"); err != nil {
		t.Fatal("Debian's chromium is needed for browser tests: apt-get install chromium (make test installs it as root)")
	}
	// Chromium reads one --disable-features: the caller's join ours.
	disabled := slices.Clone(unusedChromiumFeatures)
	var others []string
	for _, arg := range extra {
		if f, ok := strings.CutPrefix(arg, "--disable-features="); ok {
			disabled = append(disabled, strings.Split(f, ",")...)
		} else {
			others = append(others, arg)
		}
	}
	extra = others
	args := append([]string{
		"--disable-features=" + strings.Join(disabled, ","),
		"--headless",
		"--no-sandbox",
		"--disable-gpu",
		"--disable-quic",
		"--no-first-run",
		"--no-default-browser-check",
		"--disable-background-networking",
		"--disable-component-update",
		"--disable-sync",
		// As chromedp's defaults: a page the test drives is never
		// throttled as if it were in the background.
		"--disable-background-timer-throttling",
		"--disable-backgrounding-occluded-windows",
		"--disable-renderer-backgrounding",
		"--window-size=1280,900",
		"--remote-debugging-port=0",
		"--user-data-dir=" + profile,
	}, extra...)
	args = append(args, "about:blank")
	cmd := n.Command("chromium", args...)
	// Its own process group, so that its helpers go with it.
	cmd.SysProcAttr.Setpgid = true
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting chromium in namespace %s: %v", n.Name, err)
	}
	log := &tailBuffer{max: 16 << 10}
	var forwarder net.Listener
	var cancels []func()
	t.Cleanup(func() {
		for i := len(cancels) - 1; i >= 0; i-- {
			cancels[i]()
		}
		if forwarder != nil {
			forwarder.Close()
		}
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		if t.Failed() {
			t.Logf("chromium (pid %d, namespace %s) wrote:\n%s", cmd.Process.Pid, n.Name, log.String())
		}
		if !own {
			return
		}
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})

	// "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID"
	found := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stderr)
		sent := false
		for {
			line, err := r.ReadString('\n')
			log.Write([]byte(line))
			if !sent {
				if rest, ok := strings.CutPrefix(line, "DevTools listening on "); ok {
					found <- strings.TrimSpace(rest)
					sent = true
				}
			}
			if err != nil {
				if !sent {
					close(found)
				}
				return
			}
		}
	}()
	var wsURL string
	select {
	case u, ok := <-found:
		if !ok {
			t.Fatalf("chromium in namespace %s exited before DevTools listened:\n%s", n.Name, log.String())
		}
		wsURL = u
	case <-time.After(30 * time.Second):
		t.Fatalf("chromium in namespace %s printed no DevTools address in 30 s:\n%s", n.Name, log.String())
	}
	rest, ok := strings.CutPrefix(wsURL, "ws://")
	devtools, path, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 {
		t.Fatalf("unexpected DevTools address %q", wsURL)
	}

	forwarder, err = net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go n.forward(forwarder, devtools)

	actx, cancelAlloc := chromedp.NewRemoteAllocator(context.Background(),
		"ws://"+forwarder.Addr().String()+"/"+path, chromedp.NoModifyURL)
	ctx, cancelCtx := chromedp.NewContext(actx)
	// A safety net for a hung page; a benchmark plays several whole games.
	ctx, cancelTimeout := context.WithTimeout(ctx, testLimit)
	cancels = append(cancels, cancelAlloc, cancelCtx, cancelTimeout)
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("attaching to chromium in namespace %s: %v\n%s", n.Name, err, log.String())
	}
	kill = func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
	}
	return ctx, kill
}

// forward accepts connections on ln, outside the namespace, and joins each
// to a new connection to address inside it, until ln is closed.
func (n *netns) forward(ln net.Listener, address string) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			inner, err := n.Dial(ctx, "tcp", address)
			cancel()
			if err != nil {
				return
			}
			defer inner.Close()
			done := make(chan struct{}, 2)
			go func() { io.Copy(inner, c); done <- struct{}{} }()
			go func() { io.Copy(c, inner); done <- struct{}{} }()
			<-done
		}()
	}
}
