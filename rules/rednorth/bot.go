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
type Bot struct {
	rng *rules.RNG
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
	v := s.view(int(seat))
	m := newModel(&v)
	scores := m.scoreAll(legal)
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

// model is the bot's picture of the table, built from one View.
type model struct {
	v      *View
	me     int
	round  int
	party  []PartyCard
	hand   []int
	glory  int
	tbMine bool
	// Opponents' raid points per colour: mean and variance.
	mean, vari [][numColours]float64
	// Chance that a card the bot has not seen is a Raider or Hero of each
	// colour, or a Jarl.
	pR, pH [numColours]float64
	pJ     float64
	worth  [numColours]float64
}

func newModel(v *View) *model {
	m := &model{v: v, me: v.Seat, round: v.Round, tbMine: v.TieBreaker == v.Seat}
	for _, c := range v.Hand {
		m.hand = append(m.hand, c.ID)
	}
	me := v.Seats[v.Seat]
	m.glory = me.Glory
	for _, pc := range me.Party {
		if pc.Card != nil {
			m.party = append(m.party, PartyCard{Card: pc.Card.ID, FaceUp: pc.FaceUp, Glory: pc.Glory, Champion: pc.Champion})
		}
	}
	pw := powerWorth[0]
	if v.Round == Ragnarok {
		pw = powerWorth[1]
	}
	for _, o := range v.Outposts {
		c, _ := parseColour(o.Colour)
		m.worth[c] = float64(v.VPPerOutpost) + pw[c]
	}
	m.estimatePool()
	m.estimateOpponents()
	return m
}

// estimatePool counts the cards the bot has not seen.
func (m *model) estimatePool() {
	v := m.v
	var raiders, heroes [numColours]int
	jarls := NumJarls - jarlsRemoved(v.Players)
	for _, o := range v.Outposts {
		c, _ := parseColour(o.Colour)
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
	for _, cs := range [][]CardView{v.Discard, v.SetAside} {
		for _, c := range cs {
			seen(c.ID)
		}
	}
	for _, g := range v.Groups {
		if g.Hero != nil {
			seen(g.Hero.ID)
		}
		for _, c := range g.Cards {
			seen(c.ID)
		}
	}
	for _, sv := range v.Seats {
		for _, pc := range sv.Party {
			if pc.Card != nil {
				seen(pc.Card.ID)
			}
		}
	}
	if v.Step != nil && v.Step.Card != nil {
		seen(v.Step.Card.ID)
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
	v := m.v
	m.mean = make([][numColours]float64, v.Players)
	m.vari = make([][numColours]float64, v.Players)
	var one, oneVar [numColours]float64 // one hidden card
	for c := range numColours {
		one[c] = RaiderPoints*m.pR[c] + HeroPoints*m.pH[c]
		sq := RaiderPoints*RaiderPoints*m.pR[c] + HeroPoints*HeroPoints*m.pH[c]
		oneVar[c] = sq - one[c]*one[c]
	}
	notJarl := 1 - m.pJ
	for o, sv := range v.Seats {
		if o == m.me {
			continue
		}
		mean, vari := &m.mean[o], &m.vari[o]
		party := sv.Party
		bonus := func(j int) (sure, maybe float64) {
			if j < 0 || j >= len(party) {
				return 0, 0
			}
			if pc := party[j]; pc.Card != nil {
				if pc.Card.Kind == "jarl" {
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
			if pc.Card != nil {
				if pc.Card.Kind == "jarl" {
					continue
				}
				c, _ := parseColour(pc.Card.Colour)
				mean[c] += float64(pc.Card.Points+pc.Glory*GloryPoints) + l + r + lm + rm
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
		if sv.Deploying {
			missing = max(0, min(PartySize-len(party), sv.HandCount))
			hidden += missing
		}
		reinforce := 0.0
		if !sv.Passed {
			reinforce = 0.5 * float64(min(hidden, sv.HandCount-missing))
		}
		for c := range numColours {
			mean[c] += float64(missing)*one[c] + reinforce*one[c]
			vari[c] += float64(missing)*oneVar[c] + reinforce*(oneVar[c]+one[c]*one[c])
			if !sv.Passed && sv.Glory > 0 {
				vari[c] += 0.25 * float64(sv.Glory)
			}
		}
		for _, op := range v.Outposts {
			if op.Owner == o {
				c, _ := parseColour(op.Colour)
				mean[c] += float64(op.Points)
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
	for o := range m.v.Players {
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
	for _, o := range m.v.Outposts {
		c, _ := parseColour(o.Colour)
		mine := pts[c]
		if o.Owner == m.me {
			mine += o.Points
		}
		p := m.winChance(c, mine)
		val += p * m.worth[c]
		if fought[c] {
			val += (1 - p) * gloryWorth[m.round]
		}
	}
	return val + m.handValue(hand) + float64(glory)*gloryWorth[m.round]
}

func without(hand []int, id int) []int {
	out := slices.Clone(hand)
	out, _ = rules.Remove(out, id)
	return out
}

// withCard returns party with pc inserted before index i.
func withCard(party []PartyCard, i int, pc PartyCard) []PartyCard {
	return rules.InsertAt(slices.Clone(party), i, pc)
}

// bestAtEnd is the better end for a card (face-up unless faceDown).
func (m *model) bestAtEnd(party []PartyCard, hand []int, id int, faceDown bool) (float64, int) {
	l := m.eval(withCard(party, 0, PartyCard{Card: id, FaceUp: !faceDown}), hand, m.glory)
	r := m.eval(withCard(party, len(party), PartyCard{Card: id, FaceUp: !faceDown}), hand, m.glory)
	if l > r {
		return l, Left
	}
	return r, Right
}

// distinct keeps one card of each face.
func distinct(ids []int) []int {
	var out []int
	for _, id := range ids {
		if !slices.ContainsFunc(out, func(o int) bool { return sameFace(o, id) }) {
			out = append(out, id)
		}
	}
	return out
}

func (m *model) groupValue(g GroupView) float64 {
	t := 0.0
	if g.Hero != nil {
		t += cardWorth(g.Hero.ID) * handWorth[m.round]
	}
	for _, c := range g.Cards {
		t += cardWorth(c.ID) * handWorth[m.round]
	}
	if g.God != nil && m.round == Summer {
		t += godWorth[g.God.ID]
	}
	return t
}

// scoreAll scores each legal action by the best completion it starts.
func (m *model) scoreAll(legal []rules.Action) []float64 {
	out := make([]float64, len(legal))
	memo := map[int]float64{}
	now := m.eval(m.party, m.hand, m.glory)
	bestGroup := 0.0
	for _, g := range m.v.Groups {
		bestGroup = max(bestGroup, m.groupValue(g))
	}
	// An action is worth doing only if it beats passing now by a margin:
	// the Muster Group taken later may be gone.
	waiting := 0
	for o, sv := range m.v.Seats {
		if o != m.me && !sv.Passed {
			waiting++
		}
	}
	later := bestGroup - actMargin*float64(1+waiting)
	for i, a := range legal {
		arg := func(k int) int {
			if k < len(a.Args) {
				return a.Args[k]
			}
			return -1
		}
		switch a.Kind {
		case KindDeploy:
			id := arg(0)
			key := int(kindOf(id))*numColours + int(colourOf(id)+1)
			if v, ok := memo[key]; ok {
				out[i] = v
				continue
			}
			out[i] = m.bestDeployment(append(slices.Clone(m.party), PartyCard{Card: id}), without(m.hand, id))
			memo[key] = out[i]
		case KindGive:
			if arg(0) == m.me {
				out[i] = 1
			}
		case KindSalvage:
			out[i], _ = m.bestAtEnd(m.party, m.hand, arg(0), false)
		case KindDecline:
			out[i] = now
		case KindEnd:
			st := m.v.Step
			if st == nil || st.Card == nil {
				continue
			}
			pos := 0
			if arg(0) == Right {
				pos = len(m.party)
			}
			out[i] = m.eval(withCard(m.party, pos, PartyCard{Card: st.Card.ID, FaceUp: st.Kind != StepFreyaEnd}), m.hand, m.glory)
		case KindAdd:
			out[i], _ = m.bestAtEnd(m.party, without(m.hand, arg(0)), arg(0), false)
		case KindWithdraw:
			p := arg(0)
			out[i] = m.eval(slices.Delete(slices.Clone(m.party), p, p+1), append(slices.Clone(m.hand), m.party[p].Card), m.glory) + later
		case KindReinforce:
			party := slices.Clone(m.party)
			party[arg(0)].FaceUp = true
			best := math.Inf(-1)
			for _, id := range distinct(m.hand) {
				v, _ := m.bestAtEnd(party, without(m.hand, id), id, false)
				best = max(best, v)
			}
			out[i] = best + later
		case KindInspire:
			party := slices.Clone(m.party)
			party[arg(0)].Glory++
			out[i] = m.eval(party, m.hand, m.glory-1) + later
		case KindPromote:
			party := slices.Clone(m.party)
			party[arg(0)].Champion = true
			out[i] = m.eval(party, m.hand, m.glory) + later
		case KindInvoke:
			out[i] = m.invokeValue() + later
		case KindLoki:
			party := slices.Clone(m.party)
			party[arg(0)].Glory++
			out[i] = m.eval(party, m.hand, m.glory)
		case KindHel:
			out[i] = m.bestInsert(arg(0))
		case KindInsert:
			out[i] = m.eval(withCard(m.party, arg(0), PartyCard{Card: m.v.Step.Card.ID, FaceUp: true}), m.hand, m.glory)
		case KindSaga:
			out[i] = 0
		case KindPass:
			out[i] = now
			if g := arg(0); g >= 0 && g < len(m.v.Groups) {
				out[i] += m.groupValue(m.v.Groups[g])
			}
		}
	}
	return out
}

func (m *model) bestInsert(id int) float64 {
	best := math.Inf(-1)
	for i := 0; i <= len(m.party); i++ {
		best = max(best, m.eval(withCard(m.party, i, PartyCard{Card: id, FaceUp: true}), m.hand, m.glory))
	}
	return best
}

// invokeValue is the position after invoking the bot's God, with its
// choices made well.
func (m *model) invokeValue() float64 {
	me := m.v.Seats[m.me]
	if me.God == nil {
		return math.Inf(-1)
	}
	g := God(me.God.ID)
	base := m.eval(m.party, m.hand, m.glory) + invokeBonus[g]
	switch g {
	case Loki:
		best := math.Inf(-1)
		for i, a := range m.party {
			for j := i; j < len(m.party); j++ {
				if kindOf(a.Card) == Jarl || kindOf(m.party[j].Card) == Jarl {
					continue
				}
				party := slices.Clone(m.party)
				party[i].Glory++
				party[j].Glory++
				best = max(best, m.eval(party, m.hand, m.glory))
			}
		}
		return best
	case Nornir:
		party := slices.Clone(m.party)
		back := 0
		for i := range party {
			back += party[i].Glory
			party[i].Glory = 0
		}
		return m.eval(party, m.hand, m.glory+back)
	case Hel:
		best := math.Inf(-1)
		for _, c := range distinctViews(m.v.Discard) {
			if kindOf(c) != Hero {
				best = max(best, m.bestInsert(c))
			}
		}
		return best
	}
	return base
}

func distinctViews(cs []CardView) []int {
	ids := make([]int, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return distinct(ids)
}

// bestDeployment completes a Party to PartySize cards from hand in the best
// order and returns its score.
func (m *model) bestDeployment(party []PartyCard, hand []int) float64 {
	if len(party) >= PartySize || len(hand) == 0 {
		return m.eval(party, hand, m.glory)
	}
	best := math.Inf(-1)
	for _, id := range distinct(hand) {
		best = max(best, m.bestDeployment(append(slices.Clone(party), PartyCard{Card: id}), without(hand, id)))
	}
	return best
}
