package northerners

import (
	"fmt"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/mcts"
	"longhall/rules/rulestest"
)

// check verifies that nothing was created or lost (figures, tiles, cards)
// and that the book's limits hold: resources 0 to 5, at most 2 figures and
// 1 viking on a tile, villages within their room, one place for each Jarl.
func check(st rules.State) error {
	s := st.(*State)
	for p := range s.Seats {
		pl := &s.Seats[p]
		figs := [2]int{pl.Home[Worker] + pl.Supply[Worker], pl.Home[Viking] + pl.Supply[Viking]}
		for _, c := range s.Cells {
			for _, f := range c.Figures {
				if f.Owner == p {
					figs[f.Kind]++
				}
			}
		}
		jarls := 0
		for _, pc := range pl.Placed {
			figs[Worker] += pc.Workers
			figs[Viking] += pc.Vikings
			if pc.Jarl {
				jarls++
			}
		}
		if pl.Raid != nil {
			figs[Viking] += pl.Raid.Vikings
		}
		if f := s.Fight; f != nil && f.Attacker == p {
			figs[Viking] += f.Vikings
		}
		if figs != [2]int{Workers, Vikings} {
			return fmt.Errorf("seat %d has %v workers and vikings, want %d and %d", p, figs, Workers, Vikings)
		}
		if pl.Home[Worker] > s.room(p, Worker) || pl.Home[Viking] > s.room(p, Viking) || pl.Home[Worker] < 0 || pl.Home[Viking] < 0 {
			return fmt.Errorf("seat %d's village holds %v", p, pl.Home)
		}
		for k, n := range pl.Goods {
			if n < 0 || k < Resources && n > ResourceCap {
				return fmt.Errorf("seat %d has %d %s", p, n, GoodNames[k])
			}
		}
		switch j := pl.JarlAt; {
		case j == JarlHome && jarls == 0:
		case j == JarlBar && jarls == 1:
		case j == JarlRaid && pl.Raid != nil && jarls == 0:
		case j >= 0 && s.Cells[j].Jarl == p && jarls == 0:
		default:
			return fmt.Errorf("seat %d's Jarl is at %d with %d placements and raid %v", p, j, jarls, pl.Raid)
		}
		for k, n := range pl.Builds {
			if n+s.built(p, k)+pendingBuilds(pl, k)+buildStep(s, p, k) != BuildingSupply[k] {
				return fmt.Errorf("seat %d's %ss do not add up", p, BuildingNames[k])
			}
		}
	}
	for i, c := range s.Cells {
		if len(c.Figures) > 2 || rules.CountBy(c.Figures, func(f Figure) bool { return f.Kind == Viking }) > 1 {
			return fmt.Errorf("square %d holds %v", i, c.Figures)
		}
		if len(c.Figures) > 0 && (c.Building < 0 || c.Building == Watchtower) {
			return fmt.Errorf("figures on square %d without a building to work", i)
		}
		if c.Building >= 0 && c.Tile < 0 {
			return fmt.Errorf("a building on empty land at %d", i)
		}
	}
	tiles := slices.Concat(s.Bag, s.Aside)
	for _, c := range s.Cells {
		if c.Tile >= 0 {
			tiles = append(tiles, c.Tile)
		}
	}
	if s.Step.Kind == StepExplore {
		tiles = append(tiles, s.Step.Tile)
	}
	blessings := slices.Concat(s.Blessings, s.BlessDiscard)
	quests := slices.Concat(s.QuestDeck, s.QuestDiscard)
	raids := slices.Concat(s.RaidDeck, s.RaidDiscard)
	for p := range s.Seats {
		blessings = append(blessings, s.Seats[p].Hand...)
		blessings = append(blessings, s.Seats[p].Offer...)
		quests = append(quests, s.Seats[p].Quests...)
		quests = append(quests, s.Seats[p].Done...)
		if r := s.Seats[p].Raid; r != nil {
			raids = append(raids, r.Card)
		}
	}
	kaupang := slices.Concat(s.KaupangPile, s.KaupangSpent)
	for _, t := range s.KaupangRow {
		if t >= 0 {
			kaupang = append(kaupang, t)
		}
	}
	for _, set := range []struct {
		name string
		ids  []int
		n    int
	}{{"land tiles", tiles, NumTiles}, {"blessings", blessings, NumBlessings}, {"quests", quests, len(Quests)}, {"raid cards", raids, len(Raids)}, {"Kaupang tiles", kaupang, len(KaupangTiles)}} {
		ids := slices.Sorted(slices.Values(set.ids))
		if len(ids) != set.n {
			return fmt.Errorf("%d %s, want %d", len(ids), set.name, set.n)
		}
		for i, x := range ids {
			if x != i {
				return fmt.Errorf("the %s are not all there once: %v", set.name, ids)
			}
		}
	}
	// Hidden things stay hidden: no view holds another seat's cards.
	for me := -1; me < s.Players; me++ {
		v := s.view(me)
		for p, pv := range v.Players {
			if pv.Hand != len(s.Seats[p].Hand) || pv.Quests != len(s.Seats[p].Quests) {
				return fmt.Errorf("seat %d's counts are wrong in seat %d's view", p, me)
			}
		}
		if me < 0 && (len(v.Hand) > 0 || len(v.Quests) > 0 || len(v.Offer) > 0) {
			return fmt.Errorf("a spectator sees cards")
		}
	}
	return nil
}

func pendingBuilds(pl *Player, k int) int {
	return rules.CountBy(pl.Placed, func(pc Placement) bool {
		return Actions[pc.Action].Do == DoBuilding && Actions[pc.Action].Arg == k
	})
}

func buildStep(s *State, p, k int) int {
	if s.Step.Kind == StepBuild && s.Step.Seat == p && s.Step.Building == k {
		return 1
	}
	return 0
}

// suite is Northerners for the conformance suite.
func suite() rulestest.Suite {
	return rulestest.Suite{
		Game: game{},
		// Two placements of one action with the same figures, and two
		// copies of a blessing offered, are one choice twice.
		Copies: func(st rules.State, a, b rules.Action) bool {
			s := st.(*State)
			switch {
			case a.Kind != b.Kind || len(a.Args) != 1 || len(b.Args) != 1:
				return false
			case a.Kind == KindResolve:
				placed := s.Seats[s.Step.Seat].Placed
				return placed[a.Args[0]] == placed[b.Args[0]]
			case a.Kind == KindKeep:
				return CardKind(a.Args[0]) == CardKind(b.Args[0])
			}
			return false
		},
		// The hard bot with the least budget (one playout of each action,
		// from a re-deal): its choice too must not depend on what its seat
		// cannot see.
		Hard:  func(seed uint64) rules.Bot { b := mcts.New(game{}, seed); b.Steps = 1; return b },
		Check: check,
		Private: func(st rules.State, me rules.Seat) []string {
			return private(st.(*State), int(me))
		},
		BadConfigs: []rules.Config{
			{Players: 2, Options: map[string]string{"map": "big"}},
			{Players: 2, Options: map[string]string{"ragnarok": "never"}},
			{Players: 3, Setup: []byte(`{}`)},
		},
	}
}

// TestConformance plays whole games at 2, 3 and 4 players through the
// conformance suite (rulestest.DefaultGames a config, the thousands under
// make test-long): at every step Pending and Legal agree, refused actions
// change nothing, clones are independent, no seat's view, legal actions or
// bot choice depends on what it cannot see, nothing is created or lost,
// every game ends, and the record replays to the same state.
func TestConformance(t *testing.T) {
	s := suite()
	s.Every, s.HiddenEvery = 9, 10
	rulestest.Run(t, s)
}

var fuzzKinds = []string{
	KindCollect, KindResolve, KindJarl, KindRaid, KindReturn, KindTile, KindBuild, KindTrade, KindSpirit, KindKeep,
	KindWork, KindVisit, KindAction, KindAttack, KindEnd, KindCard, KindFight, KindWithdraw, KindLose, "ATTACK",
}

// FuzzApply feeds Apply arbitrary actions mixed with legal ones: Apply
// never panics, a refused action leaves the state as it was, and the state
// stays valid after every accepted one.
func FuzzApply(f *testing.F) { rulestest.FuzzApply(f, suite(), fuzzKinds) }

// private names what seat p holds hidden from the others: blessings in
// hand and on offer, and quests (rulestest.Suite.Private).
func private(s *State, p int) []string {
	pl := &s.Seats[p]
	var out []string
	for _, c := range slices.Concat(pl.Hand, pl.Offer) {
		out = append(out, CardName(c))
	}
	for _, q := range pl.Quests {
		out = append(out, Quests[q].Name)
	}
	return out
}
