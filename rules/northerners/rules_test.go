package northerners

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// Squares of the red (first) quarter used below.
var (
	redKaupang = sq(0, 4)
	theShaman  = sq(4, 4)
	// toKaupang runs east from the red village to the Kaupang square above.
	toKaupang = []int{sq(1, 2), sq(1, 3), sq(1, 4)}
	// toShaman goes on south from there to the Spirit Shaman.
	toShaman = []int{sq(2, 4), sq(3, 4)}
)

// Setup: supplies, the warehouse at 3 of each resource, two quests, the
// Kaupang row of 3, Loki at the start and the Ragnarok field by player
// count; with no score track chosen, every marker at the start (0).
func TestSetup(t *testing.T) {
	for _, c := range []struct {
		players int
		field   string
		want    int
	}{
		{2, RagnarokAdvised, RagnarokFirst},
		{3, RagnarokAdvised, RagnarokLast},
		{4, RagnarokAdvised, RagnarokLast},
		{2, RagnarokLastField, RagnarokLast},
		{4, RagnarokFirstField, RagnarokFirst},
	} {
		st, err := game{}.New(rules.Config{Players: c.players, Options: map[string]string{"ragnarok": c.field}}, 7)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if s.Ragnarok != c.want || s.Loki != 0 {
			t.Errorf("%d players, %q: Ragnarok at %d (Loki %d), want %d", c.players, c.field, s.Ragnarok, s.Loki, c.want)
		}
		if n := rules.CountBy(s.KaupangRow, func(k int) bool { return k >= 0 }); n != KaupangRow {
			t.Errorf("%d Kaupang tiles face up, want %d", n, KaupangRow)
		}
		for p, pl := range s.Seats {
			if pl.Goods != (Goods{3, 3, 3, 3, 0}) {
				t.Errorf("seat %d's warehouse %v, want 3 of each resource", p, pl.Goods)
			}
			if pl.Home != [2]int{3, 2} || pl.Supply != [2]int{4, 3} || pl.JarlAt != JarlHome {
				t.Errorf("seat %d's figures: home %v, supply %v", p, pl.Home, pl.Supply)
			}
			if pl.Builds != [NumBuilds]int{2, 2, 2, 3, 3} {
				t.Errorf("seat %d's building tiles %v", p, pl.Builds)
			}
			if len(pl.Quests) != 2 || len(pl.Hand) != 0 || pl.Score != 0 {
				t.Errorf("seat %d: %d quests, %d blessings, score %d", p, len(pl.Quests), len(pl.Hand), pl.Score)
			}
		}
		if s.Step.Kind != StepAct || s.Step.Seat != s.Start {
			t.Errorf("the start player's first turn begins at %s", s.Step.Kind)
		}
	}
}

// The balanced score track (README, Fairness), an option, puts later
// seats ahead.
func TestBalancedStart(t *testing.T) {
	st, err := game{}.New(rules.Config{Players: 4, Options: map[string]string{StartOption.Key: StartBalanced}}, 11)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for k := range 4 {
		if got := s.Seats[(s.Start+k)%4].Score; got != BalancedPoints[4][k] {
			t.Errorf("turn position %d starts at %d, want %d", k+1, got, BalancedPoints[4][k])
		}
	}
}

// Setup, step 5: "Each player places one of their player markers at the
// start position of the game board's score track." The book's start is
// the default (the option's first choice) at every player count; the
// balanced start is the other choice. Both values saved games hold by key
// still start a game; anything else is refused as a bad config.
func TestEveryMarkerStartsAtTheStartPosition(t *testing.T) {
	if StartOption.Key != "start" || len(StartOption.Choices) != 2 || StartOption.Choices[0] != StartBook || StartOption.Choices[1] != StartBalanced {
		t.Fatalf("the score track option is %+v, want the book first, then the balanced start", StartOption)
	}
	if !strings.HasPrefix(StartBalanced, "balanced") {
		t.Errorf("the balanced start's label %q does not name it as balanced", StartBalanced)
	}
	for players := 2; players <= 4; players++ {
		for _, opts := range []map[string]string{nil, {StartOption.Key: StartBook}} {
			st, err := game{}.New(rules.Config{Players: players, Options: opts}, 11)
			if err != nil {
				t.Fatal(err)
			}
			for p, pl := range st.(*State).Seats {
				if pl.Score != 0 {
					t.Errorf("%d players, options %v: seat %d starts at %d, want the start position, 0", players, opts, p, pl.Score)
				}
			}
		}
	}
	// The words stored before the book became the default.
	for _, v := range []string{"the book: everyone starts at 0", "balanced: later seats start a few points ahead"} {
		if _, err := (game{}).New(rules.Config{Players: 3, Options: map[string]string{"start": v}}, 1); err != nil {
			t.Errorf("a saved game's score track %q no longer starts: %v", v, err)
		}
	}
	if _, err := (game{}).New(rules.Config{Players: 3, Options: map[string]string{"start": "everyone at 10"}}, 1); !errors.Is(err, rules.ErrBadConfig) {
		t.Errorf("an unknown score track: got %v, want ErrBadConfig", err)
	}
}

// Harvest: "Skip this for your first turn"; then resolve in the order you
// choose, each placement once.
func TestHarvestInChosenOrder(t *testing.T) {
	s := table(t, "Ann", "Bo")
	fish, explore := action(t, "Fishing"), action(t, "Explore")
	do(t, s, 0, KindAction, fish)
	do(t, s, 0, KindAction, explore)
	do(t, s, 0, KindAction, fish)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	if s.Step.Kind != StepHarvest {
		t.Fatalf("the second turn begins at %s, want the harvest", s.Step.Kind)
	}
	var items []int
	for _, a := range s.Legal(0) {
		if a.Kind == KindResolve {
			items = append(items, a.Args[0])
		}
	}
	if !slices.Equal(items, []int{0, 1, 2}) {
		t.Fatalf("harvest choices %v, want the three placements", items)
	}
	// Resolve the last fishing first.
	do(t, s, 0, KindResolve, 2)
	if s.Seats[0].Goods[Fish] != 3 { // 3 - 1 (explore) + 1
		t.Errorf("fish %d after one fishing", s.Seats[0].Goods[Fish])
	}
	do(t, s, 0, KindResolve, 1) // explore
	if s.Step.Kind != StepExplore {
		t.Fatalf("explore resolves into %s", s.Step.Kind)
	}
}

// Harvest step 2: "You may not have more than 3 workers and 2 vikings in
// your village area until you build a worker house (7) or weapon house
// (5)"; figures without room go to the supply.
func TestVillageRoom(t *testing.T) {
	s := table(t, "Ann", "Bo")
	var ev events
	s.Seats[0].Home = [2]int{3, 2}
	s.Seats[0].Supply = [2]int{2, 1}
	s.returnHome(0, Worker, 2, &ev)
	if s.Seats[0].Home[Worker] != 3 || s.Seats[0].Supply[Worker] != 4 {
		t.Errorf("without a workers house: home %v supply %v", s.Seats[0].Home, s.Seats[0].Supply)
	}
	s.Seats[0].Houses[WorkersHouse] = true
	s.Seats[0].Houses[WeaponHouse] = true
	s.gainFigures(0, Worker, 3, &ev)
	s.gainFigures(0, Viking, 2, &ev)
	if s.Seats[0].Home != [2]int{6, 3} {
		t.Errorf("with both houses the village holds %v, want 6 workers and 3 vikings", s.Seats[0].Home)
	}
}

// Harvest step 3: "Anything beyond 5 of a resource is lost."
func TestResourceCap(t *testing.T) {
	s := table(t, "Ann", "Bo")
	var ev events
	s.gain(0, Goods{Wood: 4, Treasure: 7}, &ev)
	if s.Seats[0].Goods[Wood] != ResourceCap || s.Seats[0].Goods[Treasure] != 7 {
		t.Errorf("goods %v: wood must stop at 5, treasure has no cap", s.Seats[0].Goods)
	}
}

// Spending resources: costs are paid when placing, and "an action can not
// be utilized if a player does not have the resources available".
func TestCostsPaidOnPlacing(t *testing.T) {
	s := table(t, "Ann", "Bo")
	house := action(t, "Workers house")
	do(t, s, 0, KindAction, house)
	if g := s.Seats[0].Goods; g[Wood] != 0 || g[Stone] != 1 {
		t.Errorf("after the workers house: %v, want 3 wood and 2 stone paid", g)
	}
	s = table(t, "Ann", "Bo")
	s.Seats[0].Goods[Fish] = 0
	refused(t, s, 0, KindAction, action(t, "Explore"))
}

// Build actions: "a player may only do 1 build action each round"; the
// Blessing action once a round too, with a worker sacrificed at once.
func TestOncePerRound(t *testing.T) {
	s := table(t, "Ann", "Bo")
	building(t, s, 0, sq(1, 2), Woodcutter) // somewhere to build on
	road(t, s, sq(1, 3))
	do(t, s, 0, KindAction, action(t, "Woodcutter"))
	refused(t, s, 0, KindAction, action(t, "Watchtower"))
	blessing := action(t, "Blessing")
	do(t, s, 0, KindAction, blessing)
	if s.Seats[0].Home[Worker] != 1 || s.Seats[0].Supply[Worker] != 5 {
		t.Errorf("the Blessing action's worker is not sacrificed at once: home %v supply %v", s.Seats[0].Home, s.Seats[0].Supply)
	}
	refused(t, s, 0, KindAction, blessing)
}

// Common actions: "You can only activate places that are connected to
// your village through tiles": the Jarl goes to a Kaupang square or the
// Spirit Shaman only once the roads reach it.
func TestJarlNeedsRoads(t *testing.T) {
	s := table(t, "Ann", "Bo")
	refused(t, s, 0, KindVisit, redKaupang)
	road(t, s, toKaupang...)
	do(t, s, 0, KindVisit, redKaupang)
	if s.Seats[0].JarlAt != redKaupang {
		t.Fatalf("the Jarl is at %d", s.Seats[0].JarlAt)
	}
	refused(t, s, 0, KindVisit, theShaman)
}

// Another player's village is not a road to pass through.
func TestRoadsStopAtOtherVillages(t *testing.T) {
	s := table(t, "Ann", "Bo", "Cy", "Di")
	blue := Villages[1]
	// A road from the red village along the top row into the blue village
	// and out beyond it.
	road(t, s, sq(1, 2), sq(1, 3), sq(1, 4), sq(1, 5), sq(1, 6), sq(2, 7))
	if s.Reach(0)[sq(2, 7)] {
		t.Errorf("red's roads pass through the blue village at %d", blue)
	}
	if !s.Reach(1)[sq(1, 6)] {
		t.Errorf("blue's village does not join its own road")
	}
}

// Resource or house tiles: "max 2 tokens on each tile, and never more than
// 1 viking"; a worker yields 1, a viking 2, resources or victory points.
func TestWorkingTiles(t *testing.T) {
	s := table(t, "Ann", "Bo")
	cutter, house := sq(1, 2), sq(2, 1)
	building(t, s, 0, cutter, Woodcutter)
	building(t, s, 0, house, House)
	s.Seats[0].Goods[Wood] = 0
	do(t, s, 0, KindWork, cutter, Viking)
	refused(t, s, 0, KindWork, cutter, Viking)
	do(t, s, 0, KindWork, cutter, Worker)
	refused(t, s, 0, KindWork, cutter, Worker)
	do(t, s, 0, KindWork, house, Worker)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindCollect, cutter)
	do(t, s, 0, KindCollect, house)
	if s.Seats[0].Goods[Wood] != 3 || s.Seats[0].Score != 1 {
		t.Errorf("a viking and a worker on the woodcutter gave %d wood; the house %d points", s.Seats[0].Goods[Wood], s.Seats[0].Score)
	}
	if s.Seats[0].Home != [2]int{3, 2} {
		t.Errorf("figures home: %v", s.Seats[0].Home)
	}
}

// Explore: each viking draws a land tile, which must join the roads.
func TestExplore(t *testing.T) {
	s := table(t, "Ann", "Bo")
	do(t, s, 0, KindAction, action(t, "Explore"))
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindResolve, 0)
	if s.Step.Kind != StepExplore {
		t.Fatalf("step %s", s.Step.Kind)
	}
	for _, a := range s.Legal(0) {
		q, rot := a.Args[0], a.Args[1]
		m := Turned(TileRoads(s.Step.Tile), rot)
		joins := false
		for d := range 4 {
			n := neighbour(q, d)
			joins = joins || n >= 0 && s.Reach(0)[n] && m&(1<<d) != 0 && s.Roads(n)&(1<<((d+2)%4)) != 0
		}
		if !joins {
			t.Errorf("%s does not join red's roads", a.Label)
		}
	}
	a := s.Legal(0)[0]
	do(t, s, 0, a.Kind, a.Args...)
	if !s.Reach(0)[a.Args[0]] {
		t.Errorf("the explored tile at %d is not reached", a.Args[0])
	}
}

// The blessing circles: "When you place a tile on a blessing circle chose
// one of these options: draw a Blessing card, draw a Quest card, discard a
// Quest card."
func TestBlessingCircle(t *testing.T) {
	s := table(t, "Ann", "Bo")
	road(t, s, sq(1, 2), sq(1, 3))
	var ev events
	cross := s.Bag[slices.IndexFunc(s.Bag, func(t int) bool { return TileRoads(t) == AllRoads })]
	s.Bag = rules.Without(s.Bag, cross)
	s.Step = Step{Kind: StepExplore, Seat: 0, Tile: cross}
	s.placeTile(0, sq(2, 3), 0, &ev)
	if s.Step.Kind != StepSpirit {
		t.Fatalf("a tile on the circle leads to %s", s.Step.Kind)
	}
	q := s.Seats[0].Quests[0]
	do(t, s, 0, KindSpirit, 2, q)
	if slices.Contains(s.Seats[0].Quests, q) || !slices.Contains(s.QuestDiscard, q) {
		t.Errorf("the quest was not discarded")
	}
}

// Reach Shaman fields: "The first player to connect their road to the
// Spirit Shaman gains 10 points. The second player to reach it gets 5."
func TestShamanRace(t *testing.T) {
	s := table(t, "Ann", "Bo")
	var ev events
	road(t, s, toKaupang...)
	road(t, s, toShaman...)
	s.checkShaman(0, &ev)
	// Yellow's way in from the south-east.
	road(t, s, sq(7, 6), sq(7, 5), sq(7, 4), sq(6, 4), sq(5, 4))
	s.checkShaman(1, &ev)
	s.checkShaman(1, &ev)
	if s.Seats[0].Score != ShamanFirst || s.Seats[1].Score != ShamanSecond || !slices.Equal(s.ShamanOrder, []int{0, 1}) {
		t.Errorf("scores %d and %d, order %v", s.Seats[0].Score, s.Seats[1].Score, s.ShamanOrder)
	}
}

// Kaupang: "take one of the available Kaupang tiles. You may choose one of
// the trade options presented"; "There must always be 3 available".
func TestKaupangTrade(t *testing.T) {
	s := table(t, "Ann", "Bo")
	road(t, s, toKaupang...)
	// Kaupang tile 0 (2 fish for a treasure, or 3 wood for 4 points) first.
	if i := slices.Index(s.KaupangRow, 0); i >= 0 {
		s.KaupangRow[0], s.KaupangRow[i] = s.KaupangRow[i], s.KaupangRow[0]
	} else {
		s.KaupangPile = append(rules.Without(s.KaupangPile, 0), s.KaupangRow[0])
		s.KaupangRow[0] = 0
	}
	do(t, s, 0, KindVisit, redKaupang)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindJarl)
	if s.Step.Kind != StepKaupang {
		t.Fatalf("step %s", s.Step.Kind)
	}
	do(t, s, 0, KindTrade, 0, 1)
	if s.Seats[0].Goods[Wood] != 0 || s.Seats[0].Score != 4 {
		t.Errorf("after trading 3 wood: %v, score %d", s.Seats[0].Goods, s.Seats[0].Score)
	}
	if s.KaupangRow[0] < 0 || !slices.Contains(s.KaupangSpent, 0) {
		t.Errorf("the row was not refilled: %v, spent %v", s.KaupangRow, s.KaupangSpent)
	}
}

// Spirit shaman: "choose one of these options: Draw a Blessing card, Draw a
// Quest card, Discard a Quest card".
func TestSpiritShaman(t *testing.T) {
	s := table(t, "Ann", "Bo")
	road(t, s, toKaupang...)
	road(t, s, toShaman...)
	do(t, s, 0, KindVisit, theShaman)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindJarl)
	if s.Step.Kind != StepSpirit || len(s.Legal(0)) != 2+len(s.Seats[0].Quests) {
		t.Fatalf("step %s with %v", s.Step.Kind, s.Legal(0))
	}
	do(t, s, 0, KindSpirit, 1)
	if len(s.Seats[0].Quests)+len(s.Seats[0].Done) != 3 {
		t.Errorf("a quest was not drawn")
	}
}

// Mundane actions explained: Fishing (a fish a worker), Capture (a worker
// a viking), Recruit (a viking for the viking or Jarl placed).
func TestMundaneActions(t *testing.T) {
	s := table(t, "Ann", "Bo")
	s.Seats[0].Goods = Goods{Wood: 3, Fish: 5, Iron: 3, Stone: 3}
	s.Seats[0].Home = [2]int{2, 2}
	s.Seats[0].Supply = [2]int{5, 3}
	do(t, s, 0, KindAction, action(t, "Fishing"))
	do(t, s, 0, KindAction, action(t, "Capture"))
	do(t, s, 0, KindAction, action(t, "Recruit"), 1) // with the Jarl
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	fishBefore := s.Seats[0].Goods[Fish]
	for len(s.Seats[0].Placed) > 0 {
		do(t, s, 0, KindResolve, 0)
	}
	pl := s.Seats[0]
	if pl.Goods[Fish] != fishBefore+1 || pl.Home != [2]int{3, 2} || pl.Supply != [2]int{4, 3} {
		t.Errorf("fish %d (was %d), home %v, supply %v", pl.Goods[Fish], fishBefore, pl.Home, pl.Supply)
	}
	// The village had room for one more worker (3) and none for a viking (2).
	if pl.JarlAt != JarlHome {
		t.Errorf("the Jarl did not come home")
	}
}

// Build actions explained: the houses' worker goes to the supply, a
// marker shows the house built; a building tile is placed along a road
// joined to the village.
func TestBuildActions(t *testing.T) {
	s := table(t, "Ann", "Bo")
	road(t, s, sq(1, 2))
	do(t, s, 0, KindAction, action(t, "Workers house"))
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindResolve, 0)
	if !s.Seats[0].Houses[WorkersHouse] || s.Seats[0].Supply[Worker] != 5 || s.room(0, Worker) != Workers {
		t.Errorf("the workers house: built %v, supply %v", s.Seats[0].Houses, s.Seats[0].Supply)
	}
	s.Seats[0].Goods = Goods{5, 5, 5, 5, 0}
	do(t, s, 0, KindAction, action(t, "Small house"))
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindResolve, 0)
	if s.Step.Kind != StepBuild || !slices.Equal(s.BuildSpots(0), []int{sq(1, 2)}) {
		t.Fatalf("step %s, spots %v", s.Step.Kind, s.BuildSpots(0))
	}
	do(t, s, 0, KindBuild, sq(1, 2))
	if c := s.Cells[sq(1, 2)]; c.Building != House || c.Owner != 0 {
		t.Errorf("the house is not on the map: %+v", c)
	}
}

// "Stone quarry, Blacksmith and Woodcutter: Place a building tile ...
// along a road connected to your village." With no free land tile on a
// road yet, those spaces are refused, and say why (rules.Explainer); so
// is Raid without a ship, and nothing refused is legal.
func TestBarSpacesSayWhyTheyAreClosed(t *testing.T) {
	s := table(t, "Ann", "Bo")
	why := map[int]string{}
	for _, r := range s.Refused(0) {
		why[r.Action.Args[0]] = r.Why
		if slices.ContainsFunc(s.Legal(0), func(a rules.Action) bool { return a.Kind == r.Action.Kind && a.Args[0] == r.Action.Args[0] }) {
			t.Errorf("%s is refused and legal", Actions[r.Action.Args[0]].Name)
		}
	}
	for name, want := range map[string]string{
		"Woodcutter": "no free land tile your roads reach: explore first",
		"Raid":       "needs a ship",
		"Build ship": "needs your ships builder",
	} {
		if got := why[action(t, name)]; got != want {
			t.Errorf("%s is refused with %q, want %q", name, got, want)
		}
	}
	if r := s.Refused(1); r != nil {
		t.Errorf("a seat not placing is told %v", r)
	}
}

// Raid actions explained: Build ship unlocks with the Ships builder and
// scores 2; Raid unlocks with a ship.
func TestShipUnlocksRaid(t *testing.T) {
	s := table(t, "Ann", "Bo")
	shipA, raidA := action(t, "Build ship"), action(t, "Raid")
	refused(t, s, 0, KindAction, shipA)
	refused(t, s, 0, KindAction, raidA, 1)
	s.Seats[0].Houses[ShipBuilder] = true
	do(t, s, 0, KindAction, shipA)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindResolve, 0)
	if !s.Seats[0].Ship || s.Seats[0].Score != ShipPoints {
		t.Fatalf("ship %v, score %d", s.Seats[0].Ship, s.Seats[0].Score)
	}
	if !legal(s, 0, KindAction, raidA, 2) {
		t.Errorf("a ship does not unlock the raid")
	}
}

// Raids: 5 dice on the first row, one fewer a row, one row a round from
// the round the card is drawn; a face not on the row ends the raid.
func TestRaidRows(t *testing.T) {
	s := table(t, "Ann", "Bo")
	s.Seats[0].Ship = true
	s.RaidDeck = append([]int{0}, rules.Without(s.RaidDeck, 0)...) // Lindisfarne
	do(t, s, 0, KindAction, action(t, "Raid"), 2)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	// Row 1: 2 fish on a 3; row 2: a treasure on a 4.
	s.loaded = []int{3, 3, 3, 1, 2, 4, 4, 1, 2}
	do(t, s, 0, KindResolve, 0)
	pl := &s.Seats[0]
	if pl.Raid == nil || pl.Raid.Row != 1 || pl.Goods[Fish] != 3-2+2 || len(s.Raided.Dice) != 5 {
		t.Fatalf("after row 1: raid %+v, fish %d, dice %v", pl.Raid, pl.Goods[Fish], s.Raided.Dice)
	}
	if legal(s, 0, KindRaid) {
		t.Errorf("a second row in the same round")
	}
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindRaid)
	if pl.Raid.Row != 2 || pl.Goods[Treasure] != 1 || len(s.Raided.Dice) != 4 {
		t.Fatalf("after row 2: raid %+v, treasure %d, dice %v", pl.Raid, pl.Goods[Treasure], s.Raided.Dice)
	}
	// Row 3 with 3 dice: a 1 is not on Lindisfarne's third row.
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	s.loaded = []int{1, 1, 5}
	do(t, s, 0, KindRaid)
	if pl.Raid != nil || pl.JarlAt != JarlHome || pl.Home[Viking] != 2 || !slices.Contains(s.RaidDiscard, 0) {
		t.Errorf("the raid did not end: %+v, Jarl %d, vikings %v", pl.Raid, pl.JarlAt, pl.Home)
	}
}

// Raid card icons: a crossed-out viking loses one (the raid ends with
// only the Jarl); a crossed-out ship loses the ship; Loki advances.
func TestRaidIcons(t *testing.T) {
	for _, c := range []struct {
		name    string
		row     int
		faces   []int
		vikings int
		check   func(*State) string
	}{
		{"lose a viking", 1, []int{1, 1, 1, 2}, 2, func(s *State) string {
			if r := s.Seats[0].Raid; r == nil || r.Vikings != 1 || s.Seats[0].Supply[Viking] != 4 {
				return "the viking was not lost"
			}
			return ""
		}},
		{"the last viking ends it", 1, []int{1, 1, 1, 2}, 1, func(s *State) string {
			if s.Seats[0].Raid != nil || s.Seats[0].JarlAt != JarlHome {
				return "the raid goes on with only the Jarl"
			}
			return ""
		}},
		{"lose the ship", 3, []int{1, 1}, 2, func(s *State) string {
			if s.Seats[0].Ship || s.Seats[0].Raid != nil || s.Seats[0].Home[Viking] != 2 {
				return "the ship was not lost with everyone home"
			}
			return ""
		}},
		{"Loki", 2, []int{Hammer, Hammer, 1}, 2, func(s *State) string {
			// One step at the end of the round, one for the raid's Loki.
			if s.Loki != 2 || s.Seats[0].Goods[Treasure] != 2 {
				return "Loki did not advance with the two treasure"
			}
			return ""
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, "Ann", "Bo")
			pl := &s.Seats[0]
			pl.Ship, pl.JarlAt = true, JarlRaid
			pl.Home[Viking] -= c.vikings
			s.RaidDeck = rules.Without(s.RaidDeck, 0)
			pl.Raid = &RaidRun{Card: 0, Vikings: c.vikings, Row: c.row, Turn: -1}
			s.loaded = c.faces
			do(t, s, 0, KindEnd)
			toAct(t, s, 1)
			do(t, s, 1, KindEnd)
			if s.Step.Kind == StepHarvest && legal(s, 0, KindRaid) {
				do(t, s, 0, KindRaid)
			}
			if msg := c.check(s); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// Returning from a raid: "Players can always choose to return from a raid
// during their harvest"; Njord's Wind adds dice on any row but the first.
func TestReturnFromRaid(t *testing.T) {
	s := table(t, "Ann", "Bo")
	pl := &s.Seats[0]
	pl.Ship, pl.JarlAt = true, JarlRaid
	pl.Home[Viking] = 0
	s.RaidDeck = rules.Without(s.RaidDeck, 1)
	pl.Raid = &RaidRun{Card: 1, Vikings: 2, Row: 1, Turn: -1}
	c := give(t, s, 0, CardNjord)
	do(t, s, 0, KindEnd)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	if s.raidDice(pl.Raid) != 4 {
		t.Errorf("row 2 rolls %d dice", s.raidDice(pl.Raid))
	}
	do(t, s, 0, KindCard, c)
	if s.raidDice(pl.Raid) != 6 {
		t.Errorf("Njord's Wind gives %d dice", s.raidDice(pl.Raid))
	}
	do(t, s, 0, KindReturn)
	if pl.Raid != nil || pl.Home[Viking] != 2 || pl.JarlAt != JarlHome || s.Step.Kind != StepAct {
		t.Errorf("after returning: raid %v, vikings %v, Jarl %d, step %s", pl.Raid, pl.Home, pl.JarlAt, s.Step.Kind)
	}
}

// attackSetup has Bo's worker and viking on Bo's woodcutter at E3,
// joined to Ann's roads.
func attackSetup(t *testing.T) *State {
	s := table(t, "Ann", "Bo")
	road(t, s, sq(1, 2), sq(1, 3), sq(1, 4))
	building(t, s, 1, sq(2, 4), Woodcutter)
	s.Cells[sq(2, 4)].Figures = []Figure{{1, Worker}, {1, Viking}}
	s.Seats[1].Home = [2]int{2, 1}
	return s
}

// Attack and defense: pools as written, the attacker winning ties, the
// loser choosing the figure lost, the attacker capturing a worker's place,
// and 3 points to the winner; surviving vikings go home.
func TestAttack(t *testing.T) {
	s := attackSetup(t)
	target := sq(2, 4)
	do(t, s, 0, KindAttack, target, 1, 2)
	refused(t, s, 0, KindWithdraw) // not before the first roll
	do(t, s, 0, KindFight)
	// Roll 1: 4 attack dice against 3 (a worker and a viking). 4, 4, 1, 2
	// reads 4; 4, 1, 2 has no majority and reads its highest, 4: a tie.
	s.loaded = []int{4, 4, 1, 2, 4, 1, 2}
	do(t, s, 1, KindFight)
	if len(s.Fight.Attack.Dice) != 4 || len(s.Fight.Defence.Dice) != 3 {
		t.Fatalf("pools of %d and %d dice", len(s.Fight.Attack.Dice), len(s.Fight.Defence.Dice))
	}
	if !s.Fight.AttackerWon || s.Step.Kind != StepLose || s.Step.Seat != 1 {
		t.Fatalf("a tie: attacker won %v, step %s", s.Fight.AttackerWon, s.Step.Kind)
	}
	do(t, s, 1, KindLose, Worker)
	if s.figuresOn(target, 0, Worker) != 1 || s.Seats[0].Supply[Worker] != 3 || s.Seats[1].Supply[Worker] != 5 {
		t.Errorf("the attacker did not take the worker's place")
	}
	// Roll 2: Bo's viking alone (2 dice) wins with a hammer over a 5.
	do(t, s, 0, KindFight)
	s.loaded = []int{1, 2, 3, 5, Hammer, 1}
	do(t, s, 1, KindFight)
	if s.Fight == nil || s.Fight.Vikings != 1 || s.Seats[0].Supply[Viking] != 4 || len(s.Fight.Defence.Dice) != 2 {
		t.Fatalf("after losing the second roll: %+v", s.Fight)
	}
	// Roll 3: one viking's 2 dice beat the viking: Ann wins the attack.
	do(t, s, 0, KindFight)
	s.loaded = []int{5, 5, 3, 4}
	do(t, s, 1, KindFight)
	if s.Fight != nil || s.Seats[0].Score != AttackPoints || s.Seats[0].Attacks != 1 {
		t.Fatalf("the attack is not won: %+v, score %d", s.Fight, s.Seats[0].Score)
	}
	if s.figuresOn(target, 0, Worker) != 1 || len(s.Cells[target].Figures) != 1 {
		t.Errorf("the captured worker does not stay on the tile: %v", s.Cells[target].Figures)
	}
	if pl := s.Seats[0]; pl.Home[Viking] != 1 || len(pl.Placed) != 0 {
		t.Errorf("Ann's surviving viking: home %v, placed %+v; want it home", pl.Home, pl.Placed)
	}
}

// The combat rolls themselves, with loaded dice.
func TestCombatRolls(t *testing.T) {
	s := attackSetup(t)
	target := sq(2, 4)
	do(t, s, 0, KindAttack, target, 1, 1)
	do(t, s, 0, KindFight)
	s.loaded = []int{3, 3, Hammer, 2, 2}
	do(t, s, 1, KindFight)
	// 2 dice (3, 3) read 3; 3 dice (hammer, 2, 2) read 2: the attacker wins.
	if s.Fight.Attack.Read != 3 || s.Fight.Defence.Read != 2 || s.Step.Kind != StepLose {
		t.Fatalf("reads %d and %d, step %s", s.Fight.Attack.Read, s.Fight.Defence.Read, s.Step.Kind)
	}
	do(t, s, 1, KindLose, Viking)
	if s.Seats[1].Supply[Viking] != 4 {
		t.Errorf("Bo's viking is not in the supply")
	}
	// Now 2 dice against the worker's 1 die; the defender's 5 beats a 4.
	do(t, s, 0, KindFight)
	s.loaded = []int{4, 1, 5}
	do(t, s, 1, KindFight)
	if s.Fight != nil {
		t.Fatalf("the attack goes on with no viking left")
	}
	if s.Seats[1].Score != AttackPoints || s.Seats[0].Score != 0 || s.Seats[0].Supply[Viking] != 4 {
		t.Errorf("scores %d and %d; Ann's supply %v", s.Seats[0].Score, s.Seats[1].Score, s.Seats[0].Supply)
	}
	if s.figuresOn(target, 1, Worker) != 1 {
		t.Errorf("Bo's worker does not stay on the tile")
	}
}

// Withdrawing from an attack: only after the first roll; the other side
// wins; "Withdrawing from an attack lets you put your remaining tokens
// back on your player board": the attacker's vikings go home at once.
func TestWithdraw(t *testing.T) {
	s := attackSetup(t)
	do(t, s, 0, KindAttack, sq(2, 4), 1, 2)
	do(t, s, 0, KindFight)
	s.loaded = []int{1, 2, 3, 4, 5, 5, 5}
	do(t, s, 1, KindFight)
	do(t, s, 0, KindWithdraw)
	if s.Seats[1].Score != AttackPoints || s.Seats[1].Home[Viking] != 2 {
		t.Errorf("Bo: score %d, vikings home %v", s.Seats[1].Score, s.Seats[1].Home)
	}
	pl := s.Seats[0]
	if len(pl.Placed) != 0 || pl.Home[Viking] != 1 {
		t.Errorf("Ann's vikings: placed %+v, home %v; want the survivor home", pl.Placed, pl.Home)
	}
}

// The winner of the attack: "All surviving vikings go back to the player
// board after an attack to rest and recuperate, regardless of them being
// on the attacking or defending side. Workers will stay on the tile and
// finish their job." The attacker's survivors come home as the attack
// ends, not at the next harvest, and may be placed again this turn; the
// defender's come home too (to the supply when the village is full).
func TestAllSurvivingVikingsGoBackAfterAnAttack(t *testing.T) {
	target := sq(2, 4)
	t.Run("the attacker wins", func(t *testing.T) {
		s := attackSetup(t)
		do(t, s, 0, KindAttack, target, 1, 2)
		do(t, s, 0, KindFight)
		s.loaded = []int{5, 5, 1, 2, 1, 2, 3} // 5 beats 3
		do(t, s, 1, KindFight)
		do(t, s, 1, KindLose, Viking)
		do(t, s, 0, KindFight)
		s.loaded = []int{5, 5, 1, 2, 1} // 5 beats 1
		ev := do(t, s, 1, KindFight)
		if s.Fight != nil || s.Step.Kind != StepAct || s.Step.Seat != 0 {
			t.Fatalf("the attack is not over: %+v, step %s", s.Fight, s.Step.Kind)
		}
		pl := s.Seats[0]
		if pl.Home[Viking] != 2 || len(pl.Placed) != 0 {
			t.Fatalf("Ann's 2 vikings: home %v, placed %+v; want both home", pl.Home, pl.Placed)
		}
		rested := func(e rules.Event) bool {
			return strings.Contains(e.Text, "Ann takes 2 surviving vikings back to the player board")
		}
		if !slices.ContainsFunc(ev, rested) {
			t.Errorf("the log does not say the vikings went home: %v", ev)
		}
		if s.figuresOn(target, 0, Worker) != 1 {
			t.Errorf("the captured worker does not stay on the tile: %v", s.Cells[target].Figures)
		}
		// Rested, they are on the player board to place again.
		explore := action(t, "Explore")
		do(t, s, 0, KindAction, explore)
		do(t, s, 0, KindAction, explore)
		if s.Seats[0].Home[Viking] != 0 {
			t.Errorf("Ann's vikings were not free to place: home %v", s.Seats[0].Home)
		}
		// Nothing of the attack is left for the next harvest.
		do(t, s, 0, KindEnd)
		toAct(t, s, 1)
		do(t, s, 1, KindEnd)
		for _, a := range s.Legal(0) {
			if a.Kind == KindResolve && Actions[s.Seats[0].Placed[a.Args[0]].Action].Do == DoAttack {
				t.Errorf("the harvest still offers the attack: %v", a)
			}
		}
	})
	t.Run("both sides survive", func(t *testing.T) {
		s := attackSetup(t)
		do(t, s, 0, KindAttack, target, 1, 2)
		do(t, s, 0, KindFight)
		s.loaded = []int{1, 2, 3, 4, 5, 5, 5} // 5 beats 4
		do(t, s, 1, KindFight)
		do(t, s, 0, KindWithdraw)
		if s.Seats[0].Home[Viking] != 1 || len(s.Seats[0].Placed) != 0 {
			t.Errorf("the attacker's survivor: home %v, placed %+v", s.Seats[0].Home, s.Seats[0].Placed)
		}
		if s.Seats[1].Home != [2]int{2, 2} || s.figuresOn(target, 1, Viking) != 0 || s.figuresOn(target, 1, Worker) != 1 {
			t.Errorf("the defender: home %v, tile %v; want the viking home and the worker on the tile", s.Seats[1].Home, s.Cells[target].Figures)
		}
	})
	t.Run("the defender wins", func(t *testing.T) {
		s := attackSetup(t)
		do(t, s, 0, KindAttack, target, 1, 1)
		do(t, s, 0, KindFight)
		s.loaded = []int{1, 2, 5, 5, 1} // 5 beats 2: Ann's only viking falls
		do(t, s, 1, KindFight)
		if s.Fight != nil || s.Seats[1].Score != AttackPoints {
			t.Fatalf("the defender has not won: %+v", s.Fight)
		}
		if s.Seats[1].Home[Viking] != 2 || s.figuresOn(target, 1, Viking) != 0 || s.figuresOn(target, 1, Worker) != 1 {
			t.Errorf("the defender: home %v, tile %v; want the viking home and the worker on the tile", s.Seats[1].Home, s.Cells[target].Figures)
		}
		if s.Seats[0].Home[Viking] != 1 || s.Seats[0].Supply[Viking] != 4 || len(s.Seats[0].Placed) != 0 {
			t.Errorf("the attacker: home %v, supply %v, placed %+v", s.Seats[0].Home, s.Seats[0].Supply, s.Seats[0].Placed)
		}
	})
	t.Run("the defender's village is full", func(t *testing.T) {
		s := attackSetup(t)
		s.Seats[1].Home[Viking]++
		s.Seats[1].Supply[Viking]--
		do(t, s, 0, KindAttack, target, 1, 1)
		do(t, s, 0, KindFight)
		s.loaded = []int{1, 2, 5, 5, 1}
		do(t, s, 1, KindFight)
		if s.Seats[1].Home[Viking] != VillageVikings || s.Seats[1].Supply[Viking] != Vikings-VillageVikings {
			t.Errorf("no room: Bo's vikings home %v, supply %v", s.Seats[1].Home, s.Seats[1].Supply)
		}
	})
}

// Withdrawing early: Valkyrie's Mercy lets a defender leave before the
// first roll, taking its figures home.
func TestValkyrieWithdraws(t *testing.T) {
	s := attackSetup(t)
	c := give(t, s, 1, CardValkyrie)
	do(t, s, 0, KindAttack, sq(2, 4), 1, 1)
	do(t, s, 0, KindFight)
	do(t, s, 1, KindCard, c)
	if s.Seats[0].Score != AttackPoints || len(s.Cells[sq(2, 4)].Figures) != 0 || s.Seats[1].Home != [2]int{3, 2} {
		t.Errorf("after the defender's withdrawal: Ann %d points, tile %v, Bo home %v", s.Seats[0].Score, s.Cells[sq(2, 4)].Figures, s.Seats[1].Home)
	}
}

// Playing cards: "Both players decide what (if any) Blessing cards they
// want to use. Players are allowed to decide on additional cards to negate
// the opponent's cards." Thor's Strength adds 2 dice, past the 5-dice cap;
// Tyr's Resolve adds 1 to the result; Frigg's Veil negates the opponent's
// last card.
func TestCombatCards(t *testing.T) {
	for _, c := range []struct {
		name     string
		vikings  int
		atk, def []int // blessing kinds each side plays, attacker first
		dice     []int
		check    func(*Fight) string
	}{
		{"Thor's Strength past 5 dice", 3, []int{CardThor}, nil, slices.Repeat([]int{2}, 10), func(f *Fight) string {
			if len(f.Attack.Dice) != MaxDice+ThorDice {
				return fmt.Sprintf("%d attack dice", len(f.Attack.Dice))
			}
			return ""
		}},
		{"Tyr's Resolve turns a loss into a tie", 1, []int{CardTyr}, nil, []int{2, 2, 3, 2, 1}, func(f *Fight) string {
			if f.Attack.Read != 2 || f.Attack.Bonus != TyrBonus || f.Defence.Read != 3 || !f.AttackerWon {
				return fmt.Sprintf("attack %+v, defence %+v, attacker won %v", f.Attack, f.Defence, f.AttackerWon)
			}
			return ""
		}},
		{"Frigg's Veil negates Thor's Strength", 2, []int{CardThor}, []int{CardFrigg}, slices.Repeat([]int{2}, 10), func(f *Fight) string {
			if len(f.Attack.Dice) != AttackDice(2) {
				return fmt.Sprintf("the cancelled card still added dice: %d", len(f.Attack.Dice))
			}
			return ""
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := attackSetup(t)
			s.Seats[0].Home[Viking], s.Seats[0].Supply[Viking] = 3, 2
			do(t, s, 0, KindAttack, sq(2, 4), 1, c.vikings)
			for i := range max(len(c.atk), len(c.def)) {
				if i < len(c.atk) {
					do(t, s, 0, KindCard, give(t, s, 0, c.atk[i]))
				} else {
					do(t, s, 0, KindFight)
				}
				if i < len(c.def) {
					do(t, s, 1, KindCard, give(t, s, 1, c.def[i]))
				} else {
					do(t, s, 1, KindFight)
				}
			}
			for s.Step.Kind == StepCombat && s.Fight.Rolls == 0 {
				s.loaded = c.dice
				do(t, s, s.Step.Seat, KindFight)
			}
			f := s.Fight
			if f == nil {
				f = s.LastFight
			}
			if msg := c.check(f); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// Watchtower: "they must first defeat the watchtower before moving on to
// the tile, unless there is another way to reach the tile".
func TestWatchtower(t *testing.T) {
	s := table(t, "Ann", "Bo")
	// One way: Ann's road east along row 2 to Bo's woodcutter at F2,
	// past Bo's watchtower at E2.
	road(t, s, sq(1, 2), sq(1, 3))
	building(t, s, 1, sq(1, 4), Watchtower)
	building(t, s, 1, sq(1, 5), Woodcutter)
	s.Cells[sq(1, 5)].Figures = []Figure{{1, Worker}}
	s.Seats[1].Home[Worker]--
	towers, ok := s.AttackWay(0, 1, sq(1, 5))
	if !ok || !slices.Equal(towers, []int{sq(1, 4)}) {
		t.Fatalf("the way passes towers %v (%v)", towers, ok)
	}
	// A second way round, below: no tower to beat.
	road(t, s, sq(2, 2), sq(2, 3), sq(2, 4), sq(2, 5))
	if towers, _ := s.AttackWay(0, 1, sq(1, 5)); len(towers) != 0 {
		t.Errorf("another way exists, yet towers %v", towers)
	}
}

// The watchtower fights first with 3 dice; beating it moves on to the
// tile.
func TestWatchtowerFightsFirst(t *testing.T) {
	s := table(t, "Ann", "Bo")
	road(t, s, sq(1, 2), sq(1, 3))
	building(t, s, 1, sq(1, 4), Watchtower)
	building(t, s, 1, sq(1, 5), Woodcutter)
	s.Cells[sq(1, 5)].Figures = []Figure{{1, Worker}}
	s.Seats[1].Home[Worker]--
	do(t, s, 0, KindAttack, sq(1, 5), 1, 2)
	do(t, s, 0, KindFight)
	s.loaded = []int{5, 5, 1, 1, 4, 4, 4}
	do(t, s, 1, KindFight)
	if len(s.Fight.Defence.Dice) != WatchtowerDice || len(s.Fight.Towers) != 0 {
		t.Fatalf("the watchtower rolled %v, towers left %v", s.Fight.Defence.Dice, s.Fight.Towers)
	}
	do(t, s, 0, KindFight)
	s.loaded = []int{5, 5, 1, 1, 4}
	do(t, s, 1, KindFight)
	if s.Fight != nil || s.Seats[0].Score != AttackPoints || s.figuresOn(sq(1, 5), 0, Worker) != 1 {
		t.Errorf("the attack on the tile: score %d, tile %v", s.Seats[0].Score, s.Cells[sq(1, 5)].Figures)
	}
}

// Blessing cards with Loki effects are resolved immediately.
func TestLokiBlessing(t *testing.T) {
	s := table(t, "Ann", "Bo")
	var loki int
	for _, c := range s.Blessings {
		if CardKind(c) == CardLoki {
			loki = c
			break
		}
	}
	s.Blessings = append([]int{loki}, rules.Without(s.Blessings, loki)...)
	var ev events
	s.drawBlessing(0, &ev)
	if s.Loki != 1 || len(s.Seats[0].Hand) != 0 || !slices.Contains(s.BlessDiscard, loki) {
		t.Errorf("Loki %d, hand %v", s.Loki, s.Seats[0].Hand)
	}
}

// Quest cards: revealed and scored as soon as completed.
func TestQuests(t *testing.T) {
	s := table(t, "Ann", "Bo")
	q := slices.IndexFunc(Quests, func(q Quest) bool { return q.Cond == QHave && q.Arg == Fish })
	s.QuestDeck = append(s.QuestDeck, s.Seats[0].Quests...)
	s.QuestDeck = rules.Without(s.QuestDeck, q)
	s.Seats[0].Quests = []int{q}
	s.Seats[0].Goods[Fish] = 4
	do(t, s, 0, KindAction, action(t, "Fishing"))
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindResolve, 0)
	if !slices.Equal(s.Seats[0].Done, []int{q}) || s.Seats[0].Score != Quests[q].Points {
		t.Errorf("done %v, score %d", s.Seats[0].Done, s.Seats[0].Score)
	}
}

// Quest cards: "Reveal it and score points immediately": a quest met by
// the very last harvest of the game scores too, before the final tally.
func TestAQuestMetByTheLastHarvestScores(t *testing.T) {
	s := table(t, "Ann", "Bo")
	q := slices.IndexFunc(Quests, func(q Quest) bool { return q.Cond == QHave && q.Arg == Fish })
	s.QuestDeck = append(s.QuestDeck, s.Seats[1].Quests...)
	s.QuestDeck = rules.Without(s.QuestDeck, q)
	s.Seats[1].Quests = []int{q}
	s.Seats[1].Goods[Fish] = Quests[q].N - 1
	s.Loki = s.Ragnarok - 1
	do(t, s, 0, KindAction, action(t, "Fishing"))
	do(t, s, 0, KindEnd)
	var ev events
	s.advanceLoki(&ev) // a Loki card drawn in Ann's turn
	do(t, s, 1, KindAction, action(t, "Fishing"))
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindResolve, 0)
	if s.Seats[1].Score != 0 || len(s.Seats[1].Done) != 0 {
		t.Fatalf("Bo's quest is met before Bo's last harvest: score %d", s.Seats[1].Score)
	}
	do(t, s, 1, KindResolve, 0) // Bo's Fishing: the game's last action
	if s.Outcome == nil {
		t.Fatalf("no result after the last harvests (step %s seat %d)", s.Step.Kind, s.Step.Seat)
	}
	if !slices.Equal(s.Seats[1].Done, []int{q}) {
		t.Fatalf("the quest met by the last harvest is not revealed: done %v, held %v", s.Seats[1].Done, s.Seats[1].Quests)
	}
	// Bo: the quest, then fish, 3 wood, iron, stone at a point each.
	want := Quests[q].Points + s.Seats[1].Goods[Fish] + 3*3
	if got := s.Outcome.Scores[1]; got != want {
		t.Errorf("Bo's final score %d, want %d (the quest's %d points counted)", got, want, Quests[q].Points)
	}
}

// Game end: the round is finished, everyone has a last half-turn with
// just a harvest, then the final scoring, and the highest total wins.
func TestGameEnd(t *testing.T) {
	s := table(t, "Ann", "Bo", "Cy")
	s.Loki = s.Ragnarok - 1
	do(t, s, 0, KindAction, action(t, "Fishing"))
	do(t, s, 0, KindEnd)
	var ev events
	s.advanceLoki(&ev) // a Loki card drawn in Bo's turn
	if !s.Ending {
		t.Fatal("Ragnarok is not reached")
	}
	do(t, s, 1, KindAction, action(t, "Fishing"))
	do(t, s, 1, KindEnd)
	do(t, s, 2, KindEnd)
	if !s.Final || s.Step.Kind != StepHarvest || s.Step.Seat != 0 || len(s.Legal(0)) == 0 {
		t.Fatalf("after the round: final %v, step %s seat %d", s.Final, s.Step.Kind, s.Step.Seat)
	}
	if legal(s, 0, KindEnd) {
		t.Errorf("the last half-turn has actions")
	}
	do(t, s, 0, KindResolve, 0)
	do(t, s, 1, KindResolve, 0)
	if s.Outcome == nil {
		t.Fatalf("no result after the last harvests (step %s seat %d)", s.Step.Kind, s.Step.Seat)
	}
	// Ann: 4 fish, 3 wood, iron, stone = 13 resources, nothing else.
	if s.Outcome.Scores[0] != 13 || s.Outcome.Scores[2] != 12 {
		t.Errorf("final scores %v", s.Outcome.Scores)
	}
	if !slices.Equal(s.Outcome.Winners, []rules.Seat{0, 1}) {
		t.Errorf("winners %v", s.Outcome.Winners)
	}
}

// Final scoring: 2 a building tile, 2 a special house, 2 a treasure, 1 a
// resource.
func TestFinalScoring(t *testing.T) {
	s := table(t, "Ann", "Bo")
	building(t, s, 0, sq(1, 2), Woodcutter)
	building(t, s, 0, sq(1, 3), Watchtower)
	s.Seats[0].Houses = [NumHouses]bool{true, false, true}
	s.Seats[0].Goods = Goods{1, 0, 2, 0, 3}
	var ev events
	s.finish(&ev)
	if got := s.Outcome.Scores[0]; got != 2*2+2*2+3*2+3 {
		t.Errorf("final score %d, want 17", got)
	}
	if !strings.Contains(ev.Events()[0].Text, "2 tiles, 2 houses, 3 treasure, 3 resources") {
		t.Errorf("the log says %q", ev.Events()[0].Text)
	}
}

// Raid actions explained: a player may build a ship with one in hand,
// but "will not gain points or get another ship".
func TestBuildShipTwice(t *testing.T) {
	s := table(t, "Ann", "Bo")
	s.Seats[0].Houses[ShipBuilder], s.Seats[0].Ship = true, true
	do(t, s, 0, KindAction, action(t, "Build ship"))
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindResolve, 0)
	if s.Seats[0].Score != 0 || !s.Seats[0].Ship {
		t.Errorf("a second ship scored %d", s.Seats[0].Score)
	}
}

// Kaupang tiles fields: "When all tiles are spent, reshuffle the pile of
// spent Kaupang tiles."
func TestKaupangPileReshuffles(t *testing.T) {
	s := table(t, "Ann", "Bo")
	var ev events
	s.KaupangSpent = append(s.KaupangSpent, s.KaupangPile...)
	s.KaupangPile = []int{}
	taken := s.KaupangRow[0]
	s.trade(0, []int{0, -1}, &ev)
	if s.KaupangRow[0] < 0 || len(s.KaupangSpent) != 0 || len(s.KaupangPile) != len(KaupangTiles)-KaupangRow {
		t.Errorf("after the last tile: row %v, pile %d, spent %d", s.KaupangRow, len(s.KaupangPile), len(s.KaupangSpent))
	}
	if !slices.Contains(s.KaupangPile, taken) && s.KaupangRow[0] != taken {
		t.Errorf("the tile just spent is not back in play")
	}
}

// Mundane actions explained, Attack: "If you have captured more workers
// than you have room for, discard the workers to your supply. You still
// gain the resources."
func TestCapturedWorkersBeyondRoomStillYield(t *testing.T) {
	s := table(t, "Ann", "Bo")
	building(t, s, 1, sq(1, 2), Woodcutter)
	s.Cells[sq(1, 2)].Figures = []Figure{{0, Worker}, {0, Worker}} // captured by Ann
	s.Seats[0].Supply[Worker] -= 2
	s.Seats[0].Goods[Wood] = 0
	do(t, s, 0, KindEnd)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindCollect, sq(1, 2))
	if pl := s.Seats[0]; pl.Goods[Wood] != 2 || pl.Home[Worker] != 3 || pl.Supply[Worker] != 4 {
		t.Errorf("wood %d, home %v, supply %v", pl.Goods[Wood], pl.Home, pl.Supply)
	}
}

// Raid: "The Jarl and vikings assigned to a raid may not be used for
// other actions while on the raid."
func TestRaidersAreAway(t *testing.T) {
	s := table(t, "Ann", "Bo")
	road(t, s, toKaupang...)
	s.Seats[0].Ship = true
	do(t, s, 0, KindAction, action(t, "Raid"), 2)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	s.loaded = []int{3, 3, 3, 1, 2} // every card's first row has a 3: the raid goes on
	do(t, s, 0, KindResolve, 0)
	toAct(t, s, 0)
	if legal(s, 0, KindVisit, redKaupang) || legal(s, 0, KindAction, action(t, "Explore")) || legal(s, 0, KindAction, action(t, "Blessing")) {
		t.Errorf("the Jarl or the vikings on the raid can still be placed")
	}
}

// Blessing cards "kept in hand and ... played whenever the card effect
// allows it": the designed gifts played on one's own turn.
func TestTurnBlessings(t *testing.T) {
	for _, c := range []struct {
		kind int
		args []int // after the card
		want func(Player) bool
	}{
		{CardFreyr, []int{Iron}, func(pl Player) bool { return pl.Goods[Iron] == StartResource+FreyrGain }},
		{CardBragi, nil, func(pl Player) bool { return pl.Score == BragiGain }},
		{CardHoard, nil, func(pl Player) bool { return pl.Goods[Treasure] == 1 }},
		{CardIdun, nil, func(pl Player) bool { return pl.Home[Worker] == 3 && pl.Supply[Worker] == 4 }},
	} {
		t.Run(CardKinds[c.kind].Name, func(t *testing.T) {
			s := table(t, "Ann", "Bo")
			if c.kind == CardIdun {
				s.Seats[0].Home[Worker], s.Seats[0].Supply[Worker] = 2, 5
			}
			card := give(t, s, 0, c.kind)
			do(t, s, 0, KindCard, append([]int{card}, c.args...)...)
			if !c.want(s.Seats[0]) || slices.Contains(s.Seats[0].Hand, card) {
				t.Errorf("after playing it: %+v", s.Seats[0])
			}
		})
	}
}

// Recruit: "gain a viking for each viking or treasure tile spent": the
// treasure recruit pays a treasure tile when placed.
func TestRecruitWithTreasure(t *testing.T) {
	s := table(t, "Ann", "Bo")
	a := action(t, "Recruit with treasure")
	refused(t, s, 0, KindAction, a, 1)
	s.Seats[0].Goods[Treasure] = 1
	s.Seats[0].Houses[WeaponHouse] = true
	do(t, s, 0, KindAction, a, 1)
	if s.Seats[0].Goods[Treasure] != 0 || s.Seats[0].JarlAt != JarlBar {
		t.Fatalf("after placing: %+v", s.Seats[0])
	}
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	do(t, s, 0, KindResolve, 0)
	if pl := s.Seats[0]; pl.Home[Viking] != 3 || pl.JarlAt != JarlHome {
		t.Errorf("after the harvest: vikings %v, Jarl %d", pl.Home, pl.JarlAt)
	}
}

// The Blessing action's two cards: the player reads which one they keep
// and which one they let go (the discards lie face down); the others read
// only that a blessing was kept.
func TestKeepingABlessingSaysWhichWentToTheDiscards(t *testing.T) {
	s := table(t, "Ann", "Bo")
	var offer []int
	for _, c := range s.Blessings {
		if CardKind(c) != CardLoki && len(offer) < 2 {
			offer = append(offer, c)
		}
	}
	for _, c := range offer {
		s.Blessings = rules.Without(s.Blessings, c)
	}
	s.Seats[0].Offer = slices.Clone(offer)
	s.Step = Step{Kind: StepKeep, Seat: 0}
	ev := do(t, s, 0, KindKeep, offer[1])
	want := "Ann keeps " + CardName(offer[1]) + " and discards " + CardName(offer[0])
	if got := ev[0].For(0).Text; got != want {
		t.Errorf("Ann reads %q, want %q", got, want)
	}
	if got := ev[0].For(1).Text; got != "Ann keeps one blessing" {
		t.Errorf("Bo reads %q", got)
	}
}
