package e2e

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/andybalholm/brotli"
)

// sizeLayers are testdata/sizes built with more and more of the rooms'
// networking, each adding one layer to the one before.
var sizeLayers = []struct{ name, tags string }{
	{"base", ""},
	{"peer", "peer"},                // pion/webrtc data channels
	{"signal", "peer tracker"},      // sealed signaling, trackers, BroadcastChannel, codes
	{"nostr", "peer tracker nostr"}, // Nostr relays and BIP-340 signatures
	{"qr", "peer tracker nostr qr"}, // QR codes
}

// BenchmarkWasmBytesPerDependency reports what each networking layer adds
// to a go-app wasm (built like Longhall's): raw, gzip -9 and brotli (at
// quality 9, a little larger than the quality 11 `dist` uses, and a
// minute faster per build). The budget for the whole app.wasm is in
// BenchmarkWasmSize.
func BenchmarkWasmBytesPerDependency(b *testing.B) {
	dir := b.TempDir()
	type sizes struct{ raw, gz, br int }
	got := make([]sizes, len(sizeLayers))
	errs := make([]error, len(sizeLayers))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2) // two cores
	for i, l := range sizeLayers {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			out := filepath.Join(dir, l.name+".wasm")
			cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-tags", l.tags, "-o", out, "./app/e2e/testdata/sizes")
			cmd.Dir = moduleRoot()
			cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
			if msg, err := cmd.CombinedOutput(); err != nil {
				errs[i] = &buildError{l.name, string(msg)}
				return
			}
			data, err := os.ReadFile(out)
			if err != nil {
				errs[i] = err
				return
			}
			var gz bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
			zw.Write(data)
			zw.Close()
			var br bytes.Buffer
			bw := brotli.NewWriterOptions(&br, brotli.WriterOptions{Quality: 9, LGWin: 24})
			bw.Write(data)
			bw.Close()
			got[i] = sizes{len(data), gz.Len(), br.Len()}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
	bench(b, "wasm-base-raw", float64(got[0].raw), "bytes")
	bench(b, "wasm-base-gzip", float64(got[0].gz), "bytes")
	bench(b, "wasm-base-brotli", float64(got[0].br), "bytes")
	for i := 1; i < len(got); i++ {
		name := "wasm-add-" + sizeLayers[i].name
		bench(b, name+"-raw", float64(got[i].raw-got[i-1].raw), "bytes")
		bench(b, name+"-gzip", float64(got[i].gz-got[i-1].gz), "bytes")
		bench(b, name+"-brotli", float64(got[i].br-got[i-1].br), "bytes")
	}
	last := got[len(got)-1]
	bench(b, "wasm-add-networking-gzip", float64(last.gz-got[0].gz), "bytes")
}

type buildError struct{ layer, out string }

func (e *buildError) Error() string {
	return "building the " + e.layer + " layer: " + strings.TrimSpace(e.out)
}
