package rednorth

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
)

// Builders for the element types only this board uses (the common ones are
// ui.Span, ui.Div and their kin): in the wasm binary every chain of go-app
// calls costs code where it is written, so each is written once.

func subheading(text string) app.UI { return app.H3().Class("rn-h").Text(text) }

func list(class string, items []app.UI) app.UI { return app.Ul().Class(class).Body(items...) }

// cell is a cell of a grid that reads as a table (role: "cell",
// "rowheader" or "columnheader").
func cell(class, role string, body ...app.UI) app.UI {
	return app.Span().Class(class).Attr("role", role).Body(body...)
}

// row is a row of such a grid, the row of a colour ("" for none).
func row(class, colour string, cells []app.UI) app.UI {
	return app.Div().Class(class).Attr("role", "row").Attr(ui.ColourAttr, colour).Body(cells...)
}

// section is a landmark of the board with a name for screen readers.
