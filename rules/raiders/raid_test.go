package raiders

import (
	"strings"
	"testing"
)

// spaceOf returns the first raid space of a settlement.
func spaceOf(settlement int) int {
	for i, sp := range Spaces {
		if sp.Settlement == settlement {
			return i
		}
	}
	return -1
}

// loot sets space i's pieces by kind, trading with the supply (and
// borrowing from other spaces when the supply runs short).
func loot(s *State, i int, pieces Pieces) {
	for k := range pieces {
		s.Supply[k] += s.Plunder[i][k] - pieces[k]
		for j := range s.Plunder {
			for j != i && s.Supply[k] < 0 && s.Plunder[j][k] > 0 {
				s.Plunder[j][k]--
				s.Supply[k]++
			}
		}
	}
	s.Plunder[i] = pieces
}

// Raid: "Your worker must match a worker color shown. You must have at
// least as many crew as shown. You must pay the provisions and gold shown."
func TestRaidRequirements(t *testing.T) {
	h, f := spaceOf(Harbour), spaceOf(Fortress)
	s := table(t, 2)
	enlist(t, s, 0, Huntsman)
	fund(s, 0, 0, 2, 0, 0, 0)
	if offered(s, 0, KindRaid, h) {
		t.Error("a harbour raid offered to a crew of 1 (it needs 2)")
	}
	enlist(t, s, 0, Huntsman)
	if !offered(s, 0, KindRaid, h) {
		t.Error("a harbour raid refused with 2 crew, 2 provisions and a black worker")
	}
	if offered(s, 0, KindRaid, f) {
		t.Error("a fortress raid offered to a black worker")
	}
	workerTo(t, s, -1, 0, White)
	enlist(t, s, 0, Huntsman, Huntsman, Scout)
	fund(s, 0, 0, 1, 1, 0, 0) // 3 provisions, 1 gold: the fortress wants 2 gold
	if offered(s, 0, KindRaid, f) {
		t.Error("a fortress raid offered without its 2 gold")
	}
	old := s.Seats[0].Crew[0]
	s.Seats[0].Crew[0] = card(t, s, Cartographer) // a Cartographer pays 1 gold less
	s.Discard = append(s.Discard, old)
	if !offered(s, 0, KindRaid, f) {
		t.Errorf("a fortress raid refused with a Cartographer: %+v", s.Seats[0])
	}
}

// Raid: "At a harbour, gain 1 point"; take the plunder and the worker
// there (the worker spots swap, see RaidSwapsWorkers); Valkyries kill crew.
func TestHarbourRaid(t *testing.T) {
	s := table(t, 2)
	h := spaceOf(Harbour)
	enlist(t, s, 0, Huntsman, Warmonger)
	fund(s, 0, 0, 2, 0, 0, 0)
	loot(s, h, Pieces{1, 1, 1, 1})
	do(t, s, 0, KindRaid, h)
	pl := &s.Seats[0]
	if pl.VP != 1+1 { // 1 for the harbour, 1 for the Warmonger
		t.Errorf("VP %d, want 2", pl.VP)
	}
	if pl.Gold != 1 || pl.Iron != 1 || pl.Livestock != 1 || pl.Provisions != 0 || s.Plunder[h] != (Pieces{}) {
		t.Errorf("after the raid: %+v, space %v", *pl, s.Plunder[h])
	}
	if pl.Worker != Grey || s.SpaceWorkers[h] != Black {
		t.Errorf("workers: in hand %d, on the space %d", pl.Worker, s.SpaceWorkers[h])
	}
	// One Valkyrie: one crew member lost, one step up the track.
	if s.Step.Kind != StepLose {
		t.Fatalf("step %+v", s.Step)
	}
	do(t, s, 0, KindLose, pl.Crew[0])
	if len(pl.Crew) != 1 || pl.Valkyrie != 1 || s.Step.Kind != StepTurn {
		t.Errorf("crew %v, Valkyrie %d, step %+v", pl.Crew, pl.Valkyrie, s.Step)
	}
}

// Raid: "If you take more valkyries than you have crew, discard the excess
// valkyries."
func TestExcessValkyriesAreDiscarded(t *testing.T) {
	s := table(t, 2)
	h := spaceOf(Harbour)
	enlist(t, s, 0, Huntsman, Huntsman)
	fund(s, 0, 0, 2, 0, 0, 0)
	loot(s, h, Pieces{0, 0, 0, 3})
	do(t, s, 0, KindRaid, h)
	do(t, s, 0, KindLose, firstArgs(t, s, KindLose)...)
	do(t, s, 0, KindLose, firstArgs(t, s, KindLose)...)
	if s.Seats[0].Valkyrie != 2 || s.Step.Kind != StepTurn || s.Supply[Valkyrie] < 3 {
		t.Errorf("Valkyrie track %d, step %+v, supply %v", s.Seats[0].Valkyrie, s.Step, s.Supply)
	}
}

// Raid: "Sum your military strength from the dice, your armour, crew
// strength, and, for some crew, crew abilities."
func TestStrength(t *testing.T) {
	m, f := spaceOf(Monastery), spaceOf(Fortress)
	s := table(t, 2)
	pl := &s.Seats[0]
	pl.Armour, pl.Valkyrie, pl.Taken = 6, 4, 4
	enlist(t, s, 0, Armourer, Barbarian, Brynjar, Folke, Ragnhildr)
	// crew 3+3+4+3+4 = 17; Brynjar +6/3 = 2; Folke +4 others; Ragnhildr +4 taken/2 = 2
	base := 7 + 6 + 17 + 2 + 4 + 2
	if got, _ := s.strength(0, m, []int{3, 4}, 0); got != base+2 {
		t.Errorf("monastery strength %d, want %d (an Armourer adds 2)", got, base+2)
	}
	got, terms := s.strength(0, f, []int{3, 4}, 0)
	if got != base+2 {
		t.Errorf("fortress strength %d, want %d (a Barbarian adds 2)", got, base+2)
	}
	sum := 0
	for _, term := range terms {
		sum += term[1]
	}
	if sum != got {
		t.Errorf("terms %v add up to %d, not %d", terms, sum, got)
	}
}

// Ragnhildr's card (cards.csv): "Gain 1 strength for every 2 valkyrie you
// have taken" counts the Valkyries taken, not the steps on the Valkyrie
// track. They differ where the book takes Valkyries that move no marker:
// "If you take more valkyries than you have crew, discard the excess
// valkyries", and a marker moves "up the valkyrie track (but not beyond
// its end)".
func TestRagnhildrCountsValkyriesTaken(t *testing.T) {
	o := spaceOf(Outpost)
	for _, c := range []struct {
		name         string
		track, taken int
		want         int // Ragnhildr's strength
	}{
		{"none taken", 0, 0, 0},
		{"one taken", 1, 1, 0},
		{"every one took a crew member", 4, 4, 2},
		{"the excess discarded count", 1, 3, 1},
		{"the track's end stops the marker, not the count", len(ValkyrieVP) - 1, 9, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, 2)
			noCrew(s, 0)
			enlist(t, s, 0, Ragnhildr)
			s.Seats[0].Valkyrie, s.Seats[0].Taken = c.track, c.taken
			got := 0
			_, terms := s.strength(0, o, []int{1}, 0)
			for _, term := range terms {
				if term[0] == TermRagnhildr {
					got = term[1]
				}
			}
			if got != c.want {
				t.Errorf("track %d, %d taken: Ragnhildr adds %d, want %d (terms %v)", c.track, c.taken, got, c.want, terms)
			}
		})
	}
	// In play: a harbour's 4 Valkyries against a crew of 2 move the track
	// 2 steps, and count 4 taken.
	s := table(t, 2)
	h := spaceOf(Harbour)
	noCrew(s, 0)
	enlist(t, s, 0, Huntsman, Huntsman)
	fund(s, 0, 0, 2, 0, 0, 0)
	loot(s, h, Pieces{0, 0, 0, 4})
	do(t, s, 0, KindRaid, h)
	do(t, s, 0, KindLose, firstArgs(t, s, KindLose)...)
	do(t, s, 0, KindLose, firstArgs(t, s, KindLose)...)
	pl := &s.Seats[0]
	if pl.Valkyrie != 2 || pl.Taken != 4 {
		t.Fatalf("Valkyrie track %d, %d taken; want 2 and 4", pl.Valkyrie, pl.Taken)
	}
	if v := s.view(1); v.Players[0].Taken != 4 {
		t.Errorf("the view shows %d Valkyries taken, want 4", v.Players[0].Taken)
	}
	enlist(t, s, 0, Ragnhildr)
	if got, _ := s.strength(0, o, nil, 0); got != 4+2 {
		t.Errorf("strength %d with Ragnhildr after 4 Valkyries taken, want 4 + 2 (the track's 2 steps would give 4 + 1)", got)
	}
}

// Raid: "If your strength equals or exceeds a threshold shown in red, gain
// the points shown in yellow" (ThresholdReachedOnEqual).
func TestThresholds(t *testing.T) {
	o := spaceOf(Outpost) // 10: 2 VP, 16: 4 VP
	for _, c := range []struct{ strength, vp int }{{9, 0}, {10, 2}, {15, 2}, {16, 4}, {40, 4}} {
		if got := ThresholdVP(o, c.strength); got != c.vp {
			t.Errorf("strength %d: %d VP, want %d", c.strength, got, c.vp)
		}
	}
}

// Raid: "If your strength equals or exceeds a threshold shown in red,
// gain the points shown in yellow": the next threshold is the lowest a
// strength does not reach yet, and what it needs (ThresholdReachedOnEqual).
func TestNextThreshold(t *testing.T) {
	o, f := spaceOf(Outpost), spaceOf(Fortress) // 10: 2 VP, 16: 4 VP; 22: 7, 28: 9, 36: 12
	for _, c := range []struct {
		name            string
		space, strength int
		need, vp        int
		ok              bool
	}{
		{"below the lowest threshold, the lowest is next", o, 0, 10, 2, true},
		{"one short of a threshold", o, 9, 10, 2, true},
		{"equal to a threshold reaches it: the one above is next", o, 10, 16, 4, true},
		{"between thresholds", f, 27, 28, 9, true},
		{"the top threshold reached: none is next", o, 16, 0, 0, false},
		{"far above the top", f, 40, 0, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			need, vp, ok := NextThreshold(c.space, c.strength)
			if need != c.need || vp != c.vp || ok != c.ok {
				t.Errorf("NextThreshold(%s, %d) = %d, %d, %v; want %d, %d, %v", SpaceName(c.space), c.strength, need, vp, ok, c.need, c.vp, c.ok)
			}
		})
	}
}

// Raid: "Roll the dice shown. Sum your military strength from the dice,
// your armour, crew strength ... and, for some crew, crew abilities", and
// the Brawler: "Once per raid, reroll 1 die". The raider chooses a reroll
// knowing the strength the dice make, so the raid carries it while the
// prompt waits, follows each reroll, and every seat's view shows it.
func TestRerollPromptShowsStrength(t *testing.T) {
	for _, c := range []struct {
		name   string
		space  int
		worker int
		armour int
		crew   []int
		fund   [2]int // provisions, gold
		base   int    // the strength without the dice
	}{
		{"a Brawler's reroll prompt shows the strength with the dice and the next threshold",
			spaceOf(Outpost), Grey, 0, []int{Brawler, Huntsman, Huntsman}, [2]int{1, 0}, 2 + 1 + 1},
		{"armour and an Armourer count at a monastery", spaceOf(Monastery), White, 3,
			[]int{Brawler, Armourer, Scout, Huntsman}, [2]int{3, 1}, 3 + 2 + 3 + 2 + 1 + 2},
		{"two Brawlers: the strength follows each reroll", spaceOf(Fortress), White, 1,
			[]int{Brawler, Brawler, Barbarian, Huntsman, Huntsman}, [2]int{3, 2}, 1 + 2 + 2 + 3 + 1 + 1 + 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, 2)
			noCrew(s, 0)
			workerTo(t, s, -1, 0, c.worker)
			enlist(t, s, 0, c.crew...)
			s.Seats[0].Armour = c.armour
			fund(s, 0, 0, c.fund[0], c.fund[1], 0, 0)
			loot(s, c.space, Pieces{1, 0, 0, 0})
			do(t, s, 0, KindRaid, c.space)
			brawlers := s.Seats[0].crewOf(Brawler)
			for left := brawlers; left > 0; left-- {
				if s.Step.Kind != StepReroll || s.Step.Left != left {
					t.Fatalf("step %+v, want a reroll with %d left", s.Step, left)
				}
				wantStrength(t, s, c.base)
				do(t, s, 0, KindReroll, 0)
			}
			if s.Step.Kind == StepReroll {
				t.Fatalf("a reroll more than the %d Brawlers give", brawlers)
			}
			wantStrength(t, s, c.base) // scored as it was shown
		})
	}
}

// wantStrength checks the raid's strength as the dice stand, term by term,
// in the raider's view and an opponent's, and that the next threshold is
// above it and scores more.
func wantStrength(t *testing.T, s *State, base int) {
	t.Helper()
	r := s.Raid
	want := base
	for _, d := range r.Dice {
		want += d
	}
	sum := 0
	for _, term := range r.Terms {
		sum += term[1]
	}
	if r.Strength != want || sum != want {
		t.Errorf("dice %v: strength %d, terms %v adding up to %d; want %d", r.Dice, r.Strength, r.Terms, sum, want)
	}
	for seat := range s.Seats {
		if v := s.view(seat); v.Raid == nil || v.Raid.Strength != want || len(v.Raid.Terms) != len(r.Terms) {
			t.Errorf("seat %d's view of the raid: %+v, want strength %d", seat, v.Raid, want)
		}
	}
	if need, vp, ok := NextThreshold(r.Space, r.Strength); ok && (need <= r.Strength || vp <= ThresholdVP(r.Space, r.Strength)) {
		t.Errorf("strength %d: next threshold %d for %d VP, now %d VP", r.Strength, need, vp, ThresholdVP(r.Space, r.Strength))
	}
}

// Raid: "Gain points from your crew that offer additional victory points
// for raiding this type of settlement."
func TestCrewRaidBonus(t *testing.T) {
	s := table(t, 2)
	enlist(t, s, 0, Archer, Marauder, Shieldmaiden, Warmonger)
	for _, c := range []struct{ settlement, vp int }{{Harbour, 1}, {Outpost, 3}, {Monastery, 1}, {Fortress, 0}} {
		if got := s.crewBonus(0, c.settlement); got != c.vp {
			t.Errorf("%s: %d VP, want %d", SettlementNames[c.settlement], got, c.vp)
		}
	}
}

// Raid costs with crew: a Huntsman pays 1 provision less at an outpost, a
// Scout at a monastery, a Cartographer 1 gold less at a fortress.
func TestRaidDiscounts(t *testing.T) {
	s := table(t, 2)
	enlist(t, s, 0, Huntsman, Scout, Cartographer)
	for _, i := range []int{spaceOf(Outpost), spaceOf(Monastery), spaceOf(Fortress)} {
		prov, gold := s.raidCost(0, i)
		wantProv, wantGold := Spaces[i].Provisions, Spaces[i].Gold
		switch Spaces[i].Settlement {
		case Outpost, Monastery:
			wantProv--
		case Fortress:
			wantGold--
		}
		if prov != wantProv || gold != wantGold {
			t.Errorf("%s: %d provisions and %d gold, want %d and %d", SpaceName(i), prov, gold, wantProv, wantGold)
		}
	}
}

// Crew that die: a Berserker goes back to the hand, a Gravedigger brings
// 1 gold, a Mercenary 1 VP, an Avenger takes an opponent's crew member.
func TestDeathAbilities(t *testing.T) {
	for _, c := range []struct {
		kind int
		want func(t *testing.T, s *State)
	}{
		{Berserker, func(t *testing.T, s *State) {
			if len(s.Seats[0].Hand) != 4 {
				t.Errorf("the Berserker is not back in hand: %d cards", len(s.Seats[0].Hand))
			}
		}},
		{Gravedigger, func(t *testing.T, s *State) { wantGold(t, s, 1) }},
		{Mercenary, func(t *testing.T, s *State) {
			if s.Seats[0].VP != 2 {
				t.Errorf("VP %d, want 1 for the harbour and 1 for the Mercenary", s.Seats[0].VP)
			}
		}},
		{Avenger, func(t *testing.T, s *State) {
			if len(s.Seats[1].Crew) != 0 || s.Seats[1].Valkyrie != 0 {
				t.Errorf("the opponent's crew %v, Valkyrie track %d", s.Seats[1].Crew, s.Seats[1].Valkyrie)
			}
		}},
	} {
		t.Run(Kinds[c.kind].Name, func(t *testing.T) {
			s := table(t, 2)
			h := spaceOf(Harbour)
			dying := enlist(t, s, 0, c.kind)[0]
			enlist(t, s, 0, Huntsman)
			enlist(t, s, 1, Scout)
			fund(s, 0, 0, 2, 0, 0, 0)
			loot(s, h, Pieces{0, 0, 0, 1})
			do(t, s, 0, KindRaid, h)
			do(t, s, 0, KindLose, dying)
			if c.kind == Avenger {
				do(t, s, 0, KindAvenge, 1)
				do(t, s, 1, KindLose, s.Seats[1].Crew[0])
			}
			if s.Step.Kind != StepTurn {
				t.Fatalf("step %+v", s.Step)
			}
			c.want(t, s)
		})
	}
}

// A Brawler rerolls one die once per raid.
func TestBrawlerRerolls(t *testing.T) {
	s := table(t, 2)
	o := spaceOf(Outpost)
	workerTo(t, s, -1, 0, Grey)
	enlist(t, s, 0, Brawler, Huntsman, Huntsman)
	fund(s, 0, 0, 3, 0, 0, 0)
	do(t, s, 0, KindRaid, o)
	if s.Step.Kind != StepReroll || len(s.Raid.Dice) != 1 {
		t.Fatalf("step %+v, dice %v", s.Step, s.Raid.Dice)
	}
	do(t, s, 0, KindReroll, 0)
	if s.Step.Kind == StepReroll {
		t.Fatal("a second reroll with one Brawler")
	}
	want, _ := s.strength(0, o, s.Raid.Dice, 0)
	if s.Raid.Strength != want {
		t.Errorf("strength %d, want %d from the rerolled dice", s.Raid.Strength, want)
	}
}

// Raid: "Choose a settlement ... that has plunder left to raid": a raided
// space is not offered again.
func TestARaidedSpaceIsDone(t *testing.T) {
	s := table(t, 2)
	h := spaceOf(Harbour)
	enlist(t, s, 0, Huntsman, Huntsman)
	fund(s, 0, 0, 4, 0, 0, 0)
	loot(s, h, Pieces{1, 0, 0, 0})
	do(t, s, 0, KindRaid, h)
	s.Turn, s.Step = 0, Step{Kind: StepTurn, Seat: 0}
	if offered(s, 0, KindRaid, h) {
		t.Fatal("a raided space is offered again")
	}
}

// Raid: "You must satisfy the requirements shown below the settlement": a
// raid space the player cannot raid says which of them it lacks.
func TestARaidThatCannotBeMadeSaysWhy(t *testing.T) {
	h, f := spaceOf(Harbour), spaceOf(Fortress)
	s := table(t, 2)
	enlist(t, s, 0, Huntsman)
	fund(s, 0, 0, 2, 0, 0, 0)
	why := func(i int) string {
		for _, r := range s.Refused(0) {
			if r.Action.Kind == KindRaid && r.Action.Args[0] == i {
				return r.Why
			}
		}
		return ""
	}
	for _, c := range []struct {
		name  string
		space int
		want  string
	}{
		{"at least as many crew as shown", h, "needs 2 crew; you have 1"},
		{"your worker must match a worker color shown", f, "worker; yours is black"},
	} {
		if got := why(c.space); !strings.Contains(got, c.want) {
			t.Errorf("%s: %s is refused with %q, want %q", c.name, SpaceName(c.space), got, c.want)
		}
	}
	enlist(t, s, 0, Huntsman)
	if got := why(h); got != "" {
		t.Errorf("an open harbour raid is refused: %q", got)
	}
	workerTo(t, s, -1, 0, White)
	enlist(t, s, 0, Huntsman, Huntsman, Scout)
	fund(s, 0, 0, 1, 1, 0, 0)
	if got := why(f); !strings.Contains(got, "gold; you have 1") {
		t.Errorf("a fortress raid without its gold: %q", got)
	}
}

// strength is tallyStrength with its terms returned, for tests that check
// them one by one.
func (s *State) strength(p, i int, dice []int, mead int) (total int, terms [][2]int) {
	return s.tallyStrength(p, i, dice, mead, &terms), terms
}
