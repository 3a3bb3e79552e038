//go:build linux

package e2e

// A page in Firefox ESR for the tests. chromedp speaks only Chromium's
// DevTools protocol, so Firefox is driven over WebDriver BiDi by npm's
// puppeteer-core from a small Node script (testdata/firefox/driver.mjs)
// that takes one JSON command a line: the test's JavaScript (gameStep,
// controlsInView, roomVersion) runs in Firefox as it does in Chromium.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"longhall/app/internal/npmtools"
)

// firefoxPackages are the npm packages the driver needs. puppeteer-core
// 24 is the last line that runs on Debian's Node.js 20 (25 wants 22.12).
var firefoxPackages = []string{"puppeteer-core@24.43.1"}

// firefoxBin is Debian's Firefox ESR, which make test installs as root.
const firefoxBin = "/usr/bin/firefox-esr"

var (
	puppeteerOnce sync.Once
	puppeteerDir  string
	puppeteerErr  error
)

// needPuppeteer returns the directory whose node_modules holds
// firefoxPackages: npmtools' set "firefox".
func needPuppeteer(t testing.TB) string {
	t.Helper()
	puppeteerOnce.Do(func() {
		if _, err := exec.LookPath("node"); err != nil {
			puppeteerErr = errors.New("the Firefox tests drive it from Node.js, and node is not on PATH: apt-get install nodejs npm (make test installs them as root)")
			return
		}
		// No browser download: there is none to be had here, and the
		// test uses Debian's Firefox.
		puppeteerDir, puppeteerErr = npmtools.Install("firefox", firefoxPackages, "PUPPETEER_SKIP_DOWNLOAD=1")
	})
	if puppeteerErr != nil {
		t.Fatal(puppeteerErr)
	}
	return puppeteerDir
}

// firefox is one headless Firefox with one page, behind driver.mjs.
type firefox struct {
	Version string // "firefox/153.7.0"
	stdin   io.WriteCloser
	replies chan ffReply
	gone    chan struct{} // closed when the driver's stdout ends
	log     *tailBuffer   // the driver's stderr: the page's console

	mu  sync.Mutex
	seq int

	pageOps
}

type ffReply struct {
	ID      int             `json:"id"`
	Value   json.RawMessage `json:"value"`
	Error   string          `json:"error"`
	Ready   bool            `json:"ready"`
	Pid     int             `json:"pid"`
	Version string          `json:"version"`
}

// startFirefox starts Firefox on this machine's side, for pages on
// loopback (a secure context, as a service worker needs).
func startFirefox(t testing.TB) *firefox {
	t.Helper()
	return launchFirefox(t, exec.Command("node", firefoxScript()), "")
}

// Firefox starts Firefox inside the namespace, for rooms over WebRTC.
func (n *netns) Firefox(t testing.TB) *firefox {
	t.Helper()
	cmd := n.Command("node", firefoxScript())
	// Not killed with the test binary: the driver then sees its stdin
	// close and takes Firefox down with it (the namespace's removal, or
	// the next run's reaping, catches the rest).
	cmd.SysProcAttr.Pdeathsig = 0
	return launchFirefox(t, cmd, " in namespace "+n.Name)
}

func firefoxScript() string {
	return filepath.Join(moduleRoot(), "app", "e2e", "testdata", "firefox", "driver.mjs")
}

// launchFirefox runs the driver command, waits for Firefox to be up, and
// ends both when the test ends, whether it passed or not.
func launchFirefox(t testing.TB, cmd *exec.Cmd, where string) *firefox {
	t.Helper()
	if _, err := os.Stat(firefoxBin); err != nil {
		t.Fatalf("the Firefox tests need Debian's firefox-esr at %s: apt-get install firefox-esr (make test installs it as root)", firefoxBin)
	}
	dir := needPuppeteer(t)
	// Not t.TempDir: Firefox may still write to it for a moment after the
	// driver has gone.
	profile, err := os.MkdirTemp("", "longhall-firefox-")
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(os.Environ(), "LH_NODE_MODULES="+dir, "LH_PROFILE="+profile, "LH_FIREFOX="+firefoxBin)
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	f := &firefox{replies: make(chan ffReply, 16), gone: make(chan struct{}), log: &tailBuffer{max: 16 << 10}}
	f.pageOps = pageOps{browser: "firefox", eval: f.Eval, screenshot: f.Screenshot}
	cmd.Stderr = f.log
	if f.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the Firefox driver%s: %v", where, err)
	}
	exited := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var r ffReply
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				f.log.Write([]byte("stdout: " + sc.Text() + "\n"))
				continue
			}
			// Never blocks: a reply nobody waits for any more (its
			// command timed out) must not keep the driver's exit unseen.
			select {
			case f.replies <- r:
			default:
			}
		}
		close(f.gone)
		io.Copy(io.Discard, stdout)
		cmd.Wait()
		close(exited)
	}()
	browserPid := 0
	t.Cleanup(func() {
		// Closing stdin closes the browser; force it after 10 s. Firefox
		// runs in a process group of its own (puppeteer detaches it).
		f.stdin.Close()
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			t.Logf("the Firefox driver%s did not exit within 10 s of its stdin closing; killing it", where)
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			select {
			case <-exited:
			case <-time.After(30 * time.Second):
				t.Errorf("the Firefox driver (pid %d%s) outlived SIGKILL by 30 s", cmd.Process.Pid, where)
			}
		}
		if browserPid > 0 && syscall.Kill(-browserPid, 0) == nil {
			syscall.Kill(-browserPid, syscall.SIGKILL)
		}
		if t.Failed() {
			t.Logf("the Firefox driver (pid %d%s) wrote:\n%s", cmd.Process.Pid, where, f.log.String())
		}
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	select {
	case r := <-f.replies:
		if !r.Ready {
			t.Fatalf("the Firefox driver%s said %+v before it was ready:\n%s", where, r, f.log.String())
		}
		browserPid, f.Version = r.Pid, r.Version
	case <-f.gone:
		t.Fatalf("the Firefox driver%s exited before Firefox was up:\n%s", where, f.log.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("Firefox%s was not up within 60 s:\n%s", where, f.log.String())
	}
	return f
}

// call sends one command and waits up to limit for its answer.
func (f *firefox) call(limit time.Duration, cmd map[string]any) (json.RawMessage, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seq++
	cmd["id"] = f.seq
	line, err := json.Marshal(cmd)
	if err != nil {
		return nil, err
	}
	if _, err := f.stdin.Write(append(line, '\n')); err != nil {
		return nil, fmt.Errorf("firefox %s: %w", cmd["op"], err)
	}
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		select {
		case r := <-f.replies:
			if r.ID != f.seq {
				continue // the late answer to a command that timed out
			}
			if r.Error != "" {
				return nil, fmt.Errorf("firefox %s: %s", cmd["op"], r.Error)
			}
			return r.Value, nil
		case <-f.gone:
			return nil, fmt.Errorf("firefox %s: the driver exited", cmd["op"])
		case <-timer.C:
			return nil, fmt.Errorf("firefox %s: no answer in %v", cmd["op"], limit)
		}
	}
}

// Navigate loads url and waits for its load event.
func (f *firefox) Navigate(url string) error {
	_, err := f.call(stepLimit, map[string]any{"op": "navigate", "url": url})
	return err
}

// Reload reloads the page and waits for its load event.
func (f *firefox) Reload() error {
	_, err := f.call(stepLimit, map[string]any{"op": "reload"})
	return err
}

// Eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its value, as JSON, into out (unless out is nil).
func (f *firefox) Eval(expr string, out any) error {
	v, err := f.call(stepLimit, map[string]any{"op": "evaluate", "expr": expr})
	if err != nil || out == nil {
		return err
	}
	if err := json.Unmarshal(v, out); err != nil {
		return fmt.Errorf("firefox evaluate: %v in %s", err, v)
	}
	return nil
}

// Click clicks the element a selector finds, with the mouse at its centre,
// once it is shown.
func (f *firefox) Click(selector string) error {
	_, err := f.call(stepLimit, map[string]any{"op": "click", "selector": selector})
	return err
}

// SetViewport sizes the page's viewport.
func (f *firefox) SetViewport(width, height int64) error {
	_, err := f.call(stepLimit, map[string]any{"op": "setViewport", "width": width, "height": height})
	return err
}

// Screenshot writes a PNG of the viewport, or of the whole page.
func (f *firefox) Screenshot(path string, full bool) error {
	_, err := f.call(stepLimit, map[string]any{"op": "screenshot", "path": path, "full": full})
	return err
}

// PageErrors lists the uncaught errors the page has thrown since Firefox
// started.
func (f *firefox) PageErrors() ([]string, error) {
	v, err := f.call(stepLimit, map[string]any{"op": "errors"})
	var errs []string
	if err == nil {
		err = json.Unmarshal(v, &errs)
	}
	return errs, err
}
