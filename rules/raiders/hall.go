package raiders

import (
	"fmt"
	"strconv"

	"longhall/rules"
)

// The Hall of Heroes module (comprehensive book, sections 3 to 6): the
// draft start, the Mead Hall with its face-up row (Charm the Crowd) and
// its quests (Complete a Quest), reputation tiles, and mead drunk before
// a raid's roll.

// legalDraft offers seat p's next draft choice: the card to hire, then
// the one to pass left, then the one to pass right (Setup 5).
func (s *State) legalDraft(p int, l *choices) {
	pl := &s.Seats[p]
	if len(pl.Dealt) == 0 || len(pl.Draft) >= DraftPasses {
		return
	}
	for c := range l.cards(KindDraft, pl.Dealt) {
		if !l.add(KindDraft, c) {
			continue
		}
		switch len(pl.Draft) {
		case 0:
			l.label("Hire your " + cardName(c) + " for free")
		case 1:
			l.label("Pass your " + cardName(c) + " to " + s.Name(s.left(p)))
		default:
			l.label("Pass your " + cardName(c) + " to " + s.Name(s.right(p)))
		}
	}
}

// draft takes p's choice of c; once every seat has chosen, the hired cards
// are revealed and the passed ones change hands, all at once.
func (s *State) draft(p, c int, ev *events) {
	pl := &s.Seats[p]
	pl.Dealt = rules.Without(pl.Dealt, c)
	pl.Draft = append(pl.Draft, c)
	if len(pl.Draft) == 1 && ev.Loud() {
		ev.Secret(p, "draft", s.Name(p)+" chooses a townsfolk to hire", s.Name(p)+" chooses the "+cardName(c)+" to hire", p)
	}
	if len(s.Pending()) > 0 {
		return
	}
	for q := range s.Seats {
		d := &s.Seats[q]
		d.Crew, d.Hand = []int{d.Draft[0]}, d.Dealt
		if ev.Loud() {
			ev.Add(q, "hire", "%s hires the %s", s.Name(q), cardName(d.Draft[0]))
		}
	}
	for q := range s.Seats {
		d := &s.Seats[q]
		for i, to := range [2]int{s.left(q), s.right(q)} {
			c := d.Draft[1+i]
			s.Seats[to].Hand = append(s.Seats[to].Hand, c)
			if ev.Loud() {
				ev.Secret(q, "pass", fmt.Sprintf("%s passes a card to %s", s.Name(q), s.Name(to)),
					fmt.Sprintf("%s passes the %s to %s", s.Name(q), cardName(c), s.Name(to)), q, to)
			}
		}
	}
	for q := range s.Seats {
		s.Seats[q].Dealt, s.Seats[q].Draft = nil, nil
	}
	s.Step = Step{Kind: StepTurn, Seat: s.Turn}
}

// handStrength is the printed strength of p's hand: what a quest counts
// ("Can I complete a Quest with Crew Strength? No. Only cards from hand").
func (s *State) handStrength(p int) int {
	n := 0
	for _, c := range s.Seats[p].Hand {
		n += Kinds[KindOf(c)].Strength
	}
	return n
}

// meetsRep says whether p meets reputation tile r's demand.
func (s *State) meetsRep(p, r int) bool {
	pl, rep := &s.Seats[p], Reputations[r]
	have := 0
	switch rep.Need {
	case RepFortress:
		have = pl.Fortresses
	case RepOfferings:
		have = len(pl.Offerings)
	case RepArmour:
		have = pl.Armour
	case RepValkyrie:
		have = pl.Valkyrie
	}
	return have >= rep.N
}

// legalMeadHall offers the Mead Hall's actions: Charm the Crowd for each
// face-up townsfolk, Complete a Quest for each quest the hand is strong
// enough for, and each reputation tile p may claim.
func (s *State) legalMeadHall(p int, l *choices) {
	for slot, c := range s.Hall {
		if c >= 0 && l.add(KindCharm, slot) {
			l.label("Charm the Crowd: take the " + cardName(c) + bonusWords(slot))
		}
	}
	strength := s.handStrength(p)
	for i, q := range s.SpaceQuest {
		if q >= 0 && strength >= Quests[q].Need && l.add(KindQuest, i) {
			l.label(fmt.Sprintf("Complete the quest at %s: discard %d strength for %s", SpaceName(i), Quests[q].Need, RewardWords(Quests[q].Reward)))
		}
	}
	for _, t := range s.RepRow {
		if r := t - len(Quests); s.meetsRep(p, r) && l.add(KindClaim, r) {
			l.label(fmt.Sprintf("Claim the reputation tile for having %s (%d VP a tile)", RepText[Reputations[r].Need], Reputations[r].PerTile))
		}
	}
}

// bonusWords says what a Mead Hall slot adds to its card.
func bonusWords(slot int) string {
	b := MeadRowBonus[slot]
	if b == [2]int{} {
		return ""
	}
	return " and " + RewardWords(Reward{Silver: b[0], Mead: b[1]})
}

// RewardWords writes a reward: "2 gold and 1 mead".
func RewardWords(r Reward) string {
	var parts []string
	for _, it := range []struct {
		n    int
		what string
	}{{r.Silver, "silver"}, {r.Provisions, "provision"}, {r.Gold, "gold"}, {r.Iron, "iron"}, {r.Livestock, "livestock"}, {r.Mead, "mead"}, {r.Armour, "armour"}, {r.VP, "VP"}} {
		if it.n > 0 {
			parts = append(parts, amount(it.n, it.what))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return rules.And(parts)
}

// applyMeadHall carries out a Mead Hall choice. It reports whether the
// building's action is done.
func (s *State) applyMeadHall(p int, a rules.Action, ev *events) (done bool) {
	pl := &s.Seats[p]
	switch a.Kind {
	case KindCharm:
		slot := a.Args[0]
		c := s.Hall[slot]
		pl.Hand = append(pl.Hand, c)
		if ev.Loud() {
			ev.Add(p, "charm", "%s charms the crowd and takes the %s", s.Name(p), cardName(c))
		}
		if b := MeadRowBonus[slot]; b != [2]int{} {
			s.gainReward(p, Reward{Silver: b[0], Mead: b[1]}, ev)
		}
		// Slide the cards to its left one place right; refill the leftmost.
		copy(s.Hall[1:slot+1], s.Hall[:slot])
		s.Hall[0] = -1
		if c, ok := s.top(ev); ok {
			s.Hall[0] = c
		}
		return true
	case KindQuest:
		i := a.Args[0]
		q := s.SpaceQuest[i]
		if ev.Loud() {
			ev.Add(p, "quest", "%s takes on the quest at %s", s.Name(p), SpaceName(i))
		}
		s.Step = Step{Kind: StepQuest, Seat: p, Card: q, Left: Quests[q].Need, Other: i}
		return false
	case KindClaim:
		t := len(Quests) + a.Args[0]
		s.RepRow = rules.Without(s.RepRow, t)
		pl.Tiles = append(pl.Tiles, t)
		if ev.Loud() {
			ev.Add(p, "claim", "%s claims the reputation tile for having %s", s.Name(p), RepText[Reputations[a.Args[0]].Need])
		}
		return true
	}
	return true
}

// legalQuest offers the hand cards p may discard towards the quest: any
// with strength (more than needed is allowed, FAQ).
func (s *State) legalQuest(p int, l *choices) {
	for c := range l.cards(KindSpend, s.Seats[p].Hand) {
		if n := Kinds[KindOf(c)].Strength; n > 0 && l.add(KindSpend, c) {
			l.label(fmt.Sprintf("Discard your %s (strength %d)", cardName(c), n))
		}
	}
}

// spend discards hand card c towards the quest; with enough strength the
// quest is complete: its tile goes above p's board and its reward is
// paid. It reports whether the quest is done.
func (s *State) spend(p, c int, ev *events) (done bool) {
	pl, st := &s.Seats[p], &s.Step
	pl.Hand = rules.Without(pl.Hand, c)
	s.Discard = append(s.Discard, c)
	st.Left -= Kinds[KindOf(c)].Strength
	if ev.Loud() {
		ev.Add(p, "spend", "%s discards %s for the quest", s.Name(p), rules.A(cardName(c)))
	}
	if st.Left > 0 {
		return false
	}
	q := st.Card
	s.SpaceQuest[st.Other] = -1
	pl.Tiles = append(pl.Tiles, q)
	if ev.Loud() {
		ev.Add(p, "quest", "%s completes the quest: %s, and a tile worth %d VP a tile", s.Name(p), RewardWords(Quests[q].Reward), Quests[q].PerTile)
	}
	r := Quests[q].Reward
	r.VP += pl.crewOf(Skald)
	s.gainReward(p, r, ev)
	return true
}

// placeQuest puts a quest tile on the space just raided (Raid 10: "only
// once per space").
func (s *State) placeQuest(i int, ev *events) {
	if !s.Heroes || len(s.QuestStack) == 0 || s.SpaceQuest[i] >= 0 {
		return
	}
	s.SpaceQuest[i], s.QuestStack = s.QuestStack[0], s.QuestStack[1:]
	q := Quests[s.SpaceQuest[i]]
	if ev.Loud() {
		ev.Add(-1, "quest", "A quest appears at %s: %d strength of townsfolk for %s", SpaceName(i), q.Need, RewardWords(q.Reward))
	}
}

// legalMead offers how much mead p may drink before the roll, each choice
// saying the strength it makes before the dice (a Reveller's bonus
// counted once any mead is drunk).
func (s *State) legalMead(p int, l *choices) {
	for n := 0; n <= s.Seats[p].Mead; n++ {
		if !l.add(KindMead, n) {
			continue
		}
		what := "no"
		if n > 0 {
			what = strconv.Itoa(n)
		}
		l.label(fmt.Sprintf("Drink %s mead: strength %d before the dice", what, s.tallyStrength(p, s.Raid.Space, nil, n, nil)))
	}
}

// drink spends n of p's mead on the raid in progress, and rolls.
func (s *State) drink(p, n int, ev *events) {
	s.Seats[p].Mead -= n
	s.Mead += n
	s.Raid.Mead = n
	if n > 0 && ev.Loud() {
		ev.Add(p, "mead", "%s drinks %d mead before the roll: +%d strength", s.Name(p), n, n)
	}
	s.roll(ev)
}

// gainReward pays p a quest's, a Jarl's or a Mead Hall slot's reward from
// the supplies (what a supply lacks is not paid).
func (s *State) gainReward(p int, r Reward, ev *events) {
	pl := &s.Seats[p]
	if r.Silver > 0 {
		s.gainSilver(p, r.Silver, ev)
	}
	if r.Provisions > 0 {
		s.gainProvisions(p, r.Provisions, ev)
	}
	for k, n := range [3]int{r.Gold, r.Iron, r.Livestock} {
		if n > 0 {
			s.gainPlunder(p, k, n, ev)
		}
	}
	if n := min(r.Mead, s.Mead); n > 0 {
		s.Mead -= n
		pl.Mead += n
		if ev.Loud() {
			ev.Add(p, "gain", "%s gains %d mead", s.Name(p), n)
		}
	}
	if n := min(r.Armour, MaxArmour-pl.Armour); n > 0 {
		pl.Armour += n
		if ev.Loud() {
			ev.Add(p, "armour", "%s gains %d armour", s.Name(p), n)
		}
	}
	if r.VP > 0 {
		pl.VP += r.VP
		if ev.Loud() {
			ev.Add(p, "vp", "%s gains %d VP", s.Name(p), r.VP)
		}
	}
}

// tilesVP is what p's quest and reputation tiles score: the rightmost
// tile's VP for each tile (Final Scoring 5).
func (p *Player) tilesVP() int {
	if len(p.Tiles) == 0 {
		return 0
	}
	return TileVP(p.Tiles[len(p.Tiles)-1]) * len(p.Tiles)
}
