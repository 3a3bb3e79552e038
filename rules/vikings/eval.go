package vikings

import "longhall/rules"

// Standing implements rules.Judge: seat's share of the win it may expect
// from here, for a search that stops its playouts early (rules/mcts).
//
// The book's race is to feast daughters of three thanes home ("Game
// end"), so each seat is judged by how far it still has to go: the moves
// of the bot's own plan (plan) from its longship to the villages it still
// needs and home to feast them, the loots and feasts that plan takes (a
// standard action each, so a turn each at least), its hand (cards are
// moves), its crew, and how soon its turn comes. Those make a score, and
// the seats' scores a share of the win each (a softmax); the weights were
// fitted to the winners of the greedy bot's own games (eval_test.go).
// A finished game gives its winners their share. It reads the whole state,
// as a search's re-deal may: the hands are the search's guesses.
func (s *State) Standing(seat rules.Seat) float64 {
	p := int(seat)
	if !s.SeatOK(p) {
		return 0
	}
	if s.Outcome != nil {
		return rules.WinShare(s.Outcome, seat)
	}
	var scores [4]float64
	for o := range s.Players {
		scores[o] = s.progress(o)
	}
	return rules.SoftmaxShare(scores[:s.Players], seat)
}

var _ rules.Judge = (*State)(nil)

// standingWeights weigh the features (in their order below) by player
// count, fitted by TestFitStanding to 2000 greedy games of each count:
// held-out log loss 0.518 against 0.693 for even shares at two players,
// 0.880 against 1.099 at three, 1.132 against 1.386 at four. The plan
// already counts the daughters home and aboard, so their own weights
// only correct it (a daughter aboard may still be lost; the plan's
// moves count for less than they seem once the camp is nearly full).
var standingWeights = [5][numFeatures]float64{
	2: {-0.553, -0.348, 0.091, -0.274, 0.393, -0.358, 0.055, 0.163, -0.597},
	3: {-0.495, -0.888, 0.058, -1.013, 0.307, -0.439, 0.053, 0.145, -1.702},
	4: {-0.452, -0.983, 0.094, -1.088, 0.375, -0.497, 0.044, 0.090, -1.846},
}

// progress is seat p's score: higher is closer to winning.
func (s *State) progress(p int) float64 {
	f := s.features(p)
	v := 0.0
	for i, w := range &standingWeights[s.Players] {
		v += w * f[i]
	}
	return v
}

// The features of a seat's standing.
const (
	fMoves  = iota // moves left in the plan: to the villages still needed, then home
	fLegs          // loots and feasts left in the plan (a standard action, and a turn, each)
	fHand          // cards in hand
	fAboard        // daughters aboard (won, but not yet safe)
	fHeroes        // heroes in the crew
	fOrder         // how many turns of others come before the seat's next, over the players
	fMoves2        // moves left squared, over 10, up to movesBend
	fWinds         // wind cards in hand that bring the longship closer to its next goal
	fCamp          // daughters in the war camp (safe)
	numFeatures
)

// features describes seat p's standing.
func (s *State) features(p int) [numFeatures]float64 {
	var f [numFeatures]float64
	pl := &s.Seats[p]
	moves, legs := s.plan(p)
	f[fMoves] = float64(moves)
	f[fLegs] = float64(legs)
	f[fHand] = float64(len(pl.Hand))
	for _, c := range pl.Crew {
		if IsDaughter(c) {
			f[fAboard]++
		} else {
			f[fHeroes]++
		}
	}
	f[fOrder] = float64((p-s.Turn+s.Players)%s.Players) / float64(s.Players)
	f[fCamp] = float64(len(pl.Camp))
	t := s.target(p)
	now := s.distanceTo(pl.Ship, t)
	for _, c := range pl.Hand {
		w := WindOf(c)
		if w == AnyWind {
			f[fWinds]++
		} else if j := Neighbour(pl.Ship, w); j >= 0 && j != s.Monster && s.distanceTo(j, t) < now {
			f[fWinds]++
		}
	}
	m := float64(min(moves, movesBend))
	f[fMoves2] = m * m / 10
	return f
}

// movesBend is where fMoves2 stops growing: its weight, above 0, makes
// each move count for less the farther the goal (as the greedy games
// have it), and it must stop before a move could count for nothing or
// worse (TestStandingFallsWithTheWay).
const movesBend = 40

// planCap bounds the moves of a leg that cannot be sailed (the sea
// monster in the way, a pile empty): a long way, as distanceTo says.
const planCap = 50

// plan follows the bot's plan (target) for seat p to its end, the piles
// and the sea monster as they are: the moves from the longship to each
// village whose daughter it needs, nearest first, and home to feast
// whenever it carries two daughters or the last it needs. It returns the
// moves and the legs (loots and feasts).
func (s *State) plan(p int) (moves, legs int) {
	pl := &s.Seats[p]
	have := 1 << pl.Colour // the colours p has, its own counted
	aboard, camp := 0, len(pl.Camp)
	for _, c := range pl.Camp {
		if k := DaughterColour(c); k >= 0 {
			have |= 1 << k
		}
	}
	for _, c := range pl.Crew {
		if k := DaughterColour(c); k >= 0 {
			have |= 1 << k
			aboard++
		}
	}
	home := HarbourOf[pl.Colour]
	at := pl.Ship
	for camp < Colours-1 && legs < 2*Colours {
		best, bestD := -1, 1<<30
		if aboard < 2 && aboard+camp < Colours-1 {
			for k := range Colours {
				if have&(1<<k) != 0 || len(s.Daughters[k]) == 0 {
					continue
				}
				if d := distance(at, VillageOf[k], s.Monster); d >= 0 && d < bestD {
					best, bestD = k, d
				}
			}
		}
		legs++
		if best < 0 {
			if aboard == 0 {
				// Nowhere to go: no daughter left that p needs.
				return moves + planCap, legs + 2
			}
			moves += min(s.distanceTo(at, home), planCap)
			camp += aboard
			aboard = 0
			at = home
			continue
		}
		moves += bestD
		have |= 1 << best
		aboard++
		at = VillageOf[best]
	}
	return moves, legs
}
