package e2e

import (
	"context"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// BenchmarkPhoneFirstVisit measures what a friend's phone goes through on
// opening Longhall, beside go-app's hello world in the same run, both
// served as a static host serves them (the same brotli-11 copies): on the
// Lighthouse mobile profile and on good 4G (phoneProfile, good4G), at a
// 390×844 screen, a fresh browser profile for each cold visit and the
// same profile again for the later one (the service worker's). For the
// home page and the invitation a room link opens, median of five:
//
//   - fcp: the first contentful paint. Longhall's is its real pre-rendered
//     page (its loader is a line, not text); hello's is its loader.
//   - frame: the first frame the wasm draws (data-client-ms).
//   - bytes: what crossed the network, headers and all.
//   - compiled: when the wasm was compiled (startMarks); frame minus
//     compiled is the Go side's start: the runtime, package init and the
//     first render.
//   - memory: the wasm's linear memory once the page is drawn (Go 1.26
//     reserved about 34 MiB at start for one large variable of crypto's,
//     golang/go#78321, in a build that had it).
//
// The ratios are Longhall's first frame over hello's, cold and warm.
func BenchmarkPhoneFirstVisit(b *testing.B) {
	bin, root := theApp(b)
	lhSite := filepath.Join(b.TempDir(), "longhall")
	if msg, err := exec.Command(bin, "dist", "-dir", root, "-out", lhSite).CombinedOutput(); err != nil {
		b.Fatalf("dist: %v\n%s", err, msg)
	}
	helloSite := helloStaticSite(b)
	lh, hello := serveStatic(b, lhSite), serveStatic(b, helloSite)
	invite := func() string { return aRoomLink(b, "", "rednorth", "Astrid", 3) }
	const runs = 5
	helloFrames := map[string]float64{} // by profile and visit, for the ratios
	b.ResetTimer()
	type site struct {
		name, base string
		path       func() string
	}
	sites := []site{
		{"hello", hello, func() string { return "/" }},
		{"longhall-home", lh, func() string { return "/" }},
		{"longhall-invite", lh, invite},
	}
	for _, prof := range []netProfile{phoneProfile, good4G} {
		// The sites take turns, run by run: the machine's speed drifts
		// over minutes, and each ratio then compares visits made at the
		// same time rather than one site's five runs with another's.
		cold, warm := map[string][]visit{}, map[string][]visit{}
		for range runs {
			for _, s := range sites {
				c, w := visitTwice(b, prof, s.base, s.path)
				cold[s.name], warm[s.name] = append(cold[s.name], c), append(warm[s.name], w)
			}
		}
		for _, s := range sites {
			for _, v := range []struct {
				when   string
				visits []visit
			}{{"cold", cold[s.name]}, {"warm", warm[s.name]}} {
				m := medianVisit(v.visits)
				key := s.name + "-" + prof.name + "-" + v.when
				bench(b, key+"-fcp", m.FCP, "ms")
				bench(b, key+"-frame", m.Frame, "ms")
				bench(b, key+"-bytes", m.Bytes, "bytes")
				bench(b, key+"-compiled", m.Compiled, "ms")
				bench(b, key+"-memory", m.Memory, "MiB")
				if s.name == "hello" {
					helloFrames[key] = m.Frame
				} else if h := helloFrames["hello-"+prof.name+"-"+v.when]; h > 0 {
					bench(b, key+"-frame-ratio", float64(int(m.Frame/h*100+0.5))/100, "x")
				}
			}
		}
	}
	b.StopTimer()
}

// visit is one page load's figures.
type visit struct{ FCP, Frame, Bytes, Compiled, Memory float64 }

const visitFigures = `(() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const all = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  return {FCP: fcp ? fcp.startTime : -1, Frame: +document.documentElement.dataset.clientMs,
    Compiled: window.benchCompiled || -1,
    Memory: window.benchMemory ? window.benchMemory.buffer.byteLength / 1048576 : -1,
    Bytes: all.reduce((n, e) => n + (e.transferSize || 0), 0)};
})()`

// startMarks notes, for visitFigures, when go-app's loader has the wasm
// compiled (benchCompiled, in ms since navigation). It runs before the
// page's own scripts.
const startMarks = `(() => {
  // go-app's loader instantiates a response; a later visit's page, a
  // module it compiled early (app/commands/loader.go).
  for (const name of ['instantiateStreaming', 'instantiate']) {
    const instantiate = WebAssembly[name];
    WebAssembly[name] = async function (...args) {
      const result = await instantiate.apply(this, args);
      window.benchCompiled = performance.now();
      window.benchMemory = (result.instance || result).exports.mem;
      return result;
    };
  }
})()`

// wasmCached is true once a service worker's cache holds the wasm: the
// next visit is the warm one.
const wasmCached = `(async () => {
  for (const k of await caches.keys()) {
    if ((await (await caches.open(k)).keys()).some((r) => r.url.endsWith('/web/app.wasm'))) return true;
  }
  return false;
})()`

// visitTwice opens a page in a fresh browser on the profile (the cold
// visit), waits until the service worker holds the app, and opens it again
// (the later visit).
func visitTwice(b *testing.B, prof netProfile, base string, path func() string) (cold, warm visit) {
	ctx := newBrowser(b)
	defer chromedp.Cancel(ctx)
	// A visit on the slow profile takes 20 s on a quiet machine; its
	// limit is a hang guard only.
	load := func(v *visit, when string) {
		c, cancel := context.WithTimeout(ctx, 5*time.Minute)
		defer cancel()
		url := base + path()
		if err := chromedp.Run(c, chromedp.Navigate("about:blank"), prof.emulate(), navigateNow(url), clientReady(),
			chromedp.Evaluate(visitFigures, v)); err != nil {
			b.Fatalf("a %s visit to %s on the %s profile: %v", when, url, prof.name, err)
		}
	}
	within(b, ctx, "marking the start", chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(startMarks).Do(ctx)
		return err
	}))
	load(&cold, "cold")
	within(b, ctx, "the service worker keeps the app", unthrottled(), chromedp.ActionFunc(func(ctx context.Context) error {
		for deadline := time.Now().Add(stepLimit); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			var kept bool
			if err := chromedp.Evaluate(wasmCached, &kept, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }).Do(ctx); err != nil || kept {
				return err
			}
		}
		return fmt.Errorf("after %v the service worker's cache still has no app.wasm", stepLimit)
	}))
	load(&warm, "later")
	return cold, warm
}

func medianVisit(vs []visit) visit {
	var fcp, frame, bytes, compiled, memory []float64
	for _, v := range vs {
		fcp, frame, bytes, compiled = append(fcp, v.FCP), append(frame, v.Frame), append(bytes, v.Bytes), append(compiled, v.Compiled)
		memory = append(memory, v.Memory)
	}
	return visit{median(fcp), median(frame), median(bytes), median(compiled), median(memory)}
}

// helloStaticSite builds go-app's hello world and writes its static site
// with web/ beside it, pre-compressed as Longhall's dist does (brotli 11).
func helloStaticSite(b *testing.B) string {
	dir := b.TempDir()
	bin := filepath.Join(dir, "hello")
	// The yardstick is go-app's hello world as go-app's users build it:
	// with go-app whole, not Longhall's browser copy.
	if err := buildAppFlags(moduleRoot(), "./app/e2e/testdata/hello", bin, dir, upstreamGoAppFlags()); err != nil {
		b.Fatal(err)
	}
	site := filepath.Join(dir, "site")
	if msg, err := exec.Command(bin, "dist", "-dir", dir, "-out", site).CombinedOutput(); err != nil {
		b.Fatalf("hello dist: %v\n%s", err, msg)
	}
	if err := copyTree(filepath.Join(dir, "web"), filepath.Join(site, "web")); err != nil {
		b.Fatal(err)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "web", "app.wasm")) // copyTree leaves it out
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(site, "web", "app.wasm"), wasm, 0o644); err != nil {
		b.Fatal(err)
	}
	err = filepath.WalkDir(site, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".png") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil || len(data) < 1024 {
			return err
		}
		return os.WriteFile(p+".br", brotliBytes(data, 11), 0o644)
	})
	if err != nil {
		b.Fatal(err)
	}
	return site
}

// serveStatic serves a static site on loopback as a static host with
// pre-compressed files does: a plain file server, and a file's .br copy
// to a browser that takes brotli.
func serveStatic(b *testing.B, dir string) string {
	files := http.FileServer(http.Dir(dir))
	url, _ := serveHandler(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Vary", "Accept-Encoding")
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") {
			name = path.Join(name, "index.html")
		}
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)) + ".br")
		if err != nil || !strings.Contains(r.Header.Get("Accept-Encoding"), "br") {
			if err == nil {
				f.Close()
			}
			files.ServeHTTP(w, r)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		ctype := mime.TypeByExtension(path.Ext(name))
		switch {
		case path.Ext(name) == ".webmanifest":
			ctype = "application/manifest+json"
		case ctype == "":
			ctype = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Encoding", "br")
		http.ServeContent(w, r, "", st.ModTime(), f)
	}))
	return url
}
