package vikings

import (
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	"longhall/rules"
	vk "longhall/rules/vikings"
)

func TestBoardIsRegistered(t *testing.T) {
	if _, ok := ui.LookupGame(vk.ID); !ok {
		t.Fatal("no board registered for vikings")
	}
}

// TestBoardOffersEveryLegalActionAndNothingElse runs the kit's board
// check on whole games: each legal action has exactly one control (a
// card's, once the card is picked when it has several; a sea space for the
// monster; a button), and no control offers an action that is not legal.
func TestBoardOffersEveryLegalActionAndNothingElse(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: vk.ID, Expand: func(p ui.BoardProps) []app.UI {
		var v vk.View
		if err := json.Unmarshal(p.View, &v); err != nil {
			t.Fatal(err)
		}
		props := &ui.Props[vk.View]{BoardProps: p, V: &v}
		var out []app.UI
		for c, actions := range sortChoices(&v, p.Legal).byCard {
			if len(actions) > 1 {
				out = append(out, &Board{Props: props, sel: c + 1})
			}
		}
		return out
	}})
}

// TestColourIsNeverTheOnlySignal draws a table mid-game with pieces of
// every colour (longships, two of them on one harbour, villages, camps,
// daughters aboard, in camps and in hand, a crew member to take, a
// harbour the monster may go to): every element drawn in a colour (class
// vk-c0…vk-c3) names it in data-colour, and the text it shows holds the
// colour's mark or word. Words a phone hides (vk-lw) and words only
// screen readers hear do not count.
func TestColourIsNeverTheOnlySignal(t *testing.T) {
	daughter := func(k, i int) int { return vk.NumActionCards + k*vk.DaughtersPerColour + i }
	sea := -1
	for i, sp := range vk.Spaces {
		if sp.Kind == vk.Sea {
			sea = i
			break
		}
	}
	v := vk.View{
		Seat: 0, Monster: vk.CentreSpace, Daughters: [vk.Colours]int{1, 2, 0, 3},
		Hand: []int{daughter(vk.Green, 2), 0},
		Players: []vk.PlayerView{
			{Colour: vk.Red, Ship: vk.HarbourOf[vk.Red], Hand: 2, Crew: []int{daughter(vk.Blue, 0)}, Camp: []int{daughter(vk.Red, 0)}},
			{Colour: vk.Blue, Ship: vk.HarbourOf[vk.Red], Hand: 3, Crew: []int{daughter(vk.Yellow, 0)}, Used: []int{daughter(vk.Yellow, 0)}, Camp: []int{daughter(vk.Blue, 1), daughter(vk.Green, 0)}},
			{Colour: vk.Yellow, Ship: vk.VillageOf[vk.Yellow], Hand: 1, Crew: []int{daughter(vk.Green, 1)}, Camp: []int{daughter(vk.Yellow, 1)}},
			{Colour: vk.Green, Ship: sea, Hand: 4, Crew: []int{daughter(vk.Red, 1)}, Camp: []int{}},
		},
	}
	view, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := ui.LookupGame(vk.ID)
	legal := []rules.Action{
		{Kind: vk.KindTake, Args: []int{daughter(vk.Green, 1)}},
		{Kind: vk.KindMonster, Args: []int{vk.HarbourOf[vk.Blue]}},
	}
	out := app.HTMLString(g.Board(ui.BoardProps{Game: vk.ID, Seat: 0, Names: []string{"Astrid", "Bjorn", "Sigrid", "Ulf"}, View: view, Legal: legal}))

	pieces := []string{"vk-ship", "vk-harbour", "vk-village", "vk-campcell", "vk-col", "vk-player"}
	seen := map[string]bool{} // piece:colour
	for _, el := range colouredElements(out) {
		k := el.class
		if k < 0 {
			if el.colour != "" {
				t.Errorf("<%s class=%q> names colour %q but is not drawn in one", el.tag, el.classes, el.colour)
			}
			continue
		}
		name := vk.ColourNames[k]
		if el.colour != name {
			t.Errorf("<%s class=%q> is drawn %s but its %s is %q", el.tag, el.classes, name, ui.ColourAttr, el.colour)
		}
		if !strings.Contains(el.text, ui.Mark(name)) && !strings.Contains(strings.ToLower(el.text), name) {
			t.Errorf("<%s class=%q> is drawn %s but shows only %q: colour is its only signal", el.tag, el.classes, name, el.text)
		}
		for _, piece := range pieces {
			if strings.Contains(" "+el.classes+" ", " "+piece+" ") {
				seen[piece+":"+name] = true
			}
		}
	}
	for _, piece := range pieces {
		for _, name := range vk.ColourNames {
			if !seen[piece+":"+name] {
				t.Errorf("no %s in %s was drawn", piece, name)
			}
		}
	}
}

// coloured is an element of a rendering: its colour class (-1 for none),
// data-colour and the text it shows.
type coloured struct {
	tag, classes, colour string
	class                int
	text                 string
}

var (
	tagRe    = regexp.MustCompile(`^(/?)([a-z0-9]+)([^>]*)>`)
	attrRe   = regexp.MustCompile(`([a-z-]+)(?:="([^"]*)")?`)
	colourRe = regexp.MustCompile(`(?:^| )vk-c([0-9])(?: |$)`)
)

// colouredElements reads go-app's HTML (every tag closed but the void
// ones) and lists the elements that carry a colour class or data-colour.
func colouredElements(doc string) []coloured {
	type open struct {
		coloured
		hidden bool // shows no text of its own to the eye
		buf    strings.Builder
	}
	var stack []*open
	var out []coloured
	for i, part := range strings.Split(doc, "<") {
		if i == 0 {
			continue
		}
		m := tagRe.FindStringSubmatch(part)
		if m == nil {
			continue
		}
		text := strings.TrimSpace(html.UnescapeString(part[len(m[0]):]))
		switch {
		case m[1] == "/":
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.class >= 0 || top.colour != "" {
				top.text = top.buf.String()
				out = append(out, top.coloured)
			}
		case m[2] == "input" || m[2] == "img" || m[2] == "br" || m[2] == "hr":
		default:
			el := &open{coloured: coloured{tag: m[2], class: -1}}
			for _, a := range attrRe.FindAllStringSubmatch(m[3], -1) {
				switch a[1] {
				case "class":
					el.classes = a[2]
					if c := colourRe.FindStringSubmatch(a[2]); c != nil {
						el.class = int(c[1][0] - '0')
					}
				case ui.ColourAttr:
					el.colour = a[2]
				}
			}
			el.hidden = strings.Contains(" "+el.classes+" ", " visually-hidden ") || strings.Contains(" "+el.classes+" ", " vk-lw ")
			stack = append(stack, el)
		}
		if text == "" {
			continue
		}
		shown := true
		for _, o := range stack {
			shown = shown && !o.hidden
		}
		if shown {
			for _, o := range stack {
				o.buf.WriteString(text + " ")
			}
		}
	}
	return out
}
