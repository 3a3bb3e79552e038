package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Builders for the element types every board uses. In the wasm binary each
// chain of go-app calls costs code where it is written, so the boards call
// these instead of writing the chains again.

// Span is a span of text with a class.
func Span(class, text string) app.UI { return app.Span().Class(class).Text(text) }

// Spans is a span holding elements.
func Spans(class string, body ...app.UI) app.UI { return app.Span().Class(class).Body(body...) }

// Div is a div holding elements.
func Div(class string, body ...app.UI) app.UI { return app.Div().Class(class).Body(body...) }

// Para is a paragraph of text.
func Para(class, text string) app.UI { return app.P().Class(class).Text(text) }

// Heading is a board's section heading.
func Heading(class, text string) app.UI { return app.H2().Class(class).Text(text) }

// Strong is strong text.
func Strong(text string) app.UI { return app.Strong().Text(text) }

// Small is small print with a class.
func Small(class, text string) app.UI { return app.Small().Class(class).Text(text) }

// Section is a landmark of a board with a name for screen readers.
func Section(class, label string, body ...app.UI) app.UI {
	return app.Section().Class(class).Aria("label", label).Body(body...)
}
