//go:build linux

package e2e

// The NAT rig: a small simulated internet made of network namespaces, for
// rooms whose players sit behind NAT routers, as most players do.
//
//	  home A (192.168.1.2)          home B (192.168.2.2)       ... one per natHome
//	        │ lan                          │ lan
//	  router A (NAT) 203.0.113.101   router B (NAT) 203.0.113.102
//	        │ wan                          │ wan
//	  ──────┴───────── public side: bridge br0, 203.0.113.0/24 ────────────
//	  203.0.113.1: the app server, a WebTorrent tracker, a Nostr relay
//	  203.0.113.10 and .11: coturn (STUN and TURN; two addresses for RFC 5780)
//
// Every box is a namespace the rig creates (named lh-<pid>-<n> like
// newNetns's, so that a dead test binary's are reaped the same way) and
// removes when the test ends, with every process inside. The public side
// is on TEST-NET-3 (RFC 5737), which no real host uses. A router is
// Linux's own NAT: iptables MASQUERADE, which keeps a flow's source port
// and so maps endpoint-independently (an "ordinary" home NAT), or
// MASQUERADE --random-fully, a new random port for every destination (a
// symmetric NAT, as many mobile carriers and offices have). Both filter
// by address and port (conntrack lets in only the answers of a flow), and
// the router drops anything else that comes in from the public side.
// turnutils_natdiscovery from each home checks that the NATs behave so
// (TestNATRigBehavesAsConfigured).
//
// A test asks for homes by kind, serves the app on the public side and
// plays from the homes as the room tests do (natRoom does all of it):
//
//	rig := newNATRig(t, natOrdinary, natSymmetric) // home A, home B
//	base := rig.StartApp(t, "-stun", rig.STUN)
//	host := rig.Site(rig.Homes[0], base).player(t, "Gordon") // Chromium in home A
//	rig.Homes[1].SetOnline(t, false)                          // home B loses its link

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// natKind is how a home's router translates addresses.
type natKind int

const (
	// natOrdinary is MASQUERADE: endpoint-independent mapping, address-
	// and port-dependent filtering (a "port-restricted cone").
	natOrdinary natKind = iota
	// natSymmetric is MASQUERADE --random-fully: address- and
	// port-dependent mapping and filtering.
	natSymmetric
)

func (k natKind) String() string {
	if k == natSymmetric {
		return "symmetric"
	}
	return "ordinary"
}

// natBehaviour is a NAT's behaviour in the words of RFC 4787 and 5780, as
// turnutils_natdiscovery prints them: "Endpoint Independent", "Address
// Dependent" or "Address and Port Dependent".
type natBehaviour struct{ Mapping, Filtering string }

func (b natBehaviour) String() string {
	return fmt.Sprintf("%s mapping, %s filtering", b.Mapping, b.Filtering)
}

// want is the behaviour a router of this kind must show.
func (k natKind) want() natBehaviour {
	if k == natSymmetric {
		return natBehaviour{"Address and Port Dependent", "Address and Port Dependent"}
	}
	return natBehaviour{"Endpoint Independent", "Address and Port Dependent"}
}

// The rig's addresses and coturn's account.
const (
	natPublicNet   = "203.0.113."        // TEST-NET-3
	natServerAddr  = natPublicNet + "1"  // the app, the tracker, the relay
	natTURNAddr    = natPublicNet + "10" // coturn's main address
	natTURNAltAddr = natPublicNet + "11" // its second, for RFC 5780's CHANGE-REQUEST
	natTURNPort    = 3478                // and natTURNPort+1 for RFC 5780
	natTURNUser    = "longhall"          // the long-term credential's user
	natTURNPass    = "hall-of-the-rig"   // and password
	natTURNRealm   = "longhall.test"     // coturn's realm
	natRouterBase  = 100                 // router i's public address is .(100+i+1)
	natTURNMinPort = 49152               // coturn's relay ports: few, so that it starts fast
	natTURNMaxPort = 49407
	natHomeNetFmt  = "192.168.%d."    // home i's network: 192.168.(i+1).0/24
	natTURNUp      = 60 * time.Second // coturn answers STUN within this, or it hangs
	natProbeEvery  = 100 * time.Millisecond
)

// natRig is a simulated internet: a public side with the relays and
// coturn, and homes behind NAT routers. See the top of this file.
type natRig struct {
	Public  *netns // the public side; Public.Addr is natServerAddr
	Tracker string // the WebTorrent tracker, ws://203.0.113.1:PORT
	Relay   string // the Nostr relay, ws://203.0.113.1:PORT
	STUN    string // coturn as a STUN server: stun:203.0.113.10:3478
	// TURN is coturn as a TURN server (UDP), which takes TURNUser and
	// TURNCredential (the long-term credential mechanism).
	TURN, TURNUser, TURNCredential string
	Homes                          []*natHome

	// Setup is how long newNATRig took: namespaces, coturn, the relays.
	Setup time.Duration
}

// natHome is one home: a namespace behind its own NAT router. It embeds
// the home's namespace, so h.Browser runs Chromium at home and h.Command,
// h.Dial and h.Listen work there; Addr is the home's private address.
type natHome struct {
	*netns
	Label  string  // "A", "B", ... for logs
	NAT    natKind // how its router translates
	Router *netns  // the router; Router.Addr is the home's public address
	rig    *natRig
}

func (h *natHome) String() string {
	return fmt.Sprintf("home %s (%s NAT, %s behind %s)", h.Label, h.NAT, h.Addr, h.Router.Addr)
}

// newNATRig builds the public side, starts coturn, the tracker and the
// Nostr relay there, and puts one home behind a router of each kind given
// (home A the first). Everything goes when the test ends.
func newNATRig(t testing.TB, homes ...natKind) *natRig {
	t.Helper()
	requireNetnsTools(t)
	requireNATTools(t)
	netnsReaping.Do(func() { reapStaleNetns(t) })
	began := time.Now()
	r := &natRig{
		STUN:           fmt.Sprintf("stun:%s:%d", natTURNAddr, natTURNPort),
		TURN:           fmt.Sprintf("turn:%s:%d?transport=udp", natTURNAddr, natTURNPort),
		TURNUser:       natTURNUser,
		TURNCredential: natTURNPass,
	}
	r.Public = natNamespace(t, natServerAddr, "")
	natIP(t, r.Public,
		"link add br0 type bridge",
		"link set br0 up",
		"addr add "+natServerAddr+"/24 dev br0",
		"addr add "+natTURNAddr+"/24 dev br0",
		"addr add "+natTURNAltAddr+"/24 dev br0",
	)
	for i, kind := range homes {
		r.Homes = append(r.Homes, r.addHome(t, i, kind))
	}
	wired := time.Now()
	r.startTURN(t)
	turned := time.Now()
	r.Tracker, r.Relay = r.Public.StartTracker(t), r.Public.StartNostrRelay(t)
	r.Setup = time.Since(began)
	t.Logf("NAT rig up in %v: namespaces %v, coturn %v, tracker and relay %v; %s",
		r.Setup.Round(time.Millisecond), wired.Sub(began).Round(time.Millisecond),
		turned.Sub(wired).Round(time.Millisecond), time.Since(turned).Round(time.Millisecond), r)
	return r
}

func (r *natRig) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "public side %s (app, tracker, relay; coturn %s/%s)", natServerAddr, natTURNAddr, natTURNAltAddr)
	for _, h := range r.Homes {
		fmt.Fprintf(&b, ", %s", h)
	}
	return b.String()
}

// requireNATTools fails the test, saying what to install, unless coturn
// and iptables are there.
func requireNATTools(t testing.TB) {
	t.Helper()
	var missing []string
	for _, c := range []struct{ cmd, pkg string }{
		{"turnserver", "coturn"}, {"turnutils_natdiscovery", "coturn"}, {"iptables", "iptables"},
	} {
		if natTool(c.cmd) == "" && !strings.Contains(strings.Join(missing, " "), c.pkg) {
			missing = append(missing, c.pkg)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("the NAT rig runs Debian's coturn (turnserver, turnutils_natdiscovery) and iptables NAT routers; missing: apt-get install %s (make test installs them as root)",
			strings.Join(missing, " "))
	}
}

// natTool finds a command on PATH or in /usr/sbin (iptables is there, and
// a non-login root shell may not have it on PATH); "" if it is nowhere.
func natTool(cmd string) string {
	if p, err := exec.LookPath(cmd); err == nil {
		return p
	}
	for _, dir := range []string{"/usr/sbin", "/sbin"} {
		if p := filepath.Join(dir, cmd); fileExists(p) {
			return p
		}
	}
	return ""
}

// natNamespace creates an empty namespace (loopback up), removed when the
// test ends as newNetns's are. addr and gateway only label it for
// netns's methods: the caller wires it.
func natNamespace(t testing.TB, addr, gateway string) *netns {
	t.Helper()
	n := &netns{Name: fmt.Sprintf("%s%d-%d", netnsPrefix, os.Getpid(), netnsSeq.Add(1)), Addr: addr, Peer: gateway, t: t}
	if out, err := exec.Command("ip", "netns", "add", n.Name).CombinedOutput(); err != nil {
		t.Fatalf("creating network namespace %s: %v\n%s", n.Name, err, out)
	}
	t.Cleanup(n.remove)
	natIP(t, n, "link set lo up")
	return n
}

// natIP runs each command line as `ip -n NS ...` and fails the test at
// the first that fails.
func natIP(t testing.TB, n *netns, lines ...string) {
	t.Helper()
	for _, line := range lines {
		args := append([]string{"-n", n.Name}, strings.Fields(line)...)
		if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
			t.Fatalf("wiring namespace %s: ip %s: %v\n%s", n.Name, strings.Join(args, " "), err, out)
		}
	}
}

// natRun runs a command inside n and fails the test if it fails.
func natRun(t testing.TB, n *netns, name string, args ...string) {
	t.Helper()
	if out, err := n.Command(name, args...).CombinedOutput(); err != nil {
		t.Fatalf("in namespace %s: %s %s: %v\n%s", n.Name, name, strings.Join(args, " "), err, out)
	}
}

// addHome makes home i (label "A" for 0) behind a router of the kind.
func (r *natRig) addHome(t testing.TB, i int, kind natKind) *natHome {
	t.Helper()
	lan := fmt.Sprintf(natHomeNetFmt, i+1)
	wan := fmt.Sprintf("%s%d", natPublicNet, natRouterBase+i+1)
	router := natNamespace(t, wan, lan+"1")
	home := natNamespace(t, lan+"2", lan+"1")
	h := &natHome{netns: home, Label: string(rune('A' + i)), NAT: kind, Router: router, rig: r}
	// The router's wan is one end of a veth whose other end, in the
	// public namespace, is a port of its bridge; its lan is one end of a
	// veth whose other end is the home's eth0.
	port := fmt.Sprintf("to%s", h.Label)
	natIP(t, router,
		"link add wan type veth peer name "+port+" netns "+r.Public.Name,
		"addr add "+wan+"/24 dev wan",
		"link set wan up",
		"link add lan type veth peer name eth0 netns "+home.Name,
		"addr add "+lan+"1/24 dev lan",
		"link set lan up",
	)
	natIP(t, r.Public, "link set "+port+" master br0", "link set "+port+" up")
	natIP(t, home,
		"addr add "+lan+"2/24 dev eth0",
		"link set eth0 up",
		"route add default via "+lan+"1",
	)
	natRun(t, router, "sysctl", "-q", "-w", "net.ipv4.ip_forward=1")
	masq := []string{"-t", "nat", "-A", "POSTROUTING", "-o", "wan", "-j", "MASQUERADE"}
	if kind == natSymmetric {
		masq = append(masq, "--random-fully")
	}
	ipt := natTool("iptables")
	for _, rule := range [][]string{
		masq,
		// A home router's firewall: from the public side, only the
		// answers of flows the home started come in.
		{"-A", "FORWARD", "-i", "wan", "-m", "conntrack", "!", "--ctstate", "ESTABLISHED,RELATED", "-j", "DROP"},
		{"-A", "INPUT", "-i", "wan", "-m", "conntrack", "!", "--ctstate", "ESTABLISHED,RELATED", "-j", "DROP"},
	} {
		natRun(t, router, ipt, rule...)
	}
	return h
}

// startTURN runs coturn on the public side until the test ends and waits
// until it answers a STUN Binding request.
func (r *natRig) startTURN(t testing.TB) {
	t.Helper()
	dir := t.TempDir()
	cmd := r.Public.Command(natTool("turnserver"),
		"-n", // no configuration file: everything is here
		"--no-cli", "--no-tls", "--no-dtls", "--no-software-attribute", "--fingerprint",
		"--listening-ip", natTURNAddr, "--listening-ip", natTURNAltAddr, // two: RFC 5780 on
		"--listening-port", fmt.Sprint(natTURNPort),
		"--relay-ip", natTURNAddr,
		"--min-port", fmt.Sprint(natTURNMinPort), "--max-port", fmt.Sprint(natTURNMaxPort),
		"--lt-cred-mech", "--user", natTURNUser+":"+natTURNPass, "--realm", natTURNRealm,
		"--userdb", filepath.Join(dir, "turndb"), "--pidfile", filepath.Join(dir, "turnserver.pid"),
		"--log-file", "stdout", "--simple-log",
	)
	cmd.SysProcAttr.Setpgid = true
	log := &tailBuffer{max: 16 << 10}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting coturn in namespace %s: %v", r.Public.Name, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
		if t.Failed() {
			t.Logf("coturn (namespace %s) wrote, at the end:\n%s", r.Public.Name, log.String())
		}
	})
	deadline := time.Now().Add(natTURNUp)
	for {
		_, err := stunBinding(r.Public, fmt.Sprintf("%s:%d", natTURNAddr, natTURNPort), natProbeEvery)
		if err == nil {
			return
		}
		select {
		case werr := <-exited:
			exited <- werr
			t.Fatalf("coturn exited (%v) before answering STUN:\n%s", werr, log.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("coturn did not answer STUN within %v (%v):\n%s", natTURNUp, err, log.String())
		}
	}
}

// StartApp serves the app on the public side with the rig's tracker and
// relay and no STUN server, then flags (e.g. "-stun", r.STUN: a flag
// given twice takes its last value). It returns the base URL.
func (r *natRig) StartApp(t testing.TB, flags ...string) string {
	t.Helper()
	bin, root := theApp(t)
	args := append([]string{"-trackers", r.Tracker, "-relays", r.Relay, "-stun", "none"}, flags...)
	return r.Public.StartApp(t, bin, root, args...).URL
}

// Site is the app at base as seen from home h: its players' browsers run
// at home, and site.player, openRoom and the rest work as in the room
// tests.
func (r *natRig) Site(h *natHome, base string) *roomSite {
	return &roomSite{ns: h.netns, base: base}
}

// Mapped asks coturn, from inside the home, what address the home's
// traffic comes from (STUN's XOR-MAPPED-ADDRESS): the router's public
// address and a port of its choosing.
func (h *natHome) Mapped(timeout time.Duration) (netip.AddrPort, error) {
	return stunBinding(h.netns, fmt.Sprintf("%s:%d", natTURNAddr, natTURNPort), timeout)
}

// Discover runs coturn's NAT behaviour discovery (RFC 5780) from inside
// the home against the rig's coturn. The filtering test waits out STUN
// timeouts: it takes about 6 s.
func (h *natHome) Discover() (natBehaviour, error) {
	cmd := h.Command(natTool("turnutils_natdiscovery"), "-m", "-f", "-p", fmt.Sprint(natTURNPort), natTURNAddr)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return natBehaviour{}, fmt.Errorf("%s: starting turnutils_natdiscovery: %v", h, err)
	}
	timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	err := cmd.Wait()
	timer.Stop()
	if err != nil {
		return natBehaviour{}, fmt.Errorf("%s: turnutils_natdiscovery: %v\n%s", h, err, out.String())
	}
	var b natBehaviour
	for _, m := range natDiscoveryRE.FindAllStringSubmatch(out.String(), -1) {
		if m[2] == "Mapping" {
			b.Mapping = m[1]
		} else {
			b.Filtering = m[1]
		}
	}
	if b.Mapping == "" || b.Filtering == "" {
		return b, fmt.Errorf("%s: turnutils_natdiscovery gave no verdict on mapping or filtering:\n%s", h, out.String())
	}
	return b, nil
}

// natDiscoveryRE reads turnutils_natdiscovery's verdicts, e.g. "NAT with
// Endpoint Independent Mapping!".
var natDiscoveryRE = regexp.MustCompile(`NAT with ([A-Za-z ]+?) (Mapping|Filtering)!`)

// SetOnline takes the home off the internet (its router's public link
// goes down, as when a phone loses its signal) or back on. Flows survive a
// short outage with their mappings, as they do behind a real router.
func (h *natHome) SetOnline(t testing.TB, on bool) {
	t.Helper()
	state := "down"
	if on {
		state = "up"
	}
	natIP(t, h.Router, "link set wan "+state)
}

// SetNAT makes the home's router translate as kind from now on, as a
// phone does that moves from a carrier's symmetric NAT to a home's
// ordinary one: flows already under way keep their mappings, new ones
// get the new kind's.
func (h *natHome) SetNAT(t testing.TB, kind natKind) {
	t.Helper()
	masq := []string{"-t", "nat", "-R", "POSTROUTING", "1", "-o", "wan", "-j", "MASQUERADE"}
	if kind == natSymmetric {
		masq = append(masq, "--random-fully")
	}
	natRun(t, h.Router, natTool("iptables"), masq...)
	h.NAT = kind
}

// Renumber gives the home's router a new public address, as a phone
// moving to another network gets: every mapping is gone (MASQUERADE forgets
// a device's flows when its address goes), and the home's traffic comes
// from the new address. It returns the new address.
func (h *natHome) Renumber(t testing.TB) string {
	t.Helper()
	old := h.Router.Addr
	var last byte
	fmt.Sscanf(old[strings.LastIndexByte(old, '.')+1:], "%d", &last)
	// Above every router's first address, and apart for each home.
	next := fmt.Sprintf("%s%d", natPublicNet, int(last)+len(h.rig.Homes))
	// The old address goes first: deleting a primary address deletes its
	// secondaries too.
	natIP(t, h.Router,
		"addr del "+old+"/24 dev wan",
		"addr add "+next+"/24 dev wan",
	)
	h.Router.Addr = next
	return next
}

// stunBinding sends a STUN Binding request (RFC 5389) from inside ns to
// server (IP:port), again every natProbeEvery, and returns the address the
// first answer says the request came from (XOR-MAPPED-ADDRESS).
func stunBinding(ns *netns, server string, timeout time.Duration) (netip.AddrPort, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c, err := ns.Dial(ctx, "udp4", server)
	if err != nil {
		return netip.AddrPort{}, err
	}
	defer c.Close()
	const cookie = 0x2112A442
	req := make([]byte, 20)
	binary.BigEndian.PutUint16(req[0:], 0x0001) // Binding request, no attributes
	binary.BigEndian.PutUint32(req[4:], cookie)
	rand.Read(req[8:20])
	deadline, _ := ctx.Deadline()
	buf := make([]byte, 1500)
	lastErr := errors.New("no answer")
	for time.Now().Before(deadline) {
		if _, err := c.Write(req); err != nil {
			// An ICMP error from an earlier try (nothing listens yet).
			lastErr = err
			time.Sleep(min(natProbeEvery, time.Until(deadline)))
			continue
		}
		c.SetReadDeadline(minTime(deadline, time.Now().Add(natProbeEvery)))
		n, err := c.Read(buf)
		if err != nil {
			var ne net.Error
			if !errors.As(err, &ne) || !ne.Timeout() {
				lastErr = err
				time.Sleep(min(natProbeEvery, time.Until(deadline)))
			}
			continue
		}
		msg := buf[:n]
		if n < 20 || binary.BigEndian.Uint16(msg[0:]) != 0x0101 || !bytes.Equal(msg[8:20], req[8:20]) {
			continue // not the answer to this request
		}
		for a := msg[20:]; len(a) >= 4; {
			typ, l := binary.BigEndian.Uint16(a[0:]), int(binary.BigEndian.Uint16(a[2:]))
			if len(a) < 4+l {
				break
			}
			v := a[4 : 4+l]
			if typ == 0x0020 && l == 8 && v[1] == 0x01 { // XOR-MAPPED-ADDRESS, IPv4
				port := binary.BigEndian.Uint16(v[2:]) ^ (cookie >> 16)
				var ip [4]byte
				binary.BigEndian.PutUint32(ip[:], binary.BigEndian.Uint32(v[4:])^cookie)
				return netip.AddrPortFrom(netip.AddrFrom4(ip), port), nil
			}
			a = a[4+(l+3)&^3:]
		}
		return netip.AddrPort{}, fmt.Errorf("a STUN answer from %s without an IPv4 XOR-MAPPED-ADDRESS", server)
	}
	return netip.AddrPort{}, fmt.Errorf("no STUN answer from %s within %v: %v", server, timeout, lastErr)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// DiscoverAll runs Discover in every home at once (each takes seconds of
// STUN timeouts) and returns their behaviours in the homes' order.
func (r *natRig) DiscoverAll(t testing.TB) []natBehaviour {
	t.Helper()
	out := make([]natBehaviour, len(r.Homes))
	errs := make([]error, len(r.Homes))
	var wg sync.WaitGroup
	for i, h := range r.Homes {
		wg.Go(func() { out[i], errs[i] = h.Discover() })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	return out
}
