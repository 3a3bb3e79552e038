package raiders

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	"longhall/rules"
	rd "longhall/rules/raiders"
	"longhall/rules/rulestest"
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
// The modules' parts are checked the same way, each module alone and both.
// A Raiders game has about twice the decisions of the other games', each
// drawn again with every pair of its menus open: two games a player count
// and one a module set-up (47 s of a core at three and two) meet every
// kind of action the three and two did; make test-long plays those.
func TestBoardOffersEveryLegalActionAndNothingElse(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: rd.ID, Games: rulestest.Size(1, 2, 3), Expand: pairsOpen(t), Configs: []rules.Config{{Players: 2}, {Players: 3}, {Players: 4}}})
	on := func(players int, heroes, fame string) rules.Config {
		return rules.Config{Players: players, Options: map[string]string{rd.HeroesOption.Key: heroes, rd.FameOption.Key: fame}}
	}
	boardtest.Run(t, boardtest.Suite{Game: rd.ID, Games: rulestest.Size(1, 1, 2), Expand: pairsOpen(t), Configs: []rules.Config{
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
		rulestest.PlayRandomly(t, st, rules.NewRNG(seed), 60)
		s := st.(*rd.State)
		for _, seat := range []rules.Seat{0, -1} {
			page := render(t, s, seat)
			pieces := boardtest.Coloured(page)
			workers := strings.Count(page, `class="rd-worker rd-w`)
			if workers == 0 || len(pieces) < workers {
				t.Errorf("%d players, seat %d: %d worker chips, %d pieces carry %s", players, seat, workers, len(pieces), ui.ColourAttr)
			}
			for _, p := range pieces {
				if !p.ShowsColour() {
					t.Errorf("%d players, seat %d: a %s piece shows neither its mark nor its word: %q", players, seat, p.Colour, p.Text)
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

// TestAnIdleBuildingSaysWhy: where work would do nothing for the player
// choosing (rd.View.Idle), the building's control stays (the book allows
// the worker there) and says why in words, before it is chosen; nowhere
// else does.
func TestAnIdleBuildingSaysWhy(t *testing.T) {
	g, err := rules.Lookup(rd.ID)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for seed := uint64(1); seed <= 30; seed++ {
		st, err := g.New(rules.Config{Players: 2}, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for range 40 {
			s := st.(*rd.State)
			seat := st.Pending()[0].Seat
			var v rd.View
			if err := json.Unmarshal(boardtest.Props(t, rd.ID, s, seat, 2).View, &v); err != nil {
				t.Fatal(err)
			}
			if len(v.Idle) > 0 {
				seen++
				page := render(t, s, seat)
				if n := strings.Count(page, "rd-idle-why"); n != len(v.Idle) {
					t.Errorf("seed %d: %d buildings idle (%v), %d say why", seed, len(v.Idle), v.Idle, n)
				}
				for _, b := range v.Idle {
					if !strings.Contains(page, idleText[b]) {
						t.Errorf("seed %d: the %s is idle and does not say %q", seed, rd.BuildingNames[b], idleText[b])
					}
				}
				if other := render(t, s, 1-seat); strings.Contains(other, "rd-idle") {
					t.Errorf("seed %d: seat %d, not choosing, sees an idle building", seed, 1-seat)
				}
			}
			if rulestest.PlayRandomly(t, st, rng, 1) == 0 {
				break
			}
		}
	}
	if seen == 0 {
		t.Fatal("no game met an idle building")
	}
	t.Logf("%d decisions with an idle building", seen)
}
