package raiders

import (
	"fmt"
	"sort"

	"longhall/rules"
)

// Score is one player's final score, term by term.
type Score struct {
	Raids     int `json:"raids"`            // VP scored during the game
	Valkyrie  int `json:"valkyrie"`         // the Valkyrie track
	Armour    int `json:"armour"`           // the armoury track
	Offerings int `json:"offerings"`        // offering tiles
	Crew      int `json:"crew"`             // Champion, Warlord, Merchant, Trader, Halfdan
	Plunder   int `json:"plunder"`          // gold, iron, livestock pairs
	Fame      int `json:"fame,omitempty"`   // Fields of Fame: the fame track
	Jarls     int `json:"jarls,omitempty"`  // Fields of Fame: Jarls in the crew
	Quests    int `json:"quests,omitempty"` // Hall of Heroes: quest and reputation tiles
	Total     int `json:"total"`
}

// FinalScore scores seat p as the book's Game End says.
func (s *State) FinalScore(p int) Score {
	pl := &s.Seats[p]
	sc := Score{Raids: pl.VP, Valkyrie: s.valkyrieVP()[pl.Valkyrie], Armour: s.armourVP()[pl.Armour]}
	for _, o := range pl.Offerings {
		sc.Offerings += Offerings[o].VP
	}
	sc.Crew = 3*pl.crewOf(Champion) + 2*pl.crewOf(Warlord) + pl.crewOf(Merchant)*pl.Livestock + pl.crewOf(Trader)*len(pl.Offerings) +
		pl.crewOf(Halfdan)*len(pl.Tiles)
	sc.Plunder = pl.Gold + pl.Iron + pl.Livestock/2
	sc.Fame = FameVP[pl.Fame]
	for _, c := range pl.Crew {
		if IsJarl(c) {
			sc.Jarls += Jarls[KindOf(c)-FirstJarl].EndVP
		}
	}
	sc.Quests = pl.tilesVP()
	sc.Total = sc.Raids + sc.Valkyrie + sc.Armour + sc.Offerings + sc.Crew + sc.Plunder + sc.Fame + sc.Jarls + sc.Quests
	return sc
}

// finish scores the game and ends it.
func (s *State) finish(ev *events) {
	scores := make([]int, s.Players)
	ranking := make([]rules.Seat, s.Players)
	for p := range scores {
		scores[p] = s.FinalScore(p).Total
		ranking[p] = rules.Seat(p)
	}
	// Most points, then highest on the Valkyrie track, then on the
	// armoury track.
	key := func(p rules.Seat) [3]int { return [3]int{scores[p], s.Seats[p].Valkyrie, s.Seats[p].Armour} }
	better := func(a, b rules.Seat) bool {
		ka, kb := key(a), key(b)
		for i := range ka {
			if ka[i] != kb[i] {
				return ka[i] > kb[i]
			}
		}
		return false
	}
	sort.SliceStable(ranking, func(i, j int) bool { return better(ranking[i], ranking[j]) })
	var winners []rules.Seat
	for _, p := range ranking {
		if !better(ranking[0], p) {
			winners = append(winners, p)
		}
	}
	reason := fmt.Sprintf("%s wins with %d VP", s.Name(int(winners[0])), scores[winners[0]])
	switch {
	case len(winners) > 1:
		names := make([]string, len(winners))
		for i, w := range winners {
			names[i] = s.Name(int(w))
		}
		reason = fmt.Sprintf("%s share the win with %d VP", rules.And(names), scores[winners[0]])
	case scores[ranking[1]] == scores[winners[0]] && s.Seats[ranking[1]].Valkyrie == s.Seats[winners[0]].Valkyrie:
		reason += ", ahead on the armoury track"
	case scores[ranking[1]] == scores[winners[0]]:
		reason += ", ahead on the Valkyrie track"
	}
	s.Outcome = &rules.Result{Winners: winners, Scores: scores, Ranking: ranking, Reason: reason}
	s.Step = Step{Kind: StepOver, Seat: -1}
	if ev.Loud() {
		ev.Add(-1, "over", "The game is over: %s", reason)
	}
}
