package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// bench reports a figure as a metric whose unit is "name:unit";
// .ci/benchlines turns it into a `BENCH <name> <value> <unit>` line.
func bench(b *testing.B, name string, value float64, unit string) {
	b.ReportMetric(value, name+":"+unit)
}

// BenchmarkWasmSize measures what `longhall dist` ships: app.wasm raw and
// its pre-compressed copies (zopfli gzip and brotli 11). The budget is
// checked in BenchmarkWasmBytesPerGame.
func BenchmarkWasmSize(b *testing.B) {
	bin, root := theApp(b)
	out := b.TempDir()
	// One dist is the measurement (zopfli and brotli -q 11 take a minute or
	// two); the benchmark loop has nothing to repeat.
	if msg, err := exec.Command(bin, "dist", "-dir", root, "-out", out).CombinedOutput(); err != nil {
		b.Fatalf("dist: %v\n%s", err, msg)
	}
	for _, f := range []struct{ name, file string }{
		{"wasm-raw", "app.wasm"}, {"wasm-gzip", "app.wasm.gz"}, {"wasm-brotli", "app.wasm.br"},
	} {
		st, err := os.Stat(filepath.Join(out, "web", f.file))
		if err != nil {
			b.Fatal(err)
		}
		bench(b, f.name, float64(st.Size()), "bytes")
	}
}

// BenchmarkColdLoad measures the time from navigation to the first frame
// the wasm renders, in a fresh browser profile each run (nothing cached, no
// service worker), for Longhall and for go-app's bare hello world built the
// same way (but with go-app whole, as its users build it). The ratio is the
// figure that matters (aim: at most 1.2).
func BenchmarkColdLoad(b *testing.B) {
	bin, root := theApp(b)
	helloDir := b.TempDir()
	helloBin := filepath.Join(helloDir, "hello")
	if err := buildAppFlags(moduleRoot(), "./app/e2e/testdata/hello", helloBin, helloDir, upstreamGoAppFlags()); err != nil {
		b.Fatal(err)
	}
	longhall := startServer(b, bin, root)
	hello := startServer(b, helloBin, helloDir)
	// Five loads of each, whatever b.N: `make bench` runs every benchmark
	// once (-benchtime 1x), since the others measure one whole run.
	var lh, hw []float64
	b.ResetTimer()
	for range 5 {
		lh = append(lh, firstRenderMillis(b, longhall.URL))
		hw = append(hw, firstRenderMillis(b, hello.URL))
	}
	b.StopTimer()
	ml, mh := median(lh), median(hw)
	bench(b, "first-render-longhall", ml, "ms")
	bench(b, "first-render-hello", mh, "ms")
	bench(b, "first-render-ratio", float64(int(ml/mh*100+0.5))/100, "x")
}

func firstRenderMillis(b *testing.B, url string) float64 {
	ctx := newBrowser(b)
	var ms string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"),
		clientReady(),
		chromedp.AttributeValue("html", "data-client-ms", &ms, nil, byQuery),
	); err != nil {
		b.Fatal(err)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(ms), 64)
	if err != nil {
		b.Fatalf("first render time %q: %v", ms, err)
	}
	chromedp.Cancel(ctx)
	time.Sleep(100 * time.Millisecond) // let the browser exit before the next cold start
	return v
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
