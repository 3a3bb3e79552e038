package northerners

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// hardQuests are quests nobody meets in the positions below: quiet deals
// them face down, as no quest a player meets is ever held once the quests
// have been checked.
var hardQuests = []string{"The Dragon's Gold", "The Far Voyage", "The God-Touched", "The Settled Land", "The Warlord", "The Rich Warehouse"}

// questID is the index in Quests of the named quest.
func questID(t *testing.T, name string) int {
	t.Helper()
	i := slices.IndexFunc(Quests, func(q Quest) bool { return q.Name == name })
	if i < 0 {
		t.Fatalf("no quest %q", name)
	}
	return i
}

// quiet deals each seat two of hardQuests face down, leaves every other
// quest in the deck and takes the table past the opening (opening): each
// seat has begun a turn and the quests have been checked, so, as after
// every action in play, nobody holds a quest they meet and only a quest
// newly met could be turned up.
func quiet(t *testing.T, s *State) {
	t.Helper()
	var hard []int
	for _, n := range hardQuests {
		hard = append(hard, questID(t, n))
	}
	s.QuestDiscard = []int{}
	s.QuestDeck = nil
	for q := range Quests {
		if !slices.Contains(hard[:2*len(s.Seats)], q) {
			s.QuestDeck = append(s.QuestDeck, q)
		}
	}
	for p := range s.Seats {
		s.Seats[p].Quests, s.Seats[p].Done = slices.Clone(hard[2*p:2*p+2]), []int{}
		s.Seats[p].Turns++
	}
	s.Checked = true
}

// open is a quiet two-player table at seat 0's act step, past the
// opening.
func open(t *testing.T) *State {
	s := table(t, "Ann", "Bo")
	quiet(t, s)
	return s
}

// placed is a quiet table where seat 0 placed on the named action and now
// harvests it.
func placed(t *testing.T, name string, args ...int) *State {
	s := open(t)
	do(t, s, 0, KindAction, append([]int{action(t, name)}, args...)...)
	toHarvest(t, s)
	return s
}

// fighting is attackSetup, quiet, with Ann's attack of 2 vikings on Bo's
// woodcutter under way.
func fighting(t *testing.T) *State {
	s := attackSetup(t)
	quiet(t, s)
	do(t, s, 0, KindAttack, sq(2, 4), 1, 2)
	return s
}

// raiding is a quiet table where seat 0's raid on card 1 has rolled its
// first row and seat 0 harvests again.
func raiding(t *testing.T) *State {
	s := open(t)
	pl := &s.Seats[0]
	pl.Ship, pl.JarlAt, pl.Home[Viking] = true, JarlRaid, 0
	s.RaidDeck = rules.Without(s.RaidDeck, 1)
	pl.Raid = &RaidRun{Card: 1, Vikings: 2, Row: 1, Turn: -1}
	toHarvest(t, s)
	return s
}

// jarlBack is a quiet table where seat 0's Jarl has come home from square
// q and its choice there is next.
func jarlBack(t *testing.T, q int) *State {
	s := open(t)
	road(t, s, toKaupang...)
	road(t, s, toShaman...)
	do(t, s, 0, KindVisit, q)
	toHarvest(t, s)
	do(t, s, 0, KindJarl)
	return s
}

// Undo: each kind of decision may be taken back (rules.Reversibly keeps
// the state before it) exactly when it shows nobody anything hidden from
// them; Reveals says so before the action, whatever the generator does.
func TestUndo(t *testing.T) {
	for _, c := range []struct {
		name string
		// play sets the position up and gives the seat and its action.
		play func(t *testing.T) (*State, int, rules.Action)
		back bool // may be taken back
	}{
		// Open: figures, the Jarl and goods on the table, no card or die.
		{"Common actions, Kaupang: the Jarl sent to a Kaupang square", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			// Ann's roads reach a Kaupang square: she has met The Trader,
			// which may lie in the deck, since before the action.
			road(t, s, toKaupang...)
			return s, 0, rules.Action{Kind: KindVisit, Args: []int{redKaupang}}
		}, true},
		{"Common actions, Spirit shaman: the Jarl sent to the Spirit Shaman", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			road(t, s, toKaupang...)
			road(t, s, toShaman...)
			return s, 0, rules.Action{Kind: KindVisit, Args: []int{theShaman}}
		}, true},
		{"Common actions, Resource or house tiles: a worker put on a building", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			building(t, s, 0, sq(1, 2), Woodcutter)
			return s, 0, rules.Action{Kind: KindWork, Args: []int{sq(1, 2), Worker}}
		}, true},
		{"Mundane actions, Spending resources: Explore placed, its fish paid", func(t *testing.T) (*State, int, rules.Action) {
			return open(t), 0, rules.Action{Kind: KindAction, Args: []int{action(t, "Explore")}}
		}, true},
		{"Build actions: the Workers house placed, its cost paid", func(t *testing.T) (*State, int, rules.Action) {
			return open(t), 0, rules.Action{Kind: KindAction, Args: []int{action(t, "Workers house")}}
		}, true},
		{"Blessing action: the Jarl placed, a worker sacrificed at once", func(t *testing.T) (*State, int, rules.Action) {
			return open(t), 0, rules.Action{Kind: KindAction, Args: []int{action(t, "Blessing")}}
		}, true},
		{"Raid actions explained, Raid: the Jarl and a viking placed, 2 fish paid", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			s.Seats[0].Ship = true
			return s, 0, rules.Action{Kind: KindAction, Args: []int{action(t, "Raid"), 1}}
		}, true},
		{"Mundane Actions explained, Attack: carried out on placing, no roll yet", func(t *testing.T) (*State, int, rules.Action) {
			s := attackSetup(t)
			quiet(t, s)
			return s, 0, rules.Action{Kind: KindAttack, Args: []int{sq(2, 4), 1, 2}}
		}, true},
		{"Attack and defense, Playing cards: the first to play no card", func(t *testing.T) (*State, int, rules.Action) {
			return fighting(t), 0, rules.Action{Kind: KindFight}
		}, true},
		{"Attack and defense, Withdrawing from an attack", func(t *testing.T) (*State, int, rules.Action) {
			s := fighting(t)
			do(t, s, 0, KindFight)
			s.loaded = []int{1, 2, 3, 4, 5, 5, 5} // 4 against 5: Ann loses a viking
			do(t, s, 1, KindFight)
			return s, 0, rules.Action{Kind: KindWithdraw}
		}, true},
		{"Attack and defense, Combat roll resolution: the loser chooses the figure lost", func(t *testing.T) (*State, int, rules.Action) {
			s := fighting(t)
			do(t, s, 0, KindFight)
			s.loaded = []int{4, 4, 1, 2, 4, 1, 2} // a tie: Ann wins the roll
			do(t, s, 1, KindFight)
			return s, 1, rules.Action{Kind: KindLose, Args: []int{Worker}}
		}, true},
		{"Gameplay: the turn ended, the next player's harvest begun", func(t *testing.T) (*State, int, rules.Action) {
			return open(t), 0, rules.Action{Kind: KindEnd}
		}, true},
		{"Harvest, Resource or house tiles: figures collected with the tile's yield", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			building(t, s, 0, sq(1, 2), Woodcutter)
			do(t, s, 0, KindWork, sq(1, 2), Worker)
			toHarvest(t, s)
			return s, 0, rules.Action{Kind: KindCollect, Args: []int{sq(1, 2)}}
		}, true},
		{"Mundane Actions explained, Fishing: resolved", func(t *testing.T) (*State, int, rules.Action) {
			return placed(t, "Fishing"), 0, rules.Action{Kind: KindResolve, Args: []int{0}}
		}, true},
		{"Build actions explained, Woodcutter: resolved, the tile's place next", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			road(t, s, toKaupang...)
			do(t, s, 0, KindAction, action(t, "Woodcutter"))
			toHarvest(t, s)
			return s, 0, rules.Action{Kind: KindResolve, Args: []int{0}}
		}, true},
		{"Building resource buildings, watchtowers and houses: the tile placed", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			road(t, s, toKaupang...)
			do(t, s, 0, KindAction, action(t, "Woodcutter"))
			toHarvest(t, s)
			do(t, s, 0, KindResolve, 0)
			return s, 0, s.Legal(0)[0]
		}, true},
		{"Common actions, Kaupang: the Jarl brought home, the trade next", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			road(t, s, toKaupang...)
			do(t, s, 0, KindVisit, redKaupang)
			toHarvest(t, s)
			return s, 0, rules.Action{Kind: KindJarl}
		}, true},
		{"Common actions, Kaupang: no Kaupang tile taken", func(t *testing.T) (*State, int, rules.Action) {
			return jarlBack(t, redKaupang), 0, rules.Action{Kind: KindTrade, Args: []int{-1}}
		}, true},
		{"Raids, Returning from a raid", func(t *testing.T) (*State, int, rules.Action) {
			return raiding(t), 0, rules.Action{Kind: KindReturn}
		}, true},
		{"Mundane Actions explained, Explore: the land tile drawn placed", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, "Explore")
			do(t, s, 0, KindResolve, 0)
			return s, 0, s.Legal(0)[0]
		}, true},
		{"The Blessing Circles explained: a tile placed on a circle, the choice next", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			road(t, s, sq(1, 2), sq(1, 3))
			cross := s.Bag[slices.IndexFunc(s.Bag, func(t int) bool { return TileRoads(t) == AllRoads })]
			s.Bag = rules.Without(s.Bag, cross)
			s.Step = Step{Kind: StepExplore, Seat: 0, Tile: cross}
			s.Seats[0].Explore = 1 // a second viking's tile waits for the choice
			return s, 0, rules.Action{Kind: KindTile, Args: []int{sq(2, 3), 0}}
		}, true},

		// Final: a card, a tile or a quest comes out of hiding, or dice.
		{"Mundane Actions explained, Explore: a land tile drawn from the bag", func(t *testing.T) (*State, int, rules.Action) {
			return placed(t, "Explore"), 0, rules.Action{Kind: KindResolve, Args: []int{0}}
		}, false},
		{"Mundane Actions explained, Explore: a tile placed, the next viking's drawn", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, "Explore")
			do(t, s, 0, KindResolve, 0)
			s.Seats[0].Explore = 1
			for _, a := range s.Legal(0) {
				if !Squares[a.Args[0]].Circle {
					return s, 0, a
				}
			}
			t.Fatal("no place off the circles")
			return nil, 0, rules.Action{}
		}, false},
		{"Blessing action: two blessings drawn", func(t *testing.T) (*State, int, rules.Action) {
			return placed(t, "Blessing"), 0, rules.Action{Kind: KindResolve, Args: []int{0}}
		}, false},
		{"Blessing action: one of the two drawn kept", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, "Blessing")
			// Two blessings that are not Loki's on top: the choice is asked.
			var top []int
			for _, c := range s.Blessings {
				if CardKind(c) != CardLoki && len(top) < 2 {
					top = append(top, c)
				}
			}
			s.Blessings = append(slices.Clone(top), rules.Without(rules.Without(s.Blessings, top[0]), top[1])...)
			do(t, s, 0, KindResolve, 0)
			if s.Step.Kind != StepKeep {
				t.Fatalf("step %s", s.Step.Kind)
			}
			return s, 0, rules.Action{Kind: KindKeep, Args: []int{s.Seats[0].Offer[0]}}
		}, false},
		{"Raid actions explained, Raid: a raid card drawn and its first row rolled", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			s.Seats[0].Ship = true
			do(t, s, 0, KindAction, action(t, "Raid"), 1)
			toHarvest(t, s)
			return s, 0, rules.Action{Kind: KindResolve, Args: []int{0}}
		}, false},
		{"Raids, Progressing through the raid: the next row rolled", func(t *testing.T) (*State, int, rules.Action) {
			s := raiding(t)
			s.loaded = []int{3, 3, 3, 3} // loaded dice move no generator: Reveals alone says final
			return s, 0, rules.Action{Kind: KindRaid}
		}, false},
		{"Kaupang tiles fields: a tile taken, the row refilled from the pile", func(t *testing.T) (*State, int, rules.Action) {
			return jarlBack(t, redKaupang), 0, rules.Action{Kind: KindTrade, Args: []int{0, -1}}
		}, false},
		{"Common actions, Spirit shaman: a blessing drawn", func(t *testing.T) (*State, int, rules.Action) {
			return jarlBack(t, theShaman), 0, rules.Action{Kind: KindSpirit, Args: []int{0}}
		}, false},
		{"Common actions, Spirit shaman: a quest drawn", func(t *testing.T) (*State, int, rules.Action) {
			return jarlBack(t, theShaman), 0, rules.Action{Kind: KindSpirit, Args: []int{1}}
		}, false},
		{"Common actions, Spirit shaman: a quest discarded", func(t *testing.T) (*State, int, rules.Action) {
			s := jarlBack(t, theShaman)
			return s, 0, rules.Action{Kind: KindSpirit, Args: []int{2, s.Seats[0].Quests[0]}}
		}, false},
		{"Blessing cards: Freyr's Bounty played from the hand", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			c := give(t, s, 0, CardFreyr)
			return s, 0, rules.Action{Kind: KindCard, Args: []int{c, Wood}}
		}, false},
		{"Attack and defense, Playing cards: Thor's Strength played", func(t *testing.T) (*State, int, rules.Action) {
			s := attackSetup(t)
			quiet(t, s)
			c := give(t, s, 0, CardThor)
			do(t, s, 0, KindAttack, sq(2, 4), 1, 2)
			return s, 0, rules.Action{Kind: KindCard, Args: []int{c}}
		}, false},
		{"Attack and defense, Combat roll resolution: both passed, the dice rolled", func(t *testing.T) (*State, int, rules.Action) {
			s := fighting(t)
			do(t, s, 0, KindFight)
			s.loaded = []int{4, 4, 1, 2, 4, 1, 2}
			return s, 1, rules.Action{Kind: KindFight}
		}, false},
		{"Quest cards: a quest held face down completed and revealed", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			nets := questID(t, "The Full Nets")
			s.QuestDeck = append(rules.Without(s.QuestDeck, nets), s.Seats[0].Quests[0])
			s.Seats[0].Quests[0] = nets
			s.Seats[0].Goods[Fish] = 4
			do(t, s, 0, KindAction, action(t, "Fishing"))
			toHarvest(t, s)
			return s, 0, rules.Action{Kind: KindResolve, Args: []int{0}}
		}, false},
		{"Quest cards: a quest nobody is known to hold newly met (The Full Nets, in the deck)", func(t *testing.T) (*State, int, rules.Action) {
			s := open(t)
			s.Seats[0].Goods[Fish] = 4
			do(t, s, 0, KindAction, action(t, "Fishing"))
			toHarvest(t, s)
			return s, 0, rules.Action{Kind: KindResolve, Args: []int{0}}
		}, false},
		{"Quest cards: a road newly joined to a Kaupang square (The Trader, in the deck)", func(t *testing.T) (*State, int, rules.Action) {
			s := placed(t, "Explore")
			road(t, s, toKaupang[1:]...) // one tile short of the red village
			do(t, s, 0, KindResolve, 0)
			for _, a := range s.Legal(0) {
				if a.Args[0] == toKaupang[0] {
					return s, 0, a
				}
			}
			t.Fatal("the explored tile cannot join the village to the road")
			return nil, 0, rules.Action{}
		}, false},
		{"Quest cards: in the opening a quest met from the start may lie face down", func(t *testing.T) (*State, int, rules.Action) {
			// Everyone begins with 3 of every resource: The Full Warehouse.
			return table(t, "Ann", "Bo"), 0, rules.Action{Kind: KindAction, Args: []int{action(t, "Workers house")}}
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, p, a := c.play(t)
			seat := rules.Seat(p)
			if got := s.Reveals(seat, a); got == c.back {
				t.Errorf("Reveals %v %v = %v, want %v", a.Kind, a.Args, got, !c.back)
			}
			if strings.HasPrefix(c.name, "Quest cards") && s.revealsByRule(p, a) {
				t.Errorf("%v %v is final by its kind: the quests decide nothing here", a.Kind, a.Args)
			}
			pre := mustJSON(s)
			_, before, err := rules.Reversibly(s, seat, a, func() ([]rules.Event, error) { return s.Apply(seat, a) })
			if err != nil {
				t.Fatalf("%v %v: %v (step %s, legal %v)", a.Kind, a.Args, err, s.Step.Kind, s.Legal(seat))
			}
			if err := check(s); err != nil {
				t.Fatalf("after %v %v: %v", a.Kind, a.Args, err)
			}
			if (before != nil) != c.back {
				t.Fatalf("%v %v may be taken back: %v, want %v", a.Kind, a.Args, before != nil, c.back)
			}
			if before != nil && mustJSON(before.(*State)) != pre {
				t.Errorf("the state kept is not the state before the action")
			}
		})
	}
}

// The rule by kind (revealsByRule) is sound by itself: an action it calls
// open leaves every seat's view, the spectator's too, as it is with the
// bag, the decks and the other players' blessings dealt again, and stays
// legal. The quests are kept as they are here, as the game keeps them
// (a quest met is never face down after an action); mayShowQuest answers
// for them, and the conformance suite deals them again too.
func TestOpenActionsShowNothing(t *testing.T) {
	games := rulestest.Size(6, 24, 400)
	rng := rules.NewRNG(99)
	checked := map[string]int{}
	for g := range games {
		players := 2 + g%3
		st, err := game{}.New(rules.Config{Players: players}, uint64(1000+g))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		var bot rules.Bot = rules.RandomBot{RNG: rng}
		if g%2 == 0 {
			bot = rules.NewBot(game{}, uint64(g))
		}
		for n := 0; s.Outcome == nil; n++ {
			if n > 20000 {
				t.Fatal("the game does not end")
			}
			seat := s.Pending()[0].Seat
			a, err := bot.Choose(s, seat)
			if err != nil {
				t.Fatal(err)
			}
			back := s.Clone().(*State)
			open := !s.revealsByRule(int(seat), a)
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			if !open || n%2 != 0 {
				continue
			}
			checked[back.Step.Kind+" "+a.Kind]++
			for o := -1; o < players; o++ {
				other := back.Redeal(rules.Seat(o), rng).(*State)
				// The quests as they were: only the rule by kind is tried.
				other.QuestDeck, other.QuestDiscard = slices.Clone(back.QuestDeck), slices.Clone(back.QuestDiscard)
				for p := range other.Seats {
					other.Seats[p].Quests = slices.Clone(back.Seats[p].Quests)
				}
				if _, err := other.Apply(seat, a); err != nil {
					t.Fatalf("game %d: seat %d's open %v %v is refused with seat %d's unseen cards dealt again: %v", g, seat, a.Kind, a.Args, o, err)
				}
				if x, y := viewJSON(t, s, o), viewJSON(t, other, o); x != y {
					t.Fatalf("game %d: seat %d's open %v %v at %s shows seat %d something hidden:\n%s\n%s", g, seat, a.Kind, a.Args, back.Step.Kind, o, x, y)
				}
			}
		}
	}
	t.Logf("open actions tried: %v", checked)
}

func viewJSON(t *testing.T, s *State, seat int) string {
	t.Helper()
	b, err := json.Marshal(s.View(rules.Seat(seat)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The start player's first turn (Harvest: "Skip this for your first turn";
// Quest cards: "Reveal it and score points immediately"; Setup 9: "Each
// player draws two Quest cards"). Nothing in the book makes the turn
// final: it is placements, which draw nothing ("All actions' effects are
// only carried out in your next harvest"). What the game must keep final
// is its first action, the first check of the quests dealt at set-up: it
// turns up a quest met from the start (The Full Warehouse: everyone
// begins with 3 of every resource). After it nobody holds a quest they
// meet, and the turn's other placements may be taken back like any
// other's.
func TestTheFirstTurnMayBeTakenBackAfterItsFirstAction(t *testing.T) {
	for _, boHoldsIt := range []bool{true, false} {
		s := table(t, "Ann", "Bo")
		warehouse := questID(t, "The Full Warehouse")
		if boHoldsIt {
			s.QuestDeck = append(rules.Without(s.QuestDeck, warehouse), s.Seats[1].Quests[0])
			s.Seats[1].Quests[0] = warehouse
		} else if !slices.Contains(s.QuestDeck, warehouse) {
			t.Fatal("the table deals The Full Warehouse: take another")
		}
		fishing := rules.Action{Kind: KindAction, Args: []int{action(t, "Fishing")}}
		ev, before, err := rules.Reversibly(s, 0, fishing, func() ([]rules.Event, error) { return s.Apply(0, fishing) })
		if err != nil {
			t.Fatal(err)
		}
		if before != nil {
			// Whether Bo holds it or not: who would, the others cannot know.
			t.Fatalf("Bo holds The Full Warehouse: %v; the game's first action may be taken back, but it checks the quests dealt", boHoldsIt)
		}
		turned := slices.ContainsFunc(ev, func(e rules.Event) bool { return strings.Contains(e.Text, "completes the quest The Full Warehouse") })
		if turned != boHoldsIt {
			t.Fatalf("Bo holds The Full Warehouse: %v; the first action turned it up: %v", boHoldsIt, turned)
		}
		for _, name := range []string{"Fishing", "Explore", "Workers house"} {
			a := rules.Action{Kind: KindAction, Args: []int{action(t, name)}}
			pre := mustJSON(s)
			_, before, err := rules.Reversibly(s, 0, a, func() ([]rules.Event, error) { return s.Apply(0, a) })
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if before == nil {
				t.Fatalf("Bo holds The Full Warehouse: %v; %s, placed in the first turn after its first action, may not be taken back", boHoldsIt, name)
			}
			if mustJSON(before.(*State)) != pre {
				t.Fatalf("%s: the state kept is not the state before it", name)
			}
		}
		end := rules.Action{Kind: KindEnd}
		if _, before, err := rules.Reversibly(s, 0, end, func() ([]rules.Event, error) { return s.Apply(0, end) }); err != nil || before == nil {
			t.Fatalf("ending the first turn may not be taken back (%v)", err)
		}
	}
}

// In whole games by the game's bot, the start player's first turn may be
// taken back but for its first action (TestTheFirstTurnMayBeTakenBack...):
// every later decision of it is a placement or the end of the turn.
func TestBotsFirstTurnsMayBeTakenBack(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for seed := range uint64(rulestest.Size(2, 5, 50)) {
			st, err := game{}.New(rules.Config{Players: players}, 100+seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			bot := rules.NewBot(game{}, seed)
			start := s.Start
			for n := 0; s.Step.Seat == start && s.Seats[start].Turns == 1; n++ {
				seat := rules.Seat(start)
				a, err := bot.Choose(s, seat)
				if err != nil {
					t.Fatal(err)
				}
				_, before, err := rules.Reversibly(s, seat, a, func() ([]rules.Event, error) { return s.Apply(seat, a) })
				if err != nil {
					t.Fatal(err)
				}
				if (before != nil) != (n > 0) {
					t.Fatalf("%d players, seed %d: decision %d of the first turn (%v) may be taken back: %v", players, seed, n+1, a, before != nil)
				}
			}
		}
	}
}
