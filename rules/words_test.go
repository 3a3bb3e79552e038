package rules_test

import (
	"fmt"
	"testing"

	"longhall/rules"
)

func TestCountAgrees(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{
		{1, "card", "1 card"},
		{2, "card", "2 cards"},
		{0, "card", "0 cards"},
		{1, "die", "1 die"},
		{6, "die", "6 dice"},
		{1, "provision", "1 provision"},
		{3, "provision", "3 provisions"},
		{2, "fortress", "2 fortresses"},
		{2, "townsfolk", "2 townsfolk"},
		{4, "fish", "4 fish"},
		{2, "crew member", "2 crew members"},
		{2, "Valkyrie", "2 Valkyries"},
	} {
		if got := rules.Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestArticle(t *testing.T) {
	for noun, want := range map[string]string{
		"card": "a card", "iron mine": "an iron mine", "Archer": "an Archer", "Avenger": "an Avenger",
		"unique prize": "a unique prize", "hour": "an hour", "house": "a house", "one-way current": "a one-way current",
	} {
		if got := rules.A(noun); got != want {
			t.Errorf("A(%q) = %q, want %q", noun, got, want)
		}
	}
}

func ExampleAnd() {
	fmt.Println(rules.And([]string{"2 gold"}))
	fmt.Println(rules.And([]string{"2 gold", "1 iron"}))
	fmt.Println(rules.And([]string{"2 gold", "1 iron", "1 mead"}))
	// Output:
	// 2 gold
	// 2 gold and 1 iron
	// 2 gold, 1 iron and 1 mead
}
