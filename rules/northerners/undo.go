package northerners

import (
	"slices"

	"longhall/rules"
)

// Undo (rules.Undoable). An action may be taken back when it shows nobody
// anything hidden from them: the blessings in hand and on offer, the
// quests face down, and the order of the bag and of every deck (README.md,
// Hidden information). Placing figures and paying for them, moving the
// Jarl, choosing among what everyone sees and the first step of a choice
// that draws later are all open; drawing, playing a card from the hand,
// keeping or discarding a hidden card and rolling dice are final; so is
// a decision by which a player holding quests newly meets one that may
// lie face down (mayShowQuest).
// rules.Reversibly adds the generator (a shuffle, a die) and secret events
// for another seat on top of what Reveals says.

var _ rules.Undoable = (*State)(nil)

// Rand is rules.Base's: all of the game's randomness (shuffles, dice, the
// start player) comes from s.RNG.

// Reveals implements rules.Undoable: whether seat's action a, about to be
// applied, shows anyone something hidden from them until now.
func (s *State) Reveals(seat rules.Seat, a rules.Action) bool {
	p := int(seat)
	if !s.SeatOK(p) || p != s.Step.Seat {
		return true // not this seat's decision: Apply refuses it anyway
	}
	if s.revealsByRule(p, a) {
		return true
	}
	return s.mayShowQuest(seat, a)
}

// revealsByRule is the rule for each kind of decision, as the step it
// answers and apply.go carry it out.
func (s *State) revealsByRule(p int, a rules.Action) bool {
	pl := &s.Seats[p]
	switch s.Step.Kind {
	case StepHarvest:
		switch a.Kind {
		case KindCollect, KindReturn:
			// Harvest, steps 2 and 3; "Returning from a raid": the
			// figures come home and the tile's yield is printed on the
			// tile. Everything is on the table.
			return false
		case KindJarl:
			// Common actions, Kaupang and Spirit shaman: the Jarl comes
			// home; the trade or the gods' choice is the next decision,
			// so bringing the Jarl back is only its first step.
			return false
		case KindResolve:
			if len(a.Args) != 1 || a.Args[0] < 0 || a.Args[0] >= len(pl.Placed) {
				return true
			}
			return s.resolveDraws(pl.Placed[a.Args[0]])
		case KindRaid:
			// Raids, Progressing through the raid: the row is rolled.
			return true
		case KindCard:
			// Blessing cards: a card from the hand, hidden until now, is
			// played face up.
			return true
		}
	case StepAct:
		switch a.Kind {
		case KindWork, KindVisit, KindAction, KindAttack, KindEnd:
			// Actions; Spending resources; Attack ("carried out when you
			// place the viking(s)"): figures, the Jarl and the goods paid
			// are on the table, and placing draws nothing ("All actions'
			// effects are only carried out in your next harvest"). An
			// attack rolls nothing until both sides have had their say
			// (Playing cards); the end of the turn only passes it on.
			return false
		case KindCard:
			// Blessing cards: played face up from the hidden hand.
			return true
		}
	case StepExplore:
		// Explore: the tile drawn is face up; placing it is an open
		// choice. On a blessing circle the gods' choice follows; else the
		// next viking's tile is drawn from the bag at once.
		if len(a.Args) == 2 && a.Args[0] >= 0 && a.Args[0] < len(Squares) && Squares[a.Args[0]].Circle {
			return false
		}
		return s.drawsTile(p)
	case StepBuild:
		// Building resource buildings, watchtowers and houses: the tile
		// comes from the player's open supply. Here and after a trade or
		// the gods' choice the harvest goes on, which draws only if a
		// land tile is still to be explored (drawsTile).
		return s.drawsTile(p)
	case StepKaupang:
		// Kaupang tiles fields: "When one tile is spent ... replace it
		// with a new tile from the pile": taking a tile turns the pile's
		// top face up. Taking none draws nothing.
		if len(a.Args) > 0 && a.Args[0] < 0 {
			return s.drawsTile(p)
		}
		return true
	case StepSpirit:
		// Spirit shaman and The Blessing Circles: a card drawn is seen by
		// its drawer (and a Loki card by everyone); the quest discarded
		// is one the others have not seen, chosen by name.
		switch {
		case len(a.Args) == 0:
			return true
		case a.Args[0] == 0:
			return len(s.Blessings)+len(s.BlessDiscard) > 0 || s.drawsTile(p)
		case a.Args[0] == 1:
			return len(s.QuestDeck)+len(s.QuestDiscard) > 0 || s.drawsTile(p)
		}
		return true
	case StepKeep:
		// Blessing action: the two cards drawn are seen only by the
		// drawer; the one kept and the one let go are a choice among
		// cards hidden from everyone else.
		return true
	case StepCombat:
		switch a.Kind {
		case KindFight:
			// Combat roll resolution: the second pass in a row rolls the
			// dice; the first only hands the word to the other side.
			return s.Step.Passes+1 >= 2
		case KindWithdraw:
			// Withdrawing from an attack: figures go home, the other side
			// wins; nothing is rolled or drawn.
			return false
		case KindCard:
			// Playing cards: a blessing from the hand is played face up.
			return true
		}
	case StepLose:
		// "The losing player must remove a viking or worker": an open
		// choice between figures on the tile, after dice already rolled.
		return false
	}
	return true
}

// resolveDraws says whether resolving placement pc draws or rolls: the
// Mundane, Build and Raid actions explained.
func (s *State) resolveDraws(pc Placement) bool {
	if pc.Resting {
		// The winner of the attack: resting vikings only come home.
		return false
	}
	switch Actions[pc.Action].Do {
	case DoExplore:
		// Explore: "draw one exploration tile from the draw bag".
		return len(s.Bag) > 0
	case DoBlessing:
		// Blessing action: two blessings are drawn, to keep one.
		return len(s.Blessings)+len(s.BlessDiscard) > 0
	case DoRaid:
		// Raid: "Draw a raid card" and roll its first row.
		return true
	}
	// Fishing, Recruit, Capture, the houses, the buildings (the tile's
	// place is the next decision) and Build ship yield what the table
	// shows.
	return false
}

// drawsTile says whether p's harvest goes on by drawing the next land tile
// of an Explore with more vikings ("draw one exploration tile ... for each
// viking").
func (s *State) drawsTile(p int) bool {
	return s.Seats[p].Explore > 0 && len(s.Bag) > 0
}

// mayShowQuest says whether, after a, the check of quests could turn a
// face-down quest up (Quest cards: "Reveal it and score points
// immediately"; the game checks every player's quests after every action,
// README.md): whether a player holding quests face down newly meets, by
// a, a quest that is not yet completed. Whether it is turned up would show
// whether that player holds it, so the action is final.
//
// A quest that the player met before a as well shows nothing: the quests
// were checked after the last action, so everyone knows that no quest a
// player meets is in their hand, and a cannot put it there (drawing a
// quest is final anyway). Only in the opening (opening) may a quest met
// from the start still lie face down, and there any quest met after a
// counts. Every quest not completed counts as one that may lie face down,
// the discards too (a quest discarded at the Spirit Shaman is named to
// nobody else): so the answer is drawn from the table alone and tells the
// actor nothing either.
func (s *State) mayShowQuest(seat rules.Seat, a rules.Action) bool {
	if !slices.ContainsFunc(s.Seats, func(pl Player) bool { return len(pl.Quests) > 0 }) {
		return false
	}
	c := s.Hush().(*State) // the words are not wanted here
	if _, err := c.Apply(seat, a); err != nil || c.Outcome != nil {
		// Refused (Apply says so), or the game is over: no quest is
		// checked after the final scoring.
		return false
	}
	open := s.opening()
	for p := range s.Seats {
		if len(s.Seats[p].Quests) == 0 {
			continue
		}
		var after, before tableMemo
		for q := range Quests {
			if !s.completed(q) && c.meets(p, Quests[q], &after) && (open || !s.meets(p, Quests[q], &before)) {
				return true
			}
		}
	}
	return false
}

// opening says whether the quests may not have been checked yet: before
// the game's first action. The quests are checked after every action, not
// at set-up, and one may be met from the start (The Full Warehouse: 3 of
// every resource, as everyone begins). So before the first action a player
// may hold a quest they meet, and the first action, which checks them, may
// turn it up; after it, nobody holds one (README.md, Undo: the first
// turn).
func (s *State) opening() bool { return !s.Checked }

// completed says whether quest q has been completed and revealed.
func (s *State) completed(q int) bool {
	return slices.ContainsFunc(s.Seats, func(pl Player) bool { return slices.Contains(pl.Done, q) })
}
