package vikings

import (
	"testing"

	"longhall/rules"
)

// legalWith returns p's legal action of kind whose first argument is card.
func legalWith(t *testing.T, s *State, p int, kind string, card int) rules.Action {
	t.Helper()
	for _, a := range s.Legal(rules.Seat(p)) {
		if a.Kind == kind && len(a.Args) > 0 && a.Args[0] == card {
			return a
		}
	}
	t.Fatalf("seat %d is not offered %s with %s: %v", p, kind, CardName(card), s.Legal(rules.Seat(p)))
	return rules.Action{}
}

// attackAt sets up Jack (seat 0) and Magda on one space, Magda with a crew
// and two cards, Jack's attack announced and the die set to show die.
func attackAt(t *testing.T, die int) *State {
	t.Helper()
	s := table(t, "Jack", "Magda")
	here := space(2, 5)
	s.Seats[0].Ship, s.Seats[1].Ship = here, here
	enlist(t, s, 1, Berserker)
	give(t, s, 1, WindSouth, WindSouth)
	do(t, s, 0, KindAttack, 1)
	dieWillShow(t, s, die)
	return s
}

// wonMonster sets up Jack's victory over the sea monster: he moves it next.
func wonMonster(t *testing.T) *State {
	t.Helper()
	s := table(t, "Jack", "Magda")
	s.Seats[0].Ship = space(3, 2)
	wind := give(t, s, 0, WindEast)[0]
	do(t, s, 0, KindSail, wind, East)
	passes(t, s, 1, 0)
	dieWillShow(t, s, 4)
	passes(t, s, 1, 0)
	return s
}

// What may be taken back (rules.Reversibly, through Reveals): one case per
// kind of decision, after the rulebook's sections.
func TestUndo(t *testing.T) {
	act := func(kind string, args ...int) rules.Action { return rules.Action{Kind: kind, Args: args} }
	for _, c := range []struct {
		name  string
		setup func(t *testing.T) (*State, int, rules.Action)
		final bool
	}{
		{"A PLAYER'S TURN: play 1 hero card from the hand", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			h := give(t, s, 0, Berserker)[0]
			return s, 0, act(KindHero, h)
		}, true},
		{"CARDS, Hero cards: a hero into a full crew, one thrown overboard", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			crew := enlist(t, s, 0, Berserker, Shieldmaiden, Seeress)
			h := give(t, s, 0, Skald)[0]
			return s, 0, act(KindHero, h, crew[0])
		}, true},
		{"MOVEMENT, Sailing: a wind card", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(2, 4)
			w := give(t, s, 0, WindNorth)[0]
			return s, 0, act(KindSail, w, North)
		}, true},
		{"CARDS, Event cards: an event played for its wind", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(2, 4)
			calm := give(t, s, 0, Calm)[0]
			return s, 0, legalWith(t, s, 0, KindSail, calm)
		}, true},
		{"CARDS, Event cards: an event for its effect (Favourable Current)", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(2, 4)
			c := give(t, s, 0, Current)[0]
			return s, 0, act(KindEvent, c, West)
		}, true},
		{"STANDARD ACTIONS: announce an attack on a longship", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship, s.Seats[1].Ship = space(2, 5), space(2, 5)
			return s, 0, act(KindAttack, 1)
		}, false},
		{"STANDARD ACTIONS: announce looting a village", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = VillageOf[Blue]
			return s, 0, act(KindLoot)
		}, false},
		{"STANDARD ACTIONS: announce a feast", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			daughter(s, 0, Blue)
			return s, 0, act(KindFeast)
		}, false},
		{"STANDARD ACTIONS: announce a sacrifice", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			give(t, s, 0, WindNorth, WindSouth)
			return s, 0, act(KindSacrifice)
		}, false},
		{"CARDS, Hero cards: the Helmsman moves the longship", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			h := enlist(t, s, 0, Helmsman)[0]
			return s, 0, act(KindUse, h, s.moves(s.Seats[0].Ship)[0])
		}, false},
		{"CARDS, Hero cards: the Seeress, before the stack resolves", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			h := enlist(t, s, 0, Seeress)[0]
			return s, 0, act(KindUse, h)
		}, false},
		{"MOVEMENT, Rowing: into the next player's first turn", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(3, 2)
			return s, 0, act(KindRow, North)
		}, false},
		{"MOVEMENT, Rowing: the next player draws 2 cards", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(3, 2)
			s.Seats[1].Turns = 1
			return s, 0, act(KindRow, North)
		}, true},
		{"A PLAYER'S TURN: end it, the next player draws 2 cards", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[1].Turns = 1
			return s, 0, act(KindEnd)
		}, true},
		{"END OF TURN: end it with more than 6 cards, the discard comes first", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[1].Turns = 1
			give(t, s, 0, WindNorth, WindNorth, WindSouth, WindSouth, WindEast, WindEast, WindWest)
			return s, 0, act(KindEnd)
		}, false},
		{"END OF TURN: discard down to 6 cards", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			give(t, s, 0, WindNorth, WindNorth, WindSouth, WindSouth, WindEast, WindEast, WindWest, WindWest)
			do(t, s, 0, KindEnd)
			return s, 0, act(KindDiscard, s.Seats[0].Hand[0])
		}, true},
		{"A PLAYER'S TURN, reactions: Loki the Trickster from the hand", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(2, 4)
			w := give(t, s, 0, WindNorth)[0]
			loki := give(t, s, 1, Loki)[0]
			do(t, s, 0, KindSail, w, North)
			return s, 1, act(KindEvent, loki)
		}, true},
		{"CARDS, Hero cards: the Skald as a reaction", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship, s.Seats[1].Ship = space(2, 5), space(2, 5)
			skald := enlist(t, s, 1, Skald)[0]
			do(t, s, 0, KindAttack, 1)
			return s, 1, act(KindUse, skald, 0)
		}, false},
		{"A PLAYER'S TURN, reactions: a pass while others may still react", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda", "Olaf")
			s.Seats[0].Ship = space(2, 4)
			w := give(t, s, 0, WindNorth)[0]
			do(t, s, 0, KindSail, w, North)
			return s, 1, act(KindPass)
		}, false},
		{"A PLAYER'S TURN, reactions: every other player has passed, the player who played last may still react", func(t *testing.T) (*State, int, rules.Action) {
			return attackAt(t, 5), 1, act(KindPass)
		}, false},
		{"MOVEMENT, Sailing: the last pass, the sailor's own, lets a wind card sail", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(2, 4)
			w := give(t, s, 0, WindNorth)[0]
			do(t, s, 0, KindSail, w, North)
			passes(t, s, 1)
			return s, 0, act(KindPass)
		}, false},
		{"STANDARD ACTIONS, Attack another player's longship: the attacker's last pass rolls the die", func(t *testing.T) (*State, int, rules.Action) {
			s := attackAt(t, 5)
			passes(t, s, 1)
			return s, 0, act(KindPass)
		}, true},
		{"STANDARD ACTIONS, Attack another player's longship: the defender's pass after the attacker's Power of Thor leaves the round open", func(t *testing.T) (*State, int, rules.Action) {
			s := attackAt(t, 5)
			thor := give(t, s, 0, Thor)[0]
			passes(t, s, 1)
			do(t, s, 0, KindEvent, thor, 1)
			return s, 1, act(KindPass)
		}, false},
		{"STANDARD ACTIONS, Attack the sea monster: the last pass on the wind opens the forced attack", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(3, 2)
			w := give(t, s, 0, WindEast)[0]
			do(t, s, 0, KindSail, w, East)
			passes(t, s, 1)
			return s, 0, act(KindPass)
		}, false},
		{"STANDARD ACTIONS, Attack the sea monster: the last pass rolls the die", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(3, 2)
			w := give(t, s, 0, WindEast)[0]
			do(t, s, 0, KindSail, w, East)
			passes(t, s, 1, 0, 1)
			return s, 0, act(KindPass)
		}, true},
		{"STANDARD ACTIONS, Feast: the last pass, by the player of Seasickness, draws the host up to 6 cards", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			daughter(s, 0, Blue)
			green := daughter(s, 0, Green)
			sick := give(t, s, 1, Seasick)[0]
			do(t, s, 0, KindFeast)
			do(t, s, 1, KindEvent, sick, green)
			passes(t, s, 0)
			return s, 1, act(KindPass)
		}, true},
		{"CARDS, Event cards: the last pass lets Ravens of Odin draw 2 cards", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			r := give(t, s, 0, Ravens)[0]
			do(t, s, 0, KindEvent, r)
			passes(t, s, 1)
			return s, 0, act(KindPass)
		}, true},
		{"CARDS, Event cards: the last pass lets Thief in the Night take a random card", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			th := give(t, s, 0, Thief)[0]
			give(t, s, 1, WindEast)
			do(t, s, 0, KindEvent, th, 1)
			passes(t, s, 1)
			return s, 0, act(KindPass)
		}, true},
		{"CARDS, Hero cards: the last pass lets the Seeress draw", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			h := enlist(t, s, 0, Seeress)[0]
			do(t, s, 0, KindUse, h)
			passes(t, s, 1)
			return s, 0, act(KindPass)
		}, true},
		{"A PLAYER'S TURN, responses: no response", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(2, 4)
			w := give(t, s, 0, WindNorth)[0]
			do(t, s, 0, KindSail, w, North)
			passes(t, s, 1, 0)
			return s, 1, act(KindPass)
		}, false},
		{"A PLAYER'S TURN, responses: an event card from the hand", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(2, 4)
			w := give(t, s, 0, WindNorth)[0]
			cmd := give(t, s, 1, Command)[0]
			do(t, s, 0, KindSail, w, North)
			passes(t, s, 1, 0)
			return s, 1, act(KindEvent, cmd, 0, South)
		}, true},
		{"A PLAYER'S TURN, responses: a hero's ability (the Helmsman)", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(2, 4)
			w := give(t, s, 0, WindNorth)[0]
			h := enlist(t, s, 1, Helmsman)[0]
			do(t, s, 0, KindSail, w, North)
			passes(t, s, 1, 0)
			return s, 1, act(KindUse, h, s.moves(s.Seats[1].Ship)[0])
		}, false},
		{"STANDARD ACTIONS, Attack, victory: move the defender's longship", func(t *testing.T) (*State, int, rules.Action) {
			s := attackAt(t, 5)
			passes(t, s, 1, 0)
			return s, 0, act(KindPush, s.moves(s.Seats[1].Ship)[0])
		}, false},
		{"STANDARD ACTIONS, Attack, decisive victory: take a crew member", func(t *testing.T) (*State, int, rules.Action) {
			s := attackAt(t, 6)
			passes(t, s, 1, 0)
			do(t, s, 0, KindPush, s.moves(s.Seats[1].Ship)[0])
			return s, 0, act(KindTake, s.Seats[1].Crew[0])
		}, false},
		{"STANDARD ACTIONS, Attack, decisive victory: add it to the crew", func(t *testing.T) (*State, int, rules.Action) {
			s := attackAt(t, 6)
			passes(t, s, 1, 0)
			do(t, s, 0, KindPush, s.moves(s.Seats[1].Ship)[0])
			do(t, s, 0, KindTake, s.Seats[1].Crew[0])
			return s, 0, act(KindKeep, 1)
		}, false},
		{"STANDARD ACTIONS, Attack, decisive victory: throw it overboard", func(t *testing.T) (*State, int, rules.Action) {
			s := attackAt(t, 6)
			passes(t, s, 1, 0)
			do(t, s, 0, KindPush, s.moves(s.Seats[1].Ship)[0])
			do(t, s, 0, KindTake, s.Seats[1].Crew[0])
			return s, 0, act(KindKeep, 0)
		}, false},
		{"CARDS, Event cards: Mutiny, throw a crew member overboard", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			m := give(t, s, 0, Mutiny)[0]
			b := enlist(t, s, 1, Berserker)[0]
			do(t, s, 0, KindEvent, m, 1)
			passes(t, s, 1, 0)
			return s, 1, act(KindOverboard, b)
		}, false},
		{"STANDARD ACTIONS, Loot: a fourth crew member goes overboard", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = VillageOf[Blue]
			crew := enlist(t, s, 0, Berserker, Seeress, Skald)
			do(t, s, 0, KindLoot)
			passes(t, s, 1, 0)
			return s, 0, act(KindOverboard, crew[0])
		}, false},
		{"STANDARD ACTIONS, Attack the sea monster, victory: move the sea monster", func(t *testing.T) (*State, int, rules.Action) {
			return wonMonster(t), 0, act(KindMonster, VillageOf[Blue])
		}, false},
		{"STANDARD ACTIONS, Sacrifice: discard a card", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			give(t, s, 0, WindNorth, WindSouth, WindEast)
			do(t, s, 0, KindSacrifice)
			passes(t, s, 1, 0)
			return s, 0, act(KindDiscard, s.Seats[0].Hand[0])
		}, true},
		{"STANDARD ACTIONS, Sacrifice: stop sacrificing between pairs", func(t *testing.T) (*State, int, rules.Action) {
			s := table(t, "Jack", "Magda")
			give(t, s, 0, WindNorth, WindSouth, WindEast, WindWest)
			do(t, s, 0, KindSacrifice)
			passes(t, s, 1, 0)
			do(t, s, 0, KindDiscard, s.Seats[0].Hand[0])
			do(t, s, 0, KindDiscard, s.Seats[0].Hand[0])
			return s, 0, act(KindStop)
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, p, a := c.setup(t)
			seat := rules.Seat(p)
			if got := s.Reveals(seat, a); got != c.final {
				t.Errorf("Reveals(%d, %v) = %v, want %v", p, a, got, c.final)
			}
			pre := s.Clone()
			_, before, err := rules.Reversibly(s, seat, a, func() ([]rules.Event, error) { return s.Apply(seat, a) })
			if err != nil {
				t.Fatalf("%v by seat %d: %v", a, p, err)
			}
			if err := check(s); err != nil {
				t.Fatal(err)
			}
			if final := before == nil; final != c.final {
				t.Fatalf("%v by seat %d: final %v, want %v", a, p, final, c.final)
			}
			if before != nil {
				if same, err := rules.SameState(before, pre); err != nil || !same {
					t.Errorf("the state kept to take %v back is not the state before it (%v)", a, err)
				}
			}
		})
	}
}

// Whatever is not this seat's decision is final (Apply refuses it anyway).
func TestUndoNotYourDecision(t *testing.T) {
	s := table(t, "Jack", "Magda")
	if !s.Reveals(1, rules.Action{Kind: KindEnd}) || !s.Reveals(-1, rules.Action{Kind: KindPass}) {
		t.Error("a decision that is not the seat's may be taken back")
	}
}
