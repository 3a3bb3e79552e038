package northerners

import (
	"slices"

	"longhall/rules"
)

// Action kinds, with their Args. Squares are ids (row*Size+column), actions
// indexes in Actions, cards blessing card ids, quests indexes in Quests.
const (
	// The harvest.
	KindCollect = "collect" // [square]: return your figures from a building tile and gain its yield
	KindResolve = "resolve" // [placement]: resolve a placement on an action bar
	KindJarl    = "jarl"    // []: return the Jarl from a Kaupang square or the Spirit Shaman
	KindRaid    = "raid"    // []: roll the raid's next row
	KindReturn  = "return"  // []: return from the raid
	KindTile    = "tile"    // [square, rotation]: place the explored land tile
	KindBuild   = "build"   // [square]: place the building tile
	KindTrade   = "trade"   // [slot, option]: take a Kaupang tile and trade (option -1: no trade); [-1]: take none
	KindSpirit  = "spirit"  // [0]: draw a blessing, [1]: draw a quest, [2, quest]: discard a quest
	KindKeep    = "keep"    // [card]: keep one of the blessings drawn
	// The action phase.
	KindWork   = "work"   // [square, figure]: put a worker or a viking on your building tile
	KindVisit  = "visit"  // [square]: send the Jarl to a Kaupang square or the Spirit Shaman
	KindAction = "action" // [action] or [action, n]: take an action of a bar (n: Recruit 1 for the Jarl; Raid the vikings)
	KindAttack = "attack" // [square, seat, vikings]: attack that player's figures on that tile
	KindEnd    = "end"    // []: end the turn
	KindCard   = "card"   // [card] or [card, good]: play a blessing card
	// Combat.
	KindFight    = "fight"    // []: no (more) cards: roll
	KindWithdraw = "withdraw" // []: withdraw from the attack
	KindLose     = "lose"     // [figure]: remove a worker or a viking from the tile
)

// Step kinds: the decision the game waits for.
const (
	StepHarvest = "harvest" // choose the next programmed action to resolve
	StepAct     = "act"     // place figures, play cards, end the turn
	StepExplore = "explore" // place the land tile drawn
	StepBuild   = "build"   // place the building tile
	StepKaupang = "kaupang" // take a Kaupang tile and trade
	StepSpirit  = "spirit"  // a blessing circle or the Spirit Shaman: choose
	StepKeep    = "keep"    // the Blessing action: keep one of the cards drawn
	StepCombat  = "combat"  // play combat cards, fight or withdraw
	StepLose    = "lose"    // the defender chooses which figure it loses
	StepOver    = "over"
)

// Where a Jarl is, when not on a square.
const (
	JarlHome = -1
	JarlRaid = -2
	JarlBar  = -3 // on an action bar placement
)

// Figure is a worker or a viking on the map.
type Figure struct {
	Owner int `json:"owner"`
	Kind  int `json:"kind"` // Worker or Viking
}

// Cell is one square of the map as the game goes.
type Cell struct {
	Tile     int      `json:"tile"` // the land tile explored here, -1 for none
	Rot      int      `json:"rot"`
	Building int      `json:"building"` // -1 for none
	Owner    int      `json:"owner"`    // the building's builder
	Figures  []Figure `json:"figures,omitempty"`
	Jarl     int      `json:"jarl"` // the seat whose Jarl is here, -1 for none
}

// Placement is figures on an action bar, resolved in the next harvest.
type Placement struct {
	Action  int  `json:"action"`
	Workers int  `json:"workers,omitempty"`
	Vikings int  `json:"vikings,omitempty"`
	Jarl    bool `json:"jarl,omitempty"`
	// Resting: vikings back from an attack, who only go home. No longer
	// set: the book sends every surviving viking home as the attack ends
	// (README.md, Changes); kept so the board and any older state read.
	Resting bool `json:"resting,omitempty"`
}

// RaidRun is a raid under way.
type RaidRun struct {
	Card    int `json:"card"`
	Vikings int `json:"vikings"`
	Row     int `json:"row"`   // rows rolled so far
	Extra   int `json:"extra"` // dice added by blessings for the next row
	Turn    int `json:"turn"`  // the owner's turn in which a row was last rolled
}

// Player is one seat's village, warehouse, figures and cards.
type Player struct {
	Colour int             `json:"colour"`
	Goods  Goods           `json:"goods"`
	Score  int             `json:"score"`
	Home   [2]int          `json:"home"`   // workers and vikings on the player board
	Supply [2]int          `json:"supply"` // in the supply
	JarlAt int             `json:"jarlAt"` // JarlHome, JarlRaid, JarlBar or a square
	Builds [NumBuilds]int  `json:"builds"` // building tiles left in the supply
	Houses [NumHouses]bool `json:"houses"`
	Ship   bool            `json:"ship"`
	Hand   []int           `json:"hand"`            // blessing cards
	Quests []int           `json:"quests"`          // quests held, face down
	Done   []int           `json:"done"`            // quests completed, revealed
	Offer  []int           `json:"offer,omitempty"` // the Blessing action's cards to keep one of
	Placed []Placement     `json:"placed"`
	Raid   *RaidRun        `json:"raid,omitempty"`
	// Explore is land tiles still to draw in this harvest.
	Explore int  `json:"explore,omitempty"`
	Attacks int  `json:"attacks"` // attacks won
	BestRow int  `json:"bestRow"` // the highest raid row reached
	Turns   int  `json:"turns"`   // turns begun
	Built   bool `json:"built"`   // a build action this turn
	Blessed bool `json:"blessed"` // the Blessing action this turn
}

// Step is the decision the game waits for.
type Step struct {
	Kind     string `json:"kind"`
	Seat     int    `json:"seat"`
	Tile     int    `json:"tile,omitempty"`     // explore: the land tile drawn
	Building int    `json:"building,omitempty"` // build: the building to place
	Passes   int    `json:"passes,omitempty"`   // combat: passes in a row
}

// Roll is a roll of the dice, for boards and the log.
type Roll struct {
	Seat  int   `json:"seat"`
	Dice  []int `json:"dice"`
	Read  int   `json:"read"`  // the face it counts as
	Bonus int   `json:"bonus"` // added by blessings
}

// Fight is an attack under way.
type Fight struct {
	Attacker int    `json:"attacker"`
	Defender int    `json:"defender"`
	Square   int    `json:"square"`
	Vikings  int    `json:"vikings"` // the attacker's vikings still fighting
	Towers   []int  `json:"towers"`  // the defender's watchtowers still to beat, first first
	Rolls    int    `json:"rolls"`
	Cards    []Play `json:"cards,omitempty"` // blessings played for the coming roll
	Attack   *Roll  `json:"attack,omitempty"`
	Defence  *Roll  `json:"defence,omitempty"`
	// AttackerWon says who won the last roll.
	AttackerWon bool `json:"attackerWon"`
}

// Play is a blessing card played in a fight.
type Play struct {
	Seat      int  `json:"seat"`
	Card      int  `json:"card"`
	Cancelled bool `json:"cancelled,omitempty"`
}

// State is a game of Northerners. Every field is exported for the JSON
// encoding that replays compare; read it through View, which hides hands,
// quests and the order of the bag and the decks.
type State struct {
	rules.Base          // players, names, the generator, quiet (Hush)
	Seats      []Player `json:"seats"`

	Cells        [Size * Size]Cell `json:"cells"`
	Bag          []int             `json:"bag"`
	Aside        []int             `json:"aside"` // land tiles drawn with nowhere to go
	Blessings    []int             `json:"blessings"`
	BlessDiscard []int             `json:"blessDiscard"`
	QuestDeck    []int             `json:"questDeck"`
	QuestDiscard []int             `json:"questDiscard"`
	RaidDeck     []int             `json:"raidDeck"`
	RaidDiscard  []int             `json:"raidDiscard"`
	KaupangPile  []int             `json:"kaupangPile"`
	KaupangRow   []int             `json:"kaupangRow"` // face up; -1 for an empty field
	KaupangSpent []int             `json:"kaupangSpent"`
	Loki         int               `json:"loki"`
	Ragnarok     int               `json:"ragnarok"`
	ShamanOrder  []int             `json:"shamanOrder"` // who reached the Spirit Shaman, first first

	Start  int    `json:"start"`
	Turn   int    `json:"turn"`
	Round  int    `json:"round"`
	Ending bool   `json:"ending"` // Loki reached Ragnarok: the round finishes
	Final  bool   `json:"final"`  // the last half-turns: harvests only
	Step   Step   `json:"step"`
	Fight  *Fight `json:"fight,omitempty"`
	// LastFight is the last attack that ended, for boards, until the
	// next one starts.
	LastFight *Fight `json:"lastFight,omitempty"`
	Raided    *Roll  `json:"raided,omitempty"` // the last raid roll

	Outcome *rules.Result `json:"outcome,omitempty"`
	// Checked: the quests have been checked (after every action, so from
	// the first action on). Until then a quest met from the start may lie
	// face down (opening).
	Checked bool `json:"checked,omitempty"`

	// loaded are dice faces the next rolls show before the RNG's: the
	// tests' loaded dice. Never set outside tests.
	loaded []int
}

var _ rules.State = (*State)(nil)

// Pending implements rules.State.
func (s *State) Pending() []rules.Prompt {
	if s.Step.Kind == StepOver {
		return nil
	}
	return s.Prompt(s.Step.Seat, s.prompt)
}

func (s *State) prompt() string {
	switch s.Step.Kind {
	case StepHarvest:
		if s.Final {
			return "Last harvest: resolve what you placed, one action at a time"
		}
		return "Harvest: resolve what you placed last turn, in the order you choose"
	case StepAct:
		return "Place your Jarl, workers and vikings for your next harvest, then end your turn"
	case StepExplore:
		return "Place the " + TileName(s.Step.Tile) + " you explored, joined to your roads"
	case StepBuild:
		return "Place your " + BuildingNames[s.Step.Building] + " on a land tile joined to your village"
	case StepKaupang:
		return "Kaupang: take a tile and trade, or take none"
	case StepSpirit:
		return "The gods are near: draw a blessing, draw a quest or discard a quest"
	case StepKeep:
		return "Keep one of the blessings drawn"
	case StepCombat:
		if f := s.Fight; f != nil && s.Step.Seat == f.Defender {
			return "You are attacked by " + s.Name(f.Attacker) + ": play blessings, fight or withdraw"
		}
		return "Attack: play blessings, roll or withdraw"
	case StepLose:
		return "You lost the roll: remove a worker or a viking from the tile"
	}
	return ""
}

// OnTimeout implements rules.Expiring: a defender who lets a fight's
// decision time out fights on; a loss of a figure takes a worker.
func (s *State) OnTimeout(seat rules.Seat) (rules.Action, bool) {
	if s.Outcome != nil || int(seat) != s.Step.Seat || s.Fight == nil || int(seat) != s.Fight.Defender {
		return rules.Action{}, false
	}
	switch s.Step.Kind {
	case StepCombat:
		return act(KindFight, "Fight (the time to answer ran out)"), true
	case StepLose:
		for _, a := range s.Legal(seat) {
			return a, true
		}
	}
	return rules.Action{}, false
}

var _ rules.Expiring = (*State)(nil)

// Active implements rules.Turns: the player whose turn it is.
func (s *State) Active() rules.Seat { return rules.Seat(s.Turn) }

// Result implements rules.State.
func (s *State) Result() *rules.Result { return s.Outcome }

// Clone implements rules.State: a deep copy. The piles and hands share
// one new backing array, the figures on the map another, the placements a
// third: a search clones often, and a few allocations cost less than
// dozens.
func (s *State) Clone() rules.State {
	c := *s
	c.Names = slices.Clone(s.Names)
	rng := *s.RNG
	c.RNG = &rng
	piles := [...]*[]int{&c.Bag, &c.Aside, &c.Blessings, &c.BlessDiscard, &c.QuestDeck, &c.QuestDiscard,
		&c.RaidDeck, &c.RaidDiscard, &c.KaupangPile, &c.KaupangRow, &c.KaupangSpent, &c.ShamanOrder}
	ints, placed := 0, 0
	for _, pile := range piles {
		ints += len(*pile)
	}
	for i := range s.Seats {
		pl := &s.Seats[i]
		ints += len(pl.Hand) + len(pl.Quests) + len(pl.Done) + len(pl.Offer)
		placed += len(pl.Placed)
	}
	intBuf := make([]int, 0, ints)
	for _, pile := range piles {
		*pile = carve(&intBuf, *pile)
	}
	c.Seats = slices.Clone(s.Seats)
	placedBuf := make([]Placement, 0, placed)
	for i := range c.Seats {
		pl := &c.Seats[i]
		pl.Hand, pl.Quests = carve(&intBuf, pl.Hand), carve(&intBuf, pl.Quests)
		pl.Done, pl.Offer = carve(&intBuf, pl.Done), carve(&intBuf, pl.Offer)
		pl.Placed = carve(&placedBuf, pl.Placed)
		if pl.Raid != nil {
			r := *pl.Raid
			pl.Raid = &r
		}
	}
	figures := 0
	for i := range s.Cells {
		figures += len(s.Cells[i].Figures)
	}
	figBuf := make([]Figure, 0, figures)
	for i := range c.Cells {
		c.Cells[i].Figures = carve(&figBuf, c.Cells[i].Figures)
	}
	c.Fight, c.LastFight = s.Fight.clone(), s.LastFight.clone()
	c.Raided = s.Raided.clone()
	if s.Outcome != nil {
		o := *s.Outcome
		c.Outcome = &o
	}
	return &c
}

// carve copies src onto the end of buf, which has room for it, and
// returns the copy, its capacity cut to its length so that appending to
// it moves it instead of overwriting the next copy. Nil stays nil, empty
// stays empty: the JSON encoding tells them apart.
func carve[T any](buf *[]T, src []T) []T {
	if src == nil {
		return nil
	}
	n := len(*buf)
	*buf = append(*buf, src...)
	return (*buf)[n:len(*buf):len(*buf)]
}

func (f *Fight) clone() *Fight {
	if f == nil {
		return nil
	}
	c := *f
	c.Towers, c.Cards = slices.Clone(f.Towers), slices.Clone(f.Cards)
	c.Attack, c.Defence = f.Attack.clone(), f.Defence.clone()
	return &c
}

func (r *Roll) clone() *Roll {
	if r == nil {
		return nil
	}
	c := *r
	c.Dice = slices.Clone(r.Dice)
	return &c
}

var act = rules.NewAction

// events collect what one Apply made happen, for the log (rules.Sink): a
// quiet state's (Hush) keeps nothing, and the code that words an event
// asks Loud first where the words cost something to build.
type events = rules.Sink
