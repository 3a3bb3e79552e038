package northerners

import (
	"encoding/json"
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	nn "longhall/rules/northerners"
)

func TestBoardIsRegistered(t *testing.T) {
	if _, ok := ui.LookupGame(nn.ID); !ok {
		t.Fatal("no board registered for northerners")
	}
}

// TestBoardOffersEveryLegalActionAndNothingElse runs the kit's board
// check on whole games: each legal action has exactly one control (a
// square's, a bar space's, a card's, once picked when it has several; a
// programmed action; a button), and no control offers an action that is
// not legal.
func TestBoardOffersEveryLegalActionAndNothingElse(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: nn.ID, Expand: func(p ui.BoardProps) []app.UI {
		var v nn.View
		if err := json.Unmarshal(p.View, &v); err != nil {
			t.Fatal(err)
		}
		props := &ui.Props[nn.View]{BoardProps: p, V: &v}
		var out []app.UI
		for key, actions := range sortChoices(&v, p.Legal).picks {
			if len(actions) > 1 {
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
