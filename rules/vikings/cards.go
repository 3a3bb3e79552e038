package vikings

import "slices"

// Card ids: the 94 action cards first, kind by kind in Kinds order (each
// copy its own id), then the 12 thanes' daughters, colour by colour.

// NumActionCards is the number of action cards: 94.
var NumActionCards int

// cardKinds and cardWinds map an action card's id to its kind and wind.
var cardKinds, cardWinds []int

func init() {
	for k, kind := range Kinds {
		for _, w := range kind.Winds {
			cardKinds = append(cardKinds, k)
			cardWinds = append(cardWinds, windOf(w))
		}
	}
	NumActionCards = len(cardKinds)
}

func windOf(r rune) int {
	switch r {
	case 'N':
		return North
	case 'E':
		return East
	case 'S':
		return South
	case 'W':
		return West
	case '*':
		return AnyWind
	}
	return NoWind
}

// NumCards is every card's id range: action cards and daughters.
func NumCards() int { return NumActionCards + Colours*DaughtersPerColour }

// KindOf returns an action card's kind, or -1 for a daughter or no card.
func KindOf(card int) int {
	if card < 0 || card >= NumActionCards {
		return -1
	}
	return cardKinds[card]
}

// WindOf returns a card's wind: a direction, AnyWind, or NoWind.
func WindOf(card int) int {
	if card < 0 || card >= NumActionCards {
		return NoWind
	}
	return cardWinds[card]
}

// IsDaughter says whether a card is a thane's daughter.
func IsDaughter(card int) bool { return card >= NumActionCards && card < NumCards() }

// DaughterColour returns a daughter's colour, or -1.
func DaughterColour(card int) int {
	if !IsDaughter(card) {
		return -1
	}
	return (card - NumActionCards) / DaughtersPerColour
}

// TypeOf returns a card's type; a daughter is a hero.
func TypeOf(card int) int {
	if IsDaughter(card) {
		return Hero
	}
	if k := KindOf(card); k >= 0 {
		return Kinds[k].Type
	}
	return -1
}

// CardName names a card.
func CardName(card int) string {
	if c := DaughterColour(card); c >= 0 {
		return "the " + ColourNames[c] + " thane's daughter"
	}
	if k := KindOf(card); k >= 0 {
		return Kinds[k].Name
	}
	return "no card"
}

// distinct returns one card of each kind and wind among cards, lowest id
// first: copies that play alike make one choice.
func distinct(cards []int) []int {
	seen := map[[2]int]bool{}
	var out []int
	for _, c := range slices.Sorted(slices.Values(cards)) {
		key := [2]int{KindOf(c), WindOf(c)}
		if IsDaughter(c) {
			key = [2]int{-1 - DaughterColour(c), 0}
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, c)
		}
	}
	return out
}
