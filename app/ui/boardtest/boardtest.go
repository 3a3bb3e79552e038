// Package boardtest checks any registered board against its game's rules,
// natively, in one call: at every decision of random whole games, every
// legal action of the viewing seat has exactly one control (see the
// control convention in app/ui), no control offers anything else, a
// spectator is offered nothing, every view draws, its words read right
// (counts agree with their nouns, as the rules suite checks the log's),
// and the view of everything (rules.Everyone) draws what it holds beyond
// the spectator's.
package boardtest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	"longhall/rules/rulestest"
)

// Suite describes the board under test.
type Suite struct {
	Game string // a game registered with ui.Register
	// Configs and Games as in rulestest: every player count when nil, and
	// DefaultGames games each when zero (more under make test-long).
	Configs []rules.Config
	Games   int
	// Expand draws the board again in each state a player reaches by
	// clicking without taking an action (a card's menu opened): the
	// actions such menus hold count as offered. It may be nil.
	Expand func(p ui.BoardProps) []app.UI
}

// DefaultGames is how many games a config Run plays when a Suite does not
// say (make test-long plays three times as many). A whole game draws the
// board at every decision: Vikings' three games a player count took 28 s
// of a core. Two meet every kind of action the three did in every game
// (counted on 28 November 2026: Vikings 16, Northerners 12, Red North 15,
// Raiders 28 and 38 with its modules); six meet a few more, which is the
// long run's job.
const DefaultGames = 2

// Props builds the props a table gives a board for seat.
func Props(t testing.TB, game string, s rules.State, seat rules.Seat, players int) ui.BoardProps {
	t.Helper()
	view, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("Player %d", i+1)
	}
	p := ui.BoardProps{Game: game, Seat: seat, Names: names, View: view, Pending: s.Pending(), Result: s.Result()}
	if seat >= 0 {
		p.Legal = s.Legal(seat)
	}
	return p
}

// Controls lists the actions an HTML rendering offers, as ui.ActionKey
// strings read from its data-action and data-args attributes.
func Controls(html string) []string {
	var out []string
	for _, tag := range strings.Split(html, "<") {
		end := strings.IndexByte(tag, '>')
		if end < 0 {
			continue
		}
		tag = tag[:end]
		kind, ok := attr(tag, "data-action")
		if !ok {
			continue
		}
		args, _ := attr(tag, "data-args")
		out = append(out, kind+":"+args)
	}
	return out
}

func attr(tag, name string) (string, bool) {
	i := strings.Index(tag, " "+name+`="`)
	if i < 0 {
		return "", false
	}
	rest := tag[i+len(name)+3:]
	return rest[:strings.IndexByte(rest, '"')], true
}

// Run plays the suite's games and checks the board at every decision.
func Run(t *testing.T, s Suite) {
	t.Helper()
	g, ok := ui.LookupGame(s.Game)
	if !ok {
		t.Fatalf("boardtest: no board registered for %q", s.Game)
	}
	rg, err := rules.Lookup(s.Game)
	if err != nil {
		t.Fatal(err)
	}
	configs := s.Configs
	if configs == nil {
		info := rg.Info()
		for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
			configs = append(configs, rules.Config{Players: n})
		}
	}
	games := s.Games
	if games == 0 {
		games = rulestest.Size(1, DefaultGames, 3*DefaultGames)
	}
	for _, cfg := range configs {
		for i := range games {
			seed := uint64(cfg.Players)<<20 | uint64(i)
			st, err := rg.New(cfg, seed)
			if err != nil {
				t.Fatal(err)
			}
			bot := rules.RandomBot{RNG: rules.NewRNG(seed)}
			for step := 0; ; step++ {
				where := fmt.Sprintf("%d players, seed %d, step %d", cfg.Players, seed, step)
				// The seats asked to decide are drawn at every step; the
				// others (and a spectator, who must be offered nothing)
				// at every fifth and at the end: drawing every seat at
				// every step took most of the boards' packages' time and
				// found nothing the fifth steps do not.
				pr := st.Pending()
				every := step%5 == 0 || st.Result() != nil
				for seat := rules.Seat(-1); int(seat) < cfg.Players; seat++ {
					if every || slices.ContainsFunc(pr, func(p rules.Prompt) bool { return p.Seat == seat }) {
						check(t, g, s, Props(t, s.Game, st, seat, cfg.Players), where)
					}
				}
				if every {
					checkEveryone(t, g, s, st, cfg.Players, where)
				}
				if st.Result() != nil {
					break
				}
				seat := pr[step%len(pr)].Seat
				a, err := bot.Choose(st, seat)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := st.Apply(seat, a); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
			}
		}
	}
}

// check draws one seat's board and compares its controls with Legal.
func check(t *testing.T, g ui.Game, s Suite, p ui.BoardProps, where string) {
	t.Helper()
	html := app.HTMLString(g.Board(p))
	if strings.Contains(html, "cannot be drawn") {
		t.Fatalf("%s: seat %d's board: %s", where, p.Seat, html)
	}
	offered := Controls(html)
	once(t, offered, p.Seat, where, "")
	wellWorded(t, html, p.Seat, where, "")
	if s.Expand != nil {
		for i, more := range s.Expand(p) {
			drawn := app.HTMLString(more)
			wellWorded(t, drawn, p.Seat, where, fmt.Sprintf(" (with menu %d open)", i+1))
			shown := Controls(drawn)
			once(t, shown, p.Seat, where, fmt.Sprintf(" (with menu %d open)", i+1))
			offered = append(offered, shown...)
		}
	}
	legal := make([]string, len(p.Legal))
	for i, a := range p.Legal {
		legal[i] = ui.ActionKey(a)
	}
	for _, k := range legal {
		if !slices.Contains(offered, k) {
			t.Fatalf("%s: seat %d's legal %s has no control (offered %v)", where, p.Seat, k, offered)
		}
	}
	for _, k := range offered {
		if !slices.Contains(legal, k) {
			t.Fatalf("%s: seat %d is offered %s, which is not legal", where, p.Seat, k)
		}
	}
}

// checkEveryone draws the view of everything (rules.Everyone, a replay's
// once the game has ended): it offers nothing, and when it holds more
// than the spectator's view, the drawing shows more too.
func checkEveryone(t *testing.T, g ui.Game, s Suite, st rules.State, players int, where string) {
	t.Helper()
	all, pub := Props(t, s.Game, st, rules.Everyone, players), Props(t, s.Game, st, rules.Spectator, players)
	check(t, g, s, all, where)
	drawn := app.HTMLString(g.Board(all))
	// Every player's hidden things are drawn beside them (ui.Revealed),
	// an empty hand too: a hand that happens to be empty is no reason for
	// the row to vanish.
	if n := strings.Count(drawn, `class="revealed"`); n < players {
		t.Fatalf("%s: the view of everything draws %d players' hidden things, want all %d:\n%s", where, n, players, all.View)
	}
	if sameBut(all.View, pub.View, "seat") {
		return
	}
	if drawn == app.HTMLString(g.Board(pub)) {
		t.Fatalf("%s: the view of everything holds more than the spectator's, and the board draws them alike:\n%s\n%s", where, all.View, pub.View)
	}
}

// sameBut reports whether two JSON objects agree on every key but skip.
func sameBut(a, b json.RawMessage, skip string) bool {
	var x, y map[string]json.RawMessage
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return string(a) == string(b)
	}
	delete(x, skip)
	delete(y, skip)
	if len(x) != len(y) {
		return false
	}
	for k, v := range x {
		if w, ok := y[k]; !ok || string(v) != string(w) {
			return false
		}
	}
	return true
}

// once fails when a drawing holds two controls of the same action: each
// legal action has exactly one control where the player sees it.
func once(t *testing.T, offered []string, seat rules.Seat, where, state string) {
	t.Helper()
	if k, twice := drawnTwice(offered); twice {
		t.Fatalf("%s: seat %d's board draws %s twice%s", where, seat, k, state)
	}
}

// wellWorded fails when a drawing shows a phrase that reads wrong: the
// counts and nouns on a board agree as the log's do.
func wellWorded(t *testing.T, page string, seat rules.Seat, where, state string) {
	t.Helper()
	if phrase, why := badlyWorded(page); why != "" {
		t.Fatalf("%s: seat %d's board reads %q%s: %s", where, seat, phrase, state, why)
	}
}

// drawnTwice returns the first action key offered twice.
func drawnTwice(offered []string) (string, bool) {
	seen := map[string]bool{}
	for _, k := range offered {
		if seen[k] {
			return k, true
		}
		seen[k] = true
	}
	return "", false
}
