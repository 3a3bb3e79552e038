package vikings

import "math/bits"

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
// first: copies that play alike make one choice. It fills buf (a small
// array's slice keeps the list off the heap) and returns it.
func distinct(buf, cards []int) []int {
	if len(cards) < 2 {
		return append(buf[:0], cards...)
	}
	// The cards as a set of ids, read back in order: sorted for free.
	var set [maxCards / 64]uint64
	for _, c := range cards {
		set[c>>6] |= 1 << (c & 63)
	}
	var seen [(numClasses + 63) / 64]uint64
	out := buf[:0]
	for w, word := range set {
		for word != 0 {
			c := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			k := classes[c]
			if seen[k>>6]&(1<<(k&63)) == 0 {
				seen[k>>6] |= 1 << (k & 63)
				out = append(out, c)
			}
		}
	}
	return out
}

// firstOfKind returns the first (lowest) card of each kind of action
// card among cards, plus one: 0 for a kind with none. Ids go kind by
// kind, so the kinds' order is the cards' order. Events and reactions
// offer only these: copies of an event play alike whatever their wind.
func firstOfKind(cards []int) [NumKinds]uint8 {
	var first [NumKinds]uint8
	for _, c := range cards {
		if k := KindOf(c); k >= 0 && (first[k] == 0 || c < int(first[k])-1) {
			first[k] = uint8(c + 1)
		}
	}
	return first
}

// effectKinds and reactionKinds list the kinds of event played for their
// effect and as reactions, in Kinds order.
var effectKinds, reactionKinds []int

func init() {
	for k, kind := range Kinds {
		switch {
		case kind.Type == Event && kind.Reaction:
			reactionKinds = append(reactionKinds, k)
		case kind.Type == Event:
			effectKinds = append(effectKinds, k)
		}
	}
}

// maxCards bounds the card ids (NumCards), for distinct's sets.
const maxCards = 128

// numClasses counts the classes in classes: an action card's kind and
// wind, a daughter's colour, and one for anything else.
const numClasses = NumKinds*6 + Colours + 1

// classes holds each card's class, what makes copies play alike: an action
// card's kind and wind, a daughter's colour.
var classes [maxCards]uint8

func init() {
	if NumCards() > maxCards || NumActionCards >= 255 {
		panic("vikings: the card ids outgrow distinct's and firstOfKind's tables")
	}
	for c := range classes {
		classes[c] = numClasses - 1
		if k := DaughterColour(c); k >= 0 {
			classes[c] = uint8(NumKinds*6 + k)
		} else if k := KindOf(c); k >= 0 {
			classes[c] = uint8(k*6 + WindOf(c) + 1) // winds run from NoWind (-1) to AnyWind (4)
		}
	}
}
