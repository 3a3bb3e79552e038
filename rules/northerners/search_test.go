package northerners

import (
	"errors"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// searchGames plays whole games, half of the moves by the bot and half at
// random, and calls visit before every action. Its callers size games with
// rulestest.Size: a fifth under -short, some tens by default, twenty times
// as many under make test-long.
func searchGames(t *testing.T, games int, visit func(s *State, seat rules.Seat, rng *rules.RNG)) {
	t.Helper()
	for g := range games {
		st, err := game{}.New(rules.Config{Players: 2 + g%3}, uint64(1000+g))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := rules.NewRNG(uint64(g))
		bot, random := game{}.NewBot(uint64(g)), rules.RandomBot{RNG: rng}
		for n := 0; s.Outcome == nil; n++ {
			if n > 20000 {
				t.Fatal("the game does not end")
			}
			seat := s.Pending()[0].Seat
			visit(s, seat, rng)
			var b rules.Bot = random
			if n%2 == 0 {
				b = bot
			}
			a, err := b.Choose(s, seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
		visit(s, -1, rng)
	}
}

// The quiet Apply's check (allowed) accepts exactly what Legal lists, and
// refuses the rest with the error FindLegal gives: every legal action of
// every seat is tried, and near misses of each (an argument one off, one
// argument more or fewer, another kind with the same arguments).
func TestQuietCheckIsLegal(t *testing.T) {
	kinds := append(slices.Clone(fuzzKinds), "")
	tried := 0
	searchGames(t, rulestest.Size(6, 30, 600), func(s *State, _ rules.Seat, rng *rules.RNG) {
		for seat := rules.Seat(-1); int(seat) <= s.Players; seat++ {
			legal := s.Legal(seat)
			var tries []rules.Action
			for _, a := range legal {
				tries = append(tries, a, rules.Action{Kind: a.Kind, Args: append(slices.Clone(a.Args), 0)})
				if len(a.Args) > 0 {
					tries = append(tries, rules.Action{Kind: a.Kind, Args: a.Args[:len(a.Args)-1]})
				}
				for i := range a.Args {
					for _, d := range []int{-1, 1, 1 << 40} {
						b := slices.Clone(a.Args)
						b[i] += d
						tries = append(tries, rules.Action{Kind: a.Kind, Args: b})
					}
				}
				tries = append(tries, rules.Action{Kind: kinds[rng.Intn(len(kinds))], Args: a.Args})
			}
			for _, k := range kinds {
				tries = append(tries, rules.Action{Kind: k}, rules.Action{Kind: k, Args: []int{rng.Intn(90) - 5}})
			}
			for _, a := range tries {
				tried++
				_, want := rules.FindLegal(s, seat, a)
				got := s.allowed(seat, a)
				if (got == nil) != (want == nil) {
					t.Fatalf("step %s, seat %d, %s %v: the quiet check says %v, Legal %v", s.Step.Kind, seat, a.Kind, a.Args, got, want)
				}
				for _, e := range []error{rules.ErrIllegal, rules.ErrNotPending, rules.ErrGameOver} {
					if errors.Is(got, e) != errors.Is(want, e) {
						t.Fatalf("step %s, seat %d, %s %v: the quiet check refuses with %v, Legal with %v", s.Step.Kind, seat, a.Kind, a.Args, got, want)
					}
				}
			}
		}
	})
	t.Logf("%d actions checked", tried)
}

// A quiet copy plays the same game: it offers the same actions
// unlabelled, and after the same action (a few of them at every step) it
// is the loud game byte for byte and has told nothing.
func TestHushPlaysTheSameGame(t *testing.T) {
	searchGames(t, rulestest.Size(2, 12, 240), func(s *State, seat rules.Seat, rng *rules.RNG) {
		quiet := s.Hush().(*State)
		if mustJSON(quiet) != mustJSON(s) {
			t.Fatal("a quiet copy differs from its original")
		}
		if seat < 0 {
			return
		}
		legal, hushed := s.Legal(seat), quiet.Legal(seat)
		if !slices.EqualFunc(legal, hushed, rules.Action.Same) || slices.ContainsFunc(hushed, func(a rules.Action) bool { return a.Label != "" }) {
			t.Fatalf("the quiet copy offers %v, the game %v", hushed, legal)
		}
		if p := quiet.Pending(); len(p) != 1 || p[0].Seat != seat {
			t.Fatalf("the quiet copy waits for %v", p)
		}
		for _, i := range []int{0, len(legal) - 1, rng.Intn(len(legal))} {
			loud, q := s.Clone().(*State), quiet.Clone().(*State)
			if _, err := loud.Apply(seat, legal[i]); err != nil {
				t.Fatal(err)
			}
			ev, err := q.Apply(seat, rules.Action{Kind: hushed[i].Kind, Args: hushed[i].Args})
			if err != nil || ev != nil {
				t.Fatalf("the quiet copy's %v: %v, %v", legal[i], ev, err)
			}
			if q.Loud() || mustJSON(loud) != mustJSON(q) {
				t.Fatalf("after %v the quiet copy is not the game", legal[i])
			}
		}
	})
}

// A re-deal keeps every card once, deals no Loki card into a hand or an
// offer, and no quest into a hand whose holder meets it (after the
// opening), for every seat; it keeps the seat's own cards, and the same
// state and generator deal alike.
func TestRedealDealsAsTheCardsMayLie(t *testing.T) {
	n := 0
	searchGames(t, rulestest.Size(2, 12, 240), func(s *State, _ rules.Seat, rng *rules.RNG) {
		n++
		if n%3 != 0 {
			return
		}
		for me := -1; me < s.Players; me++ {
			seed := rng.Uint64()
			r := s.Redeal(rules.Seat(me), rules.NewRNG(seed)).(*State)
			if mustJSON(r) != mustJSON(s.Redeal(rules.Seat(me), rules.NewRNG(seed)).(*State)) {
				t.Fatal("two re-deals from the same generator differ")
			}
			if err := check(r); err != nil {
				t.Fatalf("a re-deal for seat %d: %v", me, err)
			}
			for p := range r.Seats {
				pl := &r.Seats[p]
				if p == me && (!slices.Equal(pl.Hand, s.Seats[p].Hand) || !slices.Equal(pl.Quests, s.Seats[p].Quests) || !slices.Equal(pl.Offer, s.Seats[p].Offer)) {
					t.Fatalf("seat %d's own cards were dealt again", me)
				}
				if slices.ContainsFunc(slices.Concat(pl.Hand, pl.Offer), func(c int) bool { return CardKind(c) == CardLoki }) {
					t.Fatalf("seat %d is dealt a Loki card: %v %v", p, pl.Hand, pl.Offer)
				}
				if !s.opening() && s.Outcome == nil {
					for _, q := range pl.Quests {
						if r.questMet(p, Quests[q]) {
							t.Fatalf("seat %d is dealt the quest %s, which it meets", p, Quests[q].Name)
						}
					}
				}
			}
		}
	})
}

// questMet says whether p has what quest q asks for, on its own (the game
// checks several at once, with meets).
func (s *State) questMet(p int, q Quest) bool {
	var table tableMemo
	return s.meets(p, q, &table)
}
