// Package testgame is Hands, a tiny game with hidden information that the
// suites and the app's test builds play: every round each player secretly
// chooses a card from a hand; when all have chosen, the cards are
// revealed, the highest takes the sum, and everyone draws a replacement
// while the deck lasts. Hands, choices and draws are hidden. It is
// registered (as "hand-test") when imported; the app imports it only in
// test builds.
package testgame

import (
	"fmt"
	"slices"
	"strconv"

	"longhall/rules"
)

// ID is the game's id in the registry.
const ID = "hand-test"

// Game is Hands.
type Game struct{}

// Info describes the game; its one option is the hand size.
func (Game) Info() rules.Info {
	return rules.Info{
		ID: ID, Name: "Hands (test)", MinPlayers: 2, MaxPlayers: 4, Minutes: [2]int{2, 5}, Timeout: "the lowest card is played",
		Pitch:   "A tiny test game: play your highest card at the right moment.",
		Summary: []string{"Each round everyone secretly plays a card from their hand; the highest card takes the sum of all. The highest total wins."},
		Options: []rules.Option{{Key: "hand", Label: "Hand size", Choices: []string{"3", "2"}}},
	}
}

// New deals a game.
func (g Game) New(cfg rules.Config, seed uint64) (rules.State, error) {
	info := g.Info()
	if err := rules.CheckPlayers(info, cfg.Players); err != nil {
		return nil, err
	}
	if err := rules.CheckOptions(info, cfg.Options); err != nil {
		return nil, err
	}
	size, err := strconv.Atoi(cfg.Option(info.Options[0]))
	if err != nil || size < 2 || size > 3 {
		return nil, rules.Errorf(ID, rules.ErrBadConfig, "hand size %q", cfg.Option(info.Options[0]))
	}
	s := &State{RNG: rules.NewRNG(seed), Hands: make([][]int, cfg.Players), Chosen: make([]int, cfg.Players), Scores: make([]int, cfg.Players)}
	for c := 1; c <= 12; c++ {
		s.Deck = append(s.Deck, c)
	}
	rules.Shuffle(s.RNG, s.Deck)
	for i := range s.Hands {
		s.Hands[i], s.Deck = rules.Draw(s.Deck, size)
	}
	return s, nil
}

// State is a game of Hands.
type State struct {
	RNG    *rules.RNG
	Hands  [][]int
	Deck   []int
	Chosen []int // 0 while a seat has not chosen this round
	Scores []int
	Over   bool

	quiet bool // rules.Quiet: no labels, no events
}

// View is what one seat sees: its own hand and choice, and only counts and
// flags for everybody else.
type View struct {
	Hand   []string `json:"hand,omitempty"` // card names, so a leak shows as text
	Mine   string   `json:"mine,omitempty"`
	Counts []int    `json:"counts"`
	Chosen []bool   `json:"chosen"`
	Scores []int    `json:"scores"`
	Deck   int      `json:"deck"`
	// Everyone's view (rules.Everyone): each seat's hand and chosen card.
	Hands [][]string `json:"hands,omitempty"`
	Faces []string   `json:"faces,omitempty"`
}

// Card names a card in the log.
func Card(c int) string { return fmt.Sprintf("card%02d", c) }

// Pending lists the seats that still choose this round.
func (s *State) Pending() []rules.Prompt {
	var out []rules.Prompt
	for seat := range s.Hands {
		if !s.Over && s.Chosen[seat] == 0 && len(s.Hands[seat]) > 0 {
			out = append(out, rules.Prompt{Seat: rules.Seat(seat), Text: "choose a card"})
		}
	}
	return out
}

// Legal offers each card of the hand.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	if !rules.IsPending(s, seat) {
		return nil
	}
	var out []rules.Action
	for i, c := range s.Hands[seat] {
		a := rules.Action{Kind: "choose", Args: []int{i}}
		if !s.quiet {
			a.Label = "play " + Card(c)
		}
		out = append(out, a)
	}
	return out
}

// OnTimeout implements rules.Expiring: a player whose time runs out plays
// their lowest card.
func (s *State) OnTimeout(seat rules.Seat) (rules.Action, bool) {
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return rules.Action{}, false
	}
	low := 0
	for i, c := range s.Hands[seat] {
		if c < s.Hands[seat][low] {
			low = i
		}
	}
	return legal[low], true
}

// Apply plays a card.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if s.quiet {
		// Quiet: the same check, without building the legal list.
		if a.Kind != "choose" || len(a.Args) != 1 || !rules.IsPending(s, seat) || a.Args[0] < 0 || a.Args[0] >= len(s.Hands[seat]) {
			return nil, rules.Errorf(ID, rules.ErrIllegal, "%v is not allowed now", a)
		}
	} else {
		var err error
		if a, err = rules.FindLegal(s, seat, a); err != nil {
			return nil, err
		}
	}
	var c int
	s.Hands[seat], c, _ = rules.RemoveAt(s.Hands[seat], a.Args[0])
	s.Chosen[seat] = c
	var ev []rules.Event
	say := func(e rules.Event) {
		if !s.quiet {
			ev = append(ev, e)
		}
	}
	say(rules.Event{Kind: "choose", Seat: seat, Text: fmt.Sprintf("seat %d has chosen", seat), Secret: fmt.Sprintf("seat %d chose %s", seat, Card(c)), SecretTo: []rules.Seat{seat}})
	if slices.Contains(s.Chosen, 0) {
		return ev, nil
	}
	best, sum := 0, 0
	for i, c := range s.Chosen {
		sum += c
		if c > s.Chosen[best] {
			best = i
		}
	}
	s.Scores[best] += sum
	say(rules.Event{Kind: "reveal", Seat: rules.Spectator, Text: fmt.Sprintf("revealed %v; seat %d takes %d", cards(s.Chosen), best, sum)})
	clear(s.Chosen)
	if len(s.Deck) >= len(s.Hands) {
		for i := range s.Hands {
			var d []int
			d, s.Deck = rules.Draw(s.Deck, 1)
			s.Hands[i] = append(s.Hands[i], d[0])
			say(rules.Event{Kind: "draw", Seat: rules.Seat(i), Text: fmt.Sprintf("seat %d draws a card", i), Secret: fmt.Sprintf("seat %d draws %s", i, Card(d[0])), SecretTo: []rules.Seat{rules.Seat(i)}})
		}
	}
	s.Over = len(s.Hands[0]) == 0
	return ev, nil
}

// Hush implements rules.Quiet: a copy that plays without words (a small
// game speaks cheaply; this shows the contract, and the suite's twin
// checks it).
func (s *State) Hush() rules.State {
	c := s.Clone().(*State)
	c.quiet = true
	return c
}

func cards(cs []int) []string {
	var out []string
	for _, c := range cs {
		out = append(out, Card(c))
	}
	return out
}

// View shows a seat its own cards and only counts of the others';
// rules.Everyone sees every hand and every chosen card.
func (s *State) View(seat rules.Seat) any {
	v := View{Scores: slices.Clone(s.Scores), Deck: len(s.Deck)}
	for i, h := range s.Hands {
		v.Counts = append(v.Counts, len(h))
		v.Chosen = append(v.Chosen, s.Chosen[i] != 0)
		if seat == rules.Everyone {
			v.Hands = append(v.Hands, cards(h))
			v.Faces = append(v.Faces, "")
			if c := s.Chosen[i]; c != 0 {
				v.Faces[i] = Card(c)
			}
		}
	}
	if seat >= 0 && int(seat) < len(s.Hands) {
		v.Hand = cards(s.Hands[seat])
		if c := s.Chosen[seat]; c != 0 {
			v.Mine = Card(c)
		}
	}
	return v
}

// Result names the highest total once the hands are empty.
func (s *State) Result() *rules.Result {
	if !s.Over {
		return nil
	}
	best := 0
	for i, sc := range s.Scores {
		if sc > s.Scores[best] {
			best = i
		}
	}
	return &rules.Result{Winners: []rules.Seat{rules.Seat(best)}, Scores: slices.Clone(s.Scores), Reason: fmt.Sprintf("Seat %d has the highest total.", best+1)}
}

// Clone copies the state, RNG included.
func (s *State) Clone() rules.State {
	c := &State{Deck: slices.Clone(s.Deck), Chosen: slices.Clone(s.Chosen), Scores: slices.Clone(s.Scores), Over: s.Over, quiet: s.quiet}
	rng := *s.RNG
	c.RNG = &rng
	for _, h := range s.Hands {
		c.Hands = append(c.Hands, slices.Clone(h))
	}
	return c
}

// Redeal implements rules.Redealer: a copy of s in which every card me
// cannot see (the deck, the others' hands and the cards they have chosen
// this round) is dealt again, and the generator seeded anew. The unseen
// cards are gathered in order first, so the re-deal depends only on what
// me sees.
func (s *State) Redeal(me rules.Seat, rng *rules.RNG) rules.State {
	c := s.Clone().(*State)
	var slots []*int
	for i := range c.Deck {
		slots = append(slots, &c.Deck[i])
	}
	for p := range c.Hands {
		if rules.Seat(p) == me {
			continue
		}
		for i := range c.Hands[p] {
			slots = append(slots, &c.Hands[p][i])
		}
		if c.Chosen[p] != 0 {
			slots = append(slots, &c.Chosen[p])
		}
	}
	ids := make([]int, len(slots))
	for i, p := range slots {
		ids[i] = *p
	}
	slices.Sort(ids)
	rules.Shuffle(rng, ids)
	for i, p := range slots {
		*p = ids[i]
	}
	c.RNG = rules.NewRNG(rng.Uint64())
	return c
}

// Private names the cards seat holds hidden from the others: its hand and
// the card it has chosen this round (rulestest.Suite.Private).
func Private(st rules.State, seat rules.Seat) []string {
	s := st.(*State)
	out := cards(s.Hands[seat])
	if c := s.Chosen[seat]; c != 0 {
		out = append(out, Card(c))
	}
	return out
}

// Check verifies that no card was created or lost.
func Check(st rules.State) error {
	s := st.(*State)
	seen := map[int]bool{}
	add := func(c int) error {
		if c < 1 || c > 12 || seen[c] {
			return fmt.Errorf("testgame: card %d is out of range or twice", c)
		}
		seen[c] = true
		return nil
	}
	for _, c := range s.Deck {
		if err := add(c); err != nil {
			return err
		}
	}
	for p, h := range s.Hands {
		for _, c := range h {
			if err := add(c); err != nil {
				return err
			}
		}
		if s.Chosen[p] != 0 {
			if err := add(s.Chosen[p]); err != nil {
				return err
			}
		}
	}
	total := 0
	for _, sc := range s.Scores {
		total += sc
	}
	// Cards taken leave the game; what is left plus the points add up.
	left := 0
	for c := range seen {
		left += c
	}
	if left+total != 78 {
		return fmt.Errorf("testgame: %d in play and %d scored, not 78", left, total)
	}
	return nil
}

func init() { rules.Register(Game{}) }

// Rand implements rules.Undoable.
func (s *State) Rand() rules.RNG { return *s.RNG }

// Reveals implements rules.Undoable: the last card chosen in a round turns
// every chosen card face up and deals new ones, so it is final; the others
// may be taken back until someone else chooses.
func (s *State) Reveals(seat rules.Seat, a rules.Action) bool {
	waiting := 0
	for _, c := range s.Chosen {
		if c == 0 {
			waiting++
		}
	}
	return waiting <= 1
}
