package raiders

import (
	"fmt"
	"slices"
	"strings"

	"longhall/rules"
)

// ID is the game's registry id.
const ID = "raiders"

type game struct{}

// StartOption chooses the starting silver. The book gives everyone 2
// ("Give each player 2 silver"); with "balanced" the seats after the start
// player get more (BalancedSilver), which offsets the early seats' extra
// turn at the end (README.md, Fairness).
var StartOption = rules.Option{Key: "start", Label: "Starting silver", Choices: []string{StartBook, StartBalanced}}

// The choices of StartOption.
const (
	StartBook     = "2 each (the book)"
	StartBalanced = "balanced: more for the seats after the start player"
)

// BalancedSilver is the extra silver of each turn position (the start
// player first) with StartBalanced, by player count: measured with
// BenchmarkSelfPlay to bring every position within 5 points of an even
// share (README.md, Fairness).
var BalancedSilver = [5][4]int{2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}

func init() { rules.Register(game{}) }

// Info implements rules.Game.
func (game) Info() rules.Info {
	return rules.Info{
		ID:         ID,
		Name:       "Raiders of the North Sea",
		MinPlayers: 2,
		MaxPlayers: 4,
		Minutes:    [2]int{60, 80},
		Options:    []rules.Option{StartOption},
		Pitch:      "Hire a crew in the village, raid harbours, outposts, monasteries and fortresses, and win the Chieftain's favour.",
		Summary: []string{
			"On your turn, work or raid. To work, put your worker at an empty building and do its action, then take a worker from another building and do that one's action too: draw townsfolk at the Gate House, play one for its Town Hall ability, sell cards at the Treasury, hire crew at the Barracks, buy armour, gather provisions at the Mill and silver at the Silversmith, or make an offering to the Chieftain at the Long House.",
			"To raid, your worker's colour, your crew and the provisions and gold you pay must meet the space's demands. Roll its dice: dice, armour, crew strength and crew abilities add up to your strength, and each threshold it reaches scores more VP. Take the plunder, the worker there and the Valkyries: each kills one of your crew and moves you up the Valkyrie track.",
			"The game ends one round after the fifth fortress is raided, the offering stack runs out or the last Valkyrie leaves the board. Raid VP, offerings, the armoury and Valkyrie tracks, crew bonuses, gold and iron (1 VP each) and livestock (1 VP a pair) add up; ties go to the higher Valkyrie track, then the higher armoury track.",
		},
	}
}

// New implements rules.Game.
func (g game) New(cfg rules.Config, seed uint64) (rules.State, error) {
	if err := rules.CheckPlayers(g.Info(), cfg.Players); err != nil {
		return nil, &Error{Msg: fmt.Sprintf("Raiders of the North Sea is for 2 to 4 players, not %d", cfg.Players), Err: rules.ErrBadConfig}
	}
	var unknown []string
	for k := range cfg.Options {
		if k != StartOption.Key {
			unknown = append(unknown, fmt.Sprintf("%q", k))
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return nil, &Error{Msg: "Raiders of the North Sea has no option " + strings.Join(unknown, ", "), Err: rules.ErrBadConfig}
	}
	start := cfg.Option(StartOption)
	if !slices.Contains(StartOption.Choices, start) {
		return nil, &Error{Msg: fmt.Sprintf("starting silver %q is not one of %q", start, StartOption.Choices), Err: rules.ErrBadConfig}
	}
	if len(cfg.Setup) > 0 {
		return nil, &Error{Msg: "Raiders of the North Sea has no fixed set-ups", Err: rules.ErrBadConfig}
	}
	return newState(cfg.Players, cfg.Names, seed, start == StartBalanced), nil
}

// newState sets a game up as the book's Setup says, the starting silver
// balanced by seat if asked (StartOption).
func newState(players int, names []string, seed uint64, balanced bool) *State {
	s := &State{Players: players, RNG: rules.NewRNG(seed), FinalLeft: -1, Silver: SilverSupply, Provisions: ProvisionsSupply}
	if len(names) == players {
		s.Names = slices.Clone(names)
	}
	// Offerings: shuffle the 16, deal 3 face up.
	s.Offering = make([]int, len(Offerings))
	for i := range s.Offering {
		s.Offering[i] = i
	}
	rules.Shuffle(s.RNG, s.Offering)
	for i := range s.Row {
		s.Row[i], s.Offering = s.Offering[0], s.Offering[1:]
	}
	// Valkyries and plunder: mix the bag, fill each raid space, the rest
	// is the main supply.
	var bag []int
	for k, n := range Bag {
		for range n {
			bag = append(bag, k)
		}
	}
	rules.Shuffle(s.RNG, bag)
	s.Plunder = make([][4]int, len(Spaces))
	s.SpaceWorkers = make([]int, len(Spaces))
	for i, sp := range Spaces {
		for range sp.Plunder {
			s.Plunder[i][bag[0]]++
			bag = bag[1:]
		}
		s.SpaceWorkers[i] = sp.Worker
	}
	for _, k := range bag {
		s.Supply[k]++
	}
	// Workers: black ones on the Gate House, Town Hall and Treasury, one
	// in each player's hand.
	for b := range s.Buildings {
		s.Buildings[b] = NoWorker
	}
	s.Buildings[GateHouse], s.Buildings[TownHall], s.Buildings[Treasury] = Black, Black, Black
	// Townsfolk: shuffle, deal 5 each; each keeps 3.
	s.Deck = make([]int, NumCards)
	for i := range s.Deck {
		s.Deck[i] = i
	}
	rules.Shuffle(s.RNG, s.Deck)
	s.Seats = make([]Player, players)
	for p := range s.Seats {
		pl := &s.Seats[p]
		pl.Worker = Black
		pl.Silver = StartSilver
		s.Silver -= StartSilver
		pl.Dealt, s.Deck = slices.Clone(s.Deck[:Dealt]), s.Deck[Dealt:]
		slices.Sort(pl.Dealt)
		pl.Hand, pl.Crew, pl.Offerings = []int{}, []int{}, []int{}
	}
	s.Discard = []int{}
	// Roll dice to select the start player.
	s.Start = s.RNG.Intn(players)
	s.Turn = s.Start
	if balanced {
		for k := 1; k < players; k++ {
			p := (s.Start + k) % players
			s.Seats[p].Silver += BalancedSilver[players][k]
			s.Silver -= BalancedSilver[players][k]
		}
	}
	s.Step = Step{Kind: StepKeep, Seat: -1}
	return s
}
