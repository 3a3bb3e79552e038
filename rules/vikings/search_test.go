package vikings

import (
	"encoding/json"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// Apply's check (allows, which lists nothing) accepts exactly what Legal
// offers: in positions of random games at every player count, for every
// seat, each legal action and each action made from one by changing its
// kind or any one argument, or by dropping or adding one.
func TestAllowsIsLegal(t *testing.T) {
	games := rulestest.Size(6, 24, 500)
	kinds := append(slices.Clone(fuzzKinds), "")
	for g := range games {
		st, err := game{}.New(rules.Config{Players: 2 + g%3}, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State).Hush().(*State)
		random := rules.RandomBot{RNG: rules.NewRNG(uint64(g))}
		for step := 0; s.Outcome == nil; step++ {
			seat := s.Pending()[0].Seat
			legal := s.Legal(seat)
			if step%5 == 0 {
				for _, a := range near(legal, kinds) {
					for p := rules.Seat(-1); int(p) <= s.Players; p++ {
						want := p == seat && slices.ContainsFunc(legal, a.Same)
						if got := s.allows(p, a); got != want {
							t.Fatalf("game %d step %d (%s): seat %d's %v allowed %v, offered %v", g, step, s.Step.Kind, p, a, got, want)
						}
					}
				}
			}
			a, _ := random.Choose(s, seat)
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatalf("game %d step %d: %v refused: %v", g, step, a, err)
			}
		}
	}
}

// near lists the actions of legal and those one change away from them.
func near(legal []rules.Action, kinds []string) []rules.Action {
	var out []rules.Action
	for _, a := range legal {
		out = append(out, a)
		for _, k := range kinds {
			out = append(out, rules.Action{Kind: k, Args: a.Args})
		}
		for i := range a.Args {
			for v := -2; v < NumCards()+2; v++ {
				args := slices.Clone(a.Args)
				args[i] = v
				out = append(out, rules.Action{Kind: a.Kind, Args: args})
			}
		}
		out = append(out, rules.Action{Kind: a.Kind, Args: append(slices.Clone(a.Args), 0)})
		if len(a.Args) > 0 {
			out = append(out, rules.Action{Kind: a.Kind, Args: a.Args[:len(a.Args)-1]})
		}
	}
	return out
}

// A quiet state plays the loud one's game without a word: the same
// actions in the same order, unlabelled, the same states (the encoding
// leaves the quiet mark out) and no events; and a quiet state's clones
// and re-deals are quiet.
func TestHush(t *testing.T) {
	st, _ := game{}.New(rules.Config{Players: 3}, 7)
	loud := st.(*State)
	quiet := loud.Hush().(*State)
	bot := game{}.NewBot(7)
	for step := 0; loud.Outcome == nil; step++ {
		seat := loud.Pending()[0].Seat
		if p := quiet.Pending(); len(p) != 1 || p[0].Seat != seat || p[0].Text != "" {
			t.Fatalf("step %d: quiet prompts %+v, want seat %d without words", step, p, seat)
		}
		l, q := loud.Legal(seat), quiet.Legal(seat)
		if !slices.EqualFunc(l, q, rules.Action.Same) || slices.ContainsFunc(q, func(a rules.Action) bool { return a.Label != "" }) {
			t.Fatalf("step %d: loud %v, quiet %v", step, l, q)
		}
		a, err := bot.Choose(loud, seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := loud.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		if ev, err := quiet.Apply(seat, rules.Action{Kind: a.Kind, Args: a.Args}); err != nil || ev != nil {
			t.Fatalf("step %d: quiet %v: events %v, err %v", step, a, ev, err)
		}
		if x, y := encode(t, loud), encode(t, quiet); x != y {
			t.Fatalf("step %d: the quiet state parted:\n%s\n%s", step, x, y)
		}
		if step%50 == 0 {
			c := quiet.Clone().(*State)
			r := quiet.Redeal(seat, rules.NewRNG(uint64(step))).(*State)
			if c.Loud() || r.Loud() {
				t.Fatalf("step %d: a quiet state's clone (loud %v) or re-deal (loud %v) speaks", step, c.Loud(), r.Loud())
			}
		}
	}
	if x, y := encode(t, loud.Outcome), encode(t, quiet.Outcome); x != y {
		t.Fatalf("the results differ:\n%s\n%s", x, y)
	}
}

// A re-deal keeps what seat sees, its hand included, and every hand's
// size; it moves cards only among the deck and the other hands; and it
// gives the generator a new seed.
func TestRedeal(t *testing.T) {
	st, _ := game{}.New(rules.Config{Players: 3}, 11)
	g := st.(*State)
	random := rules.RandomBot{RNG: rules.NewRNG(3)}
	for step := range 200 {
		seat := g.Pending()[0].Seat
		for me := -1; me < g.Players; me++ {
			r := g.Redeal(rules.Seat(me), rules.NewRNG(uint64(step))).(*State)
			if x, y := encode(t, g.View(rules.Seat(me))), encode(t, r.View(rules.Seat(me))); x != y {
				t.Fatalf("step %d: seat %d's view changed:\n%s\n%s", step, me, x, y)
			}
			if *r.RNG == *g.RNG {
				t.Fatalf("step %d: the generator was kept", step)
			}
			hidden := slices.Clone(g.Deck)
			again := slices.Clone(r.Deck)
			for p := range g.Seats {
				if len(r.Seats[p].Hand) != len(g.Seats[p].Hand) {
					t.Fatalf("step %d: seat %d's hand size changed", step, p)
				}
				if p == me {
					if !slices.Equal(r.Seats[p].Hand, g.Seats[p].Hand) {
						t.Fatalf("step %d: seat %d's own hand changed", step, p)
					}
					continue
				}
				hidden = append(hidden, g.Seats[p].Hand...)
				again = append(again, r.Seats[p].Hand...)
			}
			slices.Sort(hidden)
			slices.Sort(again)
			if !slices.Equal(hidden, again) {
				t.Fatalf("step %d: the unseen cards changed: %v, now %v", step, hidden, again)
			}
		}
		a, _ := random.Choose(g, seat)
		if _, err := g.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		if g.Outcome != nil {
			break
		}
	}
}

func encode(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
