package raiders

import (
	"maps"
	"slices"

	"longhall/rules"
)

// View is what one seat may see. It carries ids and numbers: a card is its
// id (KindOf, Kinds and KindText say the rest), a space its index in
// Spaces, an offering its index in Offerings.
type View struct {
	Seat      int               `json:"seat"` // the viewer, -1 for a spectator
	Players   []PlayerView      `json:"players"`
	Hand      []int             `json:"hand"`            // the viewer's own cards
	Dealt     []int             `json:"dealt,omitempty"` // set-up: the viewer's five to keep three of
	Buildings [NumBuildings]int `json:"buildings"`       // worker colour at each, -1 for none
	Spaces    []SpaceView       `json:"spaces"`
	Row       [OfferingRow]int  `json:"row"`   // face-up offerings, -1 for none
	Stack     int               `json:"stack"` // offerings left face down
	Deck      int               `json:"deck"`
	Discard   int               `json:"discard"`
	Supply    Pieces            `json:"supply"` // plunder and Valkyries beside the board
	Silver    int               `json:"silver"`
	Provs     int               `json:"provisions"`
	Start     int               `json:"start"`
	Turn      int               `json:"turn"`
	FinalLeft int               `json:"finalLeft"`
	EndCause  string            `json:"endCause,omitempty"`
	Step      Step              `json:"step"`
	// Idle: while the viewer chooses where to work, the buildings at
	// which that work would do nothing for them (idleBuildings).
	Idle   []int   `json:"idle,omitempty"`
	Raid   *Raid   `json:"raid,omitempty"`
	Scores []Score `json:"scores,omitempty"` // at the end

	// The modules: which are on, and what they put on the table.
	Heroes     bool       `json:"heroes,omitempty"`
	Fame       bool       `json:"fame,omitempty"`
	Draft      []int      `json:"draft,omitempty"`  // the viewer's draft so far: hired, passed left, passed right
	Mead       int        `json:"mead,omitempty"`   // mead in the supply
	Hall       []int      `json:"hall,omitempty"`   // the Mead Hall's face-up townsfolk, -1 for none
	Quests     [][2]int   `json:"quests,omitempty"` // [space, quest tile] for each quest on the board
	QuestStack int        `json:"questStack,omitempty"`
	RepRow     []int      `json:"repRow,omitempty"` // reputation tiles (tile ids) not yet claimed
	JarlDeck   int        `json:"jarlDeck,omitempty"`
	Encounter  *Encounter `json:"encounter,omitempty"`
	Subdued    []int      `json:"subdued,omitempty"`
}

// PlayerView is a player as everyone sees them.
type PlayerView struct {
	Silver     int   `json:"silver"`
	Provisions int   `json:"provisions"`
	Gold       int   `json:"gold"`
	Iron       int   `json:"iron"`
	Livestock  int   `json:"livestock"`
	Armour     int   `json:"armour"`
	Valkyrie   int   `json:"valkyrie"`
	Taken      int   `json:"taken,omitempty"` // Valkyries taken in raids (Ragnhildr)
	VP         int   `json:"vp"`
	Worker     int   `json:"worker"`
	Hand       int   `json:"hand"` // how many cards
	Crew       []int `json:"crew"`
	Offerings  []int `json:"offerings"`
	Keeping    bool  `json:"keeping,omitempty"` // set-up: still choosing
	Fortresses int   `json:"fortresses,omitempty"`
	Mead       int   `json:"mead,omitempty"`
	Tiles      []int `json:"tiles,omitempty"`
	Fame       int   `json:"fame,omitempty"`
	Jarls      int   `json:"jarls,omitempty"`
	// Wounds are [card, wounds] for each wounded crew member.
	Wounds [][2]int `json:"wounds,omitempty"`
	// What the player holds hidden, only in the view of everything
	// (rules.Everyone): the hand (sorted), the cards dealt to keep and
	// those chosen in the draft, as their own view shows them.
	Cards   []int `json:"cards,omitempty"`
	Dealt   []int `json:"dealt,omitempty"`
	Drafted []int `json:"drafted,omitempty"`
}

// SpaceView is a raid space now: its pieces by plunder kind and the
// colour of the worker on it.
type SpaceView struct {
	Plunder Pieces `json:"p"`
	Worker  int    `json:"w"`
}

// View implements rules.State.
func (s *State) View(seat rules.Seat) any { return s.view(int(seat)) }

func (s *State) view(seat int) *View {
	v := &View{
		Seat: seat, Buildings: s.Buildings, Row: s.Row, Stack: len(s.Offering), Deck: len(s.Deck), Discard: len(s.Discard),
		Supply: s.Supply, Silver: s.Silver, Provs: s.Provisions, Start: s.Start, Turn: s.Turn, FinalLeft: s.FinalLeft, EndCause: s.EndCause,
		Step: s.Step, Hand: []int{},
		Heroes: s.Heroes, Fame: s.Fame, Mead: s.Mead, Hall: slices.Clone(s.Hall), QuestStack: len(s.QuestStack),
		RepRow: slices.Clone(s.RepRow), JarlDeck: len(s.JarlDeck), Subdued: slices.Clone(s.Subdued),
	}
	for i, q := range s.SpaceQuest {
		if q >= 0 {
			v.Quests = append(v.Quests, [2]int{i, q})
		}
	}
	if s.Encounter != nil {
		e := *s.Encounter
		e.Jarls, e.Choice = slices.Clone(e.Jarls), slices.Clone(e.Choice)
		v.Encounter = &e
	}
	v.Step.Queue = slices.Clone(s.Step.Queue)
	if !s.SeatOK(seat) {
		v.Seat = -1
	}
	for p := range s.Seats {
		pl := &s.Seats[p]
		v.Players = append(v.Players, PlayerView{Silver: pl.Silver, Provisions: pl.Provisions, Gold: pl.Gold, Iron: pl.Iron, Livestock: pl.Livestock,
			Armour: pl.Armour, Valkyrie: pl.Valkyrie, Taken: pl.Taken, VP: pl.VP, Worker: pl.Worker, Hand: len(pl.Hand),
			Crew: slices.Clone(pl.Crew), Offerings: slices.Clone(pl.Offerings), Keeping: len(pl.Dealt) > 0,
			Fortresses: pl.Fortresses, Mead: pl.Mead, Tiles: slices.Clone(pl.Tiles), Fame: pl.Fame, Jarls: pl.Jarls})
		pv := &v.Players[len(v.Players)-1]
		for _, c := range slices.Sorted(maps.Keys(pl.Wounds)) {
			pv.Wounds = append(pv.Wounds, [2]int{c, pl.Wounds[c]})
		}
		if seat == int(rules.Everyone) {
			pv.Cards, pv.Dealt, pv.Drafted = slices.Sorted(slices.Values(pl.Hand)), slices.Clone(pl.Dealt), slices.Clone(pl.Draft)
		}
		if p == v.Seat {
			v.Hand = slices.Sorted(slices.Values(pl.Hand))
			v.Dealt = slices.Clone(pl.Dealt)
			v.Draft = slices.Clone(pl.Draft)
		}
	}
	if v.Seat >= 0 && v.Seat == s.Step.Seat {
		v.Idle = s.idleBuildings(v.Seat)
	}
	for i := range s.Plunder {
		v.Spaces = append(v.Spaces, SpaceView{Plunder: s.Plunder[i], Worker: s.SpaceWorkers[i]})
	}
	if s.Raid != nil {
		r := *s.Raid
		r.Dice, r.Terms = slices.Clone(r.Dice), slices.Clone(r.Terms)
		v.Raid = &r
	}
	if s.Outcome != nil {
		for p := range s.Seats {
			v.Scores = append(v.Scores, s.FinalScore(p))
		}
	}
	return v
}
