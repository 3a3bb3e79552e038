package rednorth

import (
	"math"
	"slices"

	"longhall/rules"
)

// Bot is Red North's own bot. It sees only what its seat's View shows: its
// hand and Party, everyone's face-up cards, the counts of hidden cards, the
// discard pile and the Muster Groups. From these it estimates, for every
// colour, the chance of winning the Outpost (each hidden card of an
// opponent counts as a draw from the cards it has not seen), and it scores a
// position as expected VP and Outpost powers, plus Glory and the worth of
// cards kept in hand for later rounds. It then picks the legal action whose
// best completion (a Reinforce's card and end, Hel's card and place, a whole
// Deployment) scores highest, and passes, taking the best Muster Group, once
// nothing else gains enough.
//
// It reads the state directly, for speed (a search plays whole games with
// it), but only what the seat's View shows; it needs no labels, so it plays
// quiet states as well as loud ones. A Bot keeps scratch space from one
// decision to the next: like its generator, it is for one goroutine.
type Bot struct {
	rng    *rules.RNG
	m      model
	scores []float64
}

// NewBot implements rules.BotGame.
func (game) NewBot(seed uint64) rules.Bot { return &Bot{rng: rules.NewRNG(seed)} }

// Tuning of the bot's evaluation.
var (
	// handWorth is a card in hand per round, in VP: cards kept now win later
	// rounds; after Ragnarok they only break ties.
	handWorth = [4]float64{0, 0.45, 0.55, 0.01}
	// gloryWorth is a Glory token in supply per round.
	gloryWorth = [4]float64{0, 0.40, 0.40, 0.02}
	// powerWorth is what an Outpost's power is worth beyond its VP, before
	// Ragnarok (index 1) and in Ragnarok (index 2, only the final tie-break).
	powerWorth = [2][numColours]float64{
		{Green: 0.8, Red: 0.2, Yellow: 0.4, Blue: 0.4, Purple: 0.8},
		{Green: 0.3},
	}
	// godWorth is a God taken in Summer, for Ragnarok.
	godWorth = [NumGods]float64{Thor: 1.2, Loki: 1.2, Odin: 2.0, Freya: 0.8, Nornir: 0.3, Tyr: 1.2, Saga: 0.2, Hel: 1.2}
	// invokeBonus is what the evaluation cannot see of a God used now: the
	// VP of Odin, the use of cards drawn or retrieved, the information.
	invokeBonus = [NumGods]float64{Thor: 1.0, Odin: OdinVP, Freya: 1.0, Tyr: 1.0, Saga: 0.3}
	// actMargin is how much better than passing an action must look.
	actMargin = 0.05
)

// Choose implements rules.Bot.
func (b *Bot) Choose(st rules.State, seat rules.Seat) (rules.Action, error) {
	legal := st.Legal(seat)
	if len(legal) == 0 {
		return rules.Action{}, rules.ErrNotPending
	}
	s, ok := st.(*State)
	if !ok || len(legal) == 1 {
		return legal[0], nil
	}
	m := &b.m
	m.init(s, int(seat))
	scores := m.scoreAll(legal, b.scores[:0])
	b.scores = scores
	m.s, m.party, m.hand = nil, nil, nil // keep no state alive between decisions
	best := 0
	ties := 1
	for i := 1; i < len(legal); i++ {
		switch {
		case scores[i] > scores[best]+1e-9:
			best, ties = i, 1
		case scores[i] > scores[best]-1e-9:
			// Reservoir sampling keeps a uniform choice among equals.
			ties++
			if b.rng.Intn(ties) == 0 {
				best = i
			}
		}
	}
	return legal[best], nil
}

// model is the bot's picture of the table, built from what its seat sees.
type model struct {
	s       *State // read only where seat me sees it (View)
	me      int
	players int
	round   int
	party   []PartyCard // the bot's own Party and hand: read only
	hand    []int
	glory   int
	tbMine  bool
	// Opponents' raid points per colour: mean and variance.
	mean, vari [maxSeats][numColours]float64
	// Chance that a card the bot has not seen is a Raider or Hero of each
	// colour, or a Jarl.
	pR, pH [numColours]float64
	pJ     float64
	worth  [numColours]float64

	// Scratch for the positions the bot tries, reused from one to the next.
	edit, with []PartyCard
	rest       []int
}

// init builds the model of seat me's view of s.
func (m *model) init(s *State, me int) {
	*m = model{s: s, me: me, players: s.Players, round: s.Round, tbMine: s.TieBreaker == me,
		edit: m.edit[:0], with: m.with[:0], rest: m.rest[:0]}
	pl := &s.Seats[me]
	m.hand = pl.Hand
	m.glory = pl.Glory
	m.party = pl.Party
	pw := powerWorth[0]
	if s.Round == Ragnarok {
		pw = powerWorth[1]
	}
	for _, c := range s.InPlay {
		m.worth[c] = float64(s.Round) + pw[c]
	}
	m.estimatePool()
	m.estimateOpponents()
}

// shown reports whether the bot sees the face of seat p's Party card pc.
func (m *model) shown(p int, pc PartyCard) bool { return pc.FaceUp || p == m.me }

// estimatePool counts the cards the bot has not seen.
func (m *model) estimatePool() {
	s := m.s
	var raiders, heroes [numColours]int
	jarls := NumJarls - jarlsRemoved(s.Players)
	for _, c := range s.InPlay {
		raiders[c] = RaidersPerColour
		heroes[c] = 1
	}
	seen := func(id int) {
		switch kindOf(id) {
		case Raider:
			raiders[colourOf(id)]--
		case Hero:
			heroes[colourOf(id)]--
		default:
			jarls--
		}
	}
	for _, id := range m.hand {
		seen(id)
	}
	for _, ids := range [...][]int{s.Discard, s.SetAside} {
		for _, id := range ids {
			seen(id)
		}
	}
	for _, g := range s.Groups {
		if g.Hero >= 0 {
			seen(g.Hero)
		}
		for _, id := range g.Cards {
			seen(id)
		}
	}
	for p := range s.Seats {
		for _, pc := range s.Seats[p].Party {
			if m.shown(p, pc) {
				seen(pc.Card)
			}
		}
	}
	// The card being placed, unless it is Freya's for someone else.
	if st := s.Step; st != nil && st.Card >= 0 && (st.Kind != StepFreyaEnd || st.Seat == m.me) {
		seen(st.Card)
	}
	total := jarls
	for c := range numColours {
		total += raiders[c] + heroes[c]
	}
	if total <= 0 {
		return
	}
	for c := range numColours {
		m.pR[c] = float64(raiders[c]) / float64(total)
		m.pH[c] = float64(heroes[c]) / float64(total)
	}
	m.pJ = float64(jarls) / float64(total)
}

// estimateOpponents turns each opponent's visible Party into a mean and a
// variance of raid points per colour.
func (m *model) estimateOpponents() {
	s := m.s
	var one, oneVar [numColours]float64 // one hidden card
	for c := range numColours {
		one[c] = RaiderPoints*m.pR[c] + HeroPoints*m.pH[c]
		sq := RaiderPoints*RaiderPoints*m.pR[c] + HeroPoints*HeroPoints*m.pH[c]
		oneVar[c] = sq - one[c]*one[c]
	}
	notJarl := 1 - m.pJ
	for o := range s.Seats {
		if o == m.me {
			continue
		}
		pl := &s.Seats[o]
		mean, vari := &m.mean[o], &m.vari[o]
		party := pl.Party
		bonus := func(j int) (sure, maybe float64) {
			if j < 0 || j >= len(party) {
				return 0, 0
			}
			if pc := party[j]; m.shown(o, pc) {
				if kindOf(pc.Card) == Jarl {
					if pc.Champion {
						return ChampionBonus, 0
					}
					return JarlBonus, 0
				}
				return 0, 0
			}
			return 0, JarlBonus * m.pJ
		}
		hidden := 0
		for i, pc := range party {
			l, lm := bonus(i - 1)
			r, rm := bonus(i + 1)
			if m.shown(o, pc) {
				if kindOf(pc.Card) == Jarl {
					continue
				}
				c := colourOf(pc.Card)
				mean[c] += float64(basePoints(pc.Card)+pc.Glory*GloryPoints) + l + r + lm + rm
				continue
			}
			hidden++
			for c := range numColours {
				if m.pR[c]+m.pH[c] == 0 {
					continue
				}
				share := (m.pR[c] + m.pH[c]) / max(notJarl, 1e-9)
				mean[c] += one[c] + (m.pR[c]+m.pH[c])*(l+r) + float64(pc.Glory)*GloryPoints*share
				vari[c] += oneVar[c]
			}
		}
		// Cards still to come: the rest of a Deployment, and Reinforcements
		// or Inspiration from a player who has not passed.
		missing := 0
		if s.deploying(o) {
			missing = max(0, min(PartySize-len(party), len(pl.Hand)))
			hidden += missing
		}
		reinforce := 0.0
		if !pl.Passed {
			reinforce = 0.5 * float64(min(hidden, len(pl.Hand)-missing))
		}
		for c := range numColours {
			mean[c] += float64(missing)*one[c] + reinforce*one[c]
			vari[c] += float64(missing)*oneVar[c] + reinforce*(oneVar[c]+one[c]*one[c])
			if !pl.Passed && pl.Glory > 0 {
				vari[c] += 0.25 * float64(pl.Glory)
			}
		}
		for _, c := range s.InPlay {
			if s.Owner[c] == o {
				mean[c] += float64(OutpostRaidPoints)
			}
		}
	}
}

// phi is the standard normal distribution function.
func phi(x float64) float64 { return 0.5 * (1 + math.Erf(x/math.Sqrt2)) }

// winChance is the chance that my points in colour c take its Outpost.
func (m *model) winChance(c Colour, mine int) float64 {
	if mine < MinPointsToControl {
		return 0
	}
	p := 1.0
	for o := range m.players {
		if o == m.me {
			continue
		}
		mu, sd := m.mean[o][c], math.Sqrt(m.vari[o][c])+0.05
		edge := -0.5 // a tie without the Tie Breaker is lost
		if m.tbMine {
			edge = 0.5
		}
		p *= phi((float64(mine) + edge - mu) / sd)
	}
	return p
}

func cardWorth(id int) float64 {
	switch kindOf(id) {
	case Hero:
		return 2
	case Jarl:
		return 0.8
	}
	return 1
}

func (m *model) handValue(hand []int) float64 {
	t := 0.0
	for _, id := range hand {
		t += cardWorth(id)
	}
	return t * handWorth[m.round]
}

// eval scores a position of the bot's own belongings, in VP.
func (m *model) eval(party []PartyCard, hand []int, glory int) float64 {
	pts, fought := raidPoints(party)
	val := 0.0
	for _, c := range m.s.InPlay {
		mine := pts[c]
		if m.s.Owner[c] == m.me {
			mine += OutpostRaidPoints
		}
		p := m.winChance(c, mine)
		val += p * m.worth[c]
		if fought[c] {
			val += (1 - p) * gloryWorth[m.round]
		}
	}
	return val + m.handValue(hand) + float64(glory)*gloryWorth[m.round]
}

// edited is a scratch copy of the bot's Party, to change, with room to
// deploy the rest of a Party in place.
func (m *model) edited() []PartyCard {
	m.edit = append(slices.Grow(m.edit[:0], len(m.party)+PartySize+1), m.party...)
	return m.edit
}

// withCard is party with pc inserted before index i, in scratch space
// (party must not be the result of another withCard).
func (m *model) withCard(party []PartyCard, i int, pc PartyCard) []PartyCard {
	i = max(0, min(i, len(party)))
	m.with = append(append(append(m.with[:0], party[:i]...), pc), party[i:]...)
	return m.with
}

// without is hand without its card at index i, in scratch space.
func (m *model) without(hand []int, i int) []int {
	m.rest = append(append(m.rest[:0], hand[:i]...), hand[i+1:]...)
	return m.rest
}

// firstOfFace reports whether ids[i] is the first card of its face in
// ids: the bot tries one card of each face.
func firstOfFace(ids []int, i int) bool {
	return !slices.ContainsFunc(ids[:i], func(o int) bool { return sameFace(o, ids[i]) })
}

// bestAtEnd is the better end for a card (face-up unless faceDown).
func (m *model) bestAtEnd(party []PartyCard, hand []int, id int, faceDown bool) (float64, int) {
	l := m.eval(m.withCard(party, 0, PartyCard{Card: id, FaceUp: !faceDown}), hand, m.glory)
	r := m.eval(m.withCard(party, len(party), PartyCard{Card: id, FaceUp: !faceDown}), hand, m.glory)
	if l > r {
		return l, Left
	}
	return r, Right
}

func (m *model) groupValue(g *Group) float64 {
	t := 0.0
	if g.Hero >= 0 {
		t += cardWorth(g.Hero) * handWorth[m.round]
	}
	for _, id := range g.Cards {
		t += cardWorth(id) * handWorth[m.round]
	}
	if g.God >= 0 && m.round == Summer {
		t += godWorth[g.God]
	}
	return t
}

// scoreAll appends to out the score of each legal action, by the best
// completion it starts.
func (m *model) scoreAll(legal []rules.Action, out []float64) []float64 {
	s := m.s
	// A Deployment's score depends only on the face of its first card.
	var memo [3 * (numColours + 1)]float64
	var known [len(memo)]bool
	now := m.eval(m.party, m.hand, m.glory)
	bestGroup := 0.0
	for i := range s.Groups {
		bestGroup = max(bestGroup, m.groupValue(&s.Groups[i]))
	}
	// An action is worth doing only if it beats passing now by a margin:
	// the Muster Group taken later may be gone.
	waiting := 0
	for o, pl := range s.Seats {
		if o != m.me && !pl.Passed {
			waiting++
		}
	}
	later := bestGroup - actMargin*float64(1+waiting)
	for _, a := range legal {
		arg := func(k int) int {
			if k < len(a.Args) {
				return a.Args[k]
			}
			return -1
		}
		v := 0.0
		switch a.Kind {
		case KindDeploy:
			id := arg(0)
			key := int(kindOf(id))*numColours + int(colourOf(id)+1)
			if !known[key] {
				party := append(m.edited(), PartyCard{Card: id})
				memo[key], known[key] = m.bestDeployment(party, m.without(m.hand, slices.Index(m.hand, id))), true
			}
			v = memo[key]
		case KindGive:
			if arg(0) == m.me {
				v = 1
			}
		case KindSalvage:
			v, _ = m.bestAtEnd(m.party, m.hand, arg(0), false)
		case KindDecline:
			v = now
		case KindEnd:
			st := s.Step
			if st == nil || st.Card < 0 || (st.Kind == StepFreyaEnd && st.Seat != m.me) {
				break
			}
			pos := 0
			if arg(0) == Right {
				pos = len(m.party)
			}
			v = m.eval(m.withCard(m.party, pos, PartyCard{Card: st.Card, FaceUp: st.Kind != StepFreyaEnd}), m.hand, m.glory)
		case KindAdd:
			v, _ = m.bestAtEnd(m.party, m.without(m.hand, slices.Index(m.hand, arg(0))), arg(0), false)
		case KindWithdraw:
			p := arg(0)
			party := slices.Delete(m.edited(), p, p+1)
			hand := append(append(m.rest[:0], m.hand...), m.party[p].Card)
			m.rest = hand
			v = m.eval(party, hand, m.glory) + later
		case KindReinforce:
			party := m.edited()
			party[arg(0)].FaceUp = true
			best := math.Inf(-1)
			for i, id := range m.hand {
				if firstOfFace(m.hand, i) {
					x, _ := m.bestAtEnd(party, m.without(m.hand, i), id, false)
					best = max(best, x)
				}
			}
			v = best + later
		case KindInspire:
			party := m.edited()
			party[arg(0)].Glory++
			v = m.eval(party, m.hand, m.glory-1) + later
		case KindPromote:
			party := m.edited()
			party[arg(0)].Champion = true
			v = m.eval(party, m.hand, m.glory) + later
		case KindInvoke:
			v = m.invokeValue() + later
		case KindLoki:
			party := m.edited()
			party[arg(0)].Glory++
			v = m.eval(party, m.hand, m.glory)
		case KindHel:
			v = m.bestInsert(arg(0))
		case KindInsert:
			v = m.eval(m.withCard(m.party, arg(0), PartyCard{Card: s.Step.Card, FaceUp: true}), m.hand, m.glory)
		case KindSaga:
			v = 0
		case KindPass:
			v = now
			if g := arg(0); g >= 0 && g < len(s.Groups) {
				v += m.groupValue(&s.Groups[g])
			}
		}
		out = append(out, v)
	}
	return out
}

func (m *model) bestInsert(id int) float64 {
	best := math.Inf(-1)
	for i := 0; i <= len(m.party); i++ {
		best = max(best, m.eval(m.withCard(m.party, i, PartyCard{Card: id, FaceUp: true}), m.hand, m.glory))
	}
	return best
}

// invokeValue is the position after invoking the bot's God, with its
// choices made well.
func (m *model) invokeValue() float64 {
	pl := &m.s.Seats[m.me]
	if pl.God < 0 {
		return math.Inf(-1)
	}
	g := God(pl.God)
	base := m.eval(m.party, m.hand, m.glory) + invokeBonus[g]
	switch g {
	case Loki:
		best := math.Inf(-1)
		for i, a := range m.party {
			for j := i; j < len(m.party); j++ {
				if kindOf(a.Card) == Jarl || kindOf(m.party[j].Card) == Jarl {
					continue
				}
				party := m.edited()
				party[i].Glory++
				party[j].Glory++
				best = max(best, m.eval(party, m.hand, m.glory))
			}
		}
		return best
	case Nornir:
		party := m.edited()
		back := 0
		for i := range party {
			back += party[i].Glory
			party[i].Glory = 0
		}
		return m.eval(party, m.hand, m.glory+back)
	case Hel:
		best := math.Inf(-1)
		discard := m.s.Discard
		for i, id := range discard {
			if firstOfFace(discard, i) && kindOf(id) != Hero {
				best = max(best, m.bestInsert(id))
			}
		}
		return best
	}
	return base
}

// bestDeployment completes a Party to PartySize cards from hand in the best
// order and returns its score. Each level of the search appends to party
// in place (it has room) and copies the rest of the hand onto the stack.
func (m *model) bestDeployment(party []PartyCard, hand []int) float64 {
	if len(party) >= PartySize || len(hand) == 0 {
		return m.eval(party, hand, m.glory)
	}
	best := math.Inf(-1)
	var buf [16]int
	for i, id := range hand {
		if firstOfFace(hand, i) {
			rest := append(append(buf[:0], hand[:i]...), hand[i+1:]...)
			best = max(best, m.bestDeployment(append(party, PartyCard{Card: id}), rest))
		}
	}
	return best
}
