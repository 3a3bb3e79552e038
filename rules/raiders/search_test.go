package raiders

import (
	"encoding/json"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// positions plays random games, loud and quiet, of the base game and with
// both modules at 2 to 4 players, and calls f at every step. Its callers
// size games with rulestest.Size: a few by default, hundreds under make
// test-long.
func positions(t *testing.T, games int, f func(s *State)) {
	t.Helper()
	for g := range games {
		options := []map[string]string{nil, bothModules, {HeroesOption.Key: On}, {FameOption.Key: On, HandOption.Key: HandKeep}}[g%4]
		st, err := game{}.New(rules.Config{Players: 2 + g%3, Options: options}, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		if g%2 == 1 {
			st = st.(*State).Hush()
		}
		s := st.(*State)
		rng := rules.NewRNG(uint64(g))
		for s.Outcome == nil {
			f(s)
			pr := s.Pending()
			seat := pr[rng.Intn(len(pr))].Seat
			legal := s.Legal(seat)
			if _, err := s.Apply(seat, legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		f(s)
	}
}

// encode is s's JSON, the encoding replays compare.
func encode(t *testing.T, s *State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Apply checks an action without listing the legal ones (allows): it
// must accept exactly what Legal offers, for every seat, whatever the
// action: each legal one, each of them with an argument changed, added
// or dropped, and every kind with small arguments.
func TestAllowsIsLegal(t *testing.T) {
	games := rulestest.Size(4, 12, 300)
	var kinds []string
	for _, k := range fuzzKinds {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	positions(t, games, func(s *State) {
		for p := -1; p <= s.Players; p++ {
			legal := s.Legal(rules.Seat(p))
			var try []rules.Action
			for _, a := range legal {
				try = append(try, a, rules.Action{Kind: a.Kind, Args: append(slices.Clone(a.Args), 0)})
				if len(a.Args) > 0 {
					try = append(try, rules.Action{Kind: a.Kind, Args: a.Args[:len(a.Args)-1]})
				}
				for i := range a.Args {
					for _, d := range []int{-1, 1, 7} {
						b := rules.Action{Kind: a.Kind, Args: slices.Clone(a.Args)}
						b.Args[i] += d
						try = append(try, b)
					}
				}
			}
			if len(legal) > 0 || p == s.Players {
				for _, k := range kinds {
					try = append(try, rules.Action{Kind: k})
					for x := -1; x < 9; x++ {
						try = append(try, rules.Action{Kind: k, Args: []int{x}}, rules.Action{Kind: k, Args: []int{x % 4, 3 * x}})
					}
				}
			}
			for _, a := range try {
				want := slices.ContainsFunc(legal, a.Same)
				if got := s.allows(p, a); got != want {
					t.Fatalf("step %+v, seat %d: allows(%v) = %v, but Legal says %v (%v)", s.Step, p, a, got, want, legal)
				}
			}
		}
	})
}

// A quiet state (Hush) plays the same game without words: equal JSON,
// the same actions without labels, no events, prompts for the same seats.
func TestHushPlaysTheSameGame(t *testing.T) {
	for _, options := range []map[string]string{nil, bothModules} {
		st, err := game{}.New(rules.Config{Players: 3, Options: options}, 5)
		if err != nil {
			t.Fatal(err)
		}
		loud := st.(*State)
		quiet := loud.Hush().(*State)
		rng := rules.NewRNG(5)
		for loud.Outcome == nil {
			if encode(t, loud) != encode(t, quiet) {
				t.Fatal("the quiet copy's JSON differs")
			}
			pr, qr := loud.Pending(), quiet.Pending()
			if len(pr) != len(qr) || pr[0].Seat != qr[0].Seat || qr[0].Text != "" {
				t.Fatalf("prompts %v and %v", pr, qr)
			}
			seat := pr[rng.Intn(len(pr))].Seat
			l, q := loud.Legal(seat), quiet.Legal(seat)
			if !slices.EqualFunc(l, q, rules.Action.Same) || slices.ContainsFunc(q, func(a rules.Action) bool { return a.Label != "" }) {
				t.Fatalf("legal %v and %v", l, q)
			}
			a := l[rng.Intn(len(l))]
			if _, err := loud.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			if ev, err := quiet.Apply(seat, a); err != nil || ev != nil {
				t.Fatalf("the quiet copy's Apply: %v, %v", ev, err)
			}
		}
		if encode(t, loud) != encode(t, quiet) {
			t.Fatal("the quiet copy ends otherwise")
		}
	}
}

// copyTo, which the bot's scratch states are refilled with, gives a deep
// copy whatever the target held before: equal JSON, and neither side
// changes when the other plays on.
func TestCopyToReusesAnyState(t *testing.T) {
	var seen []*State
	n := 0
	positions(t, rulestest.Size(8, 8, 200), func(s *State) {
		if n++; n%7 != 0 {
			return
		}
		c := s.Clone().(*State)
		if len(seen) > 0 {
			c = seen[n%len(seen)] // a state of another game, or of this one earlier
			s.copyTo(c)
		}
		if encode(t, c) != encode(t, s) || c.Loud() != s.Loud() {
			t.Fatal("a copy differs from its original")
		}
		before := encode(t, s)
		for range 3 {
			if pr := c.Pending(); len(pr) > 0 {
				if _, err := c.Apply(pr[0].Seat, c.Legal(pr[0].Seat)[0]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if encode(t, s) != before {
			t.Fatal("playing on a copy changed its original")
		}
		seen = append(seen, c)
	})
}

// Redeal deals again only what the seat cannot see: its view, its legal
// actions and the prompts stay; the generator is new; equal generators
// give equal re-deals; quiet stays quiet.
func TestRedeal(t *testing.T) {
	n := 0
	positions(t, rulestest.Size(8, 8, 200), func(s *State) {
		if n++; n%5 != 0 {
			return
		}
		for me := rules.Spectator; int(me) < s.Players; me++ {
			r := s.Redeal(me, rules.NewRNG(uint64(n))).(*State)
			if x, y := mustJSON(t, s.View(me)), mustJSON(t, r.View(me)); x != y {
				t.Fatalf("seat %d's view changed:\n%s\n%s", me, x, y)
			}
			if !slices.EqualFunc(s.Legal(me), r.Legal(me), rules.Action.Same) || mustJSON(t, s.Pending()) != mustJSON(t, r.Pending()) {
				t.Fatalf("seat %d's actions or the prompts changed", me)
			}
			if *r.RNG == *s.RNG || r.Loud() != s.Loud() {
				t.Fatal("the re-deal kept the generator, or lost quiet")
			}
			again := r.Redeal(me, rules.NewRNG(7)).(*State)
			if encode(t, again) != encode(t, s.Redeal(me, rules.NewRNG(7)).(*State)) {
				t.Fatalf("re-dealing for seat %d depends on what it cannot see", me)
			}
			if err := check(r); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The bot plays a quiet state as it plays the loud one: the same choices
// for the same seed, without labels.
func TestBotPlaysQuietStates(t *testing.T) {
	n := 0
	positions(t, rulestest.Size(4, 4, 100), func(s *State) {
		if n++; n%3 != 0 || s.Outcome != nil {
			return
		}
		loud, quiet := s.Clone().(*State), s.Hush().(*State)
		seat := s.Pending()[0].Seat
		a, err := game{}.NewBot(uint64(n)).Choose(loud, seat)
		if err != nil {
			t.Fatal(err)
		}
		b, err := game{}.NewBot(uint64(n)).Choose(quiet, seat)
		if err != nil || !a.Same(b) || b.Label != "" {
			t.Fatalf("the bot chose %v loud and %+v quiet (%v)", a, b, err)
		}
	})
}
