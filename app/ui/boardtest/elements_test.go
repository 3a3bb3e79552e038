package boardtest

import (
	"slices"
	"testing"
)

// Elements reads go-app's HTML: nested elements of one kind, void
// elements, entities, and text a hidden class keeps from the eye.
func TestElementsReadsARendering(t *testing.T) {
	page := `<div class="a" data-colour="red" title="a &amp; b"><div>x<span class="mark">▲</span><br>` +
		`<span class="visually-hidden">red</span></div>y &lt;</div><p data-colour="blue">blue</p>`
	got := Coloured(page, "visually-hidden")
	want := []Element{
		{Name: "div", Class: "a", Title: "a & b", Colour: "red", Text: "x▲y <",
			Inner: `<div>x<span class="mark">▲</span><br><span class="visually-hidden">red</span></div>y &lt;`},
		{Name: "p", Colour: "blue", Text: "blue", Inner: "blue"},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("read\n%+v\nwant\n%+v", got, want)
	}
	if !got[0].ShowsColour() || !got[1].ShowsColour() {
		t.Error("a piece with its mark, or its word, does not show its colour")
	}
	if (Element{Colour: "green", Text: "2"}).ShowsColour() {
		t.Error("a piece with neither its mark nor its word shows its colour")
	}
}
