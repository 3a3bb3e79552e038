//go:build linux

package e2e

// A private network namespace per test, for tests that connect browsers
// over WebRTC: Chromium never gathers loopback candidates, so it needs an
// interface with an address and a default route, and tests must not use the
// machine's own interfaces. Everything such a test runs (the app server,
// signaling, every browser) lives inside a namespace the test creates and
// removes. The recipe is the verified one in /work/shared/PLATFORM.md.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/sys/unix"
)

// netnsPrefix starts the name of every namespace the tests create:
// lh-<pid of the creating test binary>-<sequence>.
const netnsPrefix = "lh-"

var (
	netnsSeq     atomic.Int64
	netnsReaping sync.Once
	netnsNameRE  = regexp.MustCompile(`^lh-([0-9]+)-[0-9]+$`)
)

// netns is a private network namespace holding a veth pair v0/v1 with
// Addr and Peer on one /24, loopback up, and a default route via Peer, so
// that Chromium finds a usable interface for WebRTC.
type netns struct {
	Name string // lh-<pid>-<n>
	Addr string // v0's address, 10.233.X.1: serve here
	Peer string // v1's address, 10.233.X.2: the default gateway
	t    testing.TB
}

// newNetns creates a namespace for this test and removes it when the test
// ends, after killing every process still inside it. It first removes
// namespaces left behind by test binaries that died.
func newNetns(t testing.TB) *netns {
	t.Helper()
	requireNetnsTools(t)
	netnsReaping.Do(func() { reapStaleNetns(t) })

	name := fmt.Sprintf("%s%d-%d", netnsPrefix, os.Getpid(), netnsSeq.Add(1))
	// The namespaces are isolated from each other, so equal subnets could
	// not clash; a subnet per name keeps logs and failures unambiguous.
	h := fnv.New32a()
	h.Write([]byte(name))
	x := h.Sum32()%254 + 1
	n := &netns{
		Name: name,
		Addr: fmt.Sprintf("10.233.%d.1", x),
		Peer: fmt.Sprintf("10.233.%d.2", x),
		t:    t,
	}
	if out, err := exec.Command("ip", "netns", "add", name).CombinedOutput(); err != nil {
		t.Fatalf("creating network namespace %s: %v\n%s", name, err, out)
	}
	t.Cleanup(n.remove)
	for _, args := range [][]string{
		{"link", "set", "lo", "up"},
		{"link", "add", "v0", "type", "veth", "peer", "name", "v1"},
		{"addr", "add", n.Addr + "/24", "dev", "v0"},
		{"addr", "add", n.Peer + "/24", "dev", "v1"},
		{"link", "set", "v0", "up"},
		{"link", "set", "v1", "up"},
		{"route", "add", "default", "via", n.Peer, "dev", "v0"},
	} {
		if out, err := n.Command("ip", args...).CombinedOutput(); err != nil {
			t.Fatalf("setting up network namespace %s: ip %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
	}
	return n
}

// requireNetnsTools fails the test, saying what is missing, unless it can
// create network namespaces.
func requireNetnsTools(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Fatalf("this test connects browsers over WebRTC inside a private network namespace, which needs root (uid 0, for `ip netns add`); it runs as uid %d. Run the browser tests as root (e.g. sudo make test).", os.Geteuid())
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Fatal("this test creates a private network namespace with `ip netns`, and `ip` is not on PATH: apt-get install iproute2")
	}
}

// Command returns a command that runs inside the namespace (through
// `ip netns exec`, which execs it: the process is the command itself). It
// is killed if the test binary dies, and in any case when the namespace is
// removed.
func (n *netns) Command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command("ip", append([]string{"netns", "exec", n.Name, name}, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	return cmd
}

// Do runs fn on an OS thread that has entered the namespace. Sockets fn
// creates belong to the namespace for their whole life, whichever goroutine
// uses them afterwards; anything else fn does should be plain system calls
// (no name resolution, no new goroutines: those run outside).
func (n *netns) Do(fn func() error) error {
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		// No deferred unlock: if the thread cannot return to its own
		// namespace it must stay locked, so that it ends with this
		// goroutine instead of running other goroutines in the wrong one.
		home, err := os.Open("/proc/thread-self/ns/net")
		if err != nil {
			runtime.UnlockOSThread()
			errc <- err
			return
		}
		defer home.Close()
		target, err := os.Open("/run/netns/" + n.Name)
		if err != nil {
			runtime.UnlockOSThread()
			errc <- fmt.Errorf("opening namespace %s: %w", n.Name, err)
			return
		}
		defer target.Close()
		if err := unix.Setns(int(target.Fd()), unix.CLONE_NEWNET); err != nil {
			runtime.UnlockOSThread()
			errc <- fmt.Errorf("entering namespace %s: %w", n.Name, err)
			return
		}
		ferr := fn()
		if err := unix.Setns(int(home.Fd()), unix.CLONE_NEWNET); err != nil {
			errc <- fmt.Errorf("leaving namespace %s: %w", n.Name, err)
			return
		}
		runtime.UnlockOSThread()
		errc <- ferr
	}()
	return <-errc
}

// Listen opens a listener inside the namespace; address must be a literal
// IP and port, such as n.Addr+":0" or "127.0.0.1:0" (the namespace's own
// loopback).
func (n *netns) Listen(network, address string) (net.Listener, error) {
	var ln net.Listener
	err := n.Do(func() (err error) {
		ln, err = net.Listen(network, address)
		return err
	})
	return ln, err
}

// Dial connects, from inside the namespace, to a literal IP and port.
func (n *netns) Dial(ctx context.Context, network, address string) (net.Conn, error) {
	var c net.Conn
	err := n.Do(func() (err error) {
		var d net.Dialer
		c, err = d.DialContext(ctx, network, address)
		return err
	})
	return c, err
}

// Serve serves h on a random port of n.Addr until the test ends and
// returns the base URL, e.g. http://10.233.7.1:40123.
func (n *netns) Serve(t testing.TB, h http.Handler) string {
	t.Helper()
	ln, err := n.Listen("tcp", n.Addr+":0")
	if err != nil {
		t.Fatalf("listening in namespace %s: %v", n.Name, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// StartApp runs `bin serve` inside the namespace on a random port of
// n.Addr, as startServer does on loopback, with extra flags (the relays).
func (n *netns) StartApp(t testing.TB, bin, root string, extra ...string) *server {
	t.Helper()
	cmd := n.Command(bin, append([]string{"serve", "-addr", n.Addr + ":0", "-dir", root}, extra...)...)
	cmd.Dir = moduleRoot()
	return launchServer(t, cmd)
}

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
	if _, err := exec.LookPath("chromium"); err != nil {
		t.Fatal("Debian's chromium is needed for browser tests: apt-get install chromium (make test installs it as root)")
	}
	// Not t.TempDir: Chromium's helpers may still write to the profile for
	// a moment after the browser is gone.
	profile, err := os.MkdirTemp("", "longhall-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{
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
	ctx, cancelTimeout := context.WithTimeout(ctx, 8*time.Minute)
	cancels = append(cancels, cancelAlloc, cancelCtx, cancelTimeout)
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("attaching to chromium in namespace %s: %v\n%s", n.Name, err, log.String())
	}
	return ctx
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

// pids lists the processes inside the namespace.
func netnsPids(name string) ([]int, error) {
	out, err := exec.Command("ip", "netns", "pids", name).Output()
	if err != nil {
		return nil, err
	}
	var pids []int
	for _, f := range strings.Fields(string(out)) {
		if pid, err := strconv.Atoi(f); err == nil && pid != os.Getpid() {
			pids = append(pids, pid)
		}
	}
	return pids, nil
}

// deleteNetns kills every process inside the namespace, waits for them to
// go, and deletes it.
func deleteNetns(name string) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		pids, err := netnsPids(name)
		if err != nil {
			return fmt.Errorf("listing processes in namespace %s: %v", name, err)
		}
		if len(pids) == 0 {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("processes %v stay in namespace %s after SIGKILL", pids, name)
		}
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if out, err := exec.Command("ip", "netns", "del", name).CombinedOutput(); err != nil {
		return fmt.Errorf("ip netns del %s: %v\n%s", name, err, out)
	}
	return nil
}

func (n *netns) remove() {
	if err := deleteNetns(n.Name); err != nil {
		n.t.Errorf("removing network namespace: %v", err)
	}
}

// reapStaleNetns removes namespaces named lh-<pid>-<n> whose test binary is
// gone.
func reapStaleNetns(t testing.TB) {
	out, err := exec.Command("ip", "netns", "list").Output()
	if err != nil {
		t.Logf("listing network namespaces: %v", err)
		return
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		m := netnsNameRE.FindStringSubmatch(f[0])
		if m == nil {
			continue
		}
		pid, _ := strconv.Atoi(m[1])
		if pid == os.Getpid() || processAlive(pid) {
			continue
		}
		if err := deleteNetns(f[0]); err != nil {
			t.Logf("removing stale namespace: %v", err)
		} else {
			t.Logf("removed stale network namespace %s (its test binary, pid %d, is gone)", f[0], pid)
		}
	}
}

// processAlive tells whether pid runs; a zombie (a killed test binary
// whose parent has not reaped it yet) counts as gone.
func processAlive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// "pid (comm) state ...": comm may hold spaces and parentheses.
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2] != 'Z' && stat[i+2] != 'X'
	}
	return true
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf.Write(p)
	if over := b.buf.Len() - b.max; over > 0 {
		b.buf.Next(over)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
