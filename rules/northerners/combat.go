package northerners

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
