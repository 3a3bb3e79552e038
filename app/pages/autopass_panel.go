package pages

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"
)

// autoPassKey holds this device's choice of automatic answers
// (online.AutoPassOff, …) in local storage.
const autoPassKey = "longhall.autopass"

// autoPassSetting is this device's choice, "" before any (the host's
// default: when the player has nothing else to answer with).
func autoPassSetting(ctx app.Context) string {
	var mode string
	if ctx.LocalStorage().Get(autoPassKey, &mode) != nil {
		return ""
	}
	switch mode {
	case online.AutoPassOff, online.AutoPassNothing, online.AutoPassAlways:
		return mode
	}
	return ""
}

// autoPassPanel lets the player choose when the host answers a reaction
// for them, in games that have answers that may time out (their rules'
// Info.Timeout); nil for the others. set keeps and sends the choice. On
// a device shared by several people (shared) there is no "when I have
// nothing": the others would see the prompt vanish by itself, and the
// host takes it as "never" (session's automatic passes).
func autoPassPanel(ctx app.Context, gameID string, set func(mode string) error, shared bool) app.UI {
	g, ok := ui.LookupGame(gameID)
	if !ok || g.Info.Timeout == "" {
		return nil
	}
	current := autoPassSetting(ctx)
	if current == "" {
		current = online.AutoPassNothing
	}
	if shared && current == online.AutoPassNothing {
		current = online.AutoPassOff
	}
	choice := func(mode, text string) app.UI {
		return app.Option().Value(mode).Selected(mode == current).Text(text)
	}
	return app.Div().ID("autopass").Class("panel autopass").Body(
		app.Label().For("autopass-choice").Text("Pass automatically: "),
		app.Select().ID("autopass-choice").Body(
			app.If(!shared, func() app.UI { return choice(online.AutoPassNothing, "when I have nothing to answer with") }),
			choice(online.AutoPassAlways, "always"),
			choice(online.AutoPassOff, "never"),
		).OnChange(func(ctx app.Context, e app.Event) {
			mode := ctx.JSSrc().Get("value").String()
			ctx.LocalStorage().Set(autoPassKey, mode)
			set(mode)
		}),
		app.If(shared, func() app.UI {
			return app.P().Class("hint").Text("On a shared device there is no “when I have nothing”: the others would see your prompt vanish and know.")
		}),
	)
}
