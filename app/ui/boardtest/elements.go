package boardtest

import (
	"html"
	"strings"

	"longhall/app/ui"
)

// Element is an element of a board's HTML: its tag's name, the attributes
// the boards' checks read, the text it shows to the eye (its own elements'
// included) and its inner HTML.
type Element struct {
	Name, Class, Title, Colour string
	Text, Inner                string
}

// HasClass reports whether e has class c.
func (e Element) HasClass(c string) bool {
	return strings.Contains(" "+e.Class+" ", " "+c+" ")
}

// ShowsColour reports whether e's text shows its colour (ui.ColourAttr) by
// its mark or its word: colour is never the only signal.
func (e Element) ShowsColour() bool {
	mark := ui.Mark(e.Colour)
	return e.Colour != "" && (mark != "" && strings.Contains(e.Text, mark) || strings.Contains(strings.ToLower(e.Text), strings.ToLower(e.Colour)))
}

// voids are the elements go-app draws with no closing tag.
var voids = map[string]bool{"area": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// Elements lists the elements of a rendering (go-app's HTML, every tag
// closed but the void ones) that keep accepts, as their opening tag has
// them, each with its text and inner HTML. Text inside an element with
// one of the hidden classes (visually-hidden, or what a phone hides) is
// not shown to the eye, and is left out.
func Elements(page string, keep func(Element) bool, hidden ...string) []Element {
	type open struct {
		el     Element
		kept   bool
		start  int // where its inner HTML starts
		shown  strings.Builder
		hidden bool // it or an element around it is hidden
	}
	var stack []*open
	var out []Element
	for pos := 0; ; {
		lt := strings.IndexByte(page[pos:], '<')
		if lt < 0 {
			return out
		}
		if text := html.UnescapeString(page[pos : pos+lt]); text != "" && len(stack) > 0 && !stack[len(stack)-1].hidden {
			for _, o := range stack {
				o.shown.WriteString(text)
			}
		}
		tagAt := pos + lt
		gt := strings.IndexByte(page[tagAt:], '>')
		if gt < 0 {
			return out
		}
		tag := page[tagAt+1 : tagAt+gt]
		pos = tagAt + gt + 1
		name, _, _ := strings.Cut(tag, " ")
		switch {
		case strings.HasPrefix(tag, "/"):
			if len(stack) == 0 {
				continue
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.kept {
				top.el.Text, top.el.Inner = top.shown.String(), page[top.start:tagAt]
				out = append(out, top.el)
			}
		case strings.HasPrefix(tag, "!"), strings.HasSuffix(tag, "/"), voids[name]:
		default:
			el := Element{Name: name, Class: value(tag, "class"), Title: value(tag, "title"), Colour: value(tag, ui.ColourAttr)}
			o := &open{el: el, kept: keep(el), start: pos, hidden: len(stack) > 0 && stack[len(stack)-1].hidden}
			for _, c := range hidden {
				o.hidden = o.hidden || el.HasClass(c)
			}
			stack = append(stack, o)
		}
	}
}

// Coloured lists the elements that carry ui.ColourAttr.
func Coloured(page string, hidden ...string) []Element {
	return Elements(page, func(e Element) bool { return e.Colour != "" }, hidden...)
}

// value is an opening tag's attribute as text, or "".
func value(tag, name string) string {
	v, _ := attr(tag, name)
	return html.UnescapeString(v)
}
