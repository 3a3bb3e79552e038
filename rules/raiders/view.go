package raiders

import (
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
	Supply    [4]int            `json:"supply"` // plunder and Valkyries beside the board
	Silver    int               `json:"silver"`
	Provs     int               `json:"provisions"`
	Start     int               `json:"start"`
	Turn      int               `json:"turn"`
	FinalLeft int               `json:"finalLeft"`
	EndCause  string            `json:"endCause,omitempty"`
	Step      Step              `json:"step"`
	Raid      *Raid             `json:"raid,omitempty"`
	Scores    []Score           `json:"scores,omitempty"` // at the end
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
	VP         int   `json:"vp"`
	Worker     int   `json:"worker"`
	Hand       int   `json:"hand"` // how many cards
	Crew       []int `json:"crew"`
	Offerings  []int `json:"offerings"`
	Keeping    bool  `json:"keeping,omitempty"` // set-up: still choosing
}

// SpaceView is a raid space now: its pieces by plunder kind and the
// colour of the worker on it.
type SpaceView struct {
	Plunder [4]int `json:"p"`
	Worker  int    `json:"w"`
}

// View implements rules.State.
func (s *State) View(seat rules.Seat) any { return s.view(int(seat)) }

func (s *State) view(seat int) *View {
	v := &View{
		Seat: seat, Buildings: s.Buildings, Row: s.Row, Stack: len(s.Offering), Deck: len(s.Deck), Discard: len(s.Discard),
		Supply: s.Supply, Silver: s.Silver, Provs: s.Provisions, Start: s.Start, Turn: s.Turn, FinalLeft: s.FinalLeft, EndCause: s.EndCause,
		Step: s.Step, Hand: []int{},
	}
	v.Step.Queue = slices.Clone(s.Step.Queue)
	if !s.seatOK(seat) {
		v.Seat = -1
	}
	for p := range s.Seats {
		pl := &s.Seats[p]
		v.Players = append(v.Players, PlayerView{Silver: pl.Silver, Provisions: pl.Provisions, Gold: pl.Gold, Iron: pl.Iron, Livestock: pl.Livestock,
			Armour: pl.Armour, Valkyrie: pl.Valkyrie, VP: pl.VP, Worker: pl.Worker, Hand: len(pl.Hand),
			Crew: slices.Clone(pl.Crew), Offerings: slices.Clone(pl.Offerings), Keeping: len(pl.Dealt) > 0})
		if p == v.Seat {
			v.Hand = slices.Sorted(slices.Values(pl.Hand))
			v.Dealt = slices.Clone(pl.Dealt)
		}
	}
	for i := range Spaces {
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
