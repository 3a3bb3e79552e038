package e2e

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkServeFirstWasm measures what the first visitor after `make
// run` waits for: `serve` compresses web/ before it prints its address
// (issue 22), so the first GET of app.wasm (brotli) should take as long as
// the second. It reports, as medians of three rounds, each in a fresh
// copy of web/ with an empty disk cache:
//
//   - serve-start-empty-cache: from the exec to the address line, with
//     every file compressed;
//   - serve-first-wasm / serve-second-wasm: the first GET of
//     /web/app.wasm right after the address line, and the next one;
//   - serve-start-warm-cache: a second start over the same copy, which
//     reads the compressed files from build/compressed/.
func BenchmarkServeFirstWasm(b *testing.B) {
	bin, root := theApp(b)
	wasm, err := os.ReadFile(filepath.Join(root, "web", "app.wasm"))
	if err != nil {
		b.Fatal(err)
	}
	var cold, warm, first, second []float64
	b.ResetTimer()
	for range 3 {
		b.StopTimer()
		site := b.TempDir()
		if err := copyTree(filepath.Join(root, "web"), filepath.Join(site, "web")); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(site, "web", "app.wasm"), wasm, 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()

		t0 := time.Now()
		s := startServer(b, bin, site)
		cold = append(cold, millisSince(t0))
		first = append(first, getWasmMillis(b, s.URL))
		second = append(second, getWasmMillis(b, s.URL))
		s.Stop()

		t0 = time.Now()
		s = startServer(b, bin, site)
		warm = append(warm, millisSince(t0))
		s.Stop()
	}
	b.StopTimer()
	bench(b, "serve-start-empty-cache", median(cold), "ms")
	bench(b, "serve-start-warm-cache", median(warm), "ms")
	bench(b, "serve-first-wasm", median(first), "ms")
	bench(b, "serve-second-wasm", median(second), "ms")
}

// getWasmMillis asks for app.wasm as a browser does (brotli taken) and
// returns the time until the whole body is in, in ms.
func getWasmMillis(b *testing.B, url string) float64 {
	b.Helper()
	req, err := http.NewRequest("GET", url+"/web/app.wasm", nil)
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "br")
	// A fresh transport: no connection kept from one GET to the next.
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	t0 := time.Now()
	res, err := tr.RoundTrip(req)
	if err != nil {
		b.Fatal(err)
	}
	n, err := io.Copy(io.Discard, res.Body)
	res.Body.Close()
	ms := millisSince(t0)
	if err != nil {
		b.Fatal(err)
	}
	if enc := res.Header.Get("Content-Encoding"); enc != "br" || res.StatusCode != http.StatusOK {
		b.Fatalf("GET app.wasm: %d, Content-Encoding %q (%d bytes)", res.StatusCode, enc, n)
	}
	return ms
}

func millisSince(t time.Time) float64 {
	return float64(time.Since(t).Microseconds()) / 1000
}
