package northerners

import (
	"slices"

	"longhall/rules"
)

// View is what one seat may see. It carries ids and numbers: squares are
// ids (Squares says what is printed there), land tiles ids (TileRoads),
// actions indexes in Actions, cards blessing ids (CardKind), quests
// indexes in Quests, raids indexes in Raids, Kaupang tiles indexes in
// KaupangTiles.
type View struct {
	Seat        int          `json:"seat"` // the viewer, -1 for a spectator
	Players     []PlayerView `json:"players"`
	Hand        []int        `json:"hand"`   // the viewer's blessings
	Quests      []int        `json:"quests"` // the viewer's quests
	Offer       []int        `json:"offer,omitempty"`
	Cells       []Cell       `json:"cells"`
	Bag         int          `json:"bag"`
	Aside       int          `json:"aside"`
	Blessings   int          `json:"blessings"`
	QuestDeck   int          `json:"questDeck"`
	RaidDeck    int          `json:"raidDeck"`
	KaupangRow  []int        `json:"kaupangRow"`
	Loki        int          `json:"loki"`
	Ragnarok    int          `json:"ragnarok"`
	ShamanOrder []int        `json:"shamanOrder"`
	Start       int          `json:"start"`
	Turn        int          `json:"turn"`
	Round       int          `json:"round"`
	Ending      bool         `json:"ending"`
	Final       bool         `json:"final"`
	Step        Step         `json:"step"`
	Fight       *Fight       `json:"fight,omitempty"`
	LastFight   *Fight       `json:"lastFight,omitempty"`
	Raided      *Roll        `json:"raided,omitempty"`
}

// PlayerView is a player as everyone sees them.
type PlayerView struct {
	Colour  int             `json:"colour"`
	Goods   Goods           `json:"goods"`
	Score   int             `json:"score"`
	Home    [2]int          `json:"home"`
	Supply  [2]int          `json:"supply"`
	JarlAt  int             `json:"jarlAt"`
	Builds  [NumBuilds]int  `json:"builds"`
	Houses  [NumHouses]bool `json:"houses"`
	Ship    bool            `json:"ship"`
	Hand    int             `json:"hand"`   // how many blessings
	Quests  int             `json:"quests"` // how many quests face down
	Done    []int           `json:"done"`
	Placed  []Placement     `json:"placed"`
	Raid    *RaidRun        `json:"raid,omitempty"`
	Attacks int             `json:"attacks"`
	Built   bool            `json:"built"`
	Blessed bool            `json:"blessed"`
	// In the view of everything (rules.Everyone) only: the blessings in
	// hand and the quests face down, sorted, and the blessings drawn to
	// keep one of.
	Cards    []int `json:"cards,omitempty"`
	FaceDown []int `json:"faceDown,omitempty"`
	Offer    []int `json:"offer,omitempty"`
}

// View implements rules.State.
func (s *State) View(seat rules.Seat) any { return s.view(int(seat)) }

func (s *State) view(seat int) *View {
	c := s.Clone().(*State)
	v := &View{
		Seat: seat, Hand: []int{}, Quests: []int{}, Cells: c.Cells[:], Bag: len(c.Bag), Aside: len(c.Aside),
		Blessings: len(c.Blessings), QuestDeck: len(c.QuestDeck), RaidDeck: len(c.RaidDeck), KaupangRow: c.KaupangRow,
		Loki: c.Loki, Ragnarok: c.Ragnarok, ShamanOrder: c.ShamanOrder, Start: c.Start, Turn: c.Turn, Round: c.Round,
		Ending: c.Ending, Final: c.Final, Step: c.Step, Fight: c.Fight, LastFight: c.LastFight, Raided: c.Raided,
	}
	if !s.SeatOK(seat) {
		v.Seat = -1
	}
	for p := range c.Seats {
		pl := &c.Seats[p]
		v.Players = append(v.Players, PlayerView{
			Colour: pl.Colour, Goods: pl.Goods, Score: pl.Score, Home: pl.Home, Supply: pl.Supply, JarlAt: pl.JarlAt,
			Builds: pl.Builds, Houses: pl.Houses, Ship: pl.Ship, Hand: len(pl.Hand), Quests: len(pl.Quests), Done: pl.Done,
			Placed: pl.Placed, Raid: pl.Raid, Attacks: pl.Attacks, Built: pl.Built, Blessed: pl.Blessed,
		})
		if p == v.Seat {
			v.Hand = slices.Sorted(slices.Values(pl.Hand))
			v.Quests = slices.Sorted(slices.Values(pl.Quests))
			v.Offer = pl.Offer
		}
		if seat == int(rules.Everyone) {
			pv := &v.Players[p]
			pv.Cards, pv.FaceDown, pv.Offer = slices.Sorted(slices.Values(pl.Hand)), slices.Sorted(slices.Values(pl.Quests)), pl.Offer
		}
	}
	return v
}
