package rules

import (
	"slices"
	"testing"
)

// A secret event reads in full only for the seats it names.
func TestEventsSecret(t *testing.T) {
	var ev Events
	ev.Add(-1, "round", "Round %d", 2)
	ev.Secret(0, "pass", "Ann passes a card to Bob", "Ann passes the Archer to Bob", 0, 1)
	if ev[0].Text != "Round 2" || ev[0].Seat != Spectator {
		t.Errorf("public event %+v", ev[0])
	}
	for seat, want := range map[Seat]string{0: "Ann passes the Archer to Bob", 1: "Ann passes the Archer to Bob", 2: "Ann passes a card to Bob", Spectator: "Ann passes a card to Bob"} {
		if got := ev[1].For(seat).Text; got != want {
			t.Errorf("seat %d reads %q, want %q", seat, got, want)
		}
	}
	if got := Without([]int{3, 1, 3}, 3); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("Without removes %v", got)
	}
}
