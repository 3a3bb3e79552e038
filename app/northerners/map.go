package northerners

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	nn "longhall/rules/northerners"
)

// buildingMarks are the buildings' short names on the map.
var buildingMarks = [nn.NumBuilds]string{"Wood", "Iron", "Stone", "House", "Tower"}

// The printed squares are marked with a sign, not a word: a word does not
// fit a square on a laptop's map, and the legend under the map (and each
// square's title) names them.
const (
	markVillage = "⌂"
	markKaupang = "⚖"
	markShaman  = "✦"
)

// worldMap draws the map, a grid of squares, each with its roads, what is
// printed or built there and the figures on it, and its legend.
func (t *table) worldMap() app.UI {
	// The coordinates the log uses ("G8") along the edges: letters for
	// columns, numbers for rows.
	cells := make([]app.UI, 0, len(nn.Squares)+2*nn.Size+1)
	cells = append(cells, ui.Span("nn-coord", ""))
	for c := range nn.Size {
		cells = append(cells, ui.Span("nn-coord", string(rune('A'+c))))
	}
	for i := range nn.Squares {
		if i%nn.Size == 0 {
			cells = append(cells, ui.Span("nn-coord", strconv.Itoa(i/nn.Size+1)))
		}
		cells = append(cells, t.square(i))
	}
	return ui.Div("nn-mapcol",
		app.Section().Class("nn-map").Aria("label", "The map of Westfoldir").Body(cells...),
		app.P().Class("nn-legend").Aria("hidden", true).Text(
			markVillage+" village · "+markKaupang+" Kaupang · "+markShaman+" Spirit Shaman · ◌ blessing"),
	)
}

// square draws one square.
func (t *table) square(i int) app.UI {
	sq := nn.Squares[i]
	c := t.v.Cells[i]
	class, colourName := "nn-sq", ""
	body := roads(nn.CellRoads(i, c))
	switch sq.Kind {
	case nn.Village:
		// Whose village it is: its colour, and its mark in a corner.
		class += " nn-village " + colour(sq.Colour)
		colourName = nn.ColourNames[sq.Colour]
		body = append(body, ui.Small("nn-name", markVillage), ui.ColourMark(colourName))
	case nn.Kaupang:
		class += " nn-kaupangsq"
		body = append(body, ui.Small("nn-name", markKaupang))
	case nn.Shaman:
		class += " nn-shaman"
		body = append(body, ui.Small("nn-name", markShaman))
	default:
		if c.Tile >= 0 {
			class += " nn-land"
		}
	}
	if sq.Circle {
		class += " nn-circle"
	}
	// marks are the letters the square shows; whose says in words whose
	// pieces they are (the square's title, and so its description), which
	// the letters' colours and marks say to the eye.
	marks, whose := []string{}, []string{}
	of := func(owner int) string { return nn.ColourNames[t.v.Players[owner].Colour] + " " }
	if c.Building >= 0 {
		body = append(body, piece("nn-bld", t.v.Players[c.Owner].Colour, buildingMarks[c.Building]))
		marks = append(marks, buildingMarks[c.Building])
		whose = append(whose, of(c.Owner)+nn.BuildingNames[c.Building])
	}
	if len(c.Figures) > 0 || c.Jarl >= 0 {
		var figs []app.UI
		for _, f := range c.Figures {
			figs = append(figs, figure(t.v.Players[f.Owner].Colour, f.Kind))
			marks = append(marks, figureMarks[f.Kind])
			whose = append(whose, of(f.Owner)+figureWords[f.Kind])
		}
		if c.Jarl >= 0 {
			figs = append(figs, jarlFigure(t.v.Players[c.Jarl].Colour))
			marks = append(marks, "J")
			whose = append(whose, of(c.Jarl)+"Jarl")
		}
		body = append(body, figures(figs))
	}
	title := nn.SquareName(i)
	if len(whose) > 0 {
		title = strings.TrimSuffix(title, ".") + ": " + strings.Join(whose, ", ") + "."
	}
	if s := t.v.Step; s.Kind == nn.StepExplore && len(t.c.picks[i]) > 0 {
		class += " nn-spot"
		body = append(body, t.previews(i, s.Tile)...)
	}
	return t.control(i, class, colourName, title, "", marks, spaced(body)...)
}

// roads draws a road mask the map's way: a bar from the middle to each
// side that has a road.
func roads(mask int) []app.UI {
	var out []app.UI
	for d := range 4 {
		if mask&(1<<d) != 0 {
			out = append(out, app.Span().Class("nn-road nn-d"+strconv.Itoa(d)))
		}
	}
	return out
}

// previews draws the explored tile on square i as each way it may be
// turned there would lay it, hidden until wanted (northerners.css): the
// square picked shows the first, or the one whose button is under the
// pointer or focused; any other square shows its first under the pointer.
func (t *table) previews(i, tile int) []app.UI {
	actions := t.c.picks[i]
	if t.b.sel != i+1 {
		actions = actions[:1]
	}
	out := make([]app.UI, len(actions))
	for j, a := range actions {
		class := "nn-pv nn-pv" + strconv.Itoa(a.Args[1])
		if j == 0 {
			class += " nn-pvfirst"
		}
		out[j] = app.Span().Class(class).Aria("hidden", true).Body(roads(nn.Turned(nn.TileRoads(tile), a.Args[1]))...)
	}
	return out
}

// turns offers the ways to turn the explored tile on the square picked,
// each a button with the tile's roads drawn as that turn lays them;
// pointing at one (or focusing it) shows it on the square.
func (t *table) turns(actions []rules.Action) app.UI {
	tile := t.v.Step.Tile
	items := make([]app.UI, 0, len(actions)+2)
	items = append(items, ui.Span("nn-turnsay", "Its roads:"))
	for _, a := range actions {
		rot := strconv.Itoa(a.Args[1])
		items = append(items, ui.Control(a, "button nn-rot nn-rot"+rot, a.String(),
			app.Span().Class("nn-mini").Body(roads(nn.Turned(nn.TileRoads(tile), a.Args[1]))...)))
	}
	items = append(items, ui.CancelPick(&t.b.sel))
	return ui.Div("nn-menu nn-turns", items...)
}

// jarlFigure is a player's Jarl (J) in their colour.
func jarlFigure(col int) app.UI { return piece("nn-fig nn-jarl", col, "J") }

// figure is a worker (W) or viking (V) token in a player's colour.
func figure(col, kind int) app.UI {
	return piece("nn-fig nn-k"+strconv.Itoa(kind), col, figureMarks[kind])
}

// figureMarks are the figures' letters, by kind.
var figureMarks = map[int]string{nn.Worker: "W", nn.Viking: "V"}

// figureWords name the figures.
var figureWords = map[int]string{nn.Worker: "worker", nn.Viking: "viking"}

// figures lines figures up, a space between each: their letters are
// words apart for a screen reader and for the accessibility checks, and
// the flex box shows no space.
func figures(figs []app.UI) app.UI { return ui.Spans("nn-figs", spaced(figs)...) }

// spaced puts a space between the parts of a flex box (which shows none),
// so that their words do not run together in a control's name.
func spaced(parts []app.UI) []app.UI {
	out := make([]app.UI, 0, 2*len(parts))
	for i, p := range parts {
		if i > 0 {
			out = append(out, app.Text(" "))
		}
		out = append(out, p)
	}
	return out
}
