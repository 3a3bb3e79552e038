package rednorth

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Builders for the few element types the board uses. In the wasm binary
// every chain of go-app calls costs code where it is written, so the board
// writes each chain once, here, and calls these instead.

func span(class, text string) app.UI { return app.Span().Class(class).Text(text) }

func spans(class string, body ...app.UI) app.UI { return app.Span().Class(class).Body(body...) }

func div(class string, body ...app.UI) app.UI { return app.Div().Class(class).Body(body...) }

func para(class, text string) app.UI { return app.P().Class(class).Text(text) }

func heading(class, text string) app.UI { return app.H2().Class(class).Text(text) }

func subheading(text string) app.UI { return app.H3().Class("rn-h").Text(text) }

func strong(text string) app.UI { return app.Strong().Text(text) }

func small(class, text string) app.UI { return app.Small().Class(class).Text(text) }

func list(class string, items []app.UI) app.UI { return app.Ul().Class(class).Body(items...) }

// cell is a cell of a grid that reads as a table (role: "cell",
// "rowheader" or "columnheader").
func cell(class, role string, body ...app.UI) app.UI {
	return app.Span().Class(class).Attr("role", role).Body(body...)
}

// row is a row of such a grid.
func row(class, colour string, cells []app.UI) app.UI {
	return app.Div().Class(class).Attr("role", "row").Attr("data-colour", colour).Body(cells...)
}

// section is a landmark of the board with a name for screen readers.
func section(class, label string, body ...app.UI) app.UI {
	return app.Section().Class(class).Aria("label", label).Body(body...)
}
