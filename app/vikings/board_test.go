package vikings

import (
	"encoding/json"
	"regexp"
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
	// Words a phone hides (vk-lw) or only a screen reader hears do not count.
	drawn := func(e boardtest.Element) bool { return e.Colour != "" || colourRe.MatchString(e.Class) }
	for _, el := range boardtest.Elements(out, drawn, "visually-hidden", "vk-lw") {
		c := colourRe.FindStringSubmatch(el.Class)
		if c == nil {
			t.Errorf("<%s class=%q> names colour %q but is not drawn in one", el.Name, el.Class, el.Colour)
			continue
		}
		name := vk.ColourNames[c[1][0]-'0']
		if el.Colour != name {
			t.Errorf("<%s class=%q> is drawn %s but its %s is %q", el.Name, el.Class, name, ui.ColourAttr, el.Colour)
		}
		if !el.ShowsColour() {
			t.Errorf("<%s class=%q> is drawn %s but shows only %q: colour is its only signal", el.Name, el.Class, name, el.Text)
		}
		for _, piece := range pieces {
			if el.HasClass(piece) {
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

// colourRe finds a Vikings colour class (vk-c0…vk-c3) among classes.
var colourRe = regexp.MustCompile(`(?:^| )vk-c([0-9])(?: |$)`)
