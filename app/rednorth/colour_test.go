package rednorth

import (
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	"longhall/rules"
	rn "longhall/rules/rednorth"
)

// TestColourIsNeverTheOnlySignal: every piece told apart by its colour (a
// card, an Outpost, a raid-point or Outpost chip, a row of the Resolution
// table) carries ui.ColourAttr, and its text holds the colour's mark or
// word (WCAG 1.4.1). A card holds the mark in its top corner, beside its
// value: in a Muster Group only that strip of the cards below the top one
// shows. The table is laid with cards of every colour in the hand, both
// Parties (face-up, face-down, on a button or not), the Muster Groups and
// the discard pile, every Outpost held; then whole games are checked.
func TestColourIsNeverTheOnlySignal(t *testing.T) {
	t.Run("every colour on the table", func(t *testing.T) {
		var base rules.State
		playPositions(t, 4, 11, func(p position) {
			if base == nil && p.seat == 0 && viewOf(t, p.s, 0).Report != nil {
				base = p.s.Clone()
			}
		})
		if base == nil {
			t.Fatal("the game reached no Resolution")
		}
		props := propsOf(t, base, 0)
		v := viewOf(t, base, 0)
		if len(v.Outposts) != len(colours) {
			t.Fatalf("%d Outposts in play, want all %d colours", len(v.Outposts), len(colours))
		}
		for i := range v.Outposts {
			v.Outposts[i].Owner = i % 2
		}
		cards := everyColour()
		v.Hand, v.Discard = cards, cards
		v.Groups = nil
		for i := range colours {
			hero := cards[len(colours)+i]
			v.Groups = append(v.Groups, rn.GroupView{Index: i, N: i + 1, Hero: &hero,
				Cards: []rn.CardView{cards[i], cards[(i+1)%len(colours)], cards[len(cards)-1]}})
		}
		var mine, theirs []rn.PartyCardView
		for i := range cards {
			mine = append(mine, rn.PartyCardView{Card: &cards[i], FaceUp: i%2 == 0, HiddenToOthers: i%2 == 1, Glory: i % 3})
			theirs = append(theirs, rn.PartyCardView{Card: &cards[i], FaceUp: true}, rn.PartyCardView{})
		}
		for i := range v.Seats {
			v.Seats[i].Outposts = colours[:]
			v.Seats[i].Party = theirs
		}
		seatView(&v, 0).Party = mine

		// Hand cards and Party cards as buttons, the discard pile to pick
		// from; then inside a step, with the card being placed shown.
		props.Legal = []rules.Action{{Kind: rn.KindSalvage, Args: []int{cards[0].ID}}}
		for _, c := range cards {
			props.Legal = append(props.Legal, rules.Action{Kind: rn.KindDeploy, Args: []int{c.ID}})
		}
		for i := range mine[:4] {
			props.Legal = append(props.Legal, rules.Action{Kind: rn.KindWithdraw, Args: []int{i}})
		}
		for _, step := range []*rn.StepView{nil, {Kind: rn.KindReinforce, Seat: 0, Prompt: "Add a card", Card: &cards[1]}} {
			v.Step = step
			page := renderView(props, v)
			pieces := checkColours(t, page, "the laid table")
			for _, c := range colours {
				var kinds []string
				for _, p := range pieces {
					if p.Colour == c {
						kinds = append(kinds, strings.Fields(p.Class)[0])
					}
				}
				for _, want := range []string{"rn-card", "rn-outpost", "rn-chip", "rn-rrow", "rn-rc"} {
					if !slices.Contains(kinds, want) {
						t.Errorf("no %s piece of %s carries %s (got %v)", want, c, ui.ColourAttr, kinds)
					}
				}
			}
			// A card of every colour in each place: hand and discard (as
			// buttons), both Parties, the Muster Groups.
			if n, want := strings.Count(page, " "+ui.ColourAttr+`="`), 4*len(cards); n < want {
				t.Errorf("%d pieces carry %s, want at least %d", n, ui.ColourAttr, want)
			}
		}
	})

	t.Run("whole games", func(t *testing.T) {
		for _, players := range []int{2, 4} {
			playPositions(t, players, 7, func(p position) {
				checkColours(t, render(t, p.s, p.seat, 0), describe(p))
			})
		}
	})
}

// everyColour is a Raider of every colour, a Hero of every colour, then a
// Jarl (who has no colour).
func everyColour() []rn.CardView {
	var out []rn.CardView
	for i, c := range colours {
		out = append(out, rn.CardView{ID: i * rn.RaidersPerColour, Kind: "raider", Colour: c, Points: 2, Name: c + " Raider"})
	}
	for i, c := range colours {
		out = append(out, rn.CardView{ID: 5*rn.RaidersPerColour + i, Kind: "hero", Colour: c, Points: 4, Name: c + " Hero"})
	}
	return append(out, rn.CardView{ID: 6 * rn.RaidersPerColour, Kind: "jarl", Colour: "none", Points: 0, Name: "Jarl"})
}

// renderView draws the board for props with the view v, however it was
// laid.
func renderView(props ui.BoardProps, v rn.View) string {
	return app.HTMLString(&Board{Props: &ui.Props[rn.View]{BoardProps: props, V: &v}})
}

// checkColours checks a rendering: every element painted in a colour (a
// c-<colour> class) carries ui.ColourAttr with that colour, every piece
// carrying it shows the colour's mark or word, and a card shows the mark
// in its corner. It returns the pieces.
func checkColours(t *testing.T, page, where string) []boardtest.Element {
	t.Helper()
	for _, e := range boardtest.Elements(page, func(boardtest.Element) bool { return true }) {
		for _, c := range strings.Fields(e.Class) {
			if name, ok := strings.CutPrefix(c, "c-"); ok && slices.Contains(colours[:], name) && e.Colour != name {
				t.Errorf("%s: an element painted %s has %s=%q: <%s class=%q>", where, name, ui.ColourAttr, e.Colour, e.Name, e.Class)
			}
		}
	}
	pieces := boardtest.Coloured(page)
	for _, p := range pieces {
		mark := ui.Mark(p.Colour)
		if !slices.Contains(colours[:], p.Colour) || mark == "" {
			t.Errorf("%s: a piece carries %s=%q, not a colour with a mark", where, ui.ColourAttr, p.Colour)
			continue
		}
		if !p.ShowsColour() {
			t.Errorf("%s: a %s piece (%s) shows neither %s nor its word: %q", where, p.Colour, p.Class, mark, p.Text)
		}
		if p.HasClass("rn-card") {
			pts := p.Inner[strings.Index(p.Inner, `class="rn-pts"`):]
			if pts = pts[:strings.Index(pts, "</span>")]; !strings.Contains(pts, mark) {
				t.Errorf("%s: a %s card has no %s in its corner: %s", where, p.Colour, mark, pts)
			}
		}
	}
	return pieces
}
