package rednorth

import "longhall/rules"

// Refused says why the Party actions a player would expect on their turn
// are closed to them (rules.Explainer): Inspire with no Glory token left or
// on a Jarl, Reinforce with an empty hand, a God whose power would change
// nothing. The reasons name only the seat's own Party, hand and tokens.
func (s *State) Refused(seat rules.Seat) []rules.Refusal {
	p := int(seat)
	if s.Phase != PhaseActions || !s.SeatOK(p) || s.Turn != p || s.Step != nil {
		return nil
	}
	pl := &s.Seats[p]
	var out []rules.Refusal
	refuse := func(a rules.Action, why string) { out = append(out, rules.Refusal{Action: a, Why: why}) }
	for i, pc := range pl.Party {
		switch {
		case pc.FaceUp && kindOf(pc.Card) == Jarl:
			refuse(act(KindInspire, "Inspire your Jarl"+posText(i), i), "Glory tokens may not be placed on Jarls")
		case pc.FaceUp && pl.Glory == 0:
			refuse(act(KindInspire, "Inspire your "+cardName(pc.Card)+posText(i), i), "Inspire places a Glory token, and you have none left")
		case !pc.FaceUp && ReinforceNeedsHandCard && len(pl.Hand) == 0:
			refuse(act(KindReinforce, "Reinforce your "+cardName(pc.Card)+posText(i), i), "Reinforce adds a card from your hand, and your hand is empty")
		}
	}
	if s.Round == Ragnarok && pl.God >= 0 && InvokeNeedsEffect && !s.godHasEffect(p) {
		g := God(pl.God)
		refuse(act(KindInvoke, "Invoke "+g.String()), g.String()+"'s power would change nothing now")
	}
	return out
}
