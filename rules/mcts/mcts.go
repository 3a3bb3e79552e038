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
// The search is flat: each of the seat's legal actions is valued by the
// share of its playouts the seat won, and sequential halving spends the
// budget on the better ones (see Choose). Playouts use quiet copies
// (rules.Quiet) and the greedy bot for every seat, the rollout policy
// whose one-step improvement this is.
package mcts

import (
	"cmp"
	"math/bits"
	"slices"

	"longhall/rules"
)

// Bot is the strong bot of one seat. Its choices draw on its own
// generator only, so a seeded bot decides alike on equal views.
type Bot struct {
	game rules.Game
	rng  *rules.RNG
	// Steps is the search's budget: the actions applied in all its
	// playouts together (a budget that costs about the same in every
	// game, unlike a count of playouts, whose length differs from game to
	// game). A round may run over it by its one pass over the actions
	// left, so that every action left is played at least once a round;
	// once it is spent, the best so far is chosen.
	Steps int
	// Horizon, when the game's states are a rules.Judge, is the length of
	// a playout before the state judges it; 0 plays to the end.
	Horizon int
	// Pause, when set, is called after every playout and every few
	// actions within one: the browser's page lends it a moment to breathe
	// (see app/online), natively it is nil.
	Pause func()
}

// DefaultSteps is the budget of a decision in a game that sets none
// (rules.Info.SearchSteps): a few hundred playouts in most games.
const DefaultSteps = 40_000

// New returns the strong bot for game g, seeded, with the game's own
// search budget.
func New(g rules.Game, seed uint64) *Bot {
	steps := g.Info().SearchSteps
	if steps <= 0 {
		steps = DefaultSteps
	}
	return &Bot{game: g, rng: rules.NewRNG(seed), Steps: steps, Horizon: g.Info().SearchHorizon}
}

// arm is one legal action and what its playouts earned.
type arm struct {
	action int // its place in the legal list
	tries  int
	won    float64
}

func (a arm) mean() float64 {
	if a.tries == 0 {
		return -1
	}
	return a.won / float64(a.tries)
}

// Choose implements rules.Bot.
//
// The search is sequential halving: in each round every action still in
// the running is played out on the same re-deals, and the better half
// goes on to the next round, until one is left or the budget is spent.
// Playing every action on the same re-deal, the same dice and the same
// playout bots (common random numbers) compares the actions on equal
// luck: two moves of a long game differ by little, and a few playouts
// each would otherwise measure the dice more than the moves.
func (b *Bot) Choose(st rules.State, seat rules.Seat) (rules.Action, error) {
	return b.ChooseUntil(st, seat, nil)
}

// ChooseUntil is Choose that ends the search with the best action so far
// once enough (when not nil) says so, after at least one playout: a table
// gives its bot a time to answer drawn before it starts (so that the time
// says nothing of what the bot holds), and the search keeps within it.
func (b *Bot) ChooseUntil(st rules.State, seat rules.Seat, enough func() bool) (rules.Action, error) {
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
	arms := make([]arm, len(legal))
	for i := range arms {
		arms[i].action = i
	}
	rounds := bits.Len(uint(len(arms) - 1)) // ⌈log₂ n⌉ halvings leave one
	spent := 0
	bots := make([]rules.Bot, 0, 8)
	for round := 0; round < rounds && len(arms) > 1 && spent < b.Steps; round++ {
		budget := (b.Steps - spent) / (rounds - round)
		used := 0
		for used == 0 || used < budget {
			seed := b.rng.Uint64()
			for i := 0; i < len(arms); i++ {
				n, r, ok := b.playout(quiet, seat, legal[arms[i].action], seed, &bots)
				if !ok {
					// A re-deal that refuses the seat's own legal action is
					// a game's bug (the conformance suite looks for it):
					// the action is not searched further.
					arms = slices.Delete(arms, i, i+1)
					i--
					continue
				}
				arms[i].tries++
				arms[i].won += r
				used += n + 1
				if b.Pause != nil {
					b.Pause()
				}
				if enough != nil && enough() {
					return b.bestSoFar(st, seat, legal, arms)
				}
			}
			if len(arms) == 0 {
				return legal[0], nil // every action refused: a game's bug
			}
		}
		spent += used
		// The better half goes on; on equal means the earlier action, so
		// that the choice depends on nothing but the playouts.
		slices.SortStableFunc(arms, func(x, y arm) int { return cmp.Compare(y.mean(), x.mean()) })
		arms = arms[:(len(arms)+1)/2]
	}
	return legal[arms[0].action], nil
}

// bestSoFar is the choice of a search cut short: the action with the best
// mean so far (the earlier on equal means) once every action in the
// running has been played out, and the greedy bot's choice before that.
func (b *Bot) bestSoFar(st rules.State, seat rules.Seat, legal []rules.Action, arms []arm) (rules.Action, error) {
	top := arms[0]
	for _, a := range arms {
		if a.tries == 0 {
			return rules.NewBot(b.game, b.rng.Uint64()).Choose(st, seat)
		}
		if a.mean() > top.mean() || a.mean() == top.mean() && a.action < top.action {
			top = a
		}
	}
	return legal[top.action], nil
}

// pauseEvery is how many actions of a playout go between two calls of
// Pause: a few milliseconds of wasm in the slowest game (a Raiders step
// with the greedy bot's choice costs about half a millisecond there), so
// that the page's slice of thinking is kept to within that.
const pauseEvery = 8

// limit ends a playout that runs away (a game that never ends would be a
// game's bug): it counts as lost.
const limit = 20_000

// playout applies action to a re-deal of quiet drawn from seed and plays
// it to its end with greedy bots drawn from the same seed, and returns the
// actions it took and seat's reward: 1 for a win, a share of it for a
// shared win, 0 otherwise. ok is false when the re-deal refused action.
func (b *Bot) playout(quiet rules.State, seat rules.Seat, action rules.Action, seed uint64, bots *[]rules.Bot) (n int, reward float64, ok bool) {
	rng := rules.NewRNG(seed)
	line := rules.Redealt(quiet, seat, rng)
	if _, err := line.Apply(seat, rules.Action{Kind: action.Kind, Args: action.Args}); err != nil {
		return 0, 0, false
	}
	// Fresh bots on every playout, seeded alike, so that every action
	// meets the same opponents.
	*bots = (*bots)[:0]
	judge, _ := line.(rules.Judge)
	for line.Result() == nil {
		if n >= limit {
			return n, 0, true
		}
		if judge != nil && b.Horizon > 0 && n >= b.Horizon {
			return n, min(max(judge.Standing(seat), 0), 1), true
		}
		who := line.Pending()[0].Seat
		for int(who) >= len(*bots) {
			*bots = append(*bots, rules.NewBot(b.game, rng.Uint64()))
		}
		if b.Pause != nil && n%pauseEvery == pauseEvery-1 {
			b.Pause() // a playout can be long: the page breathes within it too
		}
		a, err := (*bots)[who].Choose(line, who)
		if err != nil {
			return n, 0, true
		}
		if _, err := line.Apply(who, a); err != nil {
			return n, 0, true
		}
		n++
	}
	return n, score(line.Result(), seat), true
}

// score is mostly seat's share of the win, and a little its place by
// score, so that a search whose every line wins (or loses) still prefers
// the lines that win by more (or lose by less).
func score(r *rules.Result, seat rules.Seat) float64 {
	won := rules.WinShare(r, seat)
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
