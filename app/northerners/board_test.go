package northerners

import (
	"encoding/json"
	"html"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	"longhall/rules"
	nn "longhall/rules/northerners"
)

func TestBoardIsRegistered(t *testing.T) {
	if _, ok := ui.LookupGame(nn.ID); !ok {
		t.Fatal("no board registered for northerners")
	}
}

// TestBoardOffersEveryLegalActionAndNothingElse runs the kit's board
// check on whole games: each legal action has exactly one control (a
// square's, a bar space's, a card's, once picked when it has several or
// when its placement brings nothing; a programmed action; a button), and
// no control offers an action that is not legal.
func TestBoardOffersEveryLegalActionAndNothingElse(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: nn.ID, Expand: func(p ui.BoardProps) []app.UI {
		var v nn.View
		if err := json.Unmarshal(p.View, &v); err != nil {
			t.Fatal(err)
		}
		props := &ui.Props[nn.View]{BoardProps: p, V: &v}
		var out []app.UI
		c := sortChoices(&v, p.Legal)
		for key := range c.picks {
			if c.isPick(key) {
				out = append(out, &Board{Props: props, sel: key + 1})
			}
		}
		return out
	}})
}

// The dice are explained in words: the face read and why.
func TestReadWhy(t *testing.T) {
	for _, c := range []struct {
		dice []int
		read int
		want string
	}{
		{[]int{2, 4, 4, nn.Hammer}, 4, "counts 4: the most frequent face (2 of them)"},
		{[]int{1, 3, nn.Hammer}, nn.Hammer, "counts the hammer: no face repeats: the highest"},
		{[]int{2, 2, 5, 5}, 5, "counts 5: the highest of the most frequent faces"},
	} {
		if got := readWhy(&nn.Roll{Dice: c.dice, Read: c.read}); got != c.want {
			t.Errorf("%v: %q, want %q", c.dice, got, c.want)
		}
	}
}

// A fight and a raid roll are drawn with their dice, the face each counts
// as and why, and who won.
func TestRollsAreExplained(t *testing.T) {
	v := &nn.View{
		Seat: 0, Players: []nn.PlayerView{{Colour: 0}, {Colour: 2}}, Cells: make([]nn.Cell, nn.Size*nn.Size),
		KaupangRow: []int{0, 1, 2}, Ragnarok: nn.RagnarokFirst,
		Fight: &nn.Fight{Attacker: 0, Defender: 1, Square: 12, Vikings: 2,
			Attack:  &nn.Roll{Seat: 0, Dice: []int{2, 4, 4, nn.Hammer}, Read: 4},
			Defence: &nn.Roll{Seat: 1, Dice: []int{1, 3, 5}, Read: 5, Bonus: 1}},
		Raided: &nn.Roll{Seat: 1, Dice: []int{nn.Hammer, nn.Hammer, 2}, Read: nn.Hammer},
	}
	for i := range v.Cells {
		v.Cells[i] = nn.Cell{Tile: -1, Building: -1, Owner: -1, Jarl: -1}
	}
	p := &ui.Props[nn.View]{BoardProps: ui.BoardProps{Game: nn.ID, Seat: 0, Names: []string{"Ann", "Bo"}}, V: v}
	text := html.UnescapeString(app.HTMLString(&Board{Props: p}))
	for _, want := range []string{
		"Ann attacks Bo's figures", "counts 4: the most frequent face (2 of them)",
		"counts 5: no face repeats: the highest, +1 from blessings", "Bo won the roll",
		"Last raid: Bo", "counts the hammer: the most frequent face (2 of them)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the dice panel does not say %q", want)
		}
	}
}

// Every bar action has a short name for a phone's narrow spaces.
func TestShortNames(t *testing.T) {
	for _, a := range nn.Actions {
		if n := shortNames[a.Name]; n == "" || len([]rune(n)) > 9 {
			t.Errorf("%s has the short name %q", a.Name, n)
		}
	}
}

// render draws seat's board for state s with the pick sel (a pick key
// plus one, 0 for none), its text unescaped.
func render(t *testing.T, s rules.State, seat rules.Seat, sel int) string {
	t.Helper()
	p := boardtest.Props(t, nn.ID, s, seat, 2)
	var v nn.View
	if err := json.Unmarshal(p.View, &v); err != nil {
		t.Fatal(err)
	}
	return html.UnescapeString(app.HTMLString(&Board{Props: &ui.Props[nn.View]{BoardProps: p, V: &v}, sel: sel}))
}

// element is the opening tag of the element carrying attr, or "".
func element(page, attr string) string {
	i := strings.Index(page, attr)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(page[:i], "<")
	return page[start : i+strings.Index(page[i:], ">")+1]
}

// barAction is the index of the named bar action.
func barAction(t *testing.T, name string) int {
	t.Helper()
	for i, a := range nn.Actions {
		if a.Name == name {
			return i
		}
	}
	t.Fatalf("no action %q", name)
	return -1
}

// A Recruit that brings nothing as things stand (the village's 2 vikings
// at home) is marked, says why in its title and long press, and asks
// once: picking it offers "Place anyway" and Cancel. A placement that
// brings in full is taken at once.
func TestRecruitWithNoRoomAsksFirst(t *testing.T) {
	g, err := rules.Lookup(nn.ID)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(rules.Config{Players: 2}, 1)
	if err != nil {
		t.Fatal(err)
	}
	seat := st.Pending()[0].Seat
	recruit := barAction(t, "Recruit")
	// With two ways to recruit, the pick's menu says it once.
	both := render(t, st, seat, pickBar+recruit+1)
	if n := strings.Count(both, "Brings nothing as things stand (no room for another viking in your village):"); n != 1 {
		t.Errorf("the two ways to recruit are told %d times that they bring nothing", n)
	}
	for _, by := range []string{",0", ",1"} {
		if el := element(both, `data-args="`+strconv.Itoa(recruit)+by+`"`); !strings.Contains(el, "nn-anyway") {
			t.Errorf("the Recruit%s is not marked: %s", by, el)
		}
	}
	// The Jarl goes to the Blessing action: Recruit has one way left, with
	// a viking.
	if _, err := st.Apply(seat, rules.Action{Kind: nn.KindAction, Args: []int{barAction(t, "Blessing")}}); err != nil {
		t.Fatal(err)
	}
	args := strconv.Itoa(recruit) + ",0"
	page := render(t, st, seat, 0)
	if el := element(page, `data-args="`+args+`"`); el != "" {
		t.Fatalf("the Recruit is taken at once: %s", el)
	}
	space := element(page, `data-pick="`+strconv.Itoa(pickBar+recruit)+`"`)
	const why = "Brings nothing as things stand (no room for another viking in your village)."
	if !strings.Contains(space, `title="Recruit. `+why+`"`) || !strings.Contains(space, `data-text="Recruit. `+why+`"`) || !strings.Contains(space, "nn-warned") {
		t.Errorf("the Recruit space does not say why: %s", space)
	}
	if !strings.Contains(page, "nn-warnmark") {
		t.Error("the Recruit space has no warning mark")
	}
	if el := element(page, `data-args="`+strconv.Itoa(barAction(t, "Fishing"))+`"`); !strings.Contains(el, `data-action="action"`) {
		t.Errorf("Fishing, which brings its fish, is not taken at once: %q", el)
	}
	asked := render(t, st, seat, pickBar+recruit+1)
	confirm := element(asked, `data-args="`+args+`"`)
	if !strings.Contains(confirm, `data-action="action"`) || !strings.Contains(asked, ">Place anyway: brings nothing as things stand (no room for another viking in your village)<") {
		t.Errorf("picking the Recruit does not ask: %s", confirm)
	}
	if !strings.Contains(asked, `data-pick="none"`) {
		t.Error("the question has no Cancel")
	}
}

// An explored tile's place, once picked, shows the tile on the square as
// each turn would lay it, and offers the turns as buttons that each draw
// the tile's roads so turned; a place not picked shows its first turn
// under the pointer only.
func TestExploredTileTurnsOnTheMap(t *testing.T) {
	g, err := rules.Lookup(nn.ID)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(20) {
		st, err := g.New(rules.Config{Players: 2}, seed)
		if err != nil {
			t.Fatal(err)
		}
		bot := rules.NewBot(g, seed)
		for n := 0; st.Result() == nil && n < 3000; n++ {
			seat := st.Pending()[0].Seat
			s := st.(*nn.State)
			if s.Step.Kind == nn.StepExplore {
				turns := map[int][]int{}
				for _, a := range st.Legal(seat) {
					turns[a.Args[0]] = append(turns[a.Args[0]], a.Args[1])
				}
				for _, q := range slices.Sorted(maps.Keys(turns)) {
					rots := turns[q]
					if len(rots) < 2 {
						continue
					}
					page := render(t, st, seat, 0)
					if el := element(page, `data-args="`+strconv.Itoa(q)+","); el != "" {
						t.Fatalf("a place with %d turns is taken at once: %s", len(rots), el)
					}
					if n := strings.Count(page, "nn-pvfirst"); n != len(turns) {
						t.Errorf("%d places show a first turn under the pointer, want %d", n, len(turns))
					}
					picked := render(t, st, seat, q+1)
					for i, rot := range rots {
						b := element(picked, `data-args="`+strconv.Itoa(q)+","+strconv.Itoa(rot)+`"`)
						if !strings.Contains(b, "nn-rot"+strconv.Itoa(rot)) {
							t.Errorf("turn %d has no button of its own: %s", rot, b)
						}
						mask := nn.Turned(nn.TileRoads(s.Step.Tile), rot)
						pv := "nn-pv nn-pv" + strconv.Itoa(rot)
						if i == 0 {
							pv += " nn-pvfirst"
						}
						if !strings.Contains(picked, `class="`+pv+`"`) {
							t.Errorf("the square shows no preview of turn %d", rot)
						}
						// The button's drawing: one road a side the turn has.
						at := strings.Index(picked, b)
						drawing := picked[at : at+strings.Index(picked[at:], "</button>")]
						for d := range 4 {
							if has := strings.Contains(drawing, "nn-road nn-d"+strconv.Itoa(d)); has != (mask&(1<<d) != 0) {
								t.Errorf("turn %d's button draws a road %s: %v, want %v", rot, nn.DirNames[d], has, !has)
							}
						}
					}
					if !strings.Contains(picked, `data-pick="none"`) {
						t.Error("the turns have no Cancel")
					}
					return
				}
			}
			a, err := bot.Choose(st, seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no game reached a place with two turns")
}

// Colour is never the only signal: every piece drawn in a player's colour
// names it (ui.ColourAttr) and shows its mark or its word, a village, a
// building, a figure on the map or on a bar, a Jarl, a player's board and
// its chip, for every colour, mid-game.
func TestColourIsNeverTheOnlySignal(t *testing.T) {
	g, err := rules.Lookup(nn.ID)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(rules.Config{Players: nn.Colours}, 7)
	if err != nil {
		t.Fatal(err)
	}
	bot := rules.NewBot(g, 7)
	for n := 0; st.Result() == nil && st.(*nn.State).Round < 2 && n < 2000; n++ {
		seat := st.Pending()[0].Seat
		a, err := bot.Choose(st, seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	seat := st.Pending()[0].Seat
	p := boardtest.Props(t, nn.ID, st, seat, nn.Colours)
	var v nn.View
	if err := json.Unmarshal(p.View, &v); err != nil {
		t.Fatal(err)
	}
	// Whatever the bots did, every seat has a building, a worker, a viking
	// and its Jarl on a square of its own, and figures on a bar.
	next := 0
	for s := range v.Players {
		for nn.Squares[next].Kind != nn.Land || v.Cells[next].Building >= 0 || len(v.Cells[next].Figures) > 0 || v.Cells[next].Jarl >= 0 {
			next++
		}
		v.Cells[next] = nn.Cell{Tile: 0, Building: s % nn.NumBuilds, Owner: s, Jarl: s,
			Figures: []nn.Figure{{Owner: s, Kind: nn.Worker}, {Owner: s, Kind: nn.Viking}}}
		v.Players[s].Placed = append(v.Players[s].Placed, nn.Placement{Action: barAction(t, "Fishing"), Workers: 1})
	}
	page := app.HTMLString(&Board{Props: &ui.Props[nn.View]{BoardProps: p, V: &v}})
	pieces := boardtest.Coloured(page)
	for _, pc := range pieces {
		if !pc.ShowsColour() {
			t.Errorf("a %s piece (%s) shows neither its mark %q nor its word: %q", pc.Colour, pc.Class, ui.Mark(pc.Colour), pc.Text)
		}
	}
	for _, c := range []struct{ what, class string }{
		{"village", "nn-village"},
		{"building", "nn-bld"},
		{"worker", "nn-k0"},
		{"viking", "nn-k1"},
		{"Jarl", "nn-jarl"},
		{"player's board", "nn-player"},
		{"colour chip", "nn-col"},
	} {
		for _, colour := range nn.ColourNames {
			found := false
			for _, pc := range pieces {
				found = found || pc.Colour == colour && pc.HasClass(c.class)
			}
			if !found {
				t.Errorf("no %s %s names its colour", colour, c.what)
			}
		}
	}
	// A square says in words whose pieces stand on it (its title, which a
	// screen reader gives as its description): the letters' colours and
	// marks say it only to the eye.
	for s := range v.Players {
		colour := nn.ColourNames[v.Players[s].Colour]
		for _, want := range []string{colour + " worker", colour + " viking", colour + " Jarl", colour + " " + nn.BuildingNames[s%nn.NumBuilds]} {
			if !strings.Contains(page, want) {
				t.Errorf("no square names the %s on it", want)
			}
		}
	}
	// A village's name says its colour in words: its mark is hidden from
	// screen readers.
	for _, pc := range pieces {
		if pc.HasClass("nn-village") && !strings.Contains(pc.Title, pc.Colour+" village") {
			t.Errorf("the %s village is named %q", pc.Colour, pc.Title)
		}
	}
}
