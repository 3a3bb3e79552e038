// Command hello is go-app's bare hello world, built exactly like Longhall
// (server code kept out of the wasm), as the yardstick for Longhall's size
// and load-time benchmarks. It marks the document the way Longhall does
// when the wasm has rendered.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type hello struct{ app.Compo }

func (h *hello) OnMount(ctx app.Context) {
	doc := app.Window().Get("document").Get("documentElement")
	doc.Call("setAttribute", "data-client-ms", app.Window().Get("performance").Call("now").Float())
	doc.Call("setAttribute", "data-client", "ready")
}

func (h *hello) Render() app.UI { return app.H1().Text("Hello, world") }

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
	serve()
}
