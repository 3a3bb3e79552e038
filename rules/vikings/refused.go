package vikings

import (
	"slices"

	"longhall/rules"
)

// Refused says why the cards in the seat's hand that it cannot play now
// are closed to it, and why a standard action its longship's space would
// offer is (rules.Explainer): a card that does nothing on a click reads as
// a fault of the table. The reasons name only what the seat sees: its own
// hand, the sea, the stack, the crews.
func (s *State) Refused(seat rules.Seat) []rules.Refusal {
	p := int(seat)
	if s.Outcome != nil || !s.SeatOK(p) || s.Step.Seat != p {
		return nil
	}
	step := s.Step.Kind
	if step != StepAct && step != StepReact && step != StepRespond {
		return nil
	}
	// An event may sail for its wind and still be closed for its effect:
	// what is refused is the card played its own way.
	playable := map[[2]string]bool{}
	for _, a := range s.Legal(seat) {
		if len(a.Args) > 0 {
			playable[[2]string{a.Kind, CardName(a.Args[0])}] = true
		}
	}
	var out []rules.Refusal
	for _, c := range distinct(nil, s.Seats[p].Hand) {
		if playable[[2]string{cardKind(c), CardName(c)}] {
			continue
		}
		if why := s.cardWhy(p, c); why != "" {
			out = append(out, rules.Refusal{Action: act(cardKind(c), "Play "+CardName(c), c), Why: why})
		}
	}
	if step == StepAct {
		out = append(out, s.standardRefused(p)...)
	}
	return out
}

// cardKind is the kind of action a card is played with: a hero joins the
// crew, an event is played for its effect, a wind card sails.
func cardKind(c int) string {
	switch TypeOf(c) {
	case Hero:
		return KindHero
	case Event:
		return KindEvent
	}
	return KindSail
}

// cardWhy is why p cannot play card c now, at the step the game is at.
func (s *State) cardWhy(p, c int) string {
	k := KindOf(c)
	active := s.Step.Kind == StepAct
	switch {
	case TypeOf(c) == Hero:
		if active {
			return "a hero joins your crew only at the start of your turn, before any other action"
		}
		return "a hero joins your crew only at the start of your own turn"
	case TypeOf(c) == Wind:
		if !active {
			return "wind cards are played in your own turn"
		}
		return s.sailWhy(p, c)
	case Kinds[k].Reaction:
		if s.Step.Kind != StepReact {
			return reactionWhen[k]
		}
		return reactionWhen[k] + ", which this is not"
	case s.Step.Kind == StepReact:
		return "only a reaction answers an action as it is announced"
	}
	// An event for its effect, in the player's turn or in answer to an
	// action: its target is missing.
	if why := eventWhy[k]; why != "" {
		return why
	}
	return ""
}

// reactionWhen says when each reaction may be played.
var reactionWhen = map[int]string{
	Loki:       "a reaction: it cancels an action card or a standard action as it is announced",
	Thor:       "a reaction: it changes the die roll of an attack or of the sea monster",
	Calm:       "a reaction: it cancels a wind card as it is played",
	ShieldWall: "a reaction: it cancels an attack on your own longship",
	Seasick:    "a reaction: it answers another player's feast",
}

// eventWhy is why an event has nothing to play on now; the legal list
// offers it whenever it has.
var eventWhy = map[int]string{
	Mutiny:  "no other player has a crew member to throw overboard",
	Command: "no other longship can be moved one space",
	Current: "your longship cannot be moved one space from here",
	Stirs:   "every space the sea monster could go to has a longship on it",
	Ravens:  "the deck and the discard pile are empty",
	Thief:   "no other player holds a card",
}

// sailWhy is why p's wind card c cannot sail: its wind leads off the sea,
// or onto the sea monster once the turn's standard action is spent.
func (s *State) sailWhy(p, c int) string {
	ship := s.Seats[p].Ship
	w := WindOf(c)
	for d := range 4 {
		if w != AnyWind && w != d {
			continue
		}
		if j := Neighbour(ship, d); j >= 0 && j == s.Monster && s.Standard {
			return "sailing onto the sea monster attacks it, and you have taken your standard action this turn"
		}
	}
	if w == AnyWind {
		return "your longship can sail no way from " + SpaceName(ship)
	}
	return "your longship cannot sail " + DirNames[w] + " from " + SpaceName(ship)
}

// standardRefused explains the standard actions p's space would offer
// that are closed: the turn's one is spent, or the village or feast is
// not open to p.
func (s *State) standardRefused(p int) []rules.Refusal {
	pl := &s.Seats[p]
	sp := Spaces[pl.Ship]
	var out []rules.Refusal
	refuse := func(a rules.Action, why string) { out = append(out, rules.Refusal{Action: a, Why: why}) }
	loot := act(KindLoot, "Loot the village")
	if sp.Kind == Village {
		loot = act(KindLoot, "Loot the "+ColourNames[sp.Colour]+" village")
	}
	switch {
	case sp.Kind != Village:
	case sp.Colour == pl.Colour:
		refuse(loot, "a longship loots only villages of other colours than its own")
	case s.Standard:
		refuse(loot, "you have taken your standard action this turn")
	case len(s.Daughters[sp.Colour]) == 0:
		refuse(loot, "no "+ColourNames[sp.Colour]+" thane's daughter is left")
	case s.hasColour(p, sp.Colour):
		refuse(loot, "you already hold a "+ColourNames[sp.Colour]+" thane's daughter")
	}
	if pl.Ship == HarbourOf[pl.Colour] && slices.ContainsFunc(pl.Crew, IsDaughter) && s.Standard {
		refuse(act(KindFeast, "Host a feast"), "you have taken your standard action this turn")
	}
	return out
}
