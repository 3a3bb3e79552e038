package rednorth

import (
	"slices"

	"longhall/rules"
)

// Undo (rules.Undoable). A seat may take back a decision that shows nobody
// anything hidden from them: moving its own cards without turning any
// face-up, spending tokens, answering a choice among public things (the
// discard pile, the Muster Groups, the Outposts' powers). What turns a
// face-down card up, shows a hand card, draws from the deck, names a hidden
// card or tells something of one is final, and so is the last pass of a
// round when its Resolution shows anything. The generator and secrets told
// to others are checked by rules.Reversibly whatever this file says.

var _ rules.Undoable = (*State)(nil)

// Rand, the state's generator as it stands, is rules.Base's.

// Reveals implements rules.Undoable: whether seat's action a, about to be
// applied, shows anyone something hidden from them until now.
func (s *State) Reveals(seat rules.Seat, a rules.Action) bool {
	p := int(seat)
	if !s.SeatOK(p) {
		return true // not a player's action: Apply refuses it anyway
	}
	arg := func(i int) int {
		if i < len(a.Args) {
			return a.Args[i]
		}
		return -1
	}
	switch a.Kind {
	case KindDeploy:
		// Deployment: "After placement, the cards in your Raiding Party as
		// well as their position generally do not change." The card goes
		// face-down, but the action names it by id (one action per card of
		// the hand), and that hand is hidden from the others: a deploy
		// taken back would tell them which card it was. Final.
		return true
	case KindGive:
		// Activate Outpost Powers, Angleland: the First Player token is
		// public, and so is everything the next power or turn starts with.
		return false
	case KindSalvage, KindDecline:
		// Activate Outpost Powers, Sax: the discard pile is public.
		return false
	case KindEnd:
		// Sax and Reinforce place a card everyone has already seen face-up;
		// Freya's card goes face-down (Gods, Freya: "place it face-down").
		// Its draw, at Invoke, was the final part.
		return false
	case KindWithdraw:
		// Player Actions, Withdraw: a face-down card returns to the hand
		// unseen.
		return false
	case KindReinforce:
		// Player Actions, Reinforce: "turn one face-down card ... face-up".
		return true
	case KindAdd:
		// Player Actions, Reinforce: "add one card from your hand face-up";
		// the card leaves the hand for the table, seen by all.
		return true
	case KindInspire, KindPromote:
		// Player Actions, Inspire and Promote: a token on a face-up card.
		return false
	case KindInvoke:
		return s.invokeReveals(p)
	case KindLoki:
		// Gods, Loki: Glory on a face-up card reveals nothing; on a face-down
		// one it tells everyone that card is no Jarl ("Glory tokens may not
		// be placed on Jarls").
		party := s.Seats[p].Party
		i := arg(0)
		return i < 0 || i >= len(party) || !party[i].FaceUp
	case KindSaga:
		// Gods, Saga: "Turn 1 card ... in each opponent's Raiding Party
		// face-up".
		return true
	case KindHel, KindInsert:
		// Gods, Hel: a card from the public discard pile, put face-up.
		return false
	case KindPass:
		// Player Actions, Pass: the Muster Groups are face-up. The last
		// pass starts the Resolution, final when it shows anything.
		for q, pl := range s.Seats {
			if q != p && !pl.Passed {
				return false
			}
		}
		return s.resolutionReveals(seat, a)
	}
	return true
}

// invokeReveals is Reveals for Invoke, by God (Gods).
func (s *State) invokeReveals(p int) bool {
	pl := &s.Seats[p]
	if pl.God < 0 {
		return true // not offered: Apply refuses it
	}
	switch God(pl.God) {
	case Freya, Tyr:
		// Freya: "Draw 1 card from the deck"; Tyr: "Draw 4 cards".
		return true
	case Loki:
		// Loki may be invoked only with a Raider or Hero in the Party
		// (InvokeNeedsEffect). With none face-up, that it may be tells the
		// others a face-down card is not a Jarl.
		return !slices.ContainsFunc(pl.Party, func(pc PartyCard) bool { return pc.FaceUp && kindOf(pc.Card) != Jarl })
	}
	// Thor takes the set-aside Hero (public), Odin VP, Nornir the Glory
	// on the Party; Saga and Hel only open their choice.
	return false
}

// resolutionReveals says whether the last pass, which starts the
// Resolution, shows anything hidden: step A turns every face-down card
// face-up; step D's Frankenland draws from the deck; step E, at the end
// of Spring, deals the Summer Muster Groups from the deck and turns their
// Gods face-up. Ragnarok, every card face-up, shows nothing.
func (s *State) resolutionReveals(seat rules.Seat, a rules.Action) bool {
	for _, pl := range s.Seats {
		if slices.ContainsFunc(pl.Party, func(pc PartyCard) bool { return !pc.FaceUp }) {
			return true
		}
	}
	switch {
	case s.Round == Spring:
		return true
	case s.Round == Ragnarok, !s.inPlay(Purple), len(s.Deck) == 0:
		return false
	}
	// Summer, every card face-up: only a Frankenland draw can show
	// something, and who takes purple follows from what all can see.
	c := s.clone()
	if _, err := c.Apply(seat, a); err != nil {
		return true
	}
	return len(c.Deck) != len(s.Deck)
}
