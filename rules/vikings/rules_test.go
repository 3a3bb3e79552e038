package vikings

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// GAME PREPARATION: daughters in four piles of their colour, the sea
// monster in the middle, each longship in its own harbour, 6 cards each,
// the rest the action deck; the first turn draws nothing.
func TestGamePreparation(t *testing.T) {
	for players := 2; players <= 4; players++ {
		// The game as a table starts it, with no option chosen: the book's
		// set-up, "a starting hand of 6 cards" for everyone.
		st, err := game{}.New(rules.Config{Players: players}, uint64(players))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if err := check(s); err != nil {
			t.Fatal(err)
		}
		if s.Monster != CentreSpace || len(s.Deck) != NumActionCards-StartHand*players {
			t.Errorf("%d players: monster at %d, deck %d", players, s.Monster, len(s.Deck))
		}
		for p, pl := range s.Seats {
			if pl.Ship != HarbourOf[pl.Colour] || len(pl.Hand) != StartHand || len(pl.Crew) != 0 {
				t.Errorf("%d players, seat %d: ship %d, hand %d, crew %v", players, p, pl.Ship, len(pl.Hand), pl.Crew)
			}
		}
		for k, pile := range s.Daughters {
			if len(pile) != DaughtersPerColour {
				t.Errorf("%s pile has %d daughters", ColourNames[k], len(pile))
			}
		}
	}
	if c := SeatColours[2]; c[0] != Red || c[1] != Yellow {
		t.Errorf("two players sail from %v, want opposite harbours", c)
	}
}

// "106 cards including: 12 cards with daughters of thanes in 4 colors, 94
// action cards (49 wind cards, 33 event cards, 12 hero cards)".
func TestTheCards(t *testing.T) {
	count := [3]int{}
	for c := range NumActionCards {
		count[TypeOf(c)]++
	}
	if count != [3]int{49, 33, 12} || NumCards() != 106 {
		t.Errorf("wind, event, hero: %v; %d cards in all", count, NumCards())
	}
	for _, k := range []int{Loki, Thor, Mutiny, Command, Seasick, Berserker} {
		if Kinds[k].Name == "" {
			t.Errorf("kind %d has no name", k)
		}
	}
}

// The board: every harbour and village can be reached from every harbour,
// and each colour's distances to the other villages are the same (the map
// is one quarter turned).
func TestTheMapIsFairAndConnected(t *testing.T) {
	var trips [Colours][]int
	for k := range Colours {
		dist := Distances(HarbourOf[k], CentreSpace)
		for _, target := range slices.Concat(HarbourOf[:], VillageOf[:]) {
			if dist[target] < 0 {
				t.Errorf("the %s harbour cannot reach space %d", ColourNames[k], target)
			}
		}
		for j := 1; j < Colours; j++ {
			trips[k] = append(trips[k], dist[VillageOf[(k+j)%Colours]])
		}
		trips[k] = append(trips[k], Distances(VillageOf[(k+2)%Colours], CentreSpace)[HarbourOf[k]])
	}
	for k := 1; k < Colours; k++ {
		if !slices.Equal(trips[k], trips[0]) {
			t.Errorf("%s sails %v, red %v", ColourNames[k], trips[k], trips[0])
		}
	}
	t.Logf("from a harbour to the villages of the next colours clockwise, and home from across: %v", trips[0])
}

// A PLAYER'S TURN: "At the beginning of each player turn (except for each
// player's first turn!) a player draws 2 cards".
func TestTurnsDrawTwoButTheFirst(t *testing.T) {
	s := table(t, "Jack", "Magda")
	if n := len(s.Seats[0].Hand); n != 0 {
		t.Fatalf("the first turn drew %d cards", n)
	}
	do(t, s, 0, KindEnd)
	if n := len(s.Seats[1].Hand); n != 0 {
		t.Errorf("Magda's first turn drew %d cards", n)
	}
	do(t, s, 1, KindEnd)
	if n := len(s.Seats[0].Hand); n != DrawPerTurn {
		t.Errorf("Jack's second turn drew %d cards, want %d", n, DrawPerTurn)
	}
}

// "Then the player can play 1 hero card ... This is the only time in a
// turn when a player can play a hero card"; "A longship can never have
// more than 3 crew members": a fourth means one is discarded.
func TestOneHeroAtTheStartOfTheTurn(t *testing.T) {
	s := table(t, "Jack", "Magda")
	crew := enlist(t, s, 0, Berserker, Shieldmaiden, Seeress)
	hero := give(t, s, 0, Berserker)[0]
	wind := give(t, s, 0, WindAny)[0]
	if offered(s, 0, KindHero, hero) {
		t.Error("a fourth hero offered without throwing one overboard")
	}
	do(t, s, 0, KindHero, hero, crew[1])
	if !slices.Contains(s.Seats[0].Crew, hero) || slices.Contains(s.Seats[0].Crew, crew[1]) || !slices.Contains(s.Discard, crew[1]) {
		t.Errorf("crew %v, discard %v", s.Seats[0].Crew, s.Discard)
	}
	if len(s.Seats[0].Crew) != CrewLimit || s.HeroOpen {
		t.Errorf("crew %v, a second hero still allowed: %v", s.Seats[0].Crew, s.HeroOpen)
	}
	// After any action no hero may be played.
	s = table(t, "Jack", "Magda")
	h := give(t, s, 0, Helmsman)[0]
	give(t, s, 0, WindAny)
	d := s.moves(s.Seats[0].Ship)[0]
	do(t, s, 0, KindSail, wind, d)
	passes(t, s, 1, 0)
	passes(t, s, 1) // no response
	refused(t, s, 0, KindHero, h)
}

// MOVEMENT, Sailing: a wind card moves one space in its direction, if the
// space allows it; a universal wind in any allowed direction; an event
// for its wind.
func TestSailing(t *testing.T) {
	s := table(t, "Jack", "Magda")
	s.Seats[0].Ship = space(2, 4) // open sea
	north := give(t, s, 0, WindNorth)[0]
	do(t, s, 0, KindSail, north, North)
	passes(t, s, 1, 0) // Magda, then Jack who played last
	passes(t, s, 1)    // no response
	if s.Seats[0].Ship != space(1, 4) || !slices.Contains(s.Discard, north) {
		t.Errorf("ship at %d, want %d; discard %v", s.Seats[0].Ship, space(1, 4), s.Discard)
	}
	// From the red harbour on the top edge there is no way north.
	s.Seats[0].Ship = HarbourOf[Red]
	give(t, s, 0, WindNorth)
	if slices.ContainsFunc(s.Legal(0), func(a rules.Action) bool { return a.Kind == KindSail && a.Args[1] == North }) {
		t.Error("sailing north off the board is offered")
	}
	// An event card sails with its wind.
	calm := give(t, s, 0, Calm)[0]
	s.Seats[0].Ship = space(2, 4)
	if w := WindOf(calm); !offered(s, 0, KindSail, calm, w) {
		t.Errorf("Dead Calm (%s wind) cannot sail", DirNames[w])
	}
}

// Reefs: the map's blocked moves hold both ways.
func TestReefsBlockMoves(t *testing.T) {
	a, b := space(1, 2), space(1, 3)
	if Neighbour(a, East) >= 0 || Neighbour(b, West) >= 0 {
		t.Error("the reef between (2,3) and (2,4) lets a longship through")
	}
	if Neighbour(space(0, 3), South) >= 0 {
		t.Error("the current at (1,4) lets a longship south")
	}
}

// Rowing: "Opponents can not react to rowing ... Rowing always ends the
// player's turn. It is illegal to row a longship into the space with the
// sea monster."
func TestRowing(t *testing.T) {
	s := table(t, "Jack", "Magda")
	s.Seats[0].Ship = space(3, 2)
	if offered(s, 0, KindRow, East) {
		t.Error("rowing onto the sea monster is offered")
	}
	do(t, s, 0, KindRow, North)
	if s.Seats[0].Ship != space(2, 2) || s.Turn != 1 || s.Step.Kind != StepAct {
		t.Errorf("after rowing: ship %d, turn %d, step %+v", s.Seats[0].Ship, s.Turn, s.Step)
	}
}

// The first example of "When an action card is played": Jack plays
// Mutiny on Magda; Luke passes; Magda plays Loki on it; Agnes plays Loki
// on Magda's; all pass, Agnes too; the top Loki cancels Magda's, so the Mutiny
// applies.
func TestExampleMutinyAndTwoLokis(t *testing.T) {
	s := table(t, "Jack", "Luke", "Magda", "Agnes")
	mutiny := give(t, s, 0, Mutiny)[0]
	give(t, s, 2, Loki)
	give(t, s, 3, Loki)
	berserker := enlist(t, s, 2, Berserker)[0]
	do(t, s, 0, KindEvent, mutiny, 2)
	passes(t, s, 1)
	do(t, s, 2, KindEvent, s.Seats[2].Hand[0])
	do(t, s, 3, KindEvent, s.Seats[3].Hand[0])
	passes(t, s, 0, 1, 2, 3) // "all players in order choose to pass", Agnes too
	if s.Step.Kind != StepOverboard || s.Step.Seat != 2 {
		t.Fatalf("the Mutiny did not apply: step %+v", s.Step)
	}
	do(t, s, 2, KindOverboard, berserker)
	if len(s.Seats[2].Crew) != 0 || len(s.Stack) != 0 || s.Step.Kind != StepRespond {
		t.Errorf("crew %v, stack %v, step %+v", s.Seats[2].Crew, s.Stack, s.Step)
	}
	// The four cards are discarded once the stack is done.
	if n := len(s.Discard); n != 4 {
		t.Errorf("%d cards discarded, want 3 played and the Berserker", n)
	}
}

// The second example: Magda attacks Jack; Agnes passes; Jack plays Power
// of Thor for −1; Luke passes; Magda plays Loki on Jack's card; Agnes
// plays Power of Thor for +1; all pass. Agnes's +1 applies, Jack's −1 is
// cancelled: Magda attacks with +1.
func TestExamplePowerOfThor(t *testing.T) {
	s := table(t, "Jack", "Luke", "Magda", "Agnes")
	do(t, s, 0, KindEnd)
	do(t, s, 1, KindEnd)
	s.Seats[2].Hand = nil
	s.Seats[2].Ship, s.Seats[0].Ship = space(2, 5), space(2, 5)
	give(t, s, 0, Thor)
	give(t, s, 2, Loki)
	give(t, s, 3, Thor)
	do(t, s, 2, KindAttack, 0)
	passes(t, s, 3)
	do(t, s, 0, KindEvent, s.Seats[0].Hand[len(s.Seats[0].Hand)-1], 0)
	passes(t, s, 1)
	do(t, s, 2, KindEvent, s.Seats[2].Hand[0])
	do(t, s, 3, KindEvent, s.Seats[3].Hand[len(s.Seats[3].Hand)-1], 1)
	dieWillShow(t, s, 3)
	passes(t, s, 0, 1, 2, 3) // "all players pass in order"
	if s.Roll == nil || s.Roll.Die != 3 || s.Roll.Mod != 1 || s.Roll.Total != 4 {
		t.Fatalf("roll %+v: want 3 +1 = 4", s.Roll)
	}
}

// The third example (two players): Jack sails; after his action Magda,
// on his left, responds with "I'm taking Command!" to move him back; Jack
// reacts with Loki; no one else reacts, so her card does nothing; then
// Jack goes on with his turn.
func TestExampleResponseAfterAnAction(t *testing.T) {
	s := table(t, "Jack", "Magda")
	s.Seats[0].Ship = space(2, 4)
	wind := give(t, s, 0, WindNorth)[0]
	give(t, s, 0, Loki)
	command := give(t, s, 1, Command)[0]
	do(t, s, 0, KindSail, wind, North)
	passes(t, s, 1, 0) // "No one else plays a reaction card"
	if s.Step.Kind != StepRespond || s.Step.Seat != 1 || s.Seats[0].Ship != space(1, 4) {
		t.Fatalf("after the wind: step %+v, ship %d", s.Step, s.Seats[0].Ship)
	}
	if offered(s, 1, KindSail, command, WindOf(command)) {
		t.Error("a response may sail (it may only play an event for its event)")
	}
	do(t, s, 1, KindEvent, command, 0, South)
	do(t, s, 0, KindEvent, s.Seats[0].Hand[0])
	passes(t, s, 1, 0) // "No one else reacts to Magda's action", and Jack passes too
	if s.Seats[0].Ship != space(1, 4) || s.Step.Kind != StepAct || s.Step.Seat != 0 {
		t.Errorf("after the cancelled command: ship %d, step %+v", s.Seats[0].Ship, s.Step)
	}
}

// Attack another player's longship: "A result of 3 or less means the
// attack failed" (the defender robs and pushes the attacker), "4 or 5
// means victory" (the attacker robs and pushes), "6 or more" also takes a
// crew member, to keep or throw overboard. The example: a Berserker's +1
// and Power of Thor's −1 cancel out, and a 5 wins.
func TestAttackOutcomes(t *testing.T) {
	for _, c := range []struct {
		name     string
		die      int
		winner   int
		decisive bool
	}{
		{"a 3 fails", 3, 1, false},
		{"a 5 wins (the book's example)", 5, 0, false},
		{"a 6 wins decisively", 6, 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, "Jack", "Magda")
			here := space(2, 5)
			s.Seats[0].Ship, s.Seats[1].Ship = here, here
			enlist(t, s, 0, Berserker)
			skald := enlist(t, s, 1, Skald)[0]
			give(t, s, 0, WindNorth, WindNorth)
			give(t, s, 1, WindSouth, WindSouth)
			do(t, s, 0, KindAttack, 1)
			do(t, s, 1, KindUse, skald, 0) // −1, as the example's Power of Thor
			dieWillShow(t, s, c.die)
			passes(t, s, 0, 1) // Jack, then Magda who played last
			if s.Roll.Total != c.die {
				t.Fatalf("roll %+v: the +1 and −1 should cancel", s.Roll)
			}
			loser := 1 - c.winner
			if len(s.Seats[c.winner].Hand) != 4 || len(s.Seats[loser].Hand) != 1 {
				t.Errorf("hands %d and %d: the winner should have robbed one and drawn one", len(s.Seats[0].Hand), len(s.Seats[1].Hand))
			}
			if s.Step.Kind != StepPush || s.Step.Seat != c.winner || s.Step.Other != loser {
				t.Fatalf("step %+v: the winner pushes the loser", s.Step)
			}
			do(t, s, c.winner, KindPush, s.moves(here)[0])
			if s.Seats[loser].Ship == here {
				t.Error("the loser was not pushed")
			}
			if !c.decisive {
				if s.Step.Kind != StepRespond {
					t.Errorf("step %+v after the push", s.Step)
				}
				return
			}
			if s.Step.Kind != StepTake {
				t.Fatalf("no crew taken after a 6: step %+v", s.Step)
			}
			do(t, s, 0, KindTake, skald)
			do(t, s, 0, KindKeep, 1)
			if !slices.Contains(s.Seats[0].Crew, skald) || len(s.Seats[1].Crew) != 0 {
				t.Errorf("crews %v and %v", s.Seats[0].Crew, s.Seats[1].Crew)
			}
		})
	}
}

// Attack the sea monster: sailing onto it forces the attack; "3 or less
// ... moves back to the space from which it entered"; "4 or more ...
// draws 2 cards and moves the sea monster ... to any space which has no
// longships and is not a harbor". With the standard action spent, no
// sailing onto it.
func TestSeaMonster(t *testing.T) {
	for _, c := range []struct {
		die int
		won bool
	}{{3, false}, {4, true}} {
		s := table(t, "Jack", "Magda")
		from := space(3, 2)
		s.Seats[0].Ship = from
		wind := give(t, s, 0, WindEast)[0]
		do(t, s, 0, KindSail, wind, East)
		passes(t, s, 1, 0)
		if len(s.Stack) != 1 || s.Stack[0].Kind != KindMonsterAttack || s.Step.Kind != StepReact {
			t.Fatalf("no forced attack on the sea monster: stack %+v, step %+v", s.Stack, s.Step)
		}
		dieWillShow(t, s, c.die)
		passes(t, s, 1, 0)
		if !c.won {
			if s.Seats[0].Ship != from || s.Monster != CentreSpace {
				t.Errorf("a 3: ship at %d, want back at %d", s.Seats[0].Ship, from)
			}
			if !s.Standard {
				t.Error("the failed attack did not spend the standard action")
			}
			continue
		}
		if s.Step.Kind != StepMonster || len(s.Seats[0].Hand) != 2 {
			t.Fatalf("a 4: step %+v, hand %v", s.Step, s.Seats[0].Hand)
		}
		if offered(s, 0, KindMonster, HarbourOf[Blue]) || offered(s, 0, KindMonster, s.Seats[1].Ship) {
			t.Error("the sea monster may be moved to a harbour or a longship")
		}
		do(t, s, 0, KindMonster, VillageOf[Blue])
		if s.Monster != VillageOf[Blue] || s.Seats[0].Ship != CentreSpace {
			t.Errorf("monster at %d, ship at %d", s.Monster, s.Seats[0].Ship)
		}
		give(t, s, 0, WindWest)
		s.Step = Step{Kind: StepAct, Seat: 0}
		s.Monster = space(3, 2)
		if slices.ContainsFunc(s.Legal(0), func(a rules.Action) bool { return a.Kind == KindSail && a.Args[1] == West }) {
			t.Error("sailing onto the sea monster offered after the standard action")
		}
	}
}

// Loot: "only if their longship is on a space with a village of a
// different color"; the daughter joins the crew, one may go overboard to
// make room; "A player may never have more than one ... daughter of a
// thane of the same color".
func TestLoot(t *testing.T) {
	s := table(t, "Jack", "Magda") // red and yellow
	s.Seats[0].Ship = VillageOf[Red]
	if offered(s, 0, KindLoot) {
		t.Error("looting your own colour's village is offered")
	}
	s.Seats[0].Ship = VillageOf[Blue]
	enlist(t, s, 0, Berserker, Seeress, Skald)
	do(t, s, 0, KindLoot)
	passes(t, s, 1, 0)
	if s.Step.Kind != StepOverboard {
		t.Fatalf("a fourth crew member and no overboard: %+v", s.Step)
	}
	do(t, s, 0, KindOverboard, s.Seats[0].Crew[0])
	if len(s.Seats[0].Crew) != CrewLimit || !slices.ContainsFunc(s.Seats[0].Crew, func(c int) bool { return DaughterColour(c) == Blue }) {
		t.Errorf("crew %v", s.Seats[0].Crew)
	}
	s.Step, s.Standard = Step{Kind: StepAct, Seat: 0}, false
	if offered(s, 0, KindLoot) {
		t.Error("a second blue daughter may be looted")
	}
}

// Feast: at your harbour with a daughter aboard, the daughters go to the
// war camp and the hand fills to 6; "A thane's daughter affected by
// seasickness may not take part in the feast". The game ends at once when
// the camp holds daughters of the three other colours.
func TestFeastAndVictory(t *testing.T) {
	s := table(t, "Jack", "Magda")
	blue, green := daughter(s, 0, Blue), daughter(s, 0, Green)
	s.Seats[0].Camp = []int{}
	give(t, s, 1, Seasick)
	if !offered(s, 0, KindFeast) {
		t.Fatal("no feast at home with two daughters aboard")
	}
	do(t, s, 0, KindFeast)
	do(t, s, 1, KindEvent, s.Seats[1].Hand[0], green)
	passes(t, s, 0, 1)
	if !slices.Equal(s.Seats[0].Camp, []int{blue}) || !slices.Contains(s.Seats[0].Crew, green) || len(s.Seats[0].Hand) != HandLimit {
		t.Errorf("camp %v, crew %v, hand %d", s.Seats[0].Camp, s.Seats[0].Crew, len(s.Seats[0].Hand))
	}
	// Next time, with the yellow one too: three colours, the game is won.
	s.Step, s.Standard = Step{Kind: StepAct, Seat: 0}, false
	daughter(s, 0, Yellow)
	ev := do(t, s, 0, KindFeast)
	passes(t, s, 1, 0)
	if s.Outcome == nil || !slices.Equal(s.Outcome.Winners, []rules.Seat{0}) {
		t.Fatalf("no win with three daughters home: %+v (%v)", s.Outcome, ev)
	}
}

// STANDARD ACTIONS, Sacrifice: "The player discards pairs of cards from
// their hand and draws one new action card for each pair discarded." The
// cards are chosen one at a time: the second of a pair draws a card, the
// sacrifice may stop only between pairs (never on a lone card, which
// would be discarded for nothing), and it ends by itself when the hand
// holds no pair any more.
func TestSacrificeDiscardsPairs(t *testing.T) {
	for _, c := range []struct {
		name     string
		hand     int  // cards in the hand when the sacrifice resolves
		discards int  // cards sacrificed, one at a time
		stop     bool // then stop
		left     int  // cards in the hand at the end
		over     bool // the sacrifice is done (else it waits for the next card)
	}{
		{"one card is half a pair: no stop, no draw", 5, 1, false, 4, false},
		{"a pair draws one card, then stop", 5, 2, true, 4, true},
		{"three cards wait for the fourth", 5, 3, false, 3, false},
		{"two pairs from five draw two, then stop", 5, 4, true, 3, true},
		{"the only pair: one card left, the sacrifice ends by itself", 2, 2, false, 1, true},
		{"a pair from three draws a card: a pair is left to give", 3, 2, false, 2, false},
		{"two pairs from three: the hand is down to one card", 3, 4, false, 1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, "Jack", "Magda")
			give(t, s, 0, []int{WindNorth, WindNorth, WindSouth, WindSouth, WindEast}[:c.hand]...)
			do(t, s, 0, KindSacrifice)
			passes(t, s, 1, 0)
			if s.Step.Kind != StepSacrifice || !offered(s, 0, KindStop) {
				t.Fatalf("step %+v: the sacrifice does not begin, or cannot stop before a pair", s.Step)
			}
			for i := 1; i <= c.discards; i++ {
				do(t, s, 0, KindDiscard, s.Seats[0].Hand[0])
				if s.Step.Kind != StepSacrifice {
					continue
				}
				if pair := i%2 == 0; offered(s, 0, KindStop) != pair {
					t.Errorf("after %d cards: stop offered %v, want %v (only between pairs)", i, !pair, pair)
				}
				if i%2 == 1 {
					refused(t, s, 0, KindStop)
				}
			}
			if c.stop {
				do(t, s, 0, KindStop)
			}
			if n := len(s.Seats[0].Hand); n != c.left {
				t.Errorf("hand %d, want %d", n, c.left)
			}
			if over := s.Step.Kind != StepSacrifice; over != c.over {
				t.Errorf("step %+v: the sacrifice over %v, want %v", s.Step, over, c.over)
			}
			if len(s.Discard) != c.discards {
				t.Errorf("%d cards on the discard pile, want the %d sacrificed", len(s.Discard), c.discards)
			}
		})
	}
	// A sacrifice whose player spent their cards reacting has no pair to
	// give when it resolves: it does nothing (and still counts as the
	// turn's standard action).
	t.Run("no pair left when it resolves", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		mine := give(t, s, 0, Loki, WindNorth)
		theirs := give(t, s, 1, Loki)[0]
		do(t, s, 0, KindSacrifice)
		do(t, s, 1, KindEvent, theirs)
		do(t, s, 0, KindEvent, mine[0]) // Jack's Loki cancels Magda's
		passes(t, s, 1, 0)
		if s.Step.Kind == StepSacrifice || len(s.Seats[0].Hand) != 1 || !s.Standard {
			t.Errorf("step %+v, hand %v: a sacrifice with one card", s.Step, s.Seats[0].Hand)
		}
	})
}

// A PLAYER'S TURN: "Players continue playing reaction cards (potentially
// going around several times) until all players pass in a row. If a player
// passes, but the turn to react returns to them (because some other player
// reacted later in the order), then that player who passed may still
// react". STANDARD ACTIONS, Attack another player's longship: "The active
// player announces the attack and awaits possible reactions by all other
// players as described earlier. The active player may then play event
// cards relating to attacks on other players' longships, e.g., „Power of
// Thor”." So a round goes on from the left of whoever played last and
// comes back to that player too: when every other player passes, the
// attacker may still play Power of Thor (or use the Skald) on their own
// attack, or on the sea monster, before the die is rolled; only when all
// players have passed in a row does the stack resolve.
func TestReactionRoundsEndWhenAllPlayersPassInARow(t *testing.T) {
	for _, c := range []struct {
		name    string
		players int
		monster bool     // sail onto the sea monster (else attack seat 1)
		thor    []int    // seats given a Power of Thor each
		skald   bool     // the attacker has a Skald
		script  []string // "seat what": pass, thor+, thor-, skald+
		mod     int      // the roll's modifier
	}{
		{"two players: the defender passes, the attacker plays Power of Thor", 2, false, []int{0}, false,
			[]string{"1 pass", "0 thor+", "1 pass", "0 pass"}, 1},
		{"two players: the attacker passes too, the die is rolled", 2, false, []int{0}, false,
			[]string{"1 pass", "0 pass"}, 0},
		{"three players: both others pass, the attacker plays Power of Thor", 3, false, []int{0}, false,
			[]string{"1 pass", "2 pass", "0 thor+", "1 pass", "2 pass", "0 pass"}, 1},
		{"four players: a player who passed answers the attacker's Power of Thor", 4, false, []int{0, 1}, false,
			[]string{"1 pass", "2 pass", "3 pass", "0 thor+", "1 thor-", "2 pass", "3 pass", "0 pass", "1 pass"}, 0},
		{"the attacker's own Skald, once every other player has passed", 2, false, nil, true,
			[]string{"1 pass", "0 skald+", "1 pass", "0 pass"}, 1},
		{"the sea monster: the attacker plays Power of Thor before its roll", 3, true, []int{0}, false,
			[]string{"1 pass", "2 pass", "0 pass", "1 pass", "2 pass", "0 thor+", "1 pass", "2 pass", "0 pass"}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			names := []string{"Jack", "Magda", "Olaf", "Agnes"}[:c.players]
			s := table(t, names...)
			for _, p := range c.thor {
				give(t, s, p, Thor)
			}
			var skald int
			if c.skald {
				skald = enlist(t, s, 0, Skald)[0]
			}
			if c.monster {
				s.Seats[0].Ship = space(3, 2)
				do(t, s, 0, KindSail, give(t, s, 0, WindEast)[0], East)
			} else {
				s.Seats[0].Ship, s.Seats[1].Ship = space(2, 5), space(2, 5)
				do(t, s, 0, KindAttack, 1)
			}
			dieWillShow(t, s, 4)
			for i, line := range c.script {
				if s.Roll != nil {
					t.Fatalf("the die was rolled before %q: %+v", line, s.Roll)
				}
				var p int
				var what string
				if _, err := fmt.Sscan(line, &p, &what); err != nil {
					t.Fatal(err)
				}
				if s.Step.Kind != StepReact || s.Step.Seat != p {
					t.Fatalf("step %d (%q): step %+v, want seat %d to react", i, line, s.Step, p)
				}
				switch what {
				case "pass":
					do(t, s, p, KindPass)
				case "thor+", "thor-":
					thor := slices.IndexFunc(s.Seats[p].Hand, func(c int) bool { return KindOf(c) == Thor })
					do(t, s, p, KindEvent, s.Seats[p].Hand[thor], map[string]int{"thor+": 1, "thor-": 0}[what])
				case "skald+":
					do(t, s, p, KindUse, skald, 1)
				}
			}
			if s.Roll == nil || s.Roll.Mod != c.mod {
				t.Errorf("roll %+v after all players passed in a row, want modifier %d", s.Roll, c.mod)
			}
		})
	}
}

// The same rounds outside attacks: a wind card waits for the sailor's own
// pass, and the last pass is always that of the player who played last.
func TestThePlayerWhoPlayedLastPassesToo(t *testing.T) {
	s := table(t, "Jack", "Magda", "Olaf")
	s.Seats[0].Ship = space(2, 4)
	wind := give(t, s, 0, WindNorth)[0]
	do(t, s, 0, KindSail, wind, North)
	passes(t, s, 1, 2)
	if s.Step.Kind != StepReact || s.Step.Seat != 0 || s.Seats[0].Ship != space(2, 4) {
		t.Fatalf("after Magda and Olaf pass: step %+v, ship %d; Jack has not passed", s.Step, s.Seats[0].Ship)
	}
	passes(t, s, 0)
	if s.Seats[0].Ship != space(1, 4) || s.Step.Kind != StepRespond {
		t.Errorf("after all three passed: ship %d, step %+v", s.Seats[0].Ship, s.Step)
	}
}

// A PLAYER'S TURN, the reaction round, with the ruling that nobody cancels
// their own entry (README, Rulings): Loki ("cancel the card or action just
// below") and Dead Calm ("the wind card just below") answer another
// player's entry only, so a player who holds them is not asked to answer
// their own wind card; Power of Thor on one's own attack, and Loki on a
// reaction played against one's own entry, stay open.
func TestNobodyCancelsTheirOwnEntry(t *testing.T) {
	for _, tc := range []struct {
		name  string
		play  func(s *State) // Jack's entry, and what follows it
		asked int            // whose reaction is asked now
		kind  int            // the card asked about, in the player's hand
		args  []int          // its action's args after the card
		want  bool
	}{
		{"Jack's Loki on his own wind card", func(s *State) {
			do(t, s, 0, KindSail, give(t, s, 0, WindNorth)[0], North)
			passes(t, s, 1)
		}, 0, Loki, nil, false},
		{"Jack's Dead Calm on his own wind card", func(s *State) {
			do(t, s, 0, KindSail, give(t, s, 0, WindNorth)[0], North)
			passes(t, s, 1)
		}, 0, Calm, nil, false},
		{"Magda's Loki on Jack's wind card", func(s *State) {
			do(t, s, 0, KindSail, give(t, s, 0, WindNorth)[0], North)
		}, 1, Loki, nil, true},
		{"Magda's Dead Calm on Jack's wind card", func(s *State) {
			do(t, s, 0, KindSail, give(t, s, 0, WindNorth)[0], North)
		}, 1, Calm, nil, true},
		{"Jack's Loki on Magda's Loki on his wind card", func(s *State) {
			do(t, s, 0, KindSail, give(t, s, 0, WindNorth)[0], North)
			do(t, s, 1, KindEvent, give(t, s, 1, Loki)[0])
		}, 0, Loki, nil, true},
		{"Jack's Power of Thor on his own attack", func(s *State) {
			s.Seats[1].Ship = s.Seats[0].Ship
			do(t, s, 0, KindAttack, 1)
			passes(t, s, 1)
		}, 0, Thor, []int{1}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := table(t, "Jack", "Magda")
			s.Seats[0].Ship = space(2, 4)
			tc.play(s)
			c := give(t, s, tc.asked, tc.kind)[0]
			if s.Step.Kind != StepReact || s.Step.Seat != tc.asked {
				t.Fatalf("step %+v, want seat %d's reaction", s.Step, tc.asked)
			}
			if got := offered(s, tc.asked, KindEvent, append([]int{c}, tc.args...)...); got != tc.want {
				t.Errorf("offered: %v, want %v (legal: %v)", got, tc.want, s.Legal(rules.Seat(tc.asked)))
			}
		})
	}
}

// END OF TURN: "a player with more than 6 cards must discard until they
// have 6 cards in their hand".
func TestHandLimitAtTheEndOfTheTurn(t *testing.T) {
	s := table(t, "Jack", "Magda")
	give(t, s, 0, WindNorth, WindNorth, WindSouth, WindSouth, WindEast, WindEast, WindWest, WindWest)
	do(t, s, 0, KindEnd)
	if s.Step.Kind != StepDiscard {
		t.Fatalf("step %+v with 8 cards", s.Step)
	}
	do(t, s, 0, KindDiscard, s.Seats[0].Hand[0])
	do(t, s, 0, KindDiscard, s.Seats[0].Hand[0])
	if s.Turn != 1 || len(s.Seats[0].Hand) != HandLimit {
		t.Errorf("turn %d, hand %d", s.Turn, len(s.Seats[0].Hand))
	}
}

// "if a player has a daughter of a given color in their crew or camp,
// that player can nonetheless take a same-colored daughter from another
// player, but must immediately throw one of them overboard (back to its
// pile)".
func TestTakingASecondDaughterOfAColour(t *testing.T) {
	s := table(t, "Jack", "Magda")
	here := space(2, 5)
	s.Seats[0].Ship, s.Seats[1].Ship = here, here
	mine := daughter(s, 0, Blue)
	theirs := daughter(s, 1, Blue)
	do(t, s, 0, KindAttack, 1)
	dieWillShow(t, s, 6)
	passes(t, s, 1, 0)
	do(t, s, 0, KindPush, s.moves(here)[0])
	do(t, s, 0, KindTake, theirs)
	do(t, s, 0, KindKeep, 1)
	if s.Step.Kind != StepOverboard || offered(s, 0, KindOverboard, -1) {
		t.Fatalf("two blue daughters and no choice: %+v", s.Step)
	}
	do(t, s, 0, KindOverboard, mine)
	if !slices.Equal(s.Seats[0].Crew, []int{theirs}) || !slices.Contains(s.Daughters[Blue], mine) {
		t.Errorf("crew %v, blue pile %v", s.Seats[0].Crew, s.Daughters[Blue])
	}
}

// Heroes used once a round are turned, and turned back at the start of
// their owner's turn; the Helmsman may move the longship in another
// player's turn, as a response.
func TestOnceARoundHeroes(t *testing.T) {
	s := table(t, "Jack", "Magda")
	helm := enlist(t, s, 1, Helmsman)[0]
	s.Seats[0].Ship = space(2, 4)
	wind := give(t, s, 0, WindNorth)[0]
	do(t, s, 0, KindSail, wind, North)
	passes(t, s, 1, 0)
	start := s.Seats[1].Ship
	d := s.moves(start)[0]
	do(t, s, 1, KindUse, helm, d)
	passes(t, s, 0, 1)
	if s.Seats[1].Ship == start || !slices.Contains(s.Seats[1].Used, helm) {
		t.Fatalf("the Helmsman did not move the longship: %d, used %v", s.Seats[1].Ship, s.Seats[1].Used)
	}
	do(t, s, 0, KindEnd)
	if len(s.Seats[1].Used) != 0 {
		t.Error("the Helmsman is not restored at its owner's turn")
	}
}

// The log says in words what resolved and why.
func TestTheLogSaysWhatResolved(t *testing.T) {
	s := table(t, "Jack", "Magda")
	mutiny := give(t, s, 0, Mutiny)[0]
	enlist(t, s, 1, Berserker)
	give(t, s, 1, Loki)
	do(t, s, 0, KindEvent, mutiny, 1)
	do(t, s, 1, KindEvent, s.Seats[1].Hand[0])
	do(t, s, 0, KindPass)
	ev := do(t, s, 1, KindPass)
	var words []string
	for _, e := range ev {
		words = append(words, e.Text)
	}
	if text := strings.Join(words, " / "); !strings.Contains(text, "Loki the Trickster cancels Jack's Mutiny") {
		t.Errorf("the log says %q", text)
	}
}

// A room may give reactions a time to answer (rules.Expiring): a player
// who lets a reaction or a response run out passes; the active player's
// own decisions never time out.
func TestTimeToAnswerPasses(t *testing.T) {
	s := table(t, "Jack", "Magda")
	if _, ok := s.OnTimeout(0); ok {
		t.Error("the active player's turn times out")
	}
	mutiny := give(t, s, 0, Mutiny)[0]
	enlist(t, s, 1, Berserker)
	do(t, s, 0, KindEvent, mutiny, 1)
	a, ok := s.OnTimeout(1)
	if !ok || a.Kind != KindPass {
		t.Fatalf("a reaction's timeout gives %v, %v", a, ok)
	}
	if _, ok := s.OnTimeout(0); ok {
		t.Error("a seat not asked times out")
	}
	do(t, s, 1, a.Kind, a.Args...)
}

// STANDARD ACTIONS: "a player may attempt only one such action per turn.
// If an attempted standard action fails (due to an opponent's reaction),
// the player may not try a standard action again during that turn."
func TestOneStandardActionATurn(t *testing.T) {
	s := table(t, "Jack", "Magda")
	give(t, s, 0, WindNorth, WindSouth, WindEast, WindWest)
	loki := give(t, s, 1, Loki)[0]
	do(t, s, 0, KindSacrifice)
	do(t, s, 1, KindEvent, loki)
	passes(t, s, 0, 1)
	passes(t, s, 1) // no response
	if len(s.Seats[0].Hand) != 4 || s.Step.Kind != StepAct {
		t.Fatalf("the cancelled sacrifice went ahead: hand %d, step %+v", len(s.Seats[0].Hand), s.Step)
	}
	if offered(s, 0, KindSacrifice) {
		t.Error("a second standard action is offered after a cancelled one")
	}
}

// Private events reach the players they concern: the robbed player reads
// which card Thief in the Night took, the winner of an attack which card
// it took and which it drew; a third player reads only that a card moved.
// The log speaks of players by name, never as "you".
func TestPrivateEventsReachThePlayersConcerned(t *testing.T) {
	read := func(ev []rules.Event, seat int) string {
		var lines []string
		for _, e := range ev {
			lines = append(lines, e.For(rules.Seat(seat)).Text)
		}
		return strings.Join(lines, " / ")
	}
	t.Run("Thief in the Night", func(t *testing.T) {
		s := table(t, "Jack", "Magda", "Olaf")
		thief := give(t, s, 0, Thief)[0]
		loot := give(t, s, 1, WindEast)[0]
		do(t, s, 0, KindEvent, thief, 1)
		passes(t, s, 1, 2)
		ev := do(t, s, 0, KindPass)
		want := "Jack takes " + CardName(loot) + " from Magda"
		for seat, knows := range []bool{true, true, false} {
			got := read(ev, seat)
			if strings.Contains(got, want) != knows || !knows && !strings.Contains(got, "Jack takes a card from Magda") {
				t.Errorf("seat %d reads %q", seat, got)
			}
		}
	})
	t.Run("a won attack", func(t *testing.T) {
		s := table(t, "Jack", "Magda", "Olaf")
		here := space(2, 5)
		s.Seats[0].Ship, s.Seats[1].Ship = here, here
		loot := give(t, s, 1, WindSouth)[0]
		do(t, s, 0, KindAttack, 1)
		dieWillShow(t, s, 5)
		passes(t, s, 1, 2)
		ev := do(t, s, 0, KindPass)
		drawn := s.Seats[0].Hand[len(s.Seats[0].Hand)-1]
		jack, magda, olaf := read(ev, 0), read(ev, 1), read(ev, 2)
		if !strings.Contains(jack, "Jack takes "+CardName(loot)+" from Magda") || !strings.Contains(jack, "Jack draws "+CardName(drawn)) {
			t.Errorf("the winner reads %q", jack)
		}
		if !strings.Contains(magda, "Jack takes "+CardName(loot)+" from Magda") || !strings.Contains(magda, "Jack draws 1 card") {
			t.Errorf("the loser reads %q", magda)
		}
		if !strings.Contains(olaf, "Jack takes a card from Magda") || !strings.Contains(olaf, "Jack draws 1 card") {
			t.Errorf("a third player reads %q", olaf)
		}
		if !strings.Contains(olaf, "Jack rolls a 5") {
			t.Errorf("the roll reads %q", olaf)
		}
	})
	t.Run("Favourable Current in the third person", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		s.Seats[0].Ship = space(2, 4)
		c := give(t, s, 0, Current)[0]
		ev := do(t, s, 0, KindEvent, c, West)
		if got := read(ev, 1); got != "Jack plays Favourable Current to move their longship west" {
			t.Errorf("Magda reads %q", got)
		}
	})
}

// moves lists the directions a longship may be moved in from space i by
// anything but sailing (canMove): tests pick a legal push or use from it.
func (s *State) moves(i int) []int {
	var out []int
	for d := range 4 {
		if s.canMove(i, d) {
			out = append(out, d)
		}
	}
	return out
}
