package northerners

import "testing"

// Attack rules: 2 dice for a viking, 2 more for a second, 1 more for a
// third, at most 5.
func TestAttackDice(t *testing.T) {
	for vikings, want := range []int{0, 2, 4, 5, 5, 5} {
		if got := AttackDice(vikings); got != want {
			t.Errorf("%d vikings attack with %d dice, want %d", vikings, got, want)
		}
	}
}

// Defense rules: 1 die a worker, 2 a viking, at most 5; a watchtower 3.
func TestDefenceDice(t *testing.T) {
	for _, c := range []struct{ workers, vikings, want int }{
		{1, 0, 1}, {2, 0, 2}, {0, 1, 2}, {1, 1, 3}, {2, 2, 5}, {3, 2, 5}, {0, 0, 0},
	} {
		if got := DefenceDice(c.workers, c.vikings); got != c.want {
			t.Errorf("%d workers and %d vikings defend with %d dice, want %d", c.workers, c.vikings, got, c.want)
		}
	}
	if WatchtowerDice != 3 {
		t.Errorf("a watchtower defends with %d dice, want 3", WatchtowerDice)
	}
}

// Combat roll resolution, the book's example: "four dice and get results
// of 2, 4, 4, and a hammer, they must choose 4"; with no majority the
// highest, the hammer highest.
func TestReadRoll(t *testing.T) {
	for _, c := range []struct {
		name string
		dice []int
		want int
	}{
		{"the book's example: 2, 4, 4, hammer", []int{2, 4, 4, Hammer}, 4},
		{"no majority: the highest", []int{1, 3, 5}, 5},
		{"no majority with a hammer: the hammer", []int{2, 5, Hammer}, Hammer},
		{"two faces tied for the most: the higher", []int{2, 2, 4, 4, 1}, 4},
		{"one die", []int{3}, 3},
		{"hammers most often", []int{Hammer, Hammer, 1}, Hammer},
		{"no dice", nil, 0},
	} {
		if got := ReadRoll(c.dice); got != c.want {
			t.Errorf("%s: %v reads %d, want %d", c.name, c.dice, got, c.want)
		}
	}
}

// "If both players have the same result, the attacker wins."
func TestTheAttackerWinsTies(t *testing.T) {
	if !AttackerWins(4, 4) || !AttackerWins(Hammer, 5) || AttackerWins(3, 4) {
		t.Error("the attacker must win ties and higher results, and lose lower ones")
	}
}
