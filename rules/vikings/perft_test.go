package vikings

import (
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// perft counts action sequences with the conformance suite's driver.
func perft(tb testing.TB, s *State, depth int) int { return rulestest.Perft(tb, s, depth) }

// takeCard takes out of the deck the copy of a kind that carries the given
// wind (NoWind for none: the copies of an event differ only in it) and
// returns its id.
func takeCard(t *testing.T, s *State, kind, wind int) int {
	t.Helper()
	for _, c := range s.Deck {
		if KindOf(c) == kind && WindOf(c) == wind {
			s.Deck = rules.Without(s.Deck, c)
			return c
		}
	}
	t.Fatalf("no %s with wind %d left in the deck", Kinds[kind].Name, wind)
	return -1
}

// hold puts the copy of a kind with the given wind into p's hand.
func hold(t *testing.T, s *State, p, kind, wind int) int {
	t.Helper()
	c := takeCard(t, s, kind, wind)
	s.Seats[p].Hand = append(s.Seats[p].Hand, c)
	return c
}

// onTop puts a card of each kind (with its only or given wind) on top of
// the deck, the first on top, so that the draws of a count are known.
func onTop(t *testing.T, s *State, cards ...[2]int) {
	t.Helper()
	var top []int
	for _, kw := range cards {
		top = append(top, takeCard(t, s, kw[0], kw[1]))
	}
	s.Deck = append(top, s.Deck...)
}

// perftCounts checks perft(s, d) for d = 1, 2, ... against want.
func perftCounts(t *testing.T, s *State, want ...int) {
	t.Helper()
	if err := check(s); err != nil {
		t.Fatalf("the position is not sound: %v", err)
	}
	for i, w := range want {
		if got := perft(t, s, i+1); got != w {
			t.Errorf("perft(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// The first turn of a fixed 2-player game. Jack (red, seat 0) is in his
// harbour at row 1, column 2, whose sea lies east and south only (the corner
// camp is west, the edge north); Magda (yellow) is in hers at row 7, column
// 6, with sea north and west only. Jack holds East, South and Fair wind and
// a Berserker; Magda Loki the Trickster and Dead Calm (wind north); North
// wind then West wind lie on top of the deck.
//
// Depth 1, Jack's 9 choices: the Berserker into his crew 1 (a hero, at the
// start of the turn); sail 4 (East wind east, South wind south, Fair wind
// east or south: no card sails off the board or into the camp); sacrifice 1
// (the only standard action: no longship to attack, no village, no feast
// without a daughter); row east or south 2; end 1.
//
// Depth 2 (37): after the hero, the same but no second hero, 8. Each of the
// 4 sails goes on the stack and Magda, on his left, reacts: Loki, Dead Calm
// (the top card is a wind card) or pass, 3 each, 12. The sacrifice: Loki or
// pass, 2 (Dead Calm only cancels wind). Rowing (2) or ending (1) gives
// Magda her first turn, which draws nothing (had she drawn North and West
// wind, she could sail west too): Dead Calm for its wind north, sacrifice,
// row north or west, end: 5 each, 15.
//
// Depth 3 (157):
//   - after the hero, its 8 choices are answered as above:
//     4 sails × 3 + 2 + 3 × 5 = 29;
//   - after a sail and Magda's answer (Loki, Calm or a pass) the round comes
//     back to Jack, who played last: he holds no reaction, so pass, 1 each:
//     4 × 3 = 12; after the sacrifice, likewise 2;
//   - after Jack's row or end, each of Magda's 5: her Dead Calm sail or her
//     sacrifice leaves Jack a pass (1 each); her 2 rows and her end give Jack
//     his second turn, which draws North and West wind: 6 cards, the
//     Berserker still among them. Rowed east, to row 1, column 3 (sea east,
//     south and west): hero 1, sail 6 (East 1, South 1, Fair 3, West 1,
//     North none), sacrifice 1, row 3, end 1 = 12, so 2 + 3 × 12 = 38.
//     Rowed south, to row 2, column 2 (open on all four sides): hero 1,
//     sail 8 (Fair 4, each other wind 1), sacrifice 1, row 4, end 1 = 15,
//     so 2 + 3 × 15 = 47. Ended in the harbour (east and south only, so
//     North and West wind add nothing): 1 + 4 + 1 + 2 + 1 = 9, so 2 + 3 × 9
//     = 29.
//
// 29 + 12 + 2 + 38 + 47 + 29 = 157.
func TestPerftFirstTurn(t *testing.T) {
	s := table(t, "Jack", "Magda")
	give(t, s, 0, WindEast, WindSouth, WindAny, Berserker)
	give(t, s, 1, Loki)
	hold(t, s, 1, Calm, North)
	onTop(t, s, [2]int{WindNorth, North}, [2]int{WindWest, West})
	perftCounts(t, s, 9, 37, 157)
}

// A reaction round on an attack. Jack and Magda share the sea at row 3,
// column 4, just north of the sea monster; Jack has a Skald in his crew
// and holds Power of Thor, Loki and a Shield Wall; Magda holds Loki, Power
// of Thor and a Shield Wall; North wind is on top of the deck. Jack
// attacks Magda, and the reaction round begins at his left, with Magda.
//
// Depth 1, Magda's 5: Loki, Thor +1 or −1, Shield Wall (the attack is on
// her longship), pass.
//
// Depth 2 (29): Jack answers. After Magda's Loki, Thor or Shield Wall, with
// one of 6: Loki, Thor ±1, Skald ±1, pass (24); after her pass the top of
// the stack is his own attack, which his Loki may not cancel (README,
// Rulings: nobody cancels their own entry), so 5. His own Shield Wall is
// never offered: the attack is not on his longship.
//
// Depth 3 (104): a round ends only when every player has passed in a row,
// the one who played last included.
//   - Magda passed, Jack passed: the round is over, the stack resolves, the
//     die is rolled, and whoever won pushes the loser from the shared space:
//     north, east or west, never south onto the sea monster: 3, whatever the
//     die. Magda passed and Jack played (4): Magda has her 5 again, 20.
//   - Magda played, so she is asked again after Jack's answer, with the 2
//     cards she has left, her Loki only on an entry of Jack's: after her
//     Loki, Shield Wall, Thor ±1 or pass, 4 (× 6 = 24); after her Thor, Loki,
//     Shield Wall or pass, 3, but 2 after Jack's pass left her Thor on top
//     (17, twice); after her Shield Wall, Loki, Thor ±1 or pass, 4, but 3
//     after his pass (23).
//
// 3 + 20 + 24 + 17 + 17 + 23 = 104.
//
// Depth 4 (407), Jack's answer to Magda's third choice, or what follows
// when that choice ended the round. Jack's own count is 6 while he has
// played nothing, 5 after Loki (Thor ±1, Skald ±1, pass), 4 after Thor or
// the Skald (the Skald is once a round); one fewer when his Loki is
// still in hand and his own entry is on top.
//   - Magda passed, Jack passed, the loser pushed (3): the stack is done and
//     Magda may respond once to Jack's action; she holds only reactions, or
//     North wind drawn as the winner, and a response may neither react nor
//     sail: pass, 1 each, 3. Magda passed, Jack played Thor or the Skald
//     (4), Magda any of 5: after her 4 cards Jack has 4, after her pass
//     (his own entry on top) 3: 19 each, 76. 79.
//   - Magda Loki (4 after Jack's Loki, Thor, Skald; after his pass too):
//     after his Loki, her 3 cards or her pass leave him 5, 20; after his
//     Thor or Skald (4 ways), her 3 cards leave him 4 and her pass 3, 15
//     each, 60; after his pass, her 3 cards leave him 6 (18) and her pass
//     ends the round: Loki cancels the attack and she may respond, pass
//     only (1), 19. 20 + 60 + 19 = 99.
//   - Magda Thor ±1: after his Loki, her Loki, Shield Wall or pass, each
//     leaving him 5, 15; after his Thor or Skald (4 ways), her 2 cards leave
//     him 4 and her pass 3, 11 each, 44; after his pass her Thor is on top:
//     her Shield Wall leaves him 6, her pass ends the round and the attack,
//     rolled with +1 or −1, ends in a push (3): 9. 15 + 44 + 9 = 68, twice.
//   - Magda Shield Wall: after his Loki, her Loki, Thor ±1 or pass, each
//     leaving him 5, 20; after his Thor or Skald, 15 each as after her Loki,
//     60; after his pass her Shield Wall is on top: Thor ±1 leave him 6 (12),
//     her pass ends the round, the Shield Wall stops the attack, and her
//     response is a pass (1): 13. 20 + 60 + 13 = 93.
//
// 79 + 99 + 68 + 68 + 93 = 407.
func TestPerftReactionRound(t *testing.T) {
	s := table(t, "Jack", "Magda")
	s.Seats[0].Ship, s.Seats[1].Ship = space(2, 3), space(2, 3)
	enlist(t, s, 0, Skald)
	give(t, s, 0, Thor, Loki)
	hold(t, s, 0, ShieldWall, West)
	give(t, s, 1, Loki, Thor, ShieldWall)
	onTop(t, s, [2]int{WindNorth, North})
	do(t, s, 0, KindAttack, 1)
	if s.Step.Kind != StepReact || s.Step.Seat != 1 {
		t.Fatalf("after the attack: step %+v", s.Step)
	}
	perftCounts(t, s, 5, 29, 104, 407)
}

// A turn with cards to play. Jack (red) is on the yellow village (row 7,
// column 3: sea north, east and west) with Mutiny (wind east), I'm taking
// Command! (wind north), Ravens of Odin (wind south) and Loki in hand. Magda
// is there too, with a Shieldmaiden and a Helmsman in her crew and Loki
// and a Shield Wall (wind north) in hand. North wind twice is on top of
// the deck.
//
// Depth 1, Jack's 14: sail 2 (Mutiny east, Command north; Ravens cannot
// sail south off the board, Loki has no wind); events 5 (Mutiny on Magda,
// who has a crew; Command on Magda's longship north, east or west; Ravens);
// standard actions 3 (attack Magda, loot the yellow village, sacrifice; no
// feast away from home); row north, east or west 3; end 1. Loki is no
// action of its own; Jack has no hero to play.
//
// Depth 2 (58): each of the 9 cards and standard actions but the attack
// goes on the stack for Magda to answer with Loki or pass (2 each, 18); the
// attack also allows her Shield Wall (3). Jack's rows (3) give Magda her
// first turn: her Shield Wall for its wind north, sacrifice, the Helmsman
// north, east or west, row the same 3 ways, end: 9 each (no loot of her own
// colour), 27; after his end he is still on her space: 9 + the attack, 10.
// 18 + 3 + 27 + 10 = 58.
//
// Ravens of Odin, played, then answered: Magda's Loki or pass (2); then
// Jack's Loki or pass after her Loki, and only his pass after her pass,
// his own Ravens on top (3); then (6):
//   - Magda Loki, Jack Loki: Magda holds only the Shield Wall, no answer to
//     an event: pass, 1. Magda Loki, Jack pass: likewise 1.
//   - Magda pass, Jack pass: the stack resolves, Jack draws 2, and Magda
//     may respond to his action: the Helmsman north, east or west, or pass,
//     4 (a response plays no reaction and does not sail, so neither of her
//     cards).
//
// 1 + 1 + 4 = 6.
func TestPerftCardsToPlay(t *testing.T) {
	s := table(t, "Jack", "Magda")
	s.Seats[0].Ship, s.Seats[1].Ship = space(6, 2), space(6, 2)
	hold(t, s, 0, Mutiny, East)
	hold(t, s, 0, Command, North)
	ravens := hold(t, s, 0, Ravens, South)
	give(t, s, 0, Loki)
	enlist(t, s, 1, Shieldmaiden, Helmsman)
	give(t, s, 1, Loki)
	hold(t, s, 1, ShieldWall, North)
	onTop(t, s, [2]int{WindNorth, North}, [2]int{WindNorth, North})
	perftCounts(t, s, 14, 58)

	c := s.Clone().(*State)
	do(t, c, 0, KindEvent, ravens)
	perftCounts(t, c, 2, 3, 6)
}
