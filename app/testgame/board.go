// Package testgame is the board of Hands (rules/testgame), the tiny game
// the suites play. It exists to prove the board kit: a whole game's board
// in one short file, registered with one line, playable in the browser
// and in rooms by the generic driver. The app includes it only in test
// builds (go build -tags testgame).
package testgame

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	hands "longhall/rules/testgame"
)

func init() {
	ui.Register(hands.ID, "", func(p *ui.Props[hands.View]) app.UI { return &Board{Props: p} })
}

// Board is the Hands table for one seat.
type Board struct {
	app.Compo
	Props *ui.Props[hands.View]
}

// Render draws the others' counts and scores, and the viewer's hand in
// the side column, each card a control when it can be played.
func (b *Board) Render() app.UI {
	v, p := b.Props.V, &b.Props.BoardProps
	cards := map[int]rules.Action{}
	left := ui.Sort(p.Legal, func(a rules.Action) bool {
		if a.Kind == "choose" && len(a.Args) == 1 {
			cards[a.Args[0]] = a
			return true
		}
		return false
	})
	others, _ := ui.SeatOrder(len(v.Counts), p.Seat)
	seats := make([]app.UI, len(others))
	for i, s := range others {
		state := "choosing…"
		if v.Chosen[s] {
			state = "has chosen"
		}
		seats[i] = app.Li().Class("panel").Attr(ui.Ref, "seat"+strconv.Itoa(int(s))).Body(
			app.Strong().Text(p.Name(s)+" "),
			ui.Token("", strconv.Itoa(v.Scores[s])+" points"),
			app.Span().Text(" · "+strconv.Itoa(v.Counts[s])+" in hand · "+state),
			app.If(int(s) < len(v.Hands), func() app.UI { return revealed(v.Hands[s], v.Faces[s]) }),
		)
	}
	hand := make([]app.UI, len(v.Hand))
	for i, c := range v.Hand {
		if a, ok := cards[i]; ok {
			hand[i] = ui.Control(a, "button", "", app.Text(c))
		} else {
			hand[i] = app.Span().Class("token").Text(c)
		}
	}
	mine := ""
	if p.Seat >= 0 {
		mine = "You have " + strconv.Itoa(v.Scores[p.Seat]) + " points."
		if v.Mine != "" {
			mine += " You played " + v.Mine + "."
		}
	}
	return ui.Layout{
		Class:   "hands-board",
		Board:   []app.UI{app.P().Attr(ui.Ref, "deck").Text("Deck: " + rules.Count(v.Deck, "card"))},
		Choice:  []app.UI{ui.Buttons("", left, nil)},
		Own:     []app.UI{app.P().Text(mine), ui.Hand("", hand)},
		Players: []app.UI{app.Ul().Class("hands-seats").Body(seats...)},
	}.Draw(p)
}

// revealed is a seat's hand and chosen card, in everyone's view.
func revealed(hand []string, chosen string) app.UI {
	cards := make([]app.UI, 0, len(hand)+1)
	for _, c := range hand {
		cards = append(cards, app.Span().Class("token").Text(c))
	}
	if chosen != "" {
		cards = append(cards, app.Span().Class("token").Text("chose "+chosen))
	}
	return ui.Revealed("Hand", cards)
}
