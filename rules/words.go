package rules

import (
	"strconv"
	"strings"
)

// The games' log lines, prompts and labels write counts with these, so
// that "1 card" and "2 dice" agree everywhere (rulestest checks it).

// irregular holds the plurals that adding "s" or "es" gets wrong, and the
// nouns that do not change.
var irregular = map[string]string{
	"die":       "dice",
	"fish":      "fish",
	"townsfolk": "townsfolk",
}

// Plural is noun as written after the number n: the noun itself for 1,
// its plural for any other number ("die", "dice").
func Plural(n int, noun string) string {
	if n == 1 || noun == "" {
		return noun
	}
	if p, ok := irregular[noun]; ok {
		return p
	}
	for _, end := range []string{"s", "x", "ch", "sh"} {
		if strings.HasSuffix(noun, end) {
			return noun + "es"
		}
	}
	return noun + "s"
}

// Count writes n and its noun in agreement: Count(1, "card") is "1 card",
// Count(2, "card") "2 cards", Count(3, "die") "3 dice".
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Plural(n, noun)
}

// A writes noun with its indefinite article: "a card", "an iron mine",
// "an Archer". The article follows the first letter, except before the
// few words that sound otherwise ("a unique", "an hour").
func A(noun string) string {
	w := strings.ToLower(noun)
	an := w != "" && strings.ContainsRune("aeiou", rune(w[0]))
	for _, p := range []string{"one", "uni", "use", "eu"} {
		if strings.HasPrefix(w, p) {
			an = false
		}
	}
	for _, p := range []string{"hour", "honest", "honour", "heir"} {
		if strings.HasPrefix(w, p) {
			an = true
		}
	}
	if an {
		return "an " + noun
	}
	return "a " + noun
}

// And joins words as a list is written: "a", "a and b", "a, b and c";
// empty for none.
func And(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
