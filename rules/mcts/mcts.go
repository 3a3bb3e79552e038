// Package mcts is the strong bot ("Hard") every game gets: a determinized
// Monte Carlo search over the seat's own choice, with the game's greedy bot
// ("Easy") playing out each line to the end.
//
// It never looks at what its seat cannot see. Each playout starts from a
// re-deal of the state (rules.Redealer): the other hands, the decks' order
// and the dice to come dealt again at random, consistently with the seat's
// view, so the search averages over every table the seat might be at. The
// re-deal depends only on the seat's view, so the bot's choice does too:
// the conformance suite checks that, with the bot's seed fixed, re-dealing
// what the seat cannot see leaves its choice exactly as it was.
//
// The search is flat: each of the seat's legal actions is a bandit arm,
// chosen by UCB1, and an arm's value is the share of its playouts the seat
// won. Playouts use quiet copies (rules.Quiet) and the greedy bot for every
// seat, the rollout policy whose one-step improvement this is.
package mcts

import (
	"math"

	"longhall/rules"
)

// Bot is the strong bot of one seat. Its choices draw on its own
// generator only, so a seeded bot decides alike on equal views.
type Bot struct {
	game rules.Game
	rng  *rules.RNG
	// Steps bounds the search: the actions applied in all its playouts
	// together (a budget that costs about the same in every game, unlike
	// a count of playouts, whose length differs from game to game).
	Steps int
	// Pause, when set, is called after every playout: the browser's page
	// lends it a moment to breathe (see app/online), natively it is nil.
	Pause func()
}

// DefaultSteps is the budget of a decision: a few hundred playouts in
// most games.
const DefaultSteps = 40_000

// New returns the strong bot for game g, seeded.
func New(g rules.Game, seed uint64) *Bot {
	return &Bot{game: g, rng: rules.NewRNG(seed), Steps: DefaultSteps}
}

// arm is one legal action and what its playouts earned.
type arm struct {
	tries int
	won   float64
	dead  bool // refused on a re-deal: a game's bug, not searched further
}

// Choose implements rules.Bot.
func (b *Bot) Choose(st rules.State, seat rules.Seat) (rules.Action, error) {
	legal := st.Legal(seat)
	switch {
	case st.Result() != nil:
		return rules.Action{}, rules.ErrGameOver
	case len(legal) == 0:
		return rules.Action{}, rules.ErrNotPending
	case len(legal) == 1:
		return legal[0], nil
	}
	quiet := rules.Hushed(st)
	// One greedy bot per seat for all the playouts, seeded from ours.
	bots := make([]rules.Bot, 0, 8)
	arms := make([]arm, len(legal))
	total, steps := 0, 0
	for steps < b.Steps || total < len(legal) {
		i := pick(arms, total)
		line := rules.Redealt(quiet, seat, b.rng)
		if i < 0 {
			break // every arm refused: a game's bug; the first action will do
		}
		if _, err := line.Apply(seat, rules.Action{Kind: legal[i].Kind, Args: legal[i].Args}); err != nil {
			// A re-deal that refuses the seat's own legal action is a
			// game's bug (the conformance suite looks for it); the action
			// is not searched further.
			arms[i].dead = true
			total++
			continue
		}
		n, r := b.playout(line, seat, &bots)
		arms[i].tries++
		arms[i].won += r
		total++
		steps += n + 1
		if b.Pause != nil {
			b.Pause()
		}
	}
	// The most tried arm is the one UCB1 trusts most.
	best := 0
	for i, a := range arms {
		if a.tries > arms[best].tries || a.tries == arms[best].tries && a.won > arms[best].won {
			best = i
		}
	}
	return legal[best], nil
}

// pick is the arm to try next: each once in turn, then by UCB1; -1 when
// none is left.
func pick(arms []arm, total int) int {
	best, bestV := -1, math.Inf(-1)
	logN := math.Log(float64(total))
	for i, a := range arms {
		if a.dead {
			continue
		}
		if a.tries == 0 {
			return i
		}
		v := a.won/float64(a.tries) + explore*math.Sqrt(logN/float64(a.tries))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// explore weighs trying the lesser-known arms against the best so far
// (UCB1's constant, below √2 because rewards seldom spread over [0, 1]).
const explore = 0.7

// limit ends a playout that runs away (a game that never ends would be a
// game's bug): it counts as lost.
const limit = 20_000

// playout plays line to its end with the greedy bots and returns the
// actions it took and seat's reward: 1 for a win, a share of it for a
// shared win, 0 otherwise.
func (b *Bot) playout(line rules.State, seat rules.Seat, bots *[]rules.Bot) (int, float64) {
	n := 0
	for line.Result() == nil {
		if n >= limit {
			return n, 0
		}
		who := line.Pending()[0].Seat
		for int(who) >= len(*bots) {
			*bots = append(*bots, rules.NewBot(b.game, b.rng.Uint64()))
		}
		a, err := (*bots)[who].Choose(line, who)
		if err != nil {
			return n, 0
		}
		if _, err := line.Apply(who, a); err != nil {
			return n, 0
		}
		n++
	}
	return n, reward(line.Result(), seat)
}

// reward is mostly seat's share of the win, and a little its place by
// score, so that a search whose every line wins (or loses) still prefers
// the lines that win by more (or lose by less).
func reward(r *rules.Result, seat rules.Seat) float64 {
	won := 0.0
	for _, w := range r.Winners {
		if w == seat {
			won = 1 / float64(len(r.Winners))
		}
	}
	place := 0.0
	if int(seat) < len(r.Scores) && len(r.Scores) > 1 {
		for _, s := range r.Scores {
			if s < r.Scores[seat] {
				place++
			}
		}
		place /= float64(len(r.Scores) - 1)
	}
	return 0.9*won + 0.1*place
}
