package raiders

import (
	"slices"

	"longhall/rules"
)

// ID is the game's registry id.
const ID = "raiders"

type game struct{}

// StartOption chooses the starting silver. The book gives everyone 2
// ("Give each player 2 silver"); with "balanced" the seats after the start
// player get more (BalancedSilver), which offsets the early seats' extra
// turn at the end (README.md, Fairness).
var StartOption = rules.Option{Key: "start", Label: "Starting silver", Choices: []string{StartBook, StartBalanced},
	About: "With the book's silver the start player wins more often (55% of bot games at 2 players, 32% at 4); the balanced start gives the seats after the start player more silver, which brings every seat within a few points of an even share."}

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
		Options:    []rules.Option{StartOption, HeroesOption, FameOption, HandOption},
		Pitch:      "Hire a crew in the village, raid harbours, outposts, monasteries and fortresses, and win the Chieftain's favour.",
		Summary: []string{
			"On your turn, work or raid. To work, put your worker at an empty building and do its action, then take a worker from another building and do that one's action too: draw townsfolk at the Gate House, play one for its Town Hall ability, sell cards at the Treasury, hire crew at the Barracks, buy armour, gather provisions at the Mill and silver at the Silversmith, or make an offering to the Chieftain at the Long House.",
			"To raid, your worker's colour, your crew and the provisions and gold you pay must meet the space's demands. Roll its dice: dice, armour, crew strength and crew abilities add up to your strength, and each threshold it reaches scores more VP. Take the plunder, the worker there and the Valkyries: each kills one of your crew and moves you up the Valkyrie track.",
			"The game ends one round after the fifth fortress is raided, the offering stack runs out or the last Valkyrie leaves the board. Raid VP, offerings, the armoury and Valkyrie tracks, crew bonuses, gold and iron (1 VP each) and livestock (1 VP a pair) add up; ties go to the higher Valkyrie track, then the higher armoury track.",
			"Two modules can be turned on; with either, the starting hands are drafted (or, as an option, each player keeps 3 of 5 as in the base game). Hall of Heroes: the Mead Hall (take a face-up townsfolk, or discard hand cards to complete a quest from a raided space; the rightmost quest or reputation tile sets each tile's VP), and mead drunk before a roll for +1 strength each. Fields of Fame: the Township's raid spaces and Jarls met in raids, to kill (fame and a reward), subdue into your crew or flee, at the cost of wounds that weaken your crew; fame scores at the end.",
		},
		// The strong bot's budget and horizon (judge.go), measured with
		// rules/mcts's BenchmarkHardVsEasy and BenchmarkHardDecision.
		SearchSteps:   1_500,
		SearchHorizon: 25,
	}
}

// New implements rules.Game.
func (g game) New(cfg rules.Config, seed uint64) (rules.State, error) {
	if err := rules.CheckPlayers(g.Info(), cfg.Players); err != nil {
		return nil, rules.Errorf(ID, rules.ErrBadConfig, "Raiders of the North Sea is for 2 to 4 players, not %d", cfg.Players)
	}
	if err := rules.CheckOptions(g.Info(), cfg.Options); err != nil {
		return nil, err
	}
	if len(cfg.Setup) > 0 {
		return nil, rules.Errorf(ID, rules.ErrBadConfig, "Raiders of the North Sea has no fixed set-ups")
	}
	return newState(cfg.Players, cfg.Names, seed, Modules{
		Balanced: cfg.Option(StartOption) == StartBalanced,
		Heroes:   cfg.Option(HeroesOption) == On,
		Fame:     cfg.Option(FameOption) == On,
		Keep:     cfg.Option(HandOption) == HandKeep,
	}), nil
}

// Modules are the options a game is set up with. Keep is HandKeep: with a
// module on, the base book's keep 3 of 5 instead of the draft.
type Modules struct{ Balanced, Heroes, Fame, Keep bool }

func optionOnOff(key, label string) rules.Option {
	return rules.Option{Key: key, Label: label, Choices: []string{Off, On}}
}

// newState sets a game up as the book's Setup says, the starting silver
// balanced by seat if asked (StartOption). With a module on, the set-up is
// the comprehensive book's (Setup 1 to 5): its boards and tiles, 5 more
// gold in the supply, and the draft start unless the base book's keep 3
// of 5 is chosen (HandOption).
func newState(players int, names []string, seed uint64, m Modules) *State {
	if len(names) != players {
		names = nil
	}
	s := &State{Base: rules.NewBase(players, names, seed), FinalLeft: -1, Silver: SilverSupply, Provisions: ProvisionsSupply,
		Heroes: m.Heroes, Fame: m.Fame}
	balanced := m.Balanced
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
	for k, n := range s.bag() {
		if k == Gold && s.modular() {
			n -= ExtraGold // not in the bag: straight to the supply
			s.Supply[Gold] = ExtraGold
		}
		for range n {
			bag = append(bag, k)
		}
	}
	rules.Shuffle(s.RNG, bag)
	spaces := s.spacesInPlay()
	s.Plunder = make([]Pieces, spaces)
	s.SpaceWorkers = make([]int, spaces)
	for i, sp := range Spaces[:spaces] {
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
	// Townsfolk: shuffle, deal 5 each; each keeps 3 (or drafts).
	s.Deck = s.townsfolk()
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
	s.setUpModules()
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
	if s.modular() && !m.Keep {
		s.Step.Kind = StepDraft
	}
	return s
}

// setUpModules lays out the modules' boards (Setup 1): the Mead Hall's
// row, the quest stack and the reputation tiles; the Jarl deck.
func (s *State) setUpModules() {
	if s.Heroes {
		s.Mead = MeadSupply
		s.Hall = make([]int, MeadRow)
		for i := range s.Hall {
			s.Hall[i], s.Deck = s.Deck[0], s.Deck[1:]
		}
		s.QuestStack = make([]int, len(Quests))
		for i := range s.QuestStack {
			s.QuestStack[i] = i
		}
		rules.Shuffle(s.RNG, s.QuestStack)
		s.SpaceQuest = slices.Repeat([]int{-1}, len(s.Plunder))
		s.RepRow = make([]int, len(Reputations))
		for i := range s.RepRow {
			s.RepRow[i] = len(Quests) + i
		}
	}
	if s.Fame {
		r := cardsOf(FirstJarl, NumKinds)
		for c := r[0]; c < r[1]; c++ {
			s.JarlDeck = append(s.JarlDeck, c)
		}
		rules.Shuffle(s.RNG, s.JarlDeck)
		s.JarlDiscard = []int{}
	}
}

// modular says whether a module is on: the comprehensive book's set-up
// and scoring apply.
func (s *State) modular() bool { return s.Heroes || s.Fame }

// spacesInPlay is how many of Spaces are on the table: the Township's too
// with Fields of Fame.
func (s *State) spacesInPlay() int {
	if s.Fame {
		return len(Spaces)
	}
	return BaseSpaces
}

// bag is every plunder piece and Valkyrie of the game, by kind: the bag's
// and, with a module, the comprehensive book's extras.
func (s *State) bag() Pieces {
	b := Bag
	if s.modular() {
		b[Gold] += ExtraGold
	}
	if s.Fame {
		b[JarlToken] += JarlTokens
	}
	return b
}

// townsfolk are the townsfolk deck's cards: the base game's, and the
// Hall of Heroes' when it is on.
func (s *State) townsfolk() []int {
	end := NumBaseKinds
	if s.Heroes {
		end = FirstJarl
	}
	r := cardsOf(0, end)
	out := make([]int, 0, r[1])
	for c := r[0]; c < r[1]; c++ {
		out = append(out, c)
	}
	return out
}

// valkyrieVP and armourVP are the tracks of this game: the comprehensive
// book's with a module on.
func (s *State) valkyrieVP() []int {
	if s.modular() {
		return ModuleValkyrieVP
	}
	return ValkyrieVP
}

func (s *State) armourVP() []int {
	if s.modular() {
		return ModuleArmourVP
	}
	return ArmourVP
}

// maxValkyrie is the Valkyrie track's end.
func (s *State) maxValkyrie() int { return len(s.valkyrieVP()) - 1 }
