//go:build linux

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// deuteranopia lays a simulated deuteranopia over the whole page: the
// colour matrix of Machado, Oliveira and Fernandes (2009) at full
// severity, as an SVG filter on the root element.
const deuteranopia = `(() => {
  if (document.getElementById('lh-deuteranopia')) return;
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.style.position = 'absolute';
  svg.innerHTML = '<filter id="lh-deuteranopia" color-interpolation-filters="linearRGB"><feColorMatrix type="matrix" values="' +
    '0.367322 0.860646 -0.227968 0 0 ' +
    '0.280085 0.672501 0.047413 0 0 ' +
    '-0.011820 0.042940 0.968881 0 0 ' +
    '0 0 0 1 0"/></filter>';
  document.body.appendChild(svg);
  document.documentElement.style.filter = 'url(#lh-deuteranopia)';
})()`

// colourSignals checks every piece of the table told apart by colour
// (data-colour, app/ui/colour.go) that is on the screen: its text, as
// drawn, shows its colour's mark or word.
const colourSignals = `(() => {
  const marks = {red: '▲', blue: '●', yellow: '◆', green: '■', purple: '★'};
  const out = {n: 0, colours: [], bad: []};
  for (const el of document.querySelectorAll('#table [data-colour]')) {
    if (!el.getClientRects().length) continue;
    out.n++;
    const c = el.dataset.colour, text = el.innerText.toLowerCase();
    if (!out.colours.includes(c)) out.colours.push(c);
    if (!(marks[c] && text.includes(marks[c])) && !text.includes(c)) out.bad.push(c + ': ' + el.outerHTML.slice(0, 200));
  }
  return out;
})()`

// coloursShowTheirMarks looks at a table, seen through a
// simulated deuteranopia on a desktop and a phone (the screenshots
// colour-deuteranopia-GAME-desktop and -phone): every coloured piece on
// the screen shows its mark or its word (issue 26, "Colour is never the
// only signal"). It leaves the table as it found it, at size.
func coloursShowTheirMarks(t testing.TB, ctx context.Context, id string, size screenSize) {
	t.Helper()
	within(t, ctx, "a simulated deuteranopia", chromedp.Evaluate(deuteranopia, nil))
	for _, view := range tableSizes {
		var got struct {
			N       int
			Colours []string
			Bad     []string
		}
		within(t, ctx, "the "+view.name, chromedp.EmulateViewport(view.width, view.height), settle(),
			chromedp.Evaluate(colourSignals, &got))
		screenView(t, ctx, "colour-deuteranopia-"+id+"-"+view.name)
		for _, b := range got.Bad {
			t.Errorf("%s, %s: a piece shows its colour only: %s", id, view.name, b)
		}
		if id != "hand-test" && got.N == 0 {
			t.Errorf("%s, %s: no piece on the screen names its colour (data-colour)", id, view.name)
		}
		t.Logf("%s, %s: %d coloured pieces on the screen (%v), each with its mark or word", id, view.name, got.N, got.Colours)
	}
	within(t, ctx, "back to plain sight", chromedp.Evaluate(`document.documentElement.style.filter = ''`, nil),
		chromedp.EmulateViewport(size.width, size.height), settle())
}
