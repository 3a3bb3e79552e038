package northerners

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// Combat dice ("Attack and defense"). Every die shows 1 to 5 or a hammer;
// the hammer counts as the highest face.

// Hammer is the die face above 5.
const Hammer = 6

// MaxDice is the most dice a pool may hold.
const MaxDice = 5

// WatchtowerDice is a watchtower's static defence.
const WatchtowerDice = 3

// AttackDice is an attack's pool: "A viking adds 2 dice to the dice pool.
// Adding a second viking adds 2 more dice to the pool. Adding a third
// viking adds 1 die, for a maximum of 5 dice."
func AttackDice(vikings int) int {
	switch {
	case vikings <= 0:
		return 0
	case vikings == 1:
		return 2
	case vikings == 2:
		return 4
	}
	return MaxDice
}

// DefenceDice is a tile's defence pool: "Workers add 1 defense dice each,
// and vikings add 2 defense dice each. The combined defense dice pool
// cannot exceed 5 dice."
func DefenceDice(workers, vikings int) int {
	return min(MaxDice, max(0, workers)+2*max(0, vikings))
}

// ReadRoll is the result a roll counts as: "the result that occurs the
// most ... If there is no majority, they must choose the highest result,
// with the hammer considered the highest." Faces tied for the most
// occurrences read as the highest of them. A roll of no dice reads 0.
func ReadRoll(dice []int) int {
	var count [Hammer + 1]int
	for _, d := range dice {
		if d >= 1 && d <= Hammer {
			count[d]++
		}
	}
	best := 0
	for face := Hammer; face >= 1; face-- {
		if count[face] > count[best] {
			best = face
		}
	}
	return best
}

// AttackerWins compares the read results: "The player with the highest
// number wins the combat roll. If both players have the same result, the
// attacker wins."
func AttackerWins(attack, defence int) bool { return attack >= defence }

// rollDice rolls n dice: faces 1 to 5 and the hammer.
func (s *State) rollDice(n int) []int {
	out := make([]int, n)
	for i := range out {
		if len(s.loaded) > 0 {
			out[i], s.loaded = s.loaded[0], s.loaded[1:]
			continue
		}
		out[i] = 1 + s.RNG.Intn(Hammer)
	}
	return out
}

// FaceName names a die face.
func FaceName(f int) string {
	switch {
	case f == Hammer:
		return "the hammer"
	case f > Hammer:
		return fmt.Sprintf("the hammer+%d", f-Hammer)
	case f <= 0:
		return "nothing"
	}
	return fmt.Sprint(f)
}

// startFight begins p's attack with n vikings on defender's figures on
// square q: "The attack is carried out when you place the viking(s) on the
// tile." The defender's watchtowers on the way are fought first.
func (s *State) startFight(p, q, defender, n int, ev *events) {
	s.Seats[p].Home[Viking] -= n
	towers, _ := s.AttackWay(p, defender, q)
	s.Fight = &Fight{Attacker: p, Defender: defender, Square: q, Vikings: n, Towers: towers}
	s.LastFight = nil
	if ev.Loud() {
		ev.Add(p, "attack", "%s attacks %s's figures at %s with %s", s.Name(p), s.Name(defender), SquareName(q), rules.Count(n, "viking"))
	}
	for _, t := range towers {
		if ev.Loud() {
			ev.Add(defender, "tower", "%s's watchtower at %s stands in the way", s.Name(defender), SquareName(t))
		}
	}
	s.Step = Step{Kind: StepCombat, Seat: p}
}

func (f *Fight) other(p int) int {
	if p == f.Attacker {
		return f.Defender
	}
	return f.Attacker
}

// lastCard is the index of the last uncancelled card p played for the
// coming roll, or -1.
func (f *Fight) lastCard(p int) int {
	for i := len(f.Cards) - 1; i >= 0; i-- {
		if f.Cards[i].Seat == p && !f.Cards[i].Cancelled {
			return i
		}
	}
	return -1
}

// combatChoices lists p's choices before a roll: "Both players decide what
// (if any) Blessing cards they want to use. Players are allowed to decide
// on additional cards to negate the opponent's cards." Withdrawing is only
// allowed after the first roll, unless a card says otherwise.
func (s *State) combatChoices(p int, l *lister) {
	f := s.Fight
	if l.wants(KindFight) {
		l.add(KindFight)
		if l.loud {
			if p == f.Defender {
				l.label("Stand and fight")
			} else {
				l.label("Fight: roll the dice")
			}
		}
	}
	if f.Rolls > 0 && l.wants(KindWithdraw) {
		l.add(KindWithdraw)
		if l.loud {
			l.label("Withdraw from the attack")
		}
	}
	if !l.wants(KindCard) {
		return
	}
	hand := s.Seats[p].Hand
	for _, c := range hand {
		if !firstOfKind(hand, c) {
			continue
		}
		switch k := CardKind(c); k {
		case CardThor, CardTyr, CardValkyrie:
			l.add(KindCard, c)
			if l.loud {
				l.label("Play " + CardName(c) + ": " + CardKinds[k].Text)
			}
		case CardFrigg:
			if last := f.lastCard(f.other(p)); last >= 0 {
				l.add(KindCard, c)
				if l.loud {
					l.label("Play " + CardName(c) + " to cancel " + CardName(f.Cards[last].Card))
				}
			}
		}
	}
}

func (s *State) applyCombat(p int, a rules.Action, ev *events) {
	f := s.Fight
	switch a.Kind {
	case KindFight:
		s.Step.Passes++
		if s.Step.Passes >= 2 {
			s.combatRoll(ev)
			return
		}
		s.Step.Seat = f.other(p)
	case KindWithdraw:
		s.withdraw(p, ev)
	case KindCard:
		c := a.Args[0]
		s.playFromHand(p, c, ev)
		switch CardKind(c) {
		case CardValkyrie:
			s.withdraw(p, ev)
			return
		case CardFrigg:
			i := f.lastCard(f.other(p))
			f.Cards[i].Cancelled = true
			if ev.Loud() {
				ev.Add(p, "cancel", "%s cancels %s", CardName(c), CardName(f.Cards[i].Card))
			}
		}
		f.Cards = append(f.Cards, Play{Seat: p, Card: c})
		s.Step = Step{Kind: StepCombat, Seat: f.other(p)}
	}
}

// played counts the uncancelled cards of kind k p played for this roll.
func (f *Fight) played(p, k int) int {
	return rules.CountBy(f.Cards, func(pl Play) bool { return pl.Seat == p && !pl.Cancelled && CardKind(pl.Card) == k })
}

// combatRoll rolls both pools and carries out the loss: "The player with
// the highest number wins the combat roll. If both players have the same
// result, the attacker wins."
func (s *State) combatRoll(ev *events) {
	f := s.Fight
	atk := AttackDice(f.Vikings) + ThorDice*f.played(f.Attacker, CardThor)
	def, tower := WatchtowerDice, len(f.Towers) > 0
	if !tower {
		def = DefenceDice(s.figuresOn(f.Square, f.Defender, Worker), s.figuresOn(f.Square, f.Defender, Viking))
	}
	def += ThorDice * f.played(f.Defender, CardThor)
	ad, dd := s.rollDice(atk), s.rollDice(def)
	f.Attack = &Roll{Seat: f.Attacker, Dice: ad, Read: ReadRoll(ad), Bonus: TyrBonus * f.played(f.Attacker, CardTyr)}
	f.Defence = &Roll{Seat: f.Defender, Dice: dd, Read: ReadRoll(dd), Bonus: TyrBonus * f.played(f.Defender, CardTyr)}
	f.AttackerWon = AttackerWins(f.Attack.Read+f.Attack.Bonus, f.Defence.Read+f.Defence.Bonus)
	f.Rolls++
	f.Cards = nil
	against := "the watchtower"
	if ev.Loud() && !tower {
		against = s.Name(f.Defender)
	}
	if ev.Loud() {
		ev.Add(f.Attacker, "roll", "%s rolls %s: %s; %s rolls %s: %s", s.Name(f.Attacker), DiceWords(ad), ReadWords(f.Attack),
			against, DiceWords(dd), ReadWords(f.Defence))
	}
	switch {
	case !f.AttackerWon:
		f.Vikings--
		s.Seats[f.Attacker].Supply[Viking]++
		if ev.Loud() {
			ev.Add(f.Defender, "win", "%s wins the roll: %s loses a viking", against, s.Name(f.Attacker))
		}
	case len(f.Towers) > 0:
		if ev.Loud() {
			ev.Add(f.Attacker, "win", "%s beats the watchtower at %s", s.Name(f.Attacker), SquareName(f.Towers[0]))
		}
		f.Towers = f.Towers[1:]
	default:
		if ev.Loud() {
			ev.Add(f.Attacker, "win", "%s wins the roll", s.Name(f.Attacker))
		}
		w, v := s.figuresOn(f.Square, f.Defender, Worker), s.figuresOn(f.Square, f.Defender, Viking)
		if w > 0 && v > 0 {
			s.Step = Step{Kind: StepLose, Seat: f.Defender}
			return
		}
		k := Worker
		if v > 0 {
			k = Viking
		}
		s.loseFigure(f.Defender, k, ev)
	}
	s.afterRoll(ev)
}

// DiceWords lists dice faces: "2, 4, 4, hammer".
func DiceWords(dice []int) string {
	out := ""
	for i, d := range dice {
		if i > 0 {
			out += ", "
		}
		if d == Hammer {
			out += "hammer"
		} else {
			out += fmt.Sprint(d)
		}
	}
	if out == "" {
		return "no dice"
	}
	return out
}

// ReadWords explains what a roll counts as.
func ReadWords(r *Roll) string {
	w := "counts " + FaceName(r.Read)
	if r.Bonus > 0 {
		w += fmt.Sprintf(" and %d more", r.Bonus)
	}
	return w
}

// loseFigure removes one of the defender's figures of kind k from the
// fought tile into their supply; for a worker the attacker puts a worker
// of their own supply in its place: "Whenever a worker is put into the
// supply, the winning player replaces that worker with one worker from
// their supply."
func (s *State) loseFigure(o, k int, ev *events) {
	f := s.Fight
	c := &s.Cells[f.Square]
	i := slices.IndexFunc(c.Figures, func(fg Figure) bool { return fg.Owner == o && fg.Kind == k })
	c.Figures = slices.Delete(c.Figures, i, i+1)
	s.Seats[o].Supply[k]++
	if ev.Loud() {
		ev.Add(o, "lose", "%s loses %s", s.Name(o), rules.A(FigureNames[k]))
	}
	if k == Worker && s.Seats[f.Attacker].Supply[Worker] > 0 {
		s.Seats[f.Attacker].Supply[Worker]--
		c.Figures = append(c.Figures, Figure{Owner: f.Attacker, Kind: Worker})
		if ev.Loud() {
			ev.Add(f.Attacker, "capture", "%s captures the worker's place with a worker of their own", s.Name(f.Attacker))
		}
	}
}

// afterRoll ends the attack when one side has no one left on the tile,
// or goes on to the next roll.
func (s *State) afterRoll(ev *events) {
	f := s.Fight
	switch {
	case f.Vikings == 0:
		s.endFight(false, ev)
	case len(f.Towers) == 0 && s.figuresOn(f.Square, f.Defender, Worker)+s.figuresOn(f.Square, f.Defender, Viking) == 0:
		s.endFight(true, ev)
	default:
		s.Step = Step{Kind: StepCombat, Seat: f.Attacker}
	}
}

// withdraw takes p out of the fight: "Withdrawing from an attack lets you
// put your remaining tokens back on your player board"; the other side
// wins.
func (s *State) withdraw(p int, ev *events) {
	f := s.Fight
	if ev.Loud() {
		ev.Add(p, "withdraw", "%s withdraws from the attack", s.Name(p))
	}
	if p == f.Attacker {
		s.endFight(false, ev)
		return
	}
	s.takeHome(p, f.Square, ev)
	s.endFight(true, ev)
}

// endFight scores the attack for its winner: "The winner gains 3 victory
// points ... All surviving vikings go back to the player board after an
// attack to rest and recuperate, regardless of them being on the
// attacking or defending side. Workers will stay on the tile." Both
// sides' surviving vikings go home at once (as far as the village has
// room, the rest to the supply), free to be placed again; the workers
// stay. LastFight keeps the survivors' number for the board.
func (s *State) endFight(attackerWon bool, ev *events) {
	f := s.Fight
	winner := f.Defender
	if attackerWon {
		winner = f.Attacker
		s.Seats[f.Attacker].Attacks++
	}
	s.Seats[winner].Score += AttackPoints
	if ev.Loud() {
		ev.Add(winner, "won", "%s wins the attack and scores %s", s.Name(winner), rules.Count(AttackPoints, "point"))
	}
	if f.Vikings > 0 {
		if ev.Loud() {
			ev.Add(f.Attacker, "rest", "%s takes %s back to the player board to rest", s.Name(f.Attacker), rules.Count(f.Vikings, "surviving viking"))
		}
		s.returnHome(f.Attacker, Viking, f.Vikings, ev)
	}
	c := &s.Cells[f.Square]
	if v := s.figuresOn(f.Square, f.Defender, Viking); v > 0 {
		c.Figures = slices.DeleteFunc(c.Figures, func(fg Figure) bool { return fg.Owner == f.Defender && fg.Kind == Viking })
		if ev.Loud() {
			ev.Add(f.Defender, "rest", "%s takes %s back to the player board to rest", s.Name(f.Defender), rules.Count(v, "surviving viking"))
		}
		s.returnHome(f.Defender, Viking, v, ev)
	}
	s.Fight, s.LastFight = nil, f
	s.Step = Step{Kind: StepAct, Seat: f.Attacker}
}
