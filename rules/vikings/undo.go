package vikings

import (
	"slices"

	"longhall/rules"
)

// Undo (rules.Undoable). What the table hides is each player's hand and
// the order of the deck (GAME PREPARATION: "a face-down deck", "Players
// do not reveal their hands"); everything else (longships, crews, war
// camps, the daughters' face-up piles, the stack, the discards) is in
// plain sight. So a decision may be taken back unless it, or what the
// game does at once because of it, moves a card out of a hand (played
// face up, put in the crew, discarded, stolen), draws from the deck, or
// rolls the die. The generator and secrets told to other seats are
// checked again by rules.Reversibly whatever this file says, and the
// runtime takes nothing back across another seat's decision.

var _ rules.Undoable = (*State)(nil)

// Rand, the state's generator as it stands, is rules.Base's.

// Reveals implements rules.Undoable: whether seat's action a, about to be
// applied, shows anyone something hidden from them until now.
func (s *State) Reveals(seat rules.Seat, a rules.Action) bool {
	p := int(seat)
	if s.Outcome != nil || !s.SeatOK(p) || s.Step.Seat != p {
		return true // not this seat's decision: Apply refuses it
	}
	switch a.Kind {
	case KindHero:
		// A PLAYER'S TURN, "play 1 hero card from their hand, placing it
		// face up": the card comes out of the hidden hand. (A crew member
		// thrown overboard to make room was in plain sight.)
		return true
	case KindSail, KindEvent:
		// CARDS and MOVEMENT, Sailing: a wind card, or an event for its
		// wind or its effect, is put face up on the stack from the hand;
		// reactions and responses too ("Play an event card from their
		// hand").
		return true
	case KindDiscard:
		// END OF TURN ("discard until they have 6 cards") and STANDARD
		// ACTIONS, Sacrifice ("discards pairs of cards ... draws one new
		// action card for each pair"): the card leaves the hand face up on
		// the discard pile, and every second one draws from the deck.
		return true
	case KindAttack, KindLoot, KindFeast, KindSacrifice:
		// STANDARD ACTIONS: the player only announces the action, which
		// "awaits possible reactions by all other players"; its die roll
		// or draw comes when the stack resolves, after every player, the
		// one announcing included, has passed. Announcing shows nothing,
		// and is legal or not by what everyone sees (the longships, the
		// crew, the number of cards).
		return false
	case KindUse:
		// CARDS, Hero cards ("rotate the card"): the hero is already face
		// up in the crew. The Helmsman's move and the Skald's modifier are
		// public; the Seeress's card is drawn only when the stack resolves,
		// after the reaction round.
		return false
	case KindPass:
		if s.lastPass() {
			// A PLAYER'S TURN: "After all players pass in a row ... the
			// effects of each action card ... are applied". The last pass,
			// that of the player who played last once every other player
			// has passed, resolves the stack: final when that draws (Ravens
			// of Odin, the Seeress, a feast, an attack won), rolls the die
			// (an attack, the sea monster) or takes a random card (Thief in
			// the Night, an attack).
			return s.followsReveal(seat, a)
		}
		// A pass while others, or the player who played last, may still
		// react, or no response after the active player's action: nothing
		// moves.
		return false
	case KindRow, KindEnd:
		// MOVEMENT, Rowing ("always ends the player's turn") and END OF
		// TURN: the move is public, but the next player's turn begins with
		// "draws 2 cards" (not on their first turn, and not once the hand
		// must first come down to 6).
		return s.followsReveal(seat, a)
	case KindTake:
		// STANDARD ACTIONS, Attack, decisive victory: "takes one crew
		// member card" from a crew in plain sight; keeping it or throwing
		// it overboard is the next decision.
		return false
	case KindKeep, KindOverboard, KindPush, KindMonster, KindStop:
		// Choices inside an effect among public things: keeping the crew
		// member taken or throwing it overboard, which crew member goes
		// overboard (CARDS, Hero cards; Mutiny), where the loser's
		// longship goes (Attack) or the sea monster (Attack the sea
		// monster), ending a sacrifice. The rest of the stack then
		// resolves: final when that draws, rolls or steals.
		return s.followsReveal(seat, a)
	}
	return true
}

// followsReveal applies seat's action a to a copy and reports whether what
// the game did, the action and all that followed at once before the next
// decision, drew from the deck, moved a card into or out of a hand, or
// rolled the die.
func (s *State) followsReveal(seat rules.Seat, a rules.Action) bool {
	c := s.Hush().(*State) // the words are not needed
	if _, err := c.Apply(seat, a); err != nil {
		return true // Apply refuses it anyway
	}
	if *c.RNG != *s.RNG || len(c.Deck) != len(s.Deck) || c.Reshuffles != s.Reshuffles {
		return true
	}
	for p := range s.Seats {
		if !slices.Equal(c.Seats[p].Hand, s.Seats[p].Hand) {
			return true
		}
	}
	return false
}
