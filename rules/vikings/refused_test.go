package vikings

import (
	"strings"
	"testing"

	"longhall/rules"
)

// whyRefused is the reason Refused gives seat p for the action of kind
// with first arg c (-1: no args), "" when it gives none.
func whyRefused(s *State, p int, kind string, args ...int) string {
	for _, r := range s.Refused(rules.Seat(p)) {
		if r.Action.Kind == kind && (len(args) == 0 || len(r.Action.Args) > 0 && r.Action.Args[0] == args[0]) {
			return r.Why
		}
	}
	return ""
}

// A card in the hand that cannot be played now says why, in the book's
// words of when it may be played.
func TestACardThatCannotBePlayedSaysWhy(t *testing.T) {
	cases := []struct {
		name string
		set  func(t *testing.T, s *State) (kind string, card int)
		want string
	}{
		{"HERO CARDS: 'This is the only time in a turn when a player can play a hero card' (after another action)", func(t *testing.T, s *State) (string, int) {
			h := give(t, s, 0, Helmsman)[0]
			s.HeroOpen = false
			return KindHero, h
		}, "only at the start of your turn"},
		{"MOVEMENT, Sailing: no space north of the red harbour on the top edge", func(t *testing.T, s *State) (string, int) {
			s.Seats[0].Ship = HarbourOf[Red]
			return KindSail, give(t, s, 0, WindNorth)[0]
		}, "cannot sail north"},
		{"REACTION CARDS: 'played in response to the condition described on the card' (none in your own turn)", func(t *testing.T, s *State) (string, int) {
			return KindEvent, give(t, s, 0, ShieldWall)[0]
		}, "attack on your own longship"},
		{"EVENT CARDS: Thief in the Night with no card in any other hand", func(t *testing.T, s *State) (string, int) {
			s.Seats[0].Ship = HarbourOf[Red]
			return KindEvent, give(t, s, 0, Thief)[0]
		}, "no other player holds a card"},
		{"EVENT CARDS: Mutiny with no crew on any other longship", func(t *testing.T, s *State) (string, int) {
			s.Seats[0].Ship = HarbourOf[Red]
			return KindEvent, give(t, s, 0, Mutiny)[0]
		}, "no other player has a crew member"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, "Jack", "Magda")
			kind, card := c.set(t, s)
			if offered(s, 0, kind, card) {
				t.Fatalf("%s is playable: nothing to explain", CardName(card))
			}
			if why := whyRefused(s, 0, kind, card); !strings.Contains(why, c.want) {
				t.Errorf("%s: refused with %q, want it to say %q", CardName(card), why, c.want)
			}
		})
	}
}

// A card that can be played is never refused, and a reaction that
// answers the stack is offered, not explained.
func TestAPlayableCardIsNotRefused(t *testing.T) {
	s := table(t, "Jack", "Magda")
	s.Seats[0].Ship = space(2, 4) // open sea
	north := give(t, s, 0, WindNorth)[0]
	if why := whyRefused(s, 0, KindSail, north); why != "" {
		t.Errorf("a north wind on the open sea is refused: %q", why)
	}
	// Magda answers Jack's sail with Dead Calm; her Shield Wall cannot.
	calm := give(t, s, 1, Calm)[0]
	wall := give(t, s, 1, ShieldWall)[0]
	do(t, s, 0, KindSail, north, North)
	if why := whyRefused(s, 1, KindEvent, calm); why != "" {
		t.Errorf("Dead Calm against a wind card is refused: %q", why)
	}
	if why := whyRefused(s, 1, KindEvent, wall); !strings.Contains(why, "which this is not") {
		t.Errorf("Shield Wall against a sail: %q", why)
	}
}

// STANDARD ACTIONS: 'a player may attempt only one such action per turn';
// Loot: 'only if their longship is on a space with a village of a
// different color than the player's color'.
func TestAClosedLootSaysWhy(t *testing.T) {
	s := table(t, "Jack", "Magda") // red and yellow
	s.Seats[0].Ship = VillageOf[Red]
	if why := whyRefused(s, 0, KindLoot); !strings.Contains(why, "other colours") {
		t.Errorf("looting your own colour's village: %q", why)
	}
	s.Seats[0].Ship = VillageOf[Blue]
	if why := whyRefused(s, 0, KindLoot); why != "" {
		t.Errorf("an open loot is refused: %q", why)
	}
	s.Standard = true
	if why := whyRefused(s, 0, KindLoot); !strings.Contains(why, "standard action") {
		t.Errorf("a second standard action: %q", why)
	}
}
