package rednorth

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"longhall/rules"
)

// table describes a position for a test: who holds what, in which round.
// Cards are named as in a Setup ("red", "blue hero", "jarl"); a party card
// may start with "^" (face-up), end with "*" (the Champion token on it) and
// carry "+N" (N Glory tokens), e.g. "^red+1" or "^jarl*".
type table struct {
	players  int
	round    int
	outposts []string
	owners   map[Colour]int
	seats    []seatSpec
	discard  []string
	setAside []string
	first    int
	tb       *int // Tie Breaker holder, nil for nobody
	champion *int // Champion holder, nil for nobody
	turn     int
	deck     []string // cards on top of the deck, in order
	// deploying leaves the position in Deployment instead of Player Actions.
	deploying bool
}

type seatSpec struct {
	hand   []string
	party  []string
	glory  int
	vp     int
	god    string
	passed bool
}

var testNames = []string{"Gordon", "Rikki", "Håkkå", "Sigrid"}

// build makes the position in the Player Actions phase. Cards not named
// stay in the deck; in Spring the Muster Groups are the usual ones, in
// Summer the God pile's first players + 1 Gods with 3 cards each.
func build(tb testing.TB, tt table) *State {
	tb.Helper()
	n := tt.players
	if tt.round == 0 {
		tt.round = Spring
	}
	su := Setup{Outposts: tt.outposts, Names: testNames[:n], FirstPlayer: &tt.first,
		Gods: []string{"Thor", "Loki", "Odin", "Freya", "Nornir", "Tyr", "Saga", "Hel"}}
	s, err := newState(n, 1, su)
	if err != nil {
		tb.Fatal(err)
	}
	// Gather every card in play into one free list, deck order first.
	free := slices.Clone(s.Deck)
	for i := range s.Seats {
		free = append(free, s.Seats[i].Hand...)
		s.Seats[i].Hand = nil
	}
	var heroes []int
	for _, g := range s.Groups {
		heroes = append(heroes, g.Hero)
		free = append(free, g.Cards...)
	}
	free = append(free, heroes...)
	s.Groups = nil
	take := func(spec string) int {
		tb.Helper()
		for i, id := range free {
			if cardSpec(id) == spec {
				free = slices.Delete(free, i, i+1)
				return id
			}
		}
		tb.Fatalf("no %q card left for the position", spec)
		return -1
	}
	for p, ss := range tt.seats {
		pl := &s.Seats[p]
		for _, h := range ss.hand {
			pl.Hand = append(pl.Hand, take(h))
		}
		slices.Sort(pl.Hand)
		for _, spec := range ss.party {
			pc := PartyCard{}
			if strings.HasPrefix(spec, "^") {
				pc.FaceUp = true
				spec = spec[1:]
			}
			if strings.HasSuffix(spec, "*") {
				pc.Champion = true
				spec = strings.TrimSuffix(spec, "*")
			}
			if i := strings.Index(spec, "+"); i >= 0 {
				g, err := strconv.Atoi(spec[i+1:])
				if err != nil {
					tb.Fatalf("bad glory in %q", spec)
				}
				pc.Glory = g
				spec = spec[:i]
			}
			pc.Card = take(spec)
			pl.Party = append(pl.Party, pc)
		}
		pl.Glory, pl.VP, pl.Passed = ss.glory, ss.vp, ss.passed
		if ss.god != "" {
			g, ok := parseGod(ss.god)
			if !ok {
				tb.Fatalf("no God %q", ss.god)
			}
			s.GodPile, _ = rules.Remove(s.GodPile, int(g))
			pl.God = int(g)
		}
	}
	s.Discard = []int{}
	for _, d := range tt.discard {
		s.Discard = append(s.Discard, take(d))
	}
	for _, d := range tt.setAside {
		s.SetAside = append(s.SetAside, take(d))
	}
	var top []int
	for _, d := range tt.deck {
		top = append(top, take(d))
	}
	switch tt.round {
	case Spring:
		for _, c := range s.InPlay {
			if i := slices.Index(free, heroID(c)); i >= 0 {
				free = slices.Delete(free, i, i+1)
				g := Group{Hero: heroID(c), God: -1}
				for range SpringGroupCards {
					g.Cards = append(g.Cards, take(cardSpec(firstNonHero(free))))
				}
				s.Groups = append(s.Groups, g)
			}
		}
	case Summer:
		k := min(n+1, len(s.GodPile))
		for _, g := range s.GodPile[:k] {
			grp := Group{Hero: -1, God: g}
			for range SummerGroupCards {
				grp.Cards = append(grp.Cards, take(cardSpec(firstNonHero(free))))
			}
			s.Groups = append(s.Groups, grp)
		}
		s.GodPile = s.GodPile[k:]
	}
	if tt.round > Spring {
		s.GodsRemoved = append(s.GodsRemoved, s.GodPile...)
		s.GodPile = []int{}
	}
	// Heroes nobody holds are out of the game after Spring.
	var deck []int
	for _, id := range free {
		if kindOf(id) == Hero && tt.round > Spring {
			s.Removed = append(s.Removed, id)
			continue
		}
		deck = append(deck, id)
	}
	s.Deck = append(top, deck...)
	s.Round = tt.round
	s.Phase = PhaseActions
	s.FirstPlayer, s.TieBreaker, s.Champion, s.Turn = tt.first, -1, -1, tt.turn
	if tt.tb != nil {
		s.TieBreaker = *tt.tb
	}
	if tt.champion != nil {
		s.Champion = *tt.champion
	}
	if tt.deploying {
		s.Phase, s.Turn = PhaseDeploy, -1
	}
	for c, o := range tt.owners {
		s.Owner[c] = o
	}
	if err := s.check(); err != nil {
		tb.Fatalf("built an invalid position: %v", err)
	}
	return s
}

// at is a seat for table's token fields.
func at(seat int) *int { return &seat }

func firstNonHero(ids []int) int {
	for _, id := range ids {
		if kindOf(id) != Hero {
			return id
		}
	}
	return -1
}

// do applies an action that must be legal.
func do(tb testing.TB, s *State, seat int, kind string, args ...int) []rules.Event {
	tb.Helper()
	ev, err := s.Apply(rules.Seat(seat), rules.Action{Kind: kind, Args: args})
	if err != nil {
		tb.Fatalf("%s%v by seat %d: %v", kind, args, seat, err)
	}
	if err := s.check(); err != nil {
		tb.Fatalf("after %s%v: %v", kind, args, err)
	}
	return ev
}

// refuse applies an action that must be refused with want, and checks that
// the refusal changed nothing.
func refuse(tb testing.TB, s *State, seat int, want error, kind string, args ...int) error {
	tb.Helper()
	before := encode(tb, s)
	_, err := s.Apply(rules.Seat(seat), rules.Action{Kind: kind, Args: args})
	if err == nil {
		tb.Fatalf("%s%v by seat %d was accepted", kind, args, seat)
	}
	if !errors.Is(err, want) {
		tb.Fatalf("%s%v by seat %d: want %v, got %v", kind, args, seat, want, err)
	}
	if !strings.HasPrefix(err.Error(), "rednorth: ") {
		tb.Errorf("error %q lacks the package prefix", err)
	}
	if encode(tb, s) != before {
		tb.Fatalf("refused %s%v changed the state", kind, args)
	}
	return err
}

func encode(tb testing.TB, v any) string {
	tb.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

func specs(ids []int) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = cardSpec(id)
	}
	return out
}

func partySpecs(party []PartyCard) []string {
	out := make([]string, len(party))
	for i, pc := range party {
		s := cardSpec(pc.Card)
		if pc.FaceUp {
			s = "^" + s
		}
		if pc.Glory > 0 {
			s += "+" + strconv.Itoa(pc.Glory)
		}
		if pc.Champion {
			s += "*"
		}
		out[i] = s
	}
	return out
}

func hasAction(s *State, seat int, kind string, args ...int) bool {
	for _, a := range s.Legal(rules.Seat(seat)) {
		if a.Same(rules.Action{Kind: kind, Args: args}) {
			return true
		}
	}
	return false
}

func countKind(s *State, seat int, kind string) int {
	return rules.CountBy(s.Legal(rules.Seat(seat)), func(a rules.Action) bool { return a.Kind == kind })
}

// playOut drives a state to its end with the given bots (RandomBot for
// seats without one), checking the invariants at every step when check is set.
func playOut(tb testing.TB, s rules.State, rec *rules.Record, bots map[rules.Seat]rules.Bot, rng *rules.RNG, check func(rules.State)) {
	tb.Helper()
	random := rules.RandomBot{RNG: rng}
	for steps := 0; s.Result() == nil; steps++ {
		if steps > 5000 {
			tb.Fatal("game did not end in 5000 actions")
		}
		pr := s.Pending()
		if len(pr) == 0 {
			tb.Fatal("no seat pending in a running game")
		}
		seat := pr[rng.Intn(len(pr))].Seat
		var b rules.Bot = random
		if bb, ok := bots[seat]; ok {
			b = bb
		}
		a, err := b.Choose(s, seat)
		if err != nil {
			tb.Fatal(err)
		}
		if rec != nil {
			_, err = rec.Append(s, seat, a)
		} else {
			_, err = s.Apply(seat, a)
		}
		if err != nil {
			tb.Fatalf("legal action %v refused: %v", a, err)
		}
		if check != nil {
			check(s)
		}
	}
}
