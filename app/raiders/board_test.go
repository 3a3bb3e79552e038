package raiders

import (
	"encoding/json"
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	"longhall/rules"
	rd "longhall/rules/raiders"
)

func TestBoardIsRegistered(t *testing.T) {
	if _, ok := ui.LookupGame(rd.ID); !ok {
		t.Fatal("no board registered for raiders")
	}
}

// TestBoardOffersEveryLegalActionAndNothingElse runs the kit's board
// check on whole games: each legal action has exactly one control (on the
// building, raid space, offering, card or die it acts on, or a button),
// and no control offers an action that is not legal.
// The modules' parts are checked the same way, each module alone and both
// (fewer games: the race detector makes each slow).
func TestBoardOffersEveryLegalActionAndNothingElse(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: rd.ID, Expand: pairsOpen(t), Configs: []rules.Config{{Players: 2}, {Players: 3}, {Players: 4}}})
	on := func(players int, heroes, fame string) rules.Config {
		return rules.Config{Players: players, Options: map[string]string{rd.HeroesOption.Key: heroes, rd.FameOption.Key: fame}}
	}
	boardtest.Run(t, boardtest.Suite{Game: rd.ID, Games: 2, Expand: pairsOpen(t), Configs: []rules.Config{
		on(2, rd.On, rd.Off), on(3, rd.Off, rd.On), on(2, rd.On, rd.On), on(4, rd.On, rd.On),
	}})
}

// pairsOpen draws the board with each first argument of the actions that
// come by the dozen picked: they are offered there.
func pairsOpen(t *testing.T) func(p ui.BoardProps) []app.UI {
	return func(p ui.BoardProps) []app.UI {
		var v rd.View
		if err := json.Unmarshal(p.View, &v); err != nil {
			t.Fatal(err)
		}
		props := &ui.Props[rd.View]{BoardProps: p, V: &v}
		var out []app.UI
		for k := range sortChoices(&v, p.Legal).pairs {
			out = append(out, &Board{Props: props, sel: k + 1})
		}
		return out
	}
}

// TestColourIsNeverTheOnlySignal renders tables mid-game, both modules on,
// for a player and a spectator: every piece told apart by its colour
// carries ui.ColourAttr, and its text holds the colour's mark or word
// (WCAG 1.4.1). The workers are such pieces: each chip in a worker's
// colour names it ("grey worker").
func TestColourIsNeverTheOnlySignal(t *testing.T) {
	g, err := rules.Lookup(rd.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, players := range []int{2, 4} {
		cfg := rules.Config{Players: players, Options: map[string]string{rd.HeroesOption.Key: rd.On, rd.FameOption.Key: rd.On}}
		seed := uint64(players)
		st, err := g.New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		bot := rules.RandomBot{RNG: rules.NewRNG(seed)}
		for step := 0; step < 60 && st.Result() == nil; step++ {
			seat := st.Pending()[0].Seat
			a, err := bot.Choose(st, seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
		s := st.(*rd.State)
		for _, seat := range []rules.Seat{0, -1} {
			page := render(t, s, seat)
			pieces := colourPieces(page)
			workers := strings.Count(page, `class="rd-worker rd-w`)
			if workers == 0 || len(pieces) < workers {
				t.Errorf("%d players, seat %d: %d worker chips, %d pieces carry %s", players, seat, workers, len(pieces), ui.ColourAttr)
			}
			for _, p := range pieces {
				text := strings.ToLower(p.text)
				mark := ui.Mark(p.colour)
				if !(mark != "" && strings.Contains(p.text, mark)) && !strings.Contains(text, strings.ToLower(p.colour)) {
					t.Errorf("%d players, seat %d: a %s piece shows neither its mark nor its word: %q", players, seat, p.colour, p.text)
				}
			}
			for w, name := range rd.ColourNames {
				chip := `<span class="rd-worker rd-w` + string(rune('0'+w)) + `"`
				for rest := page; ; {
					i := strings.Index(rest, chip)
					if i < 0 {
						break
					}
					rest = rest[i+len(chip):]
					tag := rest[:strings.IndexByte(rest, '>')]
					if !strings.Contains(tag, " "+ui.ColourAttr+`="`+name+`"`) {
						t.Errorf("%d players, seat %d: a %s worker chip lacks %s=%q: %s", players, seat, name, ui.ColourAttr, name, chip+tag+">")
					}
				}
			}
		}
	}
}

// colourPiece is an element carrying ui.ColourAttr: its colour and text.
type colourPiece struct{ colour, text string }

// colourPieces finds every element carrying ui.ColourAttr in a rendering,
// with the text it holds, its own elements' included.
func colourPieces(page string) []colourPiece {
	var out []colourPiece
	key := " " + ui.ColourAttr + `="`
	for at := 0; ; {
		i := strings.Index(page[at:], key)
		if i < 0 {
			return out
		}
		i += at
		at = i + len(key)
		colour := page[at : at+strings.IndexByte(page[at:], '"')]
		open := strings.LastIndexByte(page[:i], '<')
		name := page[open+1 : i]
		if sp := strings.IndexAny(name, " >"); sp >= 0 {
			name = name[:sp]
		}
		// Walk to the element's end, counting its kind's nesting, and
		// keep the text between tags.
		var text strings.Builder
		pos := open + strings.IndexByte(page[open:], '>') + 1
		for depth := 1; depth > 0 && pos < len(page); {
			lt := strings.IndexByte(page[pos:], '<')
			if lt < 0 {
				break
			}
			text.WriteString(page[pos : pos+lt])
			pos += lt
			gt := strings.IndexByte(page[pos:], '>')
			tag := page[pos+1 : pos+gt]
			switch {
			case tag == "/"+name:
				depth--
			case strings.HasPrefix(tag, name+" ") || tag == name:
				depth++
			}
			pos += gt + 1
		}
		out = append(out, colourPiece{colour, html.UnescapeString(text.String())})
	}
}
