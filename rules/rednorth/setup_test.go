package rednorth

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

func newGame(tb testing.TB, players int, seed uint64, su *Setup) *State {
	tb.Helper()
	cfg := rules.Config{Players: players}
	if su != nil {
		raw, err := json.Marshal(su)
		if err != nil {
			tb.Fatal(err)
		}
		cfg.Setup = raw
	}
	g, err := rules.Lookup(ID)
	if err != nil {
		tb.Fatal(err)
	}
	st, err := g.New(cfg, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return st.(*State)
}

func TestRegistered(t *testing.T) {
	g, err := rules.Lookup("rednorth")
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	if info.Name != "Red North" || info.MinPlayers != 2 || info.MaxPlayers != 4 || info.Minutes != [2]int{30, 45} || info.Pitch == "" || len(info.Summary) < 2 {
		t.Errorf("info: %+v", info)
	}
	if _, ok := g.(rules.BotGame); !ok {
		t.Error("Red North ships no bot")
	}
}

// Set-up, steps 1 to 4 of the book, at each player count.
func TestSetup(t *testing.T) {
	for _, tc := range []struct {
		players, jarls, deck int
	}{
		// 3 colours: 33 Raiders + (10-4-2) Jarls - 12 dealt - 6 in groups.
		{players: 2, jarls: 6, deck: 33 + 4 - 12 - 6},
		// 4 colours: 44 Raiders + (10-2-3) Jarls - 18 dealt - 8 in groups.
		{players: 3, jarls: 8, deck: 44 + 5 - 18 - 8},
		// 5 colours: 55 Raiders + (10-4) Jarls - 24 dealt - 10 in groups.
		{players: 4, jarls: 10, deck: 55 + 6 - 24 - 10},
	} {
		firsts := map[int]bool{}
		for seed := range uint64(40) {
			s := newGame(t, tc.players, seed, nil)
			n := tc.players
			// 1: players + ExtraOutposts (1) Outposts, green always.
			if len(s.InPlay) != n+ExtraOutposts || n+ExtraOutposts != n+1 || !s.inPlay(Green) {
				t.Fatalf("%dp: Outposts %v", n, s.InPlay)
			}
			// 2: unused colours' Raiders and Heroes, and the extra Jarls, are out.
			jarls := 0
			for id := range NumCards {
				out := slices.Contains(s.Removed, id)
				switch {
				case kindOf(id) == Jarl && !out:
					jarls++
				case kindOf(id) != Jarl && out == s.inPlay(colourOf(id)):
					t.Fatalf("%dp: %s removed=%v with colours %v", n, cardName(id), out, s.InPlay)
				}
			}
			if jarls != tc.jarls {
				t.Errorf("%dp: %d Jarls in the game, want %d", n, jarls, tc.jarls)
			}
			// 3: a Jarl, 6 cards and 1 Glory each.
			for p, pl := range s.Seats {
				if len(pl.Hand) != 1+DealtCards || !slices.Contains(pl.Hand, jarlID(p)) || pl.Glory != 1 || pl.VP != 0 || pl.God != -1 {
					t.Fatalf("%dp seat %d starts with %+v", n, p, pl)
				}
			}
			if len(s.Deck) != tc.deck {
				t.Errorf("%dp: deck of %d, want %d", n, len(s.Deck), tc.deck)
			}
			// 4: one Spring Muster Group per colour in play: its Hero and 2 cards.
			if len(s.Groups) != n+1 {
				t.Fatalf("%dp: %d Muster Groups", n, len(s.Groups))
			}
			for i, g := range s.Groups {
				if g.Hero != heroID(s.InPlay[i]) || len(g.Cards) != 2 || g.God != -1 {
					t.Fatalf("%dp: group %d is %+v", n, i, g)
				}
				for _, id := range g.Cards {
					if kindOf(id) == Hero {
						t.Fatalf("a Hero among a group's drawn cards")
					}
				}
			}
			if len(s.GodPile) != NumGods || s.TieBreaker != -1 || s.Champion != -1 || s.Round != Spring || s.Phase != PhaseDeploy {
				t.Fatalf("%dp: bad opening %+v", n, s)
			}
			firsts[s.FirstPlayer] = true
		}
		if len(firsts) != tc.players {
			t.Errorf("%dp: the first player over 40 seeds was only %v", tc.players, firsts)
		}
	}
}

func TestSetupRecordFixesTheTable(t *testing.T) {
	deck := append(slices.Repeat([]string{"green", "red", "blue"}, 11), "jarl", "jarl", "jarl", "jarl")
	su := &Setup{Outposts: []string{"blue", "green", "red"}, Deck: deck, FirstPlayer: at(1),
		Gods: []string{"Hel", "Odin", "Saga"}, Names: []string{"Gordon", "Rikki"}}
	s := newGame(t, 2, 99, su)
	if !slices.Equal(s.InPlay, []Colour{Green, Red, Blue}) || s.FirstPlayer != 1 {
		t.Fatalf("outposts %v, first %d", s.InPlay, s.FirstPlayer)
	}
	// Seat 0 is dealt the top 6, seat 1 the next 6; the groups take 2 each.
	if got := specs(s.Seats[0].Hand); !slices.Equal(got, []string{"green", "green", "red", "red", "blue", "blue", "jarl"}) {
		t.Errorf("seat 0 hand %v", got)
	}
	if got := specs(s.Groups[0].Cards); !slices.Equal(got, []string{"green", "red"}) {
		t.Errorf("first group %v", got)
	}
	if !slices.Equal(s.GodPile, []int{int(Hel), int(Odin), int(Saga)}) || len(s.GodsRemoved) != NumGods-3 {
		t.Errorf("God pile %v, removed %v", s.GodPile, s.GodsRemoved)
	}
	if s.Name(1) != "Rikki" {
		t.Errorf("name %q", s.Name(1))
	}
	// The same record with another seed is the same table.
	if encode(t, newGame(t, 2, 5, su).Seats) != encode(t, s.Seats) {
		t.Error("a fixed set-up depends on the seed")
	}
}

func TestSetupRecordIsValidated(t *testing.T) {
	good := append(slices.Repeat([]string{"green", "red", "blue"}, 11), "jarl", "jarl", "jarl", "jarl")
	for _, tc := range []struct {
		name, setup, want string
		options           map[string]string
		players           int
	}{
		{name: "not json", setup: `{`, want: "not a valid setup record"},
		{name: "unknown field", setup: `{"outpost":["green"]}`, want: "unknown field"},
		{name: "trailing data", setup: `{} {}`, want: "trailing data"},
		{name: "wrong type", setup: `{"firstPlayer":"me"}`, want: "not a valid setup record"},
		{name: "no green", setup: `{"outposts":["red","blue","yellow"]}`, want: "green Outpost is always in play"},
		{name: "too many outposts", setup: `{"outposts":["green","red","blue","yellow"]}`, want: "2 players need 3 Outposts"},
		{name: "unknown colour", setup: `{"outposts":["green","red","pink"]}`, want: `"pink" is not a colour`},
		{name: "outpost twice", setup: `{"outposts":["green","red","red"]}`, want: "listed twice"},
		{name: "deck without outposts of its colours", setup: mustJSON(Setup{Outposts: []string{"green", "red", "yellow"}, Deck: good}), want: "is not a card of this deck"},
		{name: "short deck", setup: mustJSON(Setup{Outposts: []string{"green", "red", "blue"}, Deck: good[1:]}), want: "the deck needs 11 green cards, it lists 10"},
		{name: "extra card", setup: mustJSON(Setup{Outposts: []string{"green", "red", "blue"}, Deck: append(slices.Clone(good), "jarl")}), want: "more than 4 jarl cards"},
		{name: "hero in deck", setup: mustJSON(Setup{Outposts: []string{"green", "red", "blue"}, Deck: append(slices.Clone(good[1:]), "green hero")}), want: "is not a card of this deck"},
		{name: "first player out of range", setup: `{"firstPlayer":2}`, want: "first player 2 is not a seat"},
		{name: "negative first player", setup: `{"firstPlayer":-1}`, want: "first player -1 is not a seat"},
		{name: "unknown god", setup: `{"gods":["Thor","Loki","Zeus"]}`, want: `"Zeus" is not a God`},
		{name: "god twice", setup: `{"gods":["Thor","Loki","Thor"]}`, want: "Thor is listed twice"},
		{name: "too few gods", setup: `{"gods":["Thor","Loki"]}`, want: "needs at least 3 Gods"},
		{name: "names count", setup: `{"names":["Gordon"]}`, want: "1 names for 2 players"},
		{name: "empty name", setup: `{"names":["Gordon","  "]}`, want: "name of seat 1 is empty"},
		{name: "long name", setup: `{"names":["Gordon","` + strings.Repeat("x", 33) + `"]}`, want: "at most 32 characters"},
		{name: "option", setup: `{}`, options: map[string]string{"variant": "x"}, want: `no options, but the config sets "variant"`},
		{name: "players", setup: `{}`, players: 5, want: "for 2 to 4 players, not 5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			players := 2
			if tc.players != 0 {
				players = tc.players
			}
			_, err := game{}.New(rules.Config{Players: players, Options: tc.options, Setup: json.RawMessage(tc.setup)}, 1)
			if err == nil {
				t.Fatal("accepted")
			}
			if !errors.Is(err, rules.ErrBadConfig) || !strings.HasPrefix(err.Error(), "rednorth: ") || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want ErrBadConfig with %q", err, tc.want)
			}
		})
	}
	// An empty or null setup is the seeded set-up.
	for _, raw := range []string{"", "null", " {} "} {
		if _, err := (game{}).New(rules.Config{Players: 2, Setup: json.RawMessage(raw)}, 1); err != nil {
			t.Errorf("setup %q: %v", raw, err)
		}
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Decision DeckOutReshuffles only matters for positions built by hand: with
// the book's counts the deck outlasts every draw a game can make (the Summer
// Muster Groups, Frankenland twice, Tyr and Freya).
func TestDeckCannotRunOut(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := newGame(t, players, 1, nil)
		most := (players+1)*SummerGroupCards + 2*PurpleDraw + TyrDraw + 1
		if len(s.Deck) < most {
			t.Errorf("%d players: a deck of %d after set-up, but a game may draw %d", players, len(s.Deck), most)
		}
	}
}
