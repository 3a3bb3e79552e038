package northerners

import (
	"strings"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// short is what seat 0's placement would fall short of, from the state
// and from seat 0's view alike.
func short(t *testing.T, s *State, kind string, args ...int) string {
	t.Helper()
	a := rules.Action{Kind: kind, Args: args}
	if !legal(s, 0, kind, args...) {
		t.Fatalf("%s %v is not legal (legal: %v)", kind, args, s.Legal(0))
	}
	got := s.Shortfall(0, a)
	if fromView := s.view(0).Shortfalls([]rules.Action{a})[0]; fromView != got {
		t.Fatalf("%s %v: the state says %q, the view %q", kind, args, got, fromView)
	}
	return got
}

// toHarvest ends seat 0's turn and plays on to its next harvest.
func toHarvest(t *testing.T, s *State) {
	t.Helper()
	do(t, s, 0, KindEnd)
	toAct(t, s, 1)
	do(t, s, 1, KindEnd)
	if s.Step.Kind != StepHarvest || s.Step.Seat != 0 {
		t.Fatalf("seat 0's turn begins at %s", s.Step.Kind)
	}
}

// resolveFirst resolves seat 0's placement on the named action first in
// its harvest: the order best for it.
func resolveFirst(t *testing.T, s *State, name string) {
	t.Helper()
	for i, pc := range s.Seats[0].Placed {
		if Actions[pc.Action].Name == name {
			do(t, s, 0, KindResolve, i)
			return
		}
	}
	t.Fatalf("no %s placed", name)
}

// What a placement brings ("All actions' effects are only carried out in
// your next harvest"): each placement that will bring nothing, or only
// part, as things stand says so before it is made; and it is so when
// resolved first in the next harvest.
func TestShortfall(t *testing.T) {
	recruit, capture, fishing := action(t, "Recruit"), action(t, "Capture"), action(t, "Fishing")

	// Recruit: "Remember that you may only have 2 vikings until you have
	// built the weapon house."
	t.Run("Recruit with no room for a viking", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		for _, by := range []int{0, 1} { // a viking, the Jarl
			if got := short(t, s, KindAction, recruit, by); got != "brings nothing as things stand (no room for another viking in your village)" {
				t.Errorf("recruiting by %d: %q", by, got)
			}
		}
		do(t, s, 0, KindAction, recruit, 1)
		toHarvest(t, s)
		resolveFirst(t, s, "Recruit")
		if pl := s.Seats[0]; pl.Home[Viking] != 2 || pl.Supply[Viking] != 3 {
			t.Errorf("the recruit brought something: home %v, supply %v", pl.Home, pl.Supply)
		}
	})
	// The vikings placed come home ("Return the token to your player
	// board"): a viking exploring still takes its room.
	t.Run("Recruit while a viking explores", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		do(t, s, 0, KindAction, action(t, "Explore"))
		if got := short(t, s, KindAction, recruit, 1); got != "brings nothing as things stand (no room for another viking in your village, counting those coming home)" {
			t.Errorf("with the explorer coming home: %q", got)
		}
	})
	// "Weaponhouse: You have room for an additional 3 vikings in your
	// village": the house placed for is built first in the harvest.
	t.Run("Recruit after placing for the weapon house", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		s.Seats[0].Goods = Goods{5, 5, 5, 5, 0}
		do(t, s, 0, KindAction, action(t, "Weapon house"))
		if got := short(t, s, KindAction, recruit, 1); got != "" {
			t.Errorf("with the weapon house coming: %q", got)
		}
		do(t, s, 0, KindAction, recruit, 1)
		toHarvest(t, s)
		resolveFirst(t, s, "Weapon house")
		resolveFirst(t, s, "Recruit")
		if s.Seats[0].Home[Viking] != 3 {
			t.Errorf("vikings at home %d, want 3", s.Seats[0].Home[Viking])
		}
	})
	// Raid: "Place the Jarl and all vikings assigned to the raid on the
	// field marked with a ship on the raid card": they do not come home.
	t.Run("Recruit after vikings set out on a raid", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		s.Seats[0].Goods = Goods{5, 5, 5, 5, 0}
		s.Seats[0].Ship = true
		do(t, s, 0, KindAction, action(t, "Raid"), 1)
		if got := short(t, s, KindAction, recruit, 0); got != "" {
			t.Errorf("with a viking away raiding: %q", got)
		}
	})
	// "Each player receives ... 5 vikings": a recruit comes from the
	// supply, and none may be left.
	t.Run("Recruit with no viking in the supply", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		pl := &s.Seats[0]
		pl.Houses[WeaponHouse] = true
		pl.Home[Viking], pl.Supply[Viking] = 2, 0
		pl.Raid, pl.JarlAt = &RaidRun{Card: s.RaidDeck[0], Vikings: 3, Turn: pl.Turns}, JarlRaid
		s.RaidDeck = s.RaidDeck[1:]
		if got := short(t, s, KindAction, recruit, 0); got != "brings nothing as things stand (no viking is left in your supply)" {
			t.Errorf("%q", got)
		}
	})
	// Capture: "Remember that you may only have 3 workers until you have
	// built a workers house."
	t.Run("Capture with no room for a worker", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		do(t, s, 0, KindAction, fishing) // the fisher comes home
		if got := short(t, s, KindAction, capture); got != "brings nothing as things stand (no room for another worker in your village, counting those coming home)" {
			t.Errorf("%q", got)
		}
		do(t, s, 0, KindAction, capture)
		toHarvest(t, s)
		resolveFirst(t, s, "Capture")
		resolveFirst(t, s, "Fishing")
		if pl := s.Seats[0]; pl.Home[Worker] != 3 || pl.Supply[Worker] != 4 {
			t.Errorf("the capture brought something: home %v, supply %v", pl.Home, pl.Supply)
		}
	})
	// "Workers house: You have room for an additional 4 workers in your
	// village."
	t.Run("Capture after placing for the workers house", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		do(t, s, 0, KindAction, action(t, "Workers house"))
		if got := short(t, s, KindAction, capture); got != "" {
			t.Errorf("%q", got)
		}
	})
	// Harvest: "Anything beyond 5 of a resource is lost."
	t.Run("Fishing with a full warehouse", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		s.Seats[0].Goods[Fish] = 4
		if got := short(t, s, KindAction, fishing); got != "" {
			t.Fatalf("at 4 fish: %q", got)
		}
		do(t, s, 0, KindAction, fishing)
		if got := short(t, s, KindAction, fishing); got != "brings nothing as things stand (your warehouse will hold 5 fish, the most it keeps)" {
			t.Errorf("a second fishing at 4 fish: %q", got)
		}
	})
	// Resource tiles: "1 worker - 1 resource/victory point, 1 viking - 2
	// resources/victory points", and nothing beyond 5.
	t.Run("Working a tile with a full warehouse", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		q, h := sq(1, 2), sq(2, 1)
		building(t, s, 0, q, Woodcutter)
		building(t, s, 0, h, House)
		s.Seats[0].Goods[Wood] = 4
		if got := short(t, s, KindWork, q, Worker); got != "" {
			t.Errorf("a worker at 4 wood: %q", got)
		}
		if got := short(t, s, KindWork, q, Viking); got != "brings only 1 of 2 wood as things stand (your warehouse keeps 5 at most)" {
			t.Errorf("a viking at 4 wood: %q", got)
		}
		do(t, s, 0, KindWork, q, Worker)
		if got := short(t, s, KindWork, q, Viking); !strings.HasPrefix(got, "brings nothing") {
			t.Errorf("a viking beside the worker: %q", got)
		}
		if got := short(t, s, KindWork, h, Viking); got != "" {
			t.Errorf("points have no cap: %q", got)
		}
		do(t, s, 0, KindWork, q, Viking)
		toHarvest(t, s)
		do(t, s, 0, KindCollect, q)
		if s.Seats[0].Goods[Wood] != 5 {
			t.Errorf("wood %d", s.Seats[0].Goods[Wood])
		}
	})
	// Explore: "draw one exploration tile from the draw bag and place it
	// on the game board"; a tile with no place joined to the explorer's
	// roads is set aside (README).
	t.Run("Explore with nowhere to place a tile", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		// Straight roads beside the village, turned away from it.
		lay(t, s, sq(0, 1), "straight road", 1)
		lay(t, s, sq(2, 1), "straight road", 1)
		lay(t, s, sq(1, 0), "straight road", 0)
		lay(t, s, sq(1, 2), "straight road", 0)
		explore := action(t, "Explore")
		if got := short(t, s, KindAction, explore); got != "brings nothing as things stand (no empty land borders your roads: the tile is set aside)" {
			t.Errorf("%q", got)
		}
		do(t, s, 0, KindAction, explore)
		aside := len(s.Aside)
		toHarvest(t, s)
		resolveFirst(t, s, "Explore")
		if len(s.Aside) != aside+1 {
			t.Errorf("the tile explored was not set aside")
		}
	})
	t.Run("Explore with an empty bag", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		s.Aside, s.Bag = append(s.Aside, s.Bag[1:]...), s.Bag[:1]
		explore := action(t, "Explore")
		if got := short(t, s, KindAction, explore); got != "" {
			t.Fatalf("with one tile left: %q", got)
		}
		do(t, s, 0, KindAction, explore)
		if got := short(t, s, KindAction, explore); got != "brings nothing as things stand (no land tile is left in the bag)" {
			t.Errorf("a second explorer for the last tile: %q", got)
		}
	})
	// Raid actions explained: "they will not gain points or get another
	// ship on their following harvest if they already have a ship in
	// their possession."
	t.Run("Build ship with a ship", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		s.Seats[0].Goods = Goods{5, 5, 5, 5, 0}
		s.Seats[0].Houses[ShipBuilder] = true
		ship := action(t, "Build ship")
		if got := short(t, s, KindAction, ship); got != "" {
			t.Fatalf("the first ship: %q", got)
		}
		do(t, s, 0, KindAction, ship)
		if got := short(t, s, KindAction, ship); got != "brings nothing as things stand (the ship you placed for comes first, and a second scores nothing)" {
			t.Errorf("a second ship placed for: %q", got)
		}
		s = table(t, "Ann", "Bo")
		s.Seats[0].Houses[ShipBuilder], s.Seats[0].Ship = true, true
		if got := short(t, s, KindAction, ship); got != "brings nothing as things stand (you have a ship already, and a second scores nothing)" {
			t.Errorf("with a ship: %q", got)
		}
	})
	// Nothing is said outside the placing player's action phase.
	t.Run("Only for the placer", func(t *testing.T) {
		s := table(t, "Ann", "Bo")
		if got := s.Shortfall(1, rules.Action{Kind: KindAction, Args: []int{recruit, 1}}); got != "" {
			t.Errorf("seat 1, not placing, is told %q", got)
		}
		if got := s.view(1).Shortfalls([]rules.Action{{Kind: KindAction, Args: []int{recruit, 1}}}); got[0] != "" {
			t.Errorf("seat 1's view says %q", got[0])
		}
	})
}

// Shortfall reads only what the placer's view shows: at every action
// phase of whole games, the state, the placer's view and a state with
// everything the placer cannot see dealt again say the same of every
// legal action; and games reach warnings of every kind: 12 games, 200
// under make test-long.
func TestShortfallReadsOnlyTheView(t *testing.T) {
	g := game{}
	seen := map[string]bool{}
	for seed := range uint64(rulestest.Size(12, 12, 200)) {
		st, err := g.New(rules.Config{Players: 2 + int(seed%3)}, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		bot, rnd := rules.NewBot(g, seed), rules.RandomBot{RNG: rules.NewRNG(seed)}
		rng := rules.NewRNG(seed + 100)
		for n := 0; s.Outcome == nil && n < 4000; n++ {
			seat := s.Pending()[0].Seat
			if s.Step.Kind == StepAct {
				legal := s.Legal(seat)
				fromView := s.view(int(seat)).Shortfalls(legal)
				other := s.Redeal(seat, rng).(*State)
				for i, a := range legal {
					got := s.Shortfall(seat, a)
					if got != fromView[i] || got != other.Shortfall(seat, a) {
						t.Fatalf("seed %d, %s: the state says %q, the view %q, a scrambled state %q", seed, a, got, fromView[i], other.Shortfall(seat, a))
					}
					if got != "" {
						seen[a.Kind+" "+strings.Fields(a.String())[0]] = true
					}
				}
			}
			var a rules.Action
			if n%2 == 0 {
				a, err = bot.Choose(s, seat)
			} else {
				a, err = rnd.Choose(s, seat)
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("warned of %v", seen)
	for _, want := range []string{"action Recruit", "action Capture", "action Fishing", "work Put"} {
		if !seen[want] {
			t.Errorf("no game warned of %q (saw %v)", want, seen)
		}
	}
}
