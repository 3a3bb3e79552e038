//go:build linux

package e2e

// A page in WebKit, Safari's engine, for the tests: Debian's WebKitGTK
// MiniBrowser, driven by its WebKitWebDriver (W3C WebDriver classic, JSON
// over HTTP, spoken here with net/http), on a display of its own (Xvfb).
// The test's JavaScript runs in WebKit as it does in Chromium and Firefox
// (pageOps).
//
// MiniBrowser's window is never narrower than 447 px (its toolbar), so a
// phone's screen is an iframe of the phone's size on a page of the test's
// own, served from the app's origin (frameSite) so that the app inside it
// keeps its storage and service worker: inside the frame, the app's
// viewport is the phone's, media queries and all.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const (
	webkitDriverBin = "/usr/bin/WebKitWebDriver"
	xvfbBin         = "/usr/bin/Xvfb"
	// miniBrowserBin is where Debian's libwebkit2gtk-4.1-0 puts it.
	miniBrowserBin = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
)

// webkit is one MiniBrowser window with one page, behind WebKitWebDriver.
type webkit struct {
	Version string // "2.50.6"
	base    string // the driver's session URL
	log     *tailBuffer
	client  *http.Client

	// frame is the phone's frame the page is shown in, when not zero.
	frame screenSize
	// site serves the frame's page beside the app (frameSite).
	site string

	pageOps
}

// startWebKit starts Xvfb, WebKitWebDriver and a MiniBrowser session, and
// ends them all when the test ends.
func startWebKit(t testing.TB) *webkit {
	t.Helper()
	for _, bin := range []string{webkitDriverBin, xvfbBin, miniBrowserBin} {
		if _, err := os.Stat(bin); err != nil {
			t.Fatalf("the WebKit tests need %s: apt-get install webkit2gtk-driver xvfb xauth (make test installs them as root)", bin)
		}
	}
	home := t.TempDir()
	w := &webkit{log: &tailBuffer{max: 32 << 10}, client: &http.Client{Timeout: stepLimit + 10*time.Second}}
	w.pageOps = pageOps{browser: "webkit", eval: w.Eval, screenshot: w.Screenshot}

	// Xvfb picks a free display and writes its number on fd 3.
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	xvfb := exec.Command(xvfbBin, "-displayfd", "3", "-screen", "0", "1400x1000x24", "-nolisten", "tcp", "-nolisten", "unix")
	xvfb.ExtraFiles = []*os.File{wr}
	xvfb.Stderr = w.log
	xvfb.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	// -nolisten unix leaves only the abstract socket, which is enough
	// for GTK and leaves nothing behind in /tmp/.X11-unix.
	if err := xvfb.Start(); err != nil {
		t.Fatalf("starting Xvfb: %v", err)
	}
	wr.Close()
	t.Cleanup(func() { syscall.Kill(-xvfb.Process.Pid, syscall.SIGKILL); xvfb.Wait() })
	display := make(chan string, 1)
	go func() {
		line, _ := io.ReadAll(io.LimitReader(r, 32))
		display <- strings.TrimSpace(string(line))
	}()
	var disp string
	select {
	case disp = <-display:
	case <-time.After(stepLimit):
	}
	r.Close()
	if disp == "" {
		t.Fatalf("Xvfb gave no display:\n%s", w.log.String())
	}

	port := freePort(t)
	driver := exec.Command(webkitDriverBin, "--port="+strconv.Itoa(port), "--host=local")
	driver.Env = append(os.Environ(), "DISPLAY=:"+disp, "HOME="+home, "XDG_CONFIG_HOME="+home+"/config",
		"XDG_CACHE_HOME="+home+"/cache", "XDG_DATA_HOME="+home+"/data", "XDG_RUNTIME_DIR="+home,
		"GTK_A11Y=none", "NO_AT_BRIDGE=1", "WEBKIT_DISABLE_COMPOSITING_MODE=1", "GST_REGISTRY="+gstRegistry())
	// MiniBrowser writes the page's console on its stdout, which it
	// shares with the driver.
	driver.Stdout, driver.Stderr = w.log, w.log
	driver.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := driver.Start(); err != nil {
		t.Fatalf("starting WebKitWebDriver: %v", err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("WebKit (driver, browser and the page's console) wrote:\n%s", w.log.String())
		}
		syscall.Kill(-driver.Process.Pid, syscall.SIGKILL)
		driver.Wait()
	})
	root := fmt.Sprintf("http://127.0.0.1:%d", port)
	for deadline := time.Now().Add(stepLimit); ; time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(root + "/status"); err == nil {
			res.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("WebKitWebDriver was not up within %v:\n%s", stepLimit, w.log.String())
		}
	}
	var session struct {
		SessionID    string `json:"sessionId"`
		Capabilities struct {
			BrowserVersion string `json:"browserVersion"`
		} `json:"capabilities"`
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"webkitgtk:browserOptions": map[string]any{
			"binary": miniBrowserBin,
			"args":   []string{"--automation", "--enable-write-console-messages-to-stdout=true"},
		},
		"timeouts": map[string]any{"script": stepLimit.Milliseconds(), "pageLoad": stepLimit.Milliseconds()},
	}}}
	w.base = root + "/session"
	if err := w.do("POST", "", caps, &session); err != nil {
		t.Fatalf("starting a WebKit session: %v\n%s", err, w.log.String())
	}
	w.base = root + "/session/" + session.SessionID
	w.Version = session.Capabilities.BrowserVersion
	t.Cleanup(func() { w.do("DELETE", "", nil, nil) })
	return w
}

// freePort is a loopback port nothing listens on now.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// do sends one WebDriver command and decodes its value into out.
func (w *webkit) do(method, path string, body, out any) error {
	var in io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		in = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, w.base+path, in)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := w.client.Do(req)
	if err != nil {
		return fmt.Errorf("webkit %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	var reply struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.NewDecoder(res.Body).Decode(&reply); err != nil {
		return fmt.Errorf("webkit %s %s: %s: %w", method, path, res.Status, err)
	}
	if res.StatusCode != http.StatusOK {
		var e struct {
			Error   string `json:"error"`
			Message string `json:"message"`
		}
		json.Unmarshal(reply.Value, &e)
		return fmt.Errorf("webkit %s %s: %s: %s", method, path, e.Error, e.Message)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(reply.Value, out)
}

// Navigate loads url (in the phone's frame, when there is one) and waits
// for its load event.
func (w *webkit) Navigate(u string) error {
	if w.frame.width == 0 {
		return w.do("POST", "/url", map[string]any{"url": u}, nil)
	}
	page := w.site + framePage + "?w=" + strconv.FormatInt(w.frame.width, 10) + "&h=" + strconv.FormatInt(w.frame.height, 10) + "&src=" + url.QueryEscape(w.local(u))
	if err := w.do("POST", "/url", map[string]any{"url": page}, nil); err != nil {
		return err
	}
	return w.enterFrame()
}

// enterFrame sends the commands that follow to the phone's frame, once its
// page has loaded.
func (w *webkit) enterFrame() error {
	if err := w.do("POST", "/frame/parent", map[string]any{}, nil); err != nil {
		return err
	}
	var ready bool
	for deadline := time.Now().Add(stepLimit); !ready; time.Sleep(50 * time.Millisecond) {
		if err := w.do("POST", "/execute/sync", map[string]any{"script": `const f = document.querySelector('iframe'); return !!f && f.dataset.loaded === '1'`, "args": []any{}}, &ready); err != nil {
			return err
		}
		if !ready && time.Now().After(deadline) {
			return errors.New("webkit: the phone's frame did not load")
		}
	}
	return w.do("POST", "/frame", map[string]any{"id": 0}, nil)
}

// local is u as a path on the frame's site (the app's own origin).
func (w *webkit) local(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	return p.RequestURI() + fragment(p)
}

func fragment(u *url.URL) string {
	if u.Fragment == "" {
		return ""
	}
	return "#" + u.EscapedFragment()
}

// Reload reloads the page (the phone's frame's) and waits for its load.
func (w *webkit) Reload() error {
	if w.frame.width == 0 {
		return w.do("POST", "/refresh", map[string]any{}, nil)
	}
	if err := w.do("POST", "/frame/parent", map[string]any{}, nil); err != nil {
		return err
	}
	if err := w.do("POST", "/execute/sync", map[string]any{"script": `const f = document.querySelector('iframe'); f.dataset.loaded = ''; f.contentWindow.location.reload()`, "args": []any{}}, nil); err != nil {
		return err
	}
	return w.enterFrame()
}

// Eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its value, as JSON, into out (unless out is nil).
func (w *webkit) Eval(expr string, out any) error {
	script := `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (` + expr + `)).then(v => done({v: JSON.stringify(v === undefined ? null : v)}), e => done({e: String(e && e.stack || e)}));`
	var r struct {
		V string `json:"v"`
		E string `json:"e"`
	}
	if err := w.do("POST", "/execute/async", map[string]any{"script": script, "args": []any{}}, &r); err != nil {
		return err
	}
	if r.E != "" {
		return fmt.Errorf("webkit evaluate: %s", r.E)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal([]byte(r.V), out); err != nil {
		return fmt.Errorf("webkit evaluate: %v in %s", err, r.V)
	}
	return nil
}

// Click clicks the element a selector finds, as a person would: WebDriver
// scrolls it into view and refuses when something else would take the
// click at its centre.
func (w *webkit) Click(selector string) error {
	var el map[string]string
	if err := w.do("POST", "/element", map[string]any{"using": "css selector", "value": selector}, &el); err != nil {
		return err
	}
	for _, id := range el {
		return w.do("POST", "/element/"+id+"/click", map[string]any{}, nil)
	}
	return fmt.Errorf("webkit: no element %s", selector)
}

// SetViewport sizes the page's viewport: the window itself, or, below
// MiniBrowser's narrowest window, a frame of the phone's size.
func (w *webkit) SetViewport(width, height int64) error {
	if w.frame.width != 0 {
		// Out of the phone's frame first: the window's size is read
		// from the top-level page.
		if err := w.do("POST", "/frame", map[string]any{"id": nil}, nil); err != nil {
			return err
		}
	}
	w.frame = screenSize{}
	if width < 600 {
		if w.site == "" {
			return errors.New("webkit: a phone's size needs the frame's site (useFrameSite)")
		}
		w.frame = screenSize{"phone", width, height}
		width, height = 1000, height+80
	}
	// The window holds a toolbar: size it, see what the page gets, and
	// make up the difference.
	rect := map[string]any{"width": width, "height": height}
	if err := w.do("POST", "/window/rect", rect, nil); err != nil {
		return err
	}
	var inner [2]int64
	if err := w.do("POST", "/execute/sync", map[string]any{"script": `return [innerWidth, innerHeight]`, "args": []any{}}, &inner); err != nil {
		return err
	}
	rect = map[string]any{"width": 2*width - inner[0], "height": 2*height - inner[1]}
	return w.do("POST", "/window/rect", rect, nil)
}

// Screenshot writes a PNG of the viewport. WebDriver has no whole-page
// screenshot; full is ignored.
func (w *webkit) Screenshot(path string, full bool) error {
	var b64 string
	done := make(chan error, 1)
	// A screenshot can hang in this WebKit: give up on it after a while.
	go func() { done <- w.do("GET", "/screenshot", nil, &b64) }()
	select {
	case err := <-done:
		if err != nil {
			return err
		}
	case <-time.After(20 * time.Second):
		return errors.New("webkit: no screenshot within 20 s")
	}
	png, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return err
	}
	return os.WriteFile(path, png, 0o644)
}

// PageErrors are the console's errors (uncaught ones among them) the
// page has written since the browser started: MiniBrowser writes the
// console on its stdout.
func (w *webkit) PageErrors() ([]string, error) {
	var errs []string
	for _, line := range strings.Split(w.log.String(), "\n") {
		if strings.Contains(line, "CONSOLE") && strings.Contains(line, "ERROR") {
			errs = append(errs, line)
		}
	}
	return errs, nil
}

// gstRegistry is where WebKit's GStreamer keeps its list of plugins: in
// the user's cache, shared by every WebKit the tests start. The profile is
// fresh for each (HOME), but GStreamer's list under it cost each start
// about a second of CPU to scan the machine's plugins anew; the list holds
// nothing of a page's, and GStreamer scans again when the plugins change.
func gstRegistry() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "longhall-tools", fmt.Sprintf("gst-registry-%d.bin", os.Getuid()))
}

// framePage is the path of the test's page that shows a phone-sized frame.
const framePage = "/_test/phone-frame"

// useFrameSite puts a site in front of the app's server that serves the
// app and, at framePage, a page holding a frame of w×h with the app's
// page src inside it: one origin, so the app in the frame keeps its
// storage and its service worker. WebKit's pages open on this site.
func (w *webkit) useFrameSite(t testing.TB, app string) string {
	t.Helper()
	target, err := url.Parse(app)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	mux := http.NewServeMux()
	mux.HandleFunc(framePage, func(rw http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		width, _ := strconv.Atoi(q.Get("w"))
		height, _ := strconv.Atoi(q.Get("h"))
		src := q.Get("src")
		if !strings.HasPrefix(src, "/") || strings.HasPrefix(src, "//") {
			http.Error(rw, "src must be a path on this site", http.StatusBadRequest)
			return
		}
		rw.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(rw, `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;background:#777"><iframe src="%s" width="%d" height="%d" style="border:0;display:block" onload="this.dataset.loaded='1'"></iframe></body></html>`,
			htmlAttr(src), width, height)
	})
	mux.Handle("/", proxy)
	w.site, _ = serveHandler(t, mux)
	return w.site
}

func htmlAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;").Replace(s)
}
