package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// UpdateNotice says that a new version of Longhall is ready, with a button
// that reloads the page into it. The service worker installs a new build
// and waits; web/longhall.js tells the page (window.longhallUpdateReady,
// the longhall-update event) and applies the new build only when asked
// (longhallUpdate). So it is drawn only where no game is in play on this
// device: a page's header (Page; not TablePage) and a finished game's
// table (Table). It draws nothing until a new version is ready.
type UpdateNotice struct {
	app.Compo
	ready bool
	stop  func()
}

// updateEvent is the window's event web/longhall.js sends when a new
// version is ready.
const updateEvent = "longhall-update"

func (n *UpdateNotice) OnMount(ctx app.Context) {
	if !app.IsClient {
		return
	}
	n.ready = app.Window().Get("longhallUpdateReady").Truthy()
	fn := app.FuncOf(func(app.Value, []app.Value) any {
		ctx.Dispatch(func(app.Context) { n.ready = true })
		return nil
	})
	app.Window().Call("addEventListener", updateEvent, fn)
	n.stop = func() {
		app.Window().Call("removeEventListener", updateEvent, fn)
		fn.Release()
	}
}

func (n *UpdateNotice) OnDismount() {
	if n.stop != nil {
		n.stop()
		n.stop = nil
	}
}

func (n *UpdateNotice) Render() app.UI {
	if !n.ready {
		return app.Span().ID("update-ready").Hidden(true)
	}
	return app.Div().ID("update-ready").Class("update-ready").Attr("role", "status").Body(
		app.Span().Text("A new version of Longhall is ready."),
		app.Button().ID("update-reload").Class("button").Text("Reload now").
			OnClick(func(ctx app.Context, e app.Event) { callPage("longhallUpdate") }),
	)
}

// CheckForUpdate asks the service worker to look for a new version now
// (the page also looks every hour, and when it is shown again): a room
// that finds this device's app older than another's does, so that the new
// version is installed and waiting when the game ends.
func CheckForUpdate() { callPage("longhallCheckUpdate") }

// callPage calls one of web/longhall.js's functions, when it is there.
func callPage(name string) {
	if app.IsClient {
		if f := app.Window().Get(name); f.Truthy() {
			app.Window().Call(name)
		}
	}
}
