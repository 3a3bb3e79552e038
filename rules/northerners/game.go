package northerners

import (
	"slices"

	"longhall/rules"
)

// ID is the game's registry id.
const ID = "northerners"

type game struct{}

// RagnarokOption is the Ragnarok field the players agree on (Setup, step
// 8): the book advises the first for 2 players and the last for 3 or 4.
var RagnarokOption = rules.Option{Key: "ragnarok", Label: "Ragnarok field", Choices: []string{RagnarokAdvised, RagnarokFirstField, RagnarokLastField}}

// The choices of RagnarokOption.
const (
	RagnarokAdvised    = "the book's advice: the first for 2 players, the last for 3 or 4"
	RagnarokFirstField = "the first field"
	RagnarokLastField  = "the last field"
)

// StartOption chooses the score markers' start. The book's set-up is the
// default: "Each player places one of their player markers at the start
// position of the game board's score track" (Setup, step 5), so everyone
// starts at 0. With the designed map the start player explores first and
// so wins the race to the Spirit Shaman (10 and 5 points) far more often
// than anyone else; the balanced start puts each later seat's marker a few
// points ahead (BalancedPoints), which evens the bots' wins by seat
// (README.md, Fairness). Both choices keep their words from before, when
// the balanced start was the default, so saved games that name either
// still start.
var StartOption = rules.Option{Key: "start", Label: "Score track", Choices: []string{StartBook, StartBalanced},
	About: "With the book's set-up the start player wins more often (60% of bot games at 2 players); the balanced start puts later seats a few points ahead on the score track, which brings every seat within a few points of an even share."}

// The choices of StartOption.
const (
	StartBook     = "the book: everyone starts at 0"
	StartBalanced = "balanced: later seats start a few points ahead"
)

// BalancedPoints is each turn position's starting score (the start player
// first) with StartBalanced, by player count.
var BalancedPoints = [5][4]int{2: {0, 3}, 3: {0, 3, 6}, 4: {0, 2, 4, 5}}

func init() { rules.Register(game{}) }

// Info implements rules.Game.
func (game) Info() rules.Info {
	return rules.Info{
		ID:         ID,
		Name:       "Northerners",
		MinPlayers: 2,
		MaxPlayers: 4,
		Minutes:    [2]int{45, 90},
		Options:    []rules.Option{RagnarokOption, StartOption},
		Timeout:    "the defender fights on",
		Pitch:      "Settle the new lands of Westfoldir: program your Jarl, workers and vikings, explore roads to the Kaupang markets and the Spirit Shaman, raid overseas and fight your neighbours before Loki brings Ragnarök.",
		Summary: []string{
			"Each turn first harvest what you placed last turn, one placement at a time in the order you choose: figures come home (as many as your village holds) and bring their yield. Then place your Jarl, workers and vikings for your next harvest: on your building tiles, on Kaupang squares and the Spirit Shaman (the Jarl, once your roads reach them), and on the action bars, paying their costs at once. One build action and one Blessing action a round.",
			"Explore draws land tiles that must join your roads; a tile on a blessing circle brings a blessing or a quest. The first to reach the Spirit Shaman scores 10, the second 5. Attack another player's figures on a tile with vikings: each side rolls its dice and reads the most frequent face (ties to the highest, the hammer highest), the attacker winning ties; the winner of the attack scores 3. Raids roll one row of their card each round, with one die fewer per row.",
			"Loki moves on with every Loki blessing drawn, every Loki met on a raid and at the end of every round. When he reaches the Ragnarok field the round is finished, everyone has a last harvest, and buildings, houses, treasure and resources score.",
		},
	}
}

// New implements rules.Game.
func (g game) New(cfg rules.Config, seed uint64) (rules.State, error) {
	if err := rules.CheckPlayers(g.Info(), cfg.Players); err != nil {
		return nil, rules.Errorf(ID, rules.ErrBadConfig, "Northerners is for 2 to 4 players, not %d", cfg.Players)
	}
	if err := rules.CheckOptions(g.Info(), cfg.Options); err != nil {
		return nil, err
	}
	if len(cfg.Setup) > 0 {
		return nil, rules.Errorf(ID, rules.ErrBadConfig, "Northerners has no fixed set-ups")
	}
	field, start := cfg.Option(RagnarokOption), cfg.Option(StartOption)
	ragnarok := RagnarokLast
	if field == RagnarokFirstField || field == RagnarokAdvised && cfg.Players == 2 {
		ragnarok = RagnarokFirst
	}
	return newState(cfg.Players, cfg.Names, seed, ragnarok, start == StartBalanced), nil
}

// newState sets a game up as Setup says, the score track balanced by seat
// if asked (StartOption).
func newState(players int, names []string, seed uint64, ragnarok int, balanced bool) *State {
	if len(names) != players {
		names = nil
	}
	s := &State{Base: rules.NewBase(players, names, seed), Ragnarok: ragnarok}
	for i := range s.Cells {
		s.Cells[i] = Cell{Tile: -1, Building: -1, Owner: -1, Jarl: -1}
	}
	s.Bag = shuffled(s.RNG, NumTiles)
	s.Blessings = shuffled(s.RNG, NumBlessings)
	s.QuestDeck = shuffled(s.RNG, len(Quests))
	s.RaidDeck = shuffled(s.RNG, len(Raids))
	s.KaupangPile = shuffled(s.RNG, len(KaupangTiles))
	s.KaupangRow, s.KaupangPile = slices.Clone(s.KaupangPile[:KaupangRow]), s.KaupangPile[KaupangRow:]
	s.Aside, s.BlessDiscard, s.QuestDiscard, s.RaidDiscard, s.KaupangSpent, s.ShamanOrder = []int{}, []int{}, []int{}, []int{}, []int{}, []int{}
	s.Seats = make([]Player, players)
	for p := range s.Seats {
		pl := &s.Seats[p]
		*pl = Player{
			Colour: SeatColours[players][p],
			Home:   [2]int{StartWorkers, StartVikings},
			Supply: [2]int{Workers - StartWorkers, Vikings - StartVikings},
			JarlAt: JarlHome,
			Builds: BuildingSupply,
			Hand:   []int{}, Quests: []int{}, Done: []int{}, Placed: []Placement{},
		}
		for r := range Resources {
			pl.Goods[r] = StartResource
		}
		pl.Quests, s.QuestDeck = s.QuestDeck[:StartQuests:StartQuests], s.QuestDeck[StartQuests:]
		pl.Quests = slices.Clone(pl.Quests)
	}
	// "The player who has most recently discovered new land begins": by lot.
	s.Start = s.RNG.Intn(players)
	if balanced {
		for k := 1; k < players; k++ {
			s.Seats[(s.Start+k)%players].Score += BalancedPoints[players][k]
		}
	}
	var ev events
	s.startTurn(s.Start, &ev)
	return s
}

func shuffled(rng *rules.RNG, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	rules.Shuffle(rng, out)
	return out
}
