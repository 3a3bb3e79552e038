package rules

import "math"

// What a game offers bots that search: a quiet copy that plays fast, and
// re-dealing what a seat cannot see so that a search never cheats.

// Quiet is implemented by a State that can play without words: the fast
// path of bots' searches and of playouts. Hush returns an independent copy
// of the state (as Clone does) that plays the same game as it would have:
// the same actions legal in the same order, the same draws, the same
// states and the same result. Only the words go: its Legal leaves every
// Label empty, its Apply returns no events, and its prompts may have no
// text (they wait for the same seats). Its clones are quiet too.
// Its Apply still refuses an illegal action, but checks it without
// building every legal one again where it can. Records, views and logs
// come from the loud states only. The conformance suite (rulestest)
// plays a quiet twin of every game it plays and checks that the two
// never part.
type Quiet interface {
	Hush() State
}

// Hushed returns a quiet copy of s when its game has one, else a clone.
func Hushed(s State) State {
	if q, ok := s.(Quiet); ok {
		return q.Hush()
	}
	return s.Clone()
}

// Redealer is implemented by a State that hides something from some seat
// (a hand, the order of a deck, the dice still to come), for bots that
// search without cheating. Redeal returns an independent copy in which
// everything seat cannot see has been dealt again at random from rng,
// the generator's future draws included, so that seat's view of it is
// unchanged. It depends on nothing seat cannot see: two states that seat
// cannot tell apart give equal redeals for equal generators (a game
// gathers the unseen cards in a fixed order before it shuffles them).
// A redeal of a quiet state is quiet. The conformance suite checks all of
// this, and re-deals with it to check that nothing seat cannot see
// changes its view, its legal actions or its bots' choices.
type Redealer interface {
	Redeal(seat Seat, rng *RNG) State
}

// Redealt returns a copy of s with what seat cannot see dealt again when
// its game can do that, else a clone (a game that hides nothing).
func Redealt(s State, seat Seat, rng *RNG) State {
	if r, ok := s.(Redealer); ok {
		return r.Redeal(seat, rng)
	}
	return s.Clone()
}

// Judge is implemented by a State that can tell, before its end, how a
// seat stands: the share of the win the seat may expect from here, from
// 0 to 1, reading the whole state (a search judges its own re-deals,
// never the table). A search whose game sets Info.SearchHorizon stops
// each playout after that many actions and takes the judgement for the
// result: a long game's far future, played out by bots, tells more about
// the dice than about the move being weighed.
type Judge interface {
	Standing(seat Seat) float64
}

// WinShare is seat's share of a finished game's win: the win shared
// equally among the winners, nothing for the others.
func WinShare(r *Result, seat Seat) float64 {
	for _, w := range r.Winners {
		if w == seat {
			return 1 / float64(len(r.Winners))
		}
	}
	return 0
}

// SoftmaxShare turns the seats' scores into shares of the win that sum to
// 1 (a softmax: a seat some points ahead is likely, not sure, to win) and
// returns seat's. It overwrites scores. A Judge's Standing may end with it.
func SoftmaxShare(scores []float64, seat Seat) float64 {
	top := math.Inf(-1)
	for _, v := range scores {
		top = max(top, v)
	}
	sum := 0.0
	for i, v := range scores {
		scores[i] = math.Exp(v - top)
		sum += scores[i]
	}
	return scores[seat] / sum
}
