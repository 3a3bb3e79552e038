package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const nameKey = "longhall.name"

// MaxNameRunes bounds a player name: it is shown on small screens and sent
// to other players.
const MaxNameRunes = 20

// PlayerName reads the player's name from browser storage ("" when unset).
func PlayerName(ctx app.Context) string {
	var name string
	if err := ctx.LocalStorage().Get(nameKey, &name); err != nil {
		return ""
	}
	return CleanName(name)
}

// SetPlayerName keeps the player's name in browser storage.
func SetPlayerName(ctx app.Context, name string) error {
	return ctx.LocalStorage().Set(nameKey, CleanName(name))
}

// CleanName trims a name and cuts it to MaxNameRunes.
func CleanName(name string) string {
	name = strings.Join(strings.Fields(name), " ")
	for utf8.RuneCountInString(name) > MaxNameRunes {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	return name
}

// NameField lets the player set the name others see; it is kept in the
// browser's storage.
type NameField struct {
	app.Compo
	name  string
	saved bool
}

// OnMount loads the stored name.
func (f *NameField) OnMount(ctx app.Context) {
	f.name = PlayerName(ctx)
}

// Render draws the field.
func (f *NameField) Render() app.UI {
	return app.Form().Class("namefield").OnSubmit(f.save).Body(
		app.Label().For("player-name").Text("Your name at the table"),
		app.Div().Class("row").Body(
			app.Input().ID("player-name").Type("text").Value(f.name).
				MaxLength(MaxNameRunes).AutoComplete(false).Placeholder("e.g. Astrid").
				OnInput(f.edit),
			app.Button().Type("submit").Class("button").Text("Save"),
		),
		app.If(f.saved, func() app.UI {
			return app.P().Class("hint").Attr("role", "status").Text("Saved. Welcome to the hall, " + f.name + ".")
		}),
	)
}

func (f *NameField) edit(ctx app.Context, e app.Event) {
	f.name = ctx.JSSrc().Get("value").String()
	f.saved = false
}

func (f *NameField) save(ctx app.Context, e app.Event) {
	e.PreventDefault()
	f.name = CleanName(f.name)
	if err := ctx.LocalStorage().Set(nameKey, f.name); err != nil {
		app.Log("saving the player name:", err)
		return
	}
	f.saved = f.name != ""
}
