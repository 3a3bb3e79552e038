package rednorth

import (
	"slices"
	"testing"

	"longhall/rules"
	rn "longhall/rules/rednorth"
)

func TestSortedHandGoesByColourThenHeroesThenId(t *testing.T) {
	hand := []rn.CardView{
		{ID: 60, Kind: "jarl", Colour: "none"},
		{ID: 40, Kind: "raider", Colour: "purple"},
		{ID: 12, Kind: "raider", Colour: "red"},
		{ID: 56, Kind: "hero", Colour: "red"},
		{ID: 3, Kind: "raider", Colour: "green"},
		{ID: 11, Kind: "raider", Colour: "red"},
	}
	got := sortedHand(hand)
	var ids []int
	for _, c := range got {
		ids = append(ids, c.ID)
	}
	if want := []int{3, 56, 11, 12, 40, 60}; !slices.Equal(ids, want) {
		t.Errorf("sorted hand is %v, want %v", ids, want)
	}
	if hand[0].ID != 60 {
		t.Error("sortedHand changed the view's slice")
	}
}

func TestOutcomeTextNamesWinnerOrWhyNobody(t *testing.T) {
	name := func(s int) string { return names[s] }
	for _, tc := range []struct {
		cr   rn.ColourReport
		want string
	}{
		{rn.ColourReport{Outcome: rn.OutcomeWon, Winner: 0}, "Won by Gordon"},
		{rn.ColourReport{Outcome: rn.OutcomeRetained, Winner: 1}, "Kept by Rikki"},
		{rn.ColourReport{Outcome: rn.OutcomeTieBreaker, Winner: 2}, "Tied: won by Hakka with the Tie Breaker"},
		{rn.ColourReport{Outcome: rn.OutcomeTied, Winner: -1}, "Tied, and no Tie Breaker among them: uncontrolled"},
		{rn.ColourReport{Outcome: rn.OutcomeUnraided, Winner: -1}, "Not raided: uncontrolled"},
	} {
		if got := outcomeText(tc.cr, name); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.cr.Outcome, got, tc.want)
		}
	}
}

// buttonKinds are the actions with no card or place to click: they are
// labelled buttons by design. Anything else on a button would mean the
// table lacks its natural control.
var buttonKinds = map[string]bool{rn.KindGive: true, rn.KindDecline: true, rn.KindInvoke: true}

// allKinds are every action kind of the rules.
var allKinds = []string{rn.KindDeploy, rn.KindGive, rn.KindSalvage, rn.KindDecline, rn.KindEnd, rn.KindWithdraw,
	rn.KindReinforce, rn.KindAdd, rn.KindInspire, rn.KindPromote, rn.KindInvoke, rn.KindLoki, rn.KindSaga,
	rn.KindHel, rn.KindInsert, rn.KindPass}

// TestEveryLegalActionHasExactlyOneControl plays random games, at least 6
// of each size and more until every kind of action has come up, and sorts
// every seat's legal actions at every step.
func TestEveryLegalActionHasExactlyOneControl(t *testing.T) {
	seen := map[string]bool{}
	all := func() bool {
		for _, k := range allKinds {
			if !seen[k] {
				return false
			}
		}
		return true
	}
	for seed := uint64(1); seed <= 60 && (seed <= 6 || !all()); seed++ {
		for players := 2; players <= 4; players++ {
			playPositions(t, players, seed, func(p position) {
				v := viewOf(t, p.s, p.seat)
				legal := p.s.Legal(p.seat)
				c := sortChoices(&v, legal)
				var placed []rules.Action
				for _, a := range c.hand {
					placed = append(placed, a)
				}
				for _, as := range c.party {
					placed = append(placed, as...)
				}
				for _, a := range c.slots {
					placed = append(placed, a)
				}
				for _, a := range c.groups {
					placed = append(placed, a)
				}
				for _, a := range c.foes {
					placed = append(placed, a)
				}
				placed = append(placed, c.discard...)
				placed = append(placed, c.buttons...)
				got, want := keys(placed), keys(legal)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: controls %v, legal %v", describe(p), got, want)
				}
				for _, a := range c.buttons {
					ragnarokPass := a.Kind == rn.KindPass && len(a.Args) == 0
					emptyEnd := a.Kind == rn.KindEnd && len(ownParty(&v)) == 0
					if !buttonKinds[a.Kind] && !ragnarokPass && !emptyEnd {
						t.Fatalf("%s: %q has no control on the table, only a button", describe(p), a.Label)
					}
				}
				for _, a := range legal {
					seen[a.Kind] = true
				}
			})
		}
	}
	for _, k := range allKinds {
		if !seen[k] {
			t.Errorf("no game reached a %q action: the test does not cover it", k)
		}
	}
}
