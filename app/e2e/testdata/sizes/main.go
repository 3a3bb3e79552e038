// Command sizes is go-app's hello world plus, by build tag, each
// networking layer of Longhall's rooms in turn: peer (pion/webrtc data
// channels), tracker (sealed signaling over WebTorrent trackers),
// nostr (the Nostr relays and their BIP-340 signatures) and qr (QR codes).
// BenchmarkWasmBytesPerDependency builds it once per layer to measure
// what each adds to the wasm. Each layer really calls its API behind a
// condition the linker cannot see through, so nothing is dropped.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type page struct{ app.Compo }

func (p *page) Render() app.UI { return app.H1().Text("Hello, world") }

// layers are the tagged files' uses of their packages.
var layers []func()

func main() {
	app.Route("/", func() app.Composer { return &page{} })
	if app.Getenv("SIZES_RUN") == "yes" {
		for _, use := range layers {
			use()
		}
	}
	app.RunWhenOnBrowser()
}
