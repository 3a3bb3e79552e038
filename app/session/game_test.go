package session

import (
	"fmt"
	"slices"
	"strconv"

	"longhall/rules"
)

// handGame is a tiny game with hidden hands, used only by these tests (it is
// registered from a test file, never in the app). Every round each player
// secretly chooses a card from a hand of three; when all have chosen the cards
// are revealed, the highest takes the sum, and everyone draws a replacement
// while the deck lasts. Hands, choices and draws are hidden information.
type handGame struct{}

func (handGame) Info() rules.Info {
	return rules.Info{
		ID: "hand-test", Name: "Hands (test)", MinPlayers: 2, MaxPlayers: 4,
		Options: []rules.Option{{Key: "hand", Label: "Hand size", Choices: []string{"3", "2"}}},
	}
}

func (g handGame) New(cfg rules.Config, seed uint64) (rules.State, error) {
	info := g.Info()
	if err := rules.CheckPlayers(info, cfg.Players); err != nil {
		return nil, err
	}
	size, err := strconv.Atoi(cfg.Option(info.Options[0]))
	if err != nil || size < 2 || size > 3 {
		return nil, fmt.Errorf("%w: hand size %q", rules.ErrBadConfig, cfg.Option(info.Options[0]))
	}
	s := &handState{RNG: rules.NewRNG(seed), Hands: make([][]int, cfg.Players), Chosen: make([]int, cfg.Players), Scores: make([]int, cfg.Players)}
	for c := 1; c <= 12; c++ {
		s.Deck = append(s.Deck, c)
	}
	rules.Shuffle(s.RNG, s.Deck)
	for i := range s.Hands {
		s.Hands[i], s.Deck = rules.Draw(s.Deck, size)
	}
	return s, nil
}

type handState struct {
	RNG    *rules.RNG
	Hands  [][]int
	Deck   []int
	Chosen []int // 0 while a seat has not chosen this round
	Scores []int
	Over   bool
}

// handView is what one seat sees: its own hand and choice, and only counts
// and flags for everybody else.
type handView struct {
	Hand   []string `json:"hand,omitempty"`
	Mine   string   `json:"mine,omitempty"`
	Counts []int    `json:"counts"`
	Chosen []bool   `json:"chosen"`
	Scores []int    `json:"scores"`
	Deck   int      `json:"deck"`
}

func card(c int) string { return fmt.Sprintf("card%02d", c) }

func (s *handState) Pending() []rules.Prompt {
	var out []rules.Prompt
	for seat := range s.Hands {
		if !s.Over && s.Chosen[seat] == 0 && len(s.Hands[seat]) > 0 {
			out = append(out, rules.Prompt{Seat: rules.Seat(seat), Text: "choose a card"})
		}
	}
	return out
}

func (s *handState) Legal(seat rules.Seat) []rules.Action {
	if !rules.IsPending(s, seat) {
		return nil
	}
	var out []rules.Action
	for i, c := range s.Hands[seat] {
		out = append(out, rules.Action{Kind: "choose", Args: []int{i}, Label: "play " + card(c)})
	}
	return out
}

func (s *handState) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	a, err := rules.FindLegal(s, seat, a)
	if err != nil {
		return nil, err
	}
	var c int
	s.Hands[seat], c, _ = rules.RemoveAt(s.Hands[seat], a.Args[0])
	s.Chosen[seat] = c
	ev := []rules.Event{{Kind: "choose", Seat: seat, Text: fmt.Sprintf("seat %d has chosen", seat), Secret: "you chose " + card(c), SecretTo: []rules.Seat{seat}}}
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
	ev = append(ev, rules.Event{Kind: "reveal", Seat: rules.Spectator, Text: fmt.Sprintf("revealed %v; seat %d takes %d", cards(s.Chosen), best, sum)})
	clear(s.Chosen)
	if len(s.Deck) >= len(s.Hands) {
		for i := range s.Hands {
			var d []int
			d, s.Deck = rules.Draw(s.Deck, 1)
			s.Hands[i] = append(s.Hands[i], d[0])
			ev = append(ev, rules.Event{Kind: "draw", Seat: rules.Seat(i), Text: fmt.Sprintf("seat %d draws a card", i), Secret: "you draw " + card(d[0]), SecretTo: []rules.Seat{rules.Seat(i)}})
		}
	}
	s.Over = len(s.Hands[0]) == 0
	return ev, nil
}

func cards(cs []int) []string {
	var out []string
	for _, c := range cs {
		out = append(out, card(c))
	}
	return out
}

func (s *handState) View(seat rules.Seat) any {
	v := handView{Scores: slices.Clone(s.Scores), Deck: len(s.Deck)}
	for i, h := range s.Hands {
		v.Counts = append(v.Counts, len(h))
		v.Chosen = append(v.Chosen, s.Chosen[i] != 0)
	}
	if seat >= 0 && int(seat) < len(s.Hands) {
		v.Hand = cards(s.Hands[seat])
		if c := s.Chosen[seat]; c != 0 {
			v.Mine = card(c)
		}
	}
	return v
}

func (s *handState) Result() *rules.Result {
	if !s.Over {
		return nil
	}
	best := 0
	for i, sc := range s.Scores {
		if sc > s.Scores[best] {
			best = i
		}
	}
	return &rules.Result{Winners: []rules.Seat{rules.Seat(best)}, Scores: slices.Clone(s.Scores), Reason: "highest total"}
}

func (s *handState) Clone() rules.State {
	c := &handState{Deck: slices.Clone(s.Deck), Chosen: slices.Clone(s.Chosen), Scores: slices.Clone(s.Scores), Over: s.Over}
	rng := *s.RNG
	c.RNG = &rng
	for _, h := range s.Hands {
		c.Hands = append(c.Hands, slices.Clone(h))
	}
	return c
}

// badBotGame is handGame with a bot that always answers nonsense, to show
// that a broken bot cannot stall a room.
type badBotGame struct{ handGame }

func (badBotGame) Info() rules.Info {
	i := handGame{}.Info()
	i.ID = "hand-badbot-test"
	return i
}

func (badBotGame) NewBot(uint64) rules.Bot { return badBot{} }

type badBot struct{}

func (badBot) Choose(rules.State, rules.Seat) (rules.Action, error) {
	return rules.Action{Kind: "cheat", Args: []int{99}}, nil
}

// gatedBotGame is handGame with a bot that thinks until gate is closed, to
// show that a slow bot does not hold up the host.
type gatedBotGame struct{ handGame }

var gate chan struct{}

func (gatedBotGame) Info() rules.Info {
	i := handGame{}.Info()
	i.ID = "hand-gated-test"
	return i
}

func (gatedBotGame) NewBot(seed uint64) rules.Bot {
	return gatedBot{rules.RandomBot{RNG: rules.NewRNG(seed)}}
}

type gatedBot struct{ rules.RandomBot }

func (b gatedBot) Choose(s rules.State, seat rules.Seat) (rules.Action, error) {
	<-gate
	return b.RandomBot.Choose(s, seat)
}

func init() {
	rules.Register(handGame{})
	rules.Register(badBotGame{})
	rules.Register(gatedBotGame{})
}
