package rednorth

import (
	"slices"

	"longhall/rules"
)

// View is what one seat sees of the table: everything public, plus that
// seat's own hand and face-down cards. A face-down card of another seat is
// a back (Card is nil); the deck is a count.
type View struct {
	Seat         int    `json:"seat"` // the viewer, -1 for a spectator
	Players      int    `json:"players"`
	Round        int    `json:"round"`
	RoundName    string `json:"roundName"`
	VPPerOutpost int    `json:"vpPerOutpost"`
	Phase        string `json:"phase"`
	// Step is the multi-step choice in progress, if any.
	Step *StepView `json:"step,omitempty"`
	// Turn is whose action it is in Player Actions, -1 otherwise.
	Turn int `json:"turn"`
	// Pending lists the seats that must decide now.
	Pending     []int `json:"pending"`
	FirstPlayer int   `json:"firstPlayer"`
	TieBreaker  int   `json:"tieBreaker"` // -1: nobody yet
	Champion    int   `json:"champion"`   // -1: nobody yet

	Outposts []OutpostView `json:"outposts"`
	Groups   []GroupView   `json:"groups"`
	Seats    []SeatView    `json:"seats"`
	// Hand is the viewer's own hand (nil for a spectator).
	Hand      []CardView `json:"hand"`
	Discard   []CardView `json:"discard"`
	DeckCount int        `json:"deckCount"`
	// SetAside is the Hero of the unclaimed Spring Muster Group (Thor takes it).
	SetAside []CardView `json:"setAside"`
	// GodsUsed are Gods invoked or left unclaimed, face-up.
	GodsUsed []GodView `json:"godsUsed"`
	// GodsHidden counts the Gods still face-down or removed unseen.
	GodsHidden int `json:"godsHidden"`

	// Report is the last Resolution, step by step.
	Report *Report       `json:"report,omitempty"`
	Result *rules.Result `json:"result,omitempty"`
}

// CardView is a card's face.
type CardView struct {
	ID     int    `json:"id"`
	Kind   string `json:"kind"`   // "raider", "hero" or "jarl"
	Colour string `json:"colour"` // "none" for a Jarl
	Points int    `json:"points"` // raid points printed on it (a Jarl's +1 aside)
	Name   string `json:"name"`   // "red Raider"
}

// GodView is a God card's face.
type GodView struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Power string `json:"power"`
}

// PartyCardView is a card in a Raiding Party. Card is nil for a face-down
// card of someone else; the owner sees it with HiddenToOthers set.
type PartyCardView struct {
	Card           *CardView `json:"card,omitempty"`
	FaceUp         bool      `json:"faceUp"`
	HiddenToOthers bool      `json:"hiddenToOthers,omitempty"`
	Glory          int       `json:"glory,omitempty"`
	Champion       bool      `json:"champion,omitempty"`
}

// OutpostView is an Outpost tile in play.
type OutpostView struct {
	Colour string `json:"colour"`
	Name   string `json:"name"`
	Power  string `json:"power"`
	Points int    `json:"points"` // printed raid points
	Owner  int    `json:"owner"`  // -1 for uncontrolled
}

// GroupView is a Muster Group, all face-up.
type GroupView struct {
	Index int        `json:"index"` // the argument of KindPass
	N     int        `json:"n"`     // the group's number as dealt, as the log names it
	Hero  *CardView  `json:"hero,omitempty"`
	God   *GodView   `json:"god,omitempty"`
	Cards []CardView `json:"cards"`
}

// SeatView is one seat's public side, and the viewer's own Party in full.
type SeatView struct {
	Seat      int             `json:"seat"`
	VP        int             `json:"vp"`
	Glory     int             `json:"glory"`
	HandCount int             `json:"handCount"`
	God       *GodView        `json:"god,omitempty"` // the God in front of the player
	Invoked   bool            `json:"invoked"`
	Passed    bool            `json:"passed"`
	Deploying bool            `json:"deploying"` // still choosing cards to deploy
	Outposts  []string        `json:"outposts"`  // colours controlled
	Party     []PartyCardView `json:"party"`
	// Hand is the player's hand, only in the view of everything
	// (rules.Everyone), which also shows every face-down Party card and
	// the card Freya drew.
	Hand []CardView `json:"hand,omitempty"`
}

// StepView is a choice in progress. Card is the card being placed, shown
// unless it is Freya's face-down card and the viewer is someone else.
type StepView struct {
	Kind    string    `json:"kind"`
	Seat    int       `json:"seat"`
	Prompt  string    `json:"prompt"`
	Card    *CardView `json:"card,omitempty"`
	Left    int       `json:"left,omitempty"`    // Loki tokens still to place
	Targets []int     `json:"targets,omitempty"` // Saga's opponents still to choose
}

func cardView(id int) CardView {
	return CardView{ID: id, Kind: kindOf(id).String(), Colour: colourOf(id).String(), Points: basePoints(id), Name: cardName(id)}
}

func cardViews(ids []int) []CardView {
	out := make([]CardView, len(ids))
	for i, id := range ids {
		out[i] = cardView(id)
	}
	return out
}

func godView(g int) *GodView {
	return &GodView{ID: g, Name: God(g).String(), Power: godPowers[g]}
}

// partyView shows a Party; owner says whether the viewer may see its
// face-down cards.
func partyView(party []PartyCard, owner bool) []PartyCardView {
	out := make([]PartyCardView, len(party))
	faces := make([]CardView, len(party)) // one allocation for the cards shown
	for i, pc := range party {
		v := PartyCardView{FaceUp: pc.FaceUp, Glory: pc.Glory, Champion: pc.Champion}
		if pc.FaceUp || owner {
			faces[i] = cardView(pc.Card)
			v.Card = &faces[i]
			v.HiddenToOthers = !pc.FaceUp
		}
		out[i] = v
	}
	return out
}

// View implements rules.State.
func (s *State) View(seat rules.Seat) any { return s.view(int(seat)) }

func (s *State) view(me int) View {
	all := me == int(rules.Everyone)
	if !s.SeatOK(me) {
		me = int(rules.Spectator)
	}
	v := View{
		Seat: me, Players: s.Players, Round: s.Round, RoundName: roundName(s.Round), VPPerOutpost: s.Round,
		Phase: s.Phase, Turn: s.Turn, Pending: []int{},
		FirstPlayer: s.FirstPlayer, TieBreaker: s.TieBreaker, Champion: s.Champion,
		Discard: cardViews(s.Discard), DeckCount: len(s.Deck), SetAside: cardViews(s.SetAside),
		GodsUsed: []GodView{}, GodsHidden: len(s.GodPile) + len(s.GodsRemoved),
		Groups: []GroupView{}, Result: s.Result(),
	}
	for _, pr := range s.Pending() {
		v.Pending = append(v.Pending, int(pr.Seat))
	}
	if s.Step != nil {
		st := &StepView{Kind: s.Step.Kind, Seat: s.Step.Seat, Prompt: stepPrompt(s.Step), Left: s.Step.Left, Targets: slices.Clone(s.Step.Targets)}
		if s.Step.Card >= 0 && (s.Step.Kind != StepFreyaEnd || s.Step.Seat == me || all) {
			c := cardView(s.Step.Card)
			st.Card = &c
		}
		v.Step = st
	}
	for _, c := range s.InPlay {
		v.Outposts = append(v.Outposts, OutpostView{Colour: c.String(), Name: outpostInfos[c].Name, Power: outpostInfos[c].Power, Points: OutpostRaidPoints, Owner: s.Owner[c]})
	}
	for i, g := range s.Groups {
		gv := GroupView{Index: i, N: g.N, Cards: cardViews(g.Cards)}
		if g.Hero >= 0 {
			h := cardView(g.Hero)
			gv.Hero = &h
		}
		if g.God >= 0 {
			gv.God = godView(g.God)
		}
		v.Groups = append(v.Groups, gv)
	}
	for _, g := range s.GodsUsed {
		v.GodsUsed = append(v.GodsUsed, *godView(g))
	}
	for p, pl := range s.Seats {
		sv := SeatView{
			Seat: p, VP: pl.VP, Glory: pl.Glory, HandCount: len(pl.Hand), Invoked: pl.Invoked,
			Passed: pl.Passed, Deploying: s.deploying(p), Outposts: []string{}, Party: partyView(pl.Party, p == me || all),
		}
		if all {
			sv.Hand = cardViews(pl.Hand)
		}
		if pl.God >= 0 {
			sv.God = godView(pl.God)
		}
		for _, c := range s.InPlay {
			if s.Owner[c] == p {
				sv.Outposts = append(sv.Outposts, c.String())
			}
		}
		v.Seats = append(v.Seats, sv)
	}
	if me >= 0 {
		v.Hand = cardViews(s.Seats[me].Hand)
	}
	if s.Report != nil {
		v.Report = s.Report.clone()
	}
	return v
}

// ColourTotal is a Party's raid points in one colour of the Outposts in
// play, as the viewer can count them now.
type ColourTotal struct {
	Colour string `json:"colour"`
	Points int    `json:"points"` // cards, Jarls, Glory and the Outpost held
	Fought bool   `json:"fought"` // a Raider or Hero of this colour is in the Party
}

// RaidTotals counts a seat's Raiding Party per Outpost colour the way
// Resolution will (book, Resolution B), from what the viewer sees: every
// card whose face it knows counts, a face-down card of someone else does
// not (for the owner that is the whole Party). A held Outpost adds its
// raid point.
func (v *View) RaidTotals(seat int) []ColourTotal {
	var sv *SeatView
	for i := range v.Seats {
		if v.Seats[i].Seat == seat {
			sv = &v.Seats[i]
		}
	}
	if sv == nil {
		return nil
	}
	faces := make([]face, len(sv.Party))
	for i, pc := range sv.Party {
		if pc.Card == nil {
			continue // face-down and someone else's: not counted
		}
		c, _ := parseColour(pc.Card.Colour)
		faces[i] = face{known: true, jarl: pc.Card.Kind == "jarl", colour: c,
			points: pc.Card.Points, glory: pc.Glory, champion: pc.Champion}
	}
	pts, fought := tally(faces)
	for _, o := range sv.Outposts {
		if c, ok := parseColour(o); ok {
			pts[c] += OutpostRaidPoints
		}
	}
	out := make([]ColourTotal, 0, len(v.Outposts))
	for _, o := range v.Outposts {
		c, _ := parseColour(o.Colour)
		out = append(out, ColourTotal{Colour: o.Colour, Points: pts[c], Fought: fought[c]})
	}
	return out
}
