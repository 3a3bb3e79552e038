package rules

import (
	"slices"
	"testing"
)

// Restock shuffles the discards into an empty deck, and only then.
func TestRestock(t *testing.T) {
	r := NewRNG(1)
	deck, discard := []int{}, []int{1, 2, 3}
	if !Restock(r, &deck, &discard) || len(discard) != 0 || !slices.Equal(slices.Sorted(slices.Values(deck)), []int{1, 2, 3}) {
		t.Errorf("an empty deck restocked to %v, discards %v", deck, discard)
	}
	discard = []int{4}
	if Restock(r, &deck, &discard) || len(deck) != 3 || len(discard) != 1 {
		t.Errorf("a deck with cards was restocked: %v, %v", deck, discard)
	}
	deck, discard = []int{}, []int{}
	if Restock(r, &deck, &discard) {
		t.Error("nothing to restock with, yet it says it did")
	}
}
