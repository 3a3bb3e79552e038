package vikings

import (
	"slices"

	"longhall/rules"
)

// ID is the game's registry id.
const ID = "vikings"

type game struct{}

// StartOption chooses the starting hands. The book deals 6 cards to each
// player; with "balanced" each seat after the start player gets one more
// than the seat before (BalancedCards), which offsets the start player's
// head start in the race home (README.md, Fairness).
var StartOption = rules.Option{Key: "start", Label: "Starting hands", Choices: []string{StartBook, StartBalanced},
	About: "With the book's hands the start player wins more often (57% of bot games at 2 players); the balanced start gives each later seat one more card, which brings every seat within a few points of an even share."}

// The choices of StartOption.
const (
	StartBook     = "6 cards each (the book)"
	StartBalanced = "balanced: one more card for each seat after the start player"
)

// BalancedCards is the extra cards of each turn position (the start
// player first) with StartBalanced.
var BalancedCards = [4]int{0, 1, 2, 3}

func init() { rules.Register(game{}) }

// Info implements rules.Game.
func (game) Info() rules.Info {
	return rules.Info{
		ID:         ID,
		Name:       "Vikings: Warriors of the North",
		MinPlayers: 2,
		MaxPlayers: 4,
		Minutes:    [2]int{30, 60},
		Options:    []rules.Option{StartOption},
		Timeout:    "a pass",
		Pitch:      "Sail the northern sea, loot the thanes' villages, fight the sea monster and each other, and feast three daughters of thanes home to become Konung.",
		Summary: []string{
			"Each turn draw 2 cards (not on your first turn), put up to one hero in your crew of 3, then play as many cards as you like and at most one standard action: attack a longship on your space, attack the sea monster (sailing onto it forces this), loot a village of another colour for its thane's daughter, feast at your harbour, or sacrifice pairs of cards for new ones. Rowing one space ends the turn; then discard down to 6.",
			"Wind cards sail one space in their direction, if the space allows it; many events can sail too. Every card played and every standard action can be answered: from the player on the left, each may play a reaction (Loki cancels what is below it, Power of Thor changes a die roll) or pass, until everyone passes in a row; then the stack resolves from the top. After each action the other players may each respond once with an event or a hero.",
			"Attacks roll a die: 3 or less fails and the defender pushes you away and robs you; 4 or 5 wins a card and pushes them; 6 or more also takes a crew member. You win at once when a feast brings home daughters of the three other colours.",
		},
		// The strong bot plays each line 60 actions on (some six turns at
		// two players, three at four) and takes the state's Standing
		// (eval.go) for its result: the race's far end, played out
		// greedily, is mostly dice (Hard won 94% of 100 games against Easy
		// at two players, 78% of 40 at four; 48% of 40 played to the end).
		SearchSteps:   40_000,
		SearchHorizon: 60,
	}
}

// New implements rules.Game.
func (g game) New(cfg rules.Config, seed uint64) (rules.State, error) {
	if err := rules.CheckPlayers(g.Info(), cfg.Players); err != nil {
		return nil, rules.Errorf(ID, rules.ErrBadConfig, "Vikings is for 2 to 4 players, not %d", cfg.Players)
	}
	if err := rules.CheckOptions(g.Info(), cfg.Options); err != nil {
		return nil, err
	}
	if len(cfg.Setup) > 0 {
		return nil, rules.Errorf(ID, rules.ErrBadConfig, "Vikings has no fixed set-ups")
	}
	return newState(cfg.Players, cfg.Names, seed, cfg.Option(StartOption) == StartBalanced), nil
}

// newState sets a game up as GAME PREPARATION says, the starting hands
// balanced by seat if asked (StartOption).
func newState(players int, names []string, seed uint64, balanced bool) *State {
	if len(names) != players {
		names = nil
	}
	s := &State{Base: rules.NewBase(players, names, seed), Monster: CentreSpace, MonsterFrom: -1}
	for c := range Colours {
		for i := range DaughtersPerColour {
			s.Daughters[c] = append(s.Daughters[c], NumActionCards+c*DaughtersPerColour+i)
		}
	}
	s.Deck = make([]int, NumActionCards)
	for i := range s.Deck {
		s.Deck[i] = i
	}
	rules.Shuffle(s.RNG, s.Deck)
	s.Discard = []int{}
	s.Seats = make([]Player, players)
	for p := range s.Seats {
		pl := &s.Seats[p]
		pl.Colour = SeatColours[players][p]
		pl.Ship = HarbourOf[pl.Colour]
		pl.Hand, s.Deck = slices.Clone(s.Deck[:StartHand]), s.Deck[StartHand:]
		pl.Crew, pl.Camp = []int{}, []int{}
	}
	// "The starting player is the player who most recently sailed": by lot.
	s.Turn = s.RNG.Intn(players)
	if balanced {
		for k := 1; k < players; k++ {
			p := &s.Seats[(s.Turn+k)%players]
			p.Hand, s.Deck = append(p.Hand, s.Deck[:BalancedCards[k]]...), s.Deck[BalancedCards[k]:]
		}
	}
	s.startTurn(s.Turn, nil) // nobody reads the set-up's events
	return s
}

// startTurn begins p's turn: heroes restored, 2 cards drawn but on the
// first turn, and a hero may be played.
func (s *State) startTurn(p int, ev *events) {
	pl := &s.Seats[p]
	s.Turn = p
	pl.Turns++
	pl.Used = nil
	s.Standard, s.Rowed, s.HeroOpen = false, false, true
	s.Roll = nil
	if pl.Turns > 1 {
		s.draw(p, DrawPerTurn, ev)
	}
	s.Step = Step{Kind: StepAct, Seat: p}
}
