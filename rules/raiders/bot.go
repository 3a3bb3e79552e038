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
type Bot struct{ rng *rules.RNG }

// botGuesses is how many guesses of the unseen each action is tried on.
const botGuesses = 2

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
	p := int(seat)
	seeds := [botGuesses]uint64{}
	for i := range seeds {
		seeds[i] = b.rng.Uint64()
	}
	best, bestV := 0, -1e18
	for i, a := range legal {
		v := 0.0
		for _, seed := range seeds {
			c := guess(s, p, seed)
			if _, err := c.Apply(seat, a); err != nil {
				continue
			}
			v += playOut(c, p)
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return legal[best], nil
}

// guess is a copy of s in which what seat p cannot see is dealt again from
// its sorted pool with a generator seeded by seed, and the dice to come
// are the bot's own.
func guess(s *State, p int, seed uint64) *State {
	c := s.Clone().(*State)
	rng := rules.NewRNG(seed)
	slots := c.unseen(p)
	pool := make([]int, len(slots))
	for i, sl := range slots {
		pool[i] = *sl
	}
	slices.Sort(pool)
	rules.Shuffle(rng, pool)
	for i, sl := range slots {
		*sl = pool[i]
	}
	for _, stack := range [][]int{c.Offering, c.QuestStack, c.JarlDeck} {
		slices.Sort(stack)
		rules.Shuffle(rng, stack)
	}
	c.RNG = rules.NewRNG(rng.Uint64())
	return c
}

// unseen lists the places of the cards seat p cannot see: the deck and
// the other players' hands and set-up cards (dealt and drafted). The
// stacks of offerings, quests and Jarls are shuffled whole.
func (s *State) unseen(p int) []*int {
	var slots []*int
	for i := range s.Deck {
		slots = append(slots, &s.Deck[i])
	}
	for q := range s.Seats {
		if q == p {
			continue
		}
		for i := range s.Seats[q].Hand {
			slots = append(slots, &s.Seats[q].Hand[i])
		}
		for i := range s.Seats[q].Dealt {
			slots = append(slots, &s.Seats[q].Dealt[i])
		}
		for i := range s.Seats[q].Draft {
			slots = append(slots, &s.Seats[q].Draft[i])
		}
	}
	return slots
}

// playOut finishes p's turn greedily on c (each step's best action by the
// static estimate) and returns the estimate where it ends.
func playOut(c *State, p int) float64 {
	for range 12 {
		if c.Outcome != nil || c.Step.Seat != p || c.Step.Kind == StepTurn || c.Step.Kind == StepKeep {
			break
		}
		legal := c.Legal(rules.Seat(p))
		var next *State
		bestV := -1e18
		for _, a := range legal {
			d := c.Clone().(*State)
			if _, err := d.Apply(rules.Seat(p), a); err != nil {
				continue
			}
			if v := estimate(d, p); v > bestV {
				next, bestV = d, v
			}
		}
		if next == nil {
			break
		}
		c = next
	}
	return estimate(c, p)
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
		strength, _ := s.strength(p, i, typicalDice[sp.Dice], min(pl.Mead, 3))
		loot := s.Plunder[i]
		prov, gold := s.raidCost(p, i)
		v := float64(ThresholdVP(i, strength)+s.crewBonus(p, sp.Settlement)) +
			0.9*float64(loot[Gold]+loot[Iron]) + 0.5*float64(loot[Livestock]) -
			1.5*float64(min(loot[Valkyrie], len(pl.Crew))) - 0.3*float64(prov) - float64(gold)
		best = max(best, v)
	}
	return best
}
