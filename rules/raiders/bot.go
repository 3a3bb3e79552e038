package raiders

import (
	"slices"

	"longhall/rules"
)

// NewBot implements rules.BotGame.
func (game) NewBot(seed uint64) rules.Bot { return &Bot{rng: rules.NewRNG(seed)} }

// Bot is a greedy player. For each legal action it plays the rest of its
// own turn on a few guesses of what it cannot see (the deck's order, the
// others' hands, the dice to come), choosing each later step by the same
// static estimate, and takes the action whose turn ends best on average.
// It reads nothing hidden: each guess re-deals the unseen cards from their
// sorted pool with the bot's own random numbers.
type Bot struct {
	rng  *rules.RNG
	work *botWork // scratch, kept from one decision to the next
}

// botGuesses is how many guesses of the unseen each action is tried on.
const botGuesses = 2

// botWork is the bot's scratch: the guesses, and the states and list a
// playout steps through. They are quiet copies refilled in place
// (copyTo), so a decision allocates little.
type botWork struct {
	guesses        [botGuesses]State
	cur, try, best *State
	legal          choices
}

// Choose implements rules.Bot.
func (b *Bot) Choose(st rules.State, seat rules.Seat) (rules.Action, error) {
	s, ok := st.(*State)
	if !ok {
		return rules.Action{}, rules.Errorf(ID, rules.ErrIllegal, "the bot plays only Raiders of the North Sea")
	}
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return rules.Action{}, rules.ErrNotPending
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	if b.work == nil {
		b.work = &botWork{cur: &State{}, try: &State{}, best: &State{}}
	}
	w, p := b.work, int(seat)
	// Each guess is dealt once and copied for each action: the same
	// guess every time, as its seed is.
	for i := range w.guesses {
		s.guess(p, b.rng.Uint64(), &w.guesses[i])
	}
	best, bestV := 0, -1e18
	for i, a := range legal {
		v := 0.0
		for g := range w.guesses {
			w.guesses[g].copyTo(w.cur)
			if _, err := w.cur.Apply(seat, a); err != nil {
				continue
			}
			v += w.playOut(p)
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return legal[best], nil
}

// guess makes c a quiet copy of s in which what seat p cannot see is dealt
// again (redeal) with a generator seeded by seed, the dice to come
// included.
func (s *State) guess(p int, seed uint64, c *State) {
	s.copyTo(c)
	c.Quieten()
	c.redeal(p, rules.NewRNG(seed))
}

// playOut finishes p's turn greedily from w.cur (each step's best action
// by the static estimate) and returns the estimate where it ends.
func (w *botWork) playOut(p int) float64 {
	seat := rules.Seat(p)
	for range 12 {
		c := w.cur
		if c.Outcome != nil || c.Step.Seat != p || c.Step.Kind == StepTurn || c.Step.Kind == StepKeep {
			break
		}
		w.legal = choices{}
		c.legal(p, &w.legal)
		found, bestV := false, -1e18
		for i := range w.legal.n {
			e := w.legal.at(i)
			a := rules.Action{Kind: e.kind, Args: e.args[:e.nargs]}
			c.copyTo(w.try)
			if _, err := w.try.Apply(seat, a); err != nil {
				continue
			}
			if v := estimate(w.try, p); v > bestV {
				// The best so far is kept; the old best is the next try.
				w.try, w.best = w.best, w.try
				found, bestV = true, v
			}
		}
		if !found {
			break
		}
		w.cur, w.best = w.best, w.cur
	}
	return estimate(w.cur, p)
}

// estimate is what seat p's position is worth, in VP: the final score as
// it stands, and something for what can still turn into VP.
func estimate(s *State, p int) float64 {
	pl := &s.Seats[p]
	if s.Outcome != nil {
		v := float64(s.Outcome.Scores[p])
		if slices.Contains(s.Outcome.Winners, rules.Seat(p)) {
			v += 100
		}
		return v
	}
	v := float64(s.FinalScore(p).Total)
	// Resources with diminishing returns: the first few provisions open
	// raids, and a full hand or purse is worth little more than a good one
	// (without this, bots with full hands could park their workers forever).
	v += tapered(pl.Silver, 6, 0.35, 0.1) + tapered(pl.Provisions, 4, 0.5, 0.2) + 0.5*float64(pl.Livestock%2)
	for i, c := range pl.Hand {
		if i < 5 {
			v += 0.3 + 0.1*float64(Kinds[KindOf(c)].Strength)
		} else {
			v += 0.1
		}
	}
	if len(pl.Hand) > MaxHand {
		v -= float64(len(pl.Hand) - MaxHand)
	}
	for _, c := range pl.Crew {
		v += 1 + 0.45*float64(pl.strengthOf(c))
	}
	v += tapered(pl.Mead, 4, 0.4, 0.1)
	v += 0.25 * float64(pl.Armour)
	switch pl.Worker {
	case Grey:
		v += 0.3
	case White:
		v += 0.5
	}
	return v + 0.6*raidPotential(s, p)
}

// tapered values n things at each up to knee, and at rest beyond.
func tapered(n, knee int, each, rest float64) float64 {
	if n <= knee {
		return each * float64(n)
	}
	return each*float64(knee) + rest*float64(n-knee)
}

// typicalDice are the dice a raid plans on: 3.5 on average.
var typicalDice = [][]int{{}, {4}, {3, 4}}

// raidPotential is what p's best raid open now would bring, in VP: the
// score at typical dice, the crew bonus and the plunder, less the
// provisions and gold it costs and the crew the Valkyries would take.
func raidPotential(s *State, p int) float64 {
	pl := &s.Seats[p]
	// Mid-turn the worker to come is one of those in the village.
	colours := [3]bool{}
	if pl.Worker != NoWorker {
		colours[pl.Worker] = true
	} else {
		for b, w := range s.Buildings {
			if w != NoWorker && b != s.Placed {
				colours[w] = true
			}
		}
	}
	best := 0.0
	for i := range s.Plunder {
		sp := Spaces[i]
		ok := false
		for w, have := range colours {
			ok = ok || have && s.canRaidWith(p, i, w)
		}
		if !ok {
			continue
		}
		strength := s.tallyStrength(p, i, typicalDice[sp.Dice], min(pl.Mead, 3), nil)
		loot := s.Plunder[i]
		prov, gold := s.raidCost(p, i)
		v := float64(ThresholdVP(i, strength)+s.crewBonus(p, sp.Settlement)) +
			0.9*float64(loot[Gold]+loot[Iron]) + 0.5*float64(loot[Livestock]) -
			1.5*float64(min(loot[Valkyrie], len(pl.Crew))) - 0.3*float64(prov) - float64(gold)
		best = max(best, v)
	}
	return best
}
