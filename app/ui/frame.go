package ui

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Page lays out a page: the header with the way home, the content, and the
// footer. Every page of the app uses it so they look and behave alike.
// The header offers a new version of the app once one is ready
// (UpdateNotice): no game is in play on a page drawn with Page.
func Page(class string, content ...app.UI) app.UI { return page(class, true, content) }

// TablePage is Page for a game's screens (its table, the device passed
// between players, the table being set up), where a game is in play: the
// header never offers a new version there, which would interrupt the
// game; the table itself does once the game has ended (Table).
func TablePage(class string, content ...app.UI) app.UI { return page(class, false, content) }

func page(class string, offerUpdate bool, content []app.UI) app.UI {
	return app.Div().Class("page", "page-"+class).Body(
		app.A().Href("#main").Class("skip").Text("Skip to content"),
		app.Header().Class("topbar").Body(
			app.A().Href(Path("/")).Class("brand").Aria("label", "Longhall, home").Body(
				app.Img().Src(Path("/web/icons/icon.svg")).Alt("").Attr("role", "presentation").Width(36).Height(36),
				app.Span().Text("Longhall"),
			),
			app.If(offerUpdate, func() app.UI { return &UpdateNotice{} }),
		),
		app.Main().ID("main").Class("content").Body(content...),
		app.Footer().Class("footer").Body(
			app.P().Text("Longhall runs in your browser: games stay on your device, and play goes on offline."),
		),
	)
}

// Publish makes window[name]() return get(), as JSON, for diagnostics and
// `make bench` to read: nothing drawn on the page carries raw figures, and
// nothing is encoded until someone asks. The returned function removes it.
func Publish(name string, get func() any) (unpublish func()) {
	if !app.IsClient {
		return func() {}
	}
	f := app.FuncOf(func(app.Value, []app.Value) any {
		b, err := json.Marshal(get())
		if err != nil {
			return "{}"
		}
		return string(b)
	})
	app.Window().Set(name, f)
	return func() {
		app.Window().Set(name, nil)
		f.Release()
	}
}

// ScrollToTop shows a newly opened page from its top. go-app navigates
// within the page and keeps the scroll position, so a table opened from
// the bottom of a game's page would open scrolled down.
func ScrollToTop() {
	if app.IsClient {
		app.Window().Call("scrollTo", 0, 0)
	}
}

// MarkClient tags the document once the wasm has rendered the page the
// navigation asked for. Pages are pre-rendered on the server, so browser
// tests wait for this mark to know the app itself is running. Pages call
// it from OnNav, which go-app runs after OnMount, and the mark waits for
// the update cycle to end: marked any earlier, a test could read the page
// as it was before OnNav filled it in.
// The first mark also records the milliseconds since navigation began, the
// time-to-first-render figure that `make bench` reports.
func MarkClient(ctx app.Context) {
	if !app.IsClient {
		return
	}
	ctx.Defer(func(app.Context) { markClient() })
}

func markClient() {
	doc := app.Window().Get("document").Get("documentElement")
	if doc.Call("getAttribute", "data-client").String() != "ready" {
		doc.Call("setAttribute", "data-client-ms", app.Window().Get("performance").Call("now").Float())
	}
	doc.Call("setAttribute", "data-client", "ready")
	// Tell the service worker it may now fill the offline cache.
	if f := app.Window().Get("longhallRendered"); f.Truthy() {
		app.Window().Call("longhallRendered")
	}
}
