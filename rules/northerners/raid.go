package northerners

import "longhall/rules"

// Raids ("Raids"): a raid card's five rows are rolled one a round, from
// the row above the ship, with 5 dice falling by one a row.

// raidDice is the dice the raid's next row rolls: "they start with a dice
// pool of 5 dice ... Each subsequent row allows for one less die", plus
// blessings.
func (s *State) raidDice(r *RaidRun) int { return RaidRows - r.Row + r.Extra }

// startRaid draws a raid card for the placement's Jarl and vikings and
// rolls its first row: "Players can only roll for one row per round,
// starting with the round when they draw the raid card."
func (s *State) startRaid(p int, pc Placement, ev *events) {
	pl := &s.Seats[p]
	// Six cards and at most four raids at once: the deck never runs dry.
	rules.Restock(s.RNG, &s.RaidDeck, &s.RaidDiscard)
	card := s.RaidDeck[0]
	s.RaidDeck = s.RaidDeck[1:]
	pl.Raid = &RaidRun{Card: card, Vikings: pc.Vikings}
	pl.JarlAt = JarlRaid
	if ev.Loud() {
		ev.Add(p, "raid", "%s sets out on a raid to %s with the Jarl and %s", s.Name(p), Raids[card].Name, rules.Count(pc.Vikings, "viking"))
	}
	s.raidRoll(p, ev)
}

// raidRoll rolls the raid's next row and carries out what the face shows
// at once.
func (s *State) raidRoll(p int, ev *events) {
	pl := &s.Seats[p]
	r := pl.Raid
	dice := s.rollDice(s.raidDice(r))
	face := ReadRoll(dice)
	row := r.Row
	r.Row++
	r.Extra = 0
	r.Turn = pl.Turns
	pl.BestRow = max(pl.BestRow, r.Row)
	s.Raided = &Roll{Seat: p, Dice: dice, Read: face}
	ic := Raids[r.Card].Rows[row][face]
	if ev.Loud() {
		ev.Add(p, "raid", "%s rolls %s on row %d of %s: %s", s.Name(p), DiceWords(dice), row+1, Raids[r.Card].Name, "counts "+FaceName(face))
	}
	if !ic.Something {
		ev.Add(p, "raid", "That is not on the row: the raid is over")
		s.endRaid(p, ev)
		return
	}
	if g := (Goods{Fish: ic.Fish, Treasure: ic.Treasure}); g != (Goods{}) {
		if ev.Loud() {
			ev.Add(p, "raid", "The raid brings %s", GoodsWords(g))
		}
		s.gain(p, g, ev)
	}
	if ic.Points > 0 {
		pl.Score += ic.Points
		if ev.Loud() {
			ev.Add(p, "raid", "The raid scores %s", rules.Count(ic.Points, "point"))
		}
	}
	if ic.Workers > 0 {
		s.gainFigures(p, Worker, ic.Workers, ev)
	}
	if ic.Loki {
		ev.Add(p, "raid", "Loki is met on the raid")
		s.advanceLoki(ev)
	}
	switch {
	case ic.LoseShip:
		pl.Ship = false
		if ev.Loud() {
			ev.Add(p, "raid", "%s loses the ship", s.Name(p))
		}
		s.endRaid(p, ev)
	case ic.LoseViking:
		r.Vikings--
		pl.Supply[Viking]++
		if ev.Loud() {
			ev.Add(p, "raid", "%s loses a viking on the raid", s.Name(p))
		}
		if r.Vikings == 0 {
			ev.Add(p, "raid", "Only the Jarl is left: the raid is over")
			s.endRaid(p, ev)
		}
	}
	if pl.Raid != nil && r.Row == RaidRows {
		ev.Add(p, "raid", "The raid reaches the top of its card")
		s.endRaid(p, ev)
	}
}

// endRaid brings the Jarl and the vikings left home and discards the
// card.
func (s *State) endRaid(p int, ev *events) {
	pl := &s.Seats[p]
	r := pl.Raid
	s.returnHome(p, Viking, r.Vikings, ev)
	pl.JarlAt = JarlHome
	s.RaidDiscard = append(s.RaidDiscard, r.Card)
	pl.Raid = nil
}
