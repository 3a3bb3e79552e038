package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Colours: a piece told apart by its colour (a player's longship or
// village, a card's suit) also shows its colour's mark, a shape every eye
// tells apart, or the colour's word: colour is never the only signal
// (WCAG 1.4.1). A board puts ColourAttr on every such piece, naming the
// colour, and shows Mark (ColourMark) or the word in the piece's text; the
// browser tests look at every piece that carries the attribute.

// ColourAttr names the colour of a piece told apart by colour.
const ColourAttr = "data-colour"

// marks are the colours' shapes: each is a filled shape of its own, so
// that two marks differ in outline, not in shade.
var marks = map[string]string{
	"red":    "▲",
	"blue":   "●",
	"yellow": "◆",
	"green":  "■",
	"purple": "★",
}

// Mark is colour's mark, or "" for a colour that has none (one whose
// pieces show its word instead).
func Mark(colour string) string { return marks[colour] }

// ColourMark is colour's mark as an element, hidden from screen readers:
// the piece names its colour in words for them.
func ColourMark(colour string) app.UI {
	return app.Span().Class("colour-mark").Aria("hidden", "true").Text(Mark(colour))
}
