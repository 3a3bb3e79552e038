package rules

import (
	"math"
	"testing"
)

// A finished game's win is shared equally among its winners.
func TestWinShare(t *testing.T) {
	for _, c := range []struct {
		name    string
		winners []Seat
		seat    Seat
		want    float64
	}{
		{"the winner", []Seat{1}, 1, 1},
		{"a loser", []Seat{1}, 0, 0},
		{"one of two sharing the win", []Seat{0, 2}, 2, 0.5},
		{"one of three sharing the win", []Seat{0, 1, 2}, 0, 1.0 / 3},
	} {
		if got := WinShare(&Result{Winners: c.winners}, c.seat); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// Shares of the win from scores sum to 1, never rank against the scores
// (far behind, they may both round to 0), and equal scores share equally,
// however large the scores.
func TestSoftmaxShare(t *testing.T) {
	for _, scores := range [][]float64{{0, 0}, {1, 3, 2}, {1000, 999, 0, -5}, {-2, -2, -2, -2}} {
		sum, shares := 0.0, make([]float64, len(scores))
		for i := range scores {
			shares[i] = SoftmaxShare(append([]float64(nil), scores...), Seat(i))
			sum += shares[i]
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%v: shares %v sum to %v", scores, shares, sum)
		}
		for i := range scores {
			for j := range scores {
				if scores[i] > scores[j] && shares[i] < shares[j] || scores[i] == scores[j] && math.Abs(shares[i]-shares[j]) > 1e-12 {
					t.Errorf("%v: shares %v do not rank as the scores", scores, shares)
				}
			}
		}
	}
}
