package rules

import "slices"

// Undoable is implemented by a State that lets a seat take back its own
// last actions (undo), as long as nothing has happened since that another
// player could not also take back. A State without it takes nothing back:
// that is the safe default.
//
// Whatever the game says, an action is never taken back once it has drawn
// from the generator (a die, a shuffle) or told a seat other than the
// actor something in private (a secret event for them). The conformance
// suite (rulestest) checks the rest: that an action the game lets be
// taken back shows no seat, the actor included, anything that was hidden
// from it (re-dealing what that seat cannot see leaves its view after the
// action unchanged).
type Undoable interface {
	// Rand is the state's generator as it stands: all of the game's
	// randomness comes from it.
	Rand() RNG
	// Reveals reports whether seat's action a, about to be applied, shows
	// anyone something hidden from them until now: a card drawn from a
	// deck, a card from a hand played face up, a face-down card turned.
	// Such an action is final.
	Reveals(seat Seat, a Action) bool
}

// Reversibly applies seat's action a to s by calling apply (s.Apply, or a
// record's Append, which applies it too) and says whether the action may
// be taken back: before is then a copy of s as it was before the action,
// and nil when it may not (see Undoable).
func Reversibly(s State, seat Seat, a Action, apply func() ([]Event, error)) (events []Event, before State, err error) {
	u, ok := s.(Undoable)
	if ok && !u.Reveals(seat, a) {
		before = s.Clone()
	}
	var rand RNG
	if before != nil {
		rand = u.Rand()
	}
	events, err = apply()
	if err != nil {
		return nil, nil, err
	}
	if before != nil && (u.Rand() != rand || tellsOthers(events, seat)) {
		before = nil
	}
	return events, before, nil
}

// tellsOthers reports whether an event has secret wording for a seat
// other than the actor.
func tellsOthers(events []Event, actor Seat) bool {
	for _, e := range events {
		if e.Secret != "" && slices.ContainsFunc(e.SecretTo, func(s Seat) bool { return s != actor }) {
			return true
		}
	}
	return false
}
