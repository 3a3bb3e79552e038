package rednorth

import (
	"slices"
	"strconv"

	"longhall/rules"
	rn "longhall/rules/rednorth"
)

// colours lists the faction colours in the rules' order; a Jarl's colour,
// "none", sorts after them.
var colours = [...]string{"green", "red", "yellow", "blue", "purple"}

func colourRank(c string) int {
	for i, n := range colours {
		if n == c {
			return i
		}
	}
	return len(colours)
}

func kindRank(k string) int {
	switch k {
	case "hero":
		return 0
	case "raider":
		return 1
	}
	return 2
}

// sortedHand orders a hand by colour (Jarls last), Heroes before Raiders,
// then by card id, without changing the view's slice.
func sortedHand(hand []rn.CardView) []rn.CardView {
	out := slices.Clone(hand)
	key := func(c rn.CardView) int { return (colourRank(c.Colour)*3+kindRank(c.Kind))*1000 + c.ID }
	// An insertion sort: a hand is short, and the slices package's sorts
	// would add their code to the wasm for this one use.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && key(out[j]) < key(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// choices sorts the legal actions by the control a player uses to take
// them. Every legal action lands in exactly one place; what has no natural
// control on the table becomes a labelled button.
type choices struct {
	hand    map[int]rules.Action    // hand card id: deploy, or Reinforce's add
	party   map[int][]rules.Action  // own Party position: withdraw, reinforce, inspire, promote, loki
	slots   map[int]rules.Action    // insertion index in the own Party: end (0 or len) or Hel's insert
	groups  map[int]rules.Action    // Muster Group index: pass and take it
	foes    map[[2]int]rules.Action // [seat, position] of an opponent's face-down card: Saga
	discard []rules.Action          // Sax's salvage or Hel's take, each naming a discard card
	buttons []rules.Action          // the rest, as buttons with their labels
}

func (c *choices) any() bool {
	return len(c.hand)+len(c.party)+len(c.slots)+len(c.groups)+len(c.foes)+len(c.discard)+len(c.buttons) > 0
}

// sortChoices places each legal action on a control of the table v shows.
func sortChoices(v *rn.View, legal []rules.Action) choices {
	c := choices{
		hand: map[int]rules.Action{}, party: map[int][]rules.Action{}, slots: map[int]rules.Action{},
		groups: map[int]rules.Action{}, foes: map[[2]int]rules.Action{},
	}
	mine := ownParty(v)
	for _, a := range legal {
		if !c.place(v, mine, a) {
			c.buttons = append(c.buttons, a)
		}
	}
	return c
}

// place puts a on its natural control and reports whether it found one.
func (c *choices) place(v *rn.View, mine []rn.PartyCardView, a rules.Action) bool {
	one := len(a.Args) == 1
	arg := -1
	if one {
		arg = a.Args[0]
	}
	switch a.Kind {
	case rn.KindDeploy, rn.KindAdd:
		if !one || !slices.ContainsFunc(v.Hand, func(cv rn.CardView) bool { return cv.ID == arg }) {
			return false
		}
		if _, dup := c.hand[arg]; dup {
			return false
		}
		c.hand[arg] = a
	case rn.KindWithdraw, rn.KindReinforce, rn.KindInspire, rn.KindPromote, rn.KindLoki:
		if !one || arg < 0 || arg >= len(mine) {
			return false
		}
		c.party[arg] = append(c.party[arg], a)
	case rn.KindEnd:
		at := map[int]int{rn.Left: 0, rn.Right: len(mine)}
		i, ok := at[arg]
		if !one || !ok || (arg == rn.Right && len(mine) == 0) {
			// With an empty Party both ends are one place: buttons say which.
			return false
		}
		return c.slot(i, a)
	case rn.KindInsert:
		if !one || arg < 0 || arg > len(mine) {
			return false
		}
		return c.slot(arg, a)
	case rn.KindPass:
		if !one || arg < 0 || arg >= len(v.Groups) {
			return false
		}
		c.groups[arg] = a
	case rn.KindSaga:
		if len(a.Args) != 2 || !facedown(v, a.Args[0], a.Args[1]) || a.Args[0] == v.Seat {
			return false
		}
		c.foes[[2]int{a.Args[0], a.Args[1]}] = a
	case rn.KindSalvage, rn.KindHel:
		if !one || !slices.ContainsFunc(v.Discard, func(cv rn.CardView) bool { return cv.ID == arg }) {
			return false
		}
		c.discard = append(c.discard, a)
	default:
		return false
	}
	return true
}

func (c *choices) slot(i int, a rules.Action) bool {
	if _, dup := c.slots[i]; dup {
		return false
	}
	c.slots[i] = a
	return true
}

// ownParty is the viewer's Raiding Party (nil for a spectator).
func ownParty(v *rn.View) []rn.PartyCardView {
	if s := seatView(v, v.Seat); s != nil {
		return s.Party
	}
	return nil
}

func seatView(v *rn.View, seat int) *rn.SeatView {
	for i := range v.Seats {
		if v.Seats[i].Seat == seat {
			return &v.Seats[i]
		}
	}
	return nil
}

func facedown(v *rn.View, seat, pos int) bool {
	s := seatView(v, seat)
	return s != nil && pos >= 0 && pos < len(s.Party) && !s.Party[pos].FaceUp
}

// findCard finds a card's face by id in a list of faces.
func findCard(list []rn.CardView, id int) (rn.CardView, bool) {
	for _, c := range list {
		if c.ID == id {
			return c, true
		}
	}
	return rn.CardView{}, false
}

// outcomeText says in words what happened to one colour in Resolution.
// It has no verb to agree with the name: a player may be called "You".
func outcomeText(cr rn.ColourReport, name func(int) string) string {
	switch cr.Outcome {
	case rn.OutcomeWon:
		return "Won by " + name(cr.Winner)
	case rn.OutcomeRetained:
		return "Kept by " + name(cr.Winner)
	case rn.OutcomeTieBreaker:
		return "Tied: won by " + name(cr.Winner) + " with the Tie Breaker"
	case rn.OutcomeTied:
		return "Tied, and no Tie Breaker among them: uncontrolled"
	case rn.OutcomeUnraided:
		return "Not raided: uncontrolled"
	}
	if cr.Winner >= 0 {
		return "Held by " + name(cr.Winner)
	}
	return "Uncontrolled"
}

// phaseName is a phase as the book calls it.
func phaseName(phase string) string {
	switch phase {
	case rn.PhaseDeploy:
		return "Deployment"
	case rn.PhasePowers:
		return "Outpost powers"
	case rn.PhaseActions:
		return "Player actions"
	case rn.PhaseOver:
		return "Game over"
	}
	return phase
}

// trayText is the short wording of an action on a selected Party card.
func trayText(a rules.Action, glory int) string {
	switch a.Kind {
	case rn.KindWithdraw:
		return "Withdraw to your hand"
	case rn.KindReinforce:
		return "Reinforce: turn face-up, then add a card"
	case rn.KindInspire:
		return "Inspire: +1 Glory here (" + strconv.Itoa(glory) + " left)"
	case rn.KindPromote:
		return "Promote: Champion on this Jarl"
	case rn.KindLoki:
		return "Loki: Glory on this card"
	}
	return a.String()
}
