package vikings

import (
	"slices"

	"longhall/rules"
)

// View is what one seat may see. It carries ids and numbers: a card is
// its id (KindOf, WindOf, DaughterColour and Kinds say the rest), a space
// its index in Spaces.
type View struct {
	Seat       int          `json:"seat"` // the viewer, -1 for a spectator
	Players    []PlayerView `json:"players"`
	Hand       []int        `json:"hand"` // the viewer's own cards
	Deck       int          `json:"deck"`
	Discard    int          `json:"discard"`
	DiscardTop int          `json:"discardTop"` // the discard pile's top card, -1 for none
	Daughters  [Colours]int `json:"daughters"`  // daughters left in each colour's pile
	Monster    int          `json:"monster"`
	Reshuffles int          `json:"reshuffles"`
	Turn       int          `json:"turn"`
	Standard   bool         `json:"standard"`
	HeroOpen   bool         `json:"heroOpen"`
	Stack      []Entry      `json:"stack,omitempty"`
	Resolve    int          `json:"resolve"`
	Responders []int        `json:"responders,omitempty"`
	Step       Step         `json:"step"`
	Roll       *Roll        `json:"roll,omitempty"`
	Seasick    []int        `json:"seasick,omitempty"`
}

// PlayerView is a player as everyone sees them.
type PlayerView struct {
	Colour int   `json:"colour"`
	Ship   int   `json:"ship"`
	Hand   int   `json:"hand"` // how many cards
	Crew   []int `json:"crew"`
	Used   []int `json:"used,omitempty"`
	Camp   []int `json:"camp"`
	Cards  []int `json:"cards,omitempty"` // the hand, sorted, in the view of everything (rules.Everyone) only
}

// View implements rules.State.
func (s *State) View(seat rules.Seat) any { return s.view(int(seat)) }

func (s *State) view(seat int) *View {
	v := &View{
		Seat: seat, Hand: []int{}, Deck: len(s.Deck), Discard: len(s.Discard), DiscardTop: -1, Monster: s.Monster,
		Reshuffles: s.Reshuffles, Turn: s.Turn, Standard: s.Standard, HeroOpen: s.HeroOpen, Resolve: s.Resolve,
		Responders: slices.Clone(s.Responders), Step: s.Step, Seasick: slices.Clone(s.Seasick),
	}
	if !s.SeatOK(seat) {
		v.Seat = -1
	}
	if n := len(s.Discard); n > 0 {
		v.DiscardTop = s.Discard[n-1]
	}
	for k := range s.Daughters {
		v.Daughters[k] = len(s.Daughters[k])
	}
	for p := range s.Seats {
		pl := &s.Seats[p]
		v.Players = append(v.Players, PlayerView{Colour: pl.Colour, Ship: pl.Ship, Hand: len(pl.Hand),
			Crew: slices.Clone(pl.Crew), Used: slices.Clone(pl.Used), Camp: slices.Clone(pl.Camp)})
		if p == v.Seat {
			v.Hand = slices.Sorted(slices.Values(pl.Hand))
		}
		if seat == int(rules.Everyone) {
			v.Players[p].Cards = slices.Sorted(slices.Values(pl.Hand))
		}
	}
	for _, e := range s.Stack {
		e.Args = slices.Clone(e.Args)
		v.Stack = append(v.Stack, e)
	}
	if s.Roll != nil {
		r := *s.Roll
		v.Roll = &r
	}
	return v
}
