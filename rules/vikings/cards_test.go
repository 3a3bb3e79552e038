package vikings

import (
	"slices"
	"testing"
)

// Every card the book does not spell out, as designed in content.go, one
// case each; Loki, Power of Thor, Mutiny, I'm taking Command!, Seasickness,
// the Berserker, the Helmsman and the Skald have their tests with the
// book's examples and rules.
func TestEveryOtherCard(t *testing.T) {
	t.Run("Dead Calm cancels a wind card", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		s.Seats[0].Ship = space(2, 4)
		wind := give(t, s, 0, WindNorth)[0]
		calm := give(t, s, 1, Calm)[0]
		do(t, s, 0, KindSail, wind, North)
		do(t, s, 1, KindEvent, calm)
		passes(t, s, 0, 1) // Jack, then Magda who played last
		if s.Seats[0].Ship != space(2, 4) {
			t.Errorf("the longship sailed through a Dead Calm")
		}
	})
	t.Run("Dead Calm cannot stop an event sailing for its wind", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		s.Seats[0].Ship = space(2, 4)
		ev := give(t, s, 0, Ravens)[0]
		give(t, s, 1, Calm)
		do(t, s, 0, KindSail, ev, WindOf(ev))
		for _, a := range s.Legal(1) {
			if a.Kind == KindEvent && KindOf(a.Args[0]) == Calm {
				t.Error("Dead Calm offered against an event's wind")
			}
		}
	})
	t.Run("Shield Wall stops an attack on your longship", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		s.Seats[0].Ship, s.Seats[1].Ship = space(2, 4), space(2, 4)
		wall := give(t, s, 1, ShieldWall)[0]
		do(t, s, 0, KindAttack, 1)
		do(t, s, 1, KindEvent, wall)
		passes(t, s, 0, 1) // Jack, then Magda who played last
		if s.Roll != nil || s.Seats[1].Ship != space(2, 4) || !s.Standard {
			t.Errorf("roll %+v, ship %d: the attack went ahead, or did not spend the standard action", s.Roll, s.Seats[1].Ship)
		}
	})
	t.Run("Shieldmaiden: −1 to attacks on your longship", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		s.Seats[0].Ship, s.Seats[1].Ship = space(2, 4), space(2, 4)
		enlist(t, s, 1, Shieldmaiden)
		do(t, s, 0, KindAttack, 1)
		dieWillShow(t, s, 4)
		passes(t, s, 1, 0)
		if s.Roll.Total != 3 {
			t.Errorf("roll %+v, want 4 − 1", s.Roll)
		}
	})
	t.Run("Favourable Current moves your longship", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		s.Seats[0].Ship = space(2, 4)
		c := give(t, s, 0, Current)[0]
		do(t, s, 0, KindEvent, c, West)
		passes(t, s, 1, 0)
		if s.Seats[0].Ship != space(2, 3) {
			t.Errorf("ship at %d, want %d", s.Seats[0].Ship, space(2, 3))
		}
	})
	t.Run("Jörmungandr Stirs moves the sea monster", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		c := give(t, s, 0, Stirs)[0]
		if offered(s, 0, KindEvent, c, HarbourOf[Blue]) || offered(s, 0, KindEvent, c, s.Seats[1].Ship) {
			t.Error("the monster may go to a harbour or a longship")
		}
		do(t, s, 0, KindEvent, c, VillageOf[Green])
		passes(t, s, 1, 0)
		if s.Monster != VillageOf[Green] {
			t.Errorf("monster at %d", s.Monster)
		}
	})
	t.Run("Ravens of Odin draw 2", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		c := give(t, s, 0, Ravens)[0]
		do(t, s, 0, KindEvent, c)
		passes(t, s, 1, 0)
		if len(s.Seats[0].Hand) != 2 {
			t.Errorf("hand %v", s.Seats[0].Hand)
		}
	})
	t.Run("Thief in the Night takes a random card", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		c := give(t, s, 0, Thief)[0]
		loot := give(t, s, 1, WindEast)[0]
		do(t, s, 0, KindEvent, c, 1)
		passes(t, s, 1, 0)
		if !slices.Equal(s.Seats[0].Hand, []int{loot}) || len(s.Seats[1].Hand) != 0 {
			t.Errorf("hands %v and %v", s.Seats[0].Hand, s.Seats[1].Hand)
		}
	})
	t.Run("Seeress draws a card once a round", func(t *testing.T) {
		s := table(t, "Jack", "Magda")
		seer := enlist(t, s, 0, Seeress)[0]
		do(t, s, 0, KindUse, seer)
		passes(t, s, 1, 0)
		passes(t, s, 1) // no response
		if len(s.Seats[0].Hand) != 1 || offered(s, 0, KindUse, seer) {
			t.Errorf("hand %v; the Seeress offered twice a round", s.Seats[0].Hand)
		}
	})
}
