package rednorth

import (
	"fmt"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// The live raid-point totals a table shows a player (View.RaidTotals) are
// what Resolution B will count for that Party (book, Resolution: "each
// player adds up the Raid Points of their Raiding Party in each colour,
// plus 1 for an Outpost they control"), as long as the owner looks; an
// opponent's face-down cards are left out of what others see. 40 games a
// player count, 1,000 under make test-long.
func TestRaidTotalsMatchResolution(t *testing.T) {
	games := rulestest.Size(40, 40, 1000)
	for players := 2; players <= 4; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			for i := range games {
				seed := uint64(players*1000 + i)
				rng := rules.NewRNG(seed)
				st, err := game{}.New(rules.Config{Players: players}, seed)
				if err != nil {
					t.Fatal(err)
				}
				playOut(t, st, nil, nil, rng, func(s rules.State) {
					rs := s.(*State)
					for p := range rs.Seats {
						pts, fought := raidPoints(rs.Seats[p].Party)
						own := rs.view(p)
						for _, ct := range own.RaidTotals(p) {
							c, _ := parseColour(ct.Colour)
							want := pts[c]
							if rs.Owner[c] == p {
								want += OutpostRaidPoints
							}
							if ct.Points != want || ct.Fought != fought[c] {
								t.Fatalf("seed %d seat %d %s: totals %+v, resolution would count %d (fought %v)", seed, p, ct.Colour, ct, want, fought[c])
							}
						}
						// Another seat never counts more than the owner.
						other := rs.view((p + 1) % players)
						for k, ct := range other.RaidTotals(p) {
							if ownCT := own.RaidTotals(p)[k]; ct.Points > ownCT.Points {
								t.Fatalf("seed %d: seat %d's view counts %d for seat %d's %s, the owner %d", seed, (p+1)%players, ct.Points, p, ct.Colour, ownCT.Points)
							}
						}
					}
				})
			}
		})
	}
}
