//go:build linux

package e2e

// A private network namespace per test, for tests that connect browsers
// over WebRTC: Chromium never gathers loopback candidates, so it needs an
// interface with an address and a default route, and tests must not use the
// machine's own interfaces. Everything such a test runs (the app server,
// signaling, every browser) lives inside a namespace the test creates and
// removes: inside it, a veth pair with an address at each end and a
// default route through the other (see newNetns).

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

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
