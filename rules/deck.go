package rules

import "slices"

// Draw takes up to n cards from the top (the front) of pile and returns them
// with the rest of the pile. It never panics: a short pile gives what it has.
func Draw[T any](pile []T, n int) (drawn, rest []T) {
	n = max(0, min(n, len(pile)))
	drawn = slices.Clone(pile[:n])
	return drawn, slices.Delete(slices.Clone(pile), 0, n)
}

// RemoveAt removes the element at i, reporting false (and changing nothing)
// when i is out of range.
func RemoveAt[T any](s []T, i int) ([]T, T, bool) {
	var zero T
	if i < 0 || i >= len(s) {
		return s, zero, false
	}
	v := s[i]
	return slices.Delete(s, i, i+1), v, true
}

// Remove removes the first element equal to v, reporting whether it did.
func Remove[T comparable](s []T, v T) ([]T, bool) {
	i := slices.Index(s, v)
	if i < 0 {
		return s, false
	}
	return slices.Delete(s, i, i+1), true
}

// InsertAt inserts v before index i; i is clamped to the slice bounds.
func InsertAt[T any](s []T, i int, v T) []T {
	i = max(0, min(i, len(s)))
	return slices.Insert(s, i, v)
}

// CountBy counts the elements for which keep is true.
func CountBy[T any](s []T, keep func(T) bool) int {
	n := 0
	for _, v := range s {
		if keep(v) {
			n++
		}
	}
	return n
}

// Restock turns the discards, shuffled, into the deck when the deck is
// empty ("when the deck runs out, shuffle the discards"), and reports
// whether it did. With both empty it does nothing.
func Restock[T any](r *RNG, deck, discard *[]T) bool {
	if len(*deck) > 0 || len(*discard) == 0 {
		return false
	}
	*deck, *discard = *discard, []T{}
	Shuffle(r, *deck)
	return true
}
