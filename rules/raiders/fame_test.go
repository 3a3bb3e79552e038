package raiders

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// The Fields of Fame module, rule by rule, citing the comprehensive book: the
// published Raiders of the North Sea rules with the Hall of Heroes and
// Fields of Fame expansions (Shem Phillips, Garphill Games).

var fame = Modules{Fame: true}

// jarlOnTop puts a Jarl of kind k on top of the Jarl deck.
func jarlOnTop(t *testing.T, s *State, k int) int {
	t.Helper()
	for _, pile := range []*[]int{&s.JarlDeck, &s.JarlDiscard} {
		for _, c := range *pile {
			if KindOf(c) == k {
				*pile = rules.Without(*pile, c)
				s.JarlDeck = append([]int{c}, s.JarlDeck...)
				return c
			}
		}
	}
	t.Fatalf("no %s in the Jarl deck", Kinds[k].Name)
	return -1
}

// harbourWithJarls readies seat 0 (of 2, Fields of Fame on) to raid a
// harbour holding the given pieces, with a crew of the given kinds, and
// puts Jarls of the given kinds on top of the Jarl deck. It returns the
// harbour.
func harbourWithJarls(t *testing.T, pieces Pieces, crew []int, jarls ...int) (*State, int) {
	t.Helper()
	s := tableWith(t, 2, fame)
	h := spaceOf(Harbour)
	noCrew(s, 0)
	enlist(t, s, 0, crew...)
	fund(s, 0, 0, 2, 0, 0, 0)
	loot(s, h, pieces)
	for i := len(jarls) - 1; i >= 0; i-- {
		jarlOnTop(t, s, jarls[i])
	}
	return s, h
}

// Components and Setup 2: the Township's raid spaces and the Jarl tokens
// are on the table only with the module; "Randomly draw and place ...
// Jarl Tokens into raiding spaces per green number".
func TestTownshipAndJarlTokens(t *testing.T) {
	base := table(t, 2)
	if len(base.Plunder) != BaseSpaces || len(base.JarlDeck) != 0 {
		t.Errorf("the base game has %d raid spaces and %d Jarls", len(base.Plunder), len(base.JarlDeck))
	}
	s := tableWith(t, 2, fame)
	if len(s.Plunder) != len(Spaces) || len(s.JarlDeck) != NumKinds-FirstJarl {
		t.Errorf("with Fields of Fame: %d raid spaces, %d Jarls", len(s.Plunder), len(s.JarlDeck))
	}
	tokens := s.Supply[JarlToken]
	for i := range s.Plunder {
		tokens += s.Plunder[i][JarlToken]
	}
	if tokens != JarlTokens {
		t.Errorf("%d Jarl tokens, want %d", tokens, JarlTokens)
	}
	// A Township raid brings fame.
	town := spaceOf(Township)
	noCrew(s, 0)
	enlist(t, s, 0, Huntsman, Huntsman, Huntsman)
	workerTo(t, s, -1, 0, Grey)
	fund(s, 0, 0, 2, 0, 0, 0)
	loot(s, town, Pieces{1, 0, 0, 0})
	do(t, s, 0, KindRaid, town)
	if s.Seats[0].Fame != TownshipFame {
		t.Errorf("fame %d after a Township raid, want %d", s.Seats[0].Fame, TownshipFame)
	}
}

// Raid 8, Kill: "Take Wounds = Jarl Strength +1. Gain 2 Fame. Gain Kill
// reward." The Jarl token goes on the encounter board.
func TestKillAJarl(t *testing.T) {
	s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 1}, []int{Mercenary, Warlord}, Asgeir) // strength 2: 3 wounds
	do(t, s, 0, KindRaid, h)
	if s.Step.Kind != StepJarl || s.Encounter == nil || KindOf(s.Encounter.Jarls[0]) != Asgeir {
		t.Fatalf("no encounter with Jarl Asgeir: step %+v", s.Step)
	}
	pl := &s.Seats[0]
	silver := pl.Silver
	do(t, s, 0, KindKill)
	// Two kinds of crew to wound: the raider chooses each wound.
	for s.Step.Kind == StepWound {
		do(t, s, 0, KindWound, pl.Crew[0]) // the Mercenary first, while it has room
	}
	if pl.Fame != KillFame || pl.Silver != silver+2 || pl.Jarls != 1 || s.Encounter != nil {
		t.Errorf("fame %d, silver +%d, Jarl tokens %d, encounter %+v", pl.Fame, pl.Silver-silver, pl.Jarls, s.Encounter)
	}
	wounds := 0
	for _, w := range pl.Wounds {
		wounds += w
	}
	if wounds != 3 || s.Step.Kind != StepTurn {
		t.Errorf("wounds %v, step %+v", pl.Wounds, s.Step)
	}
}

// Wounds: "Each Crew can take up to its printed Military Strength in
// Wounds. Each Wound reduces Crew's Strength by 1 in future raids."
// Killing needs room for the wounds (WoundsMustFit).
func TestWoundsLowerStrength(t *testing.T) {
	s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 1}, []int{Huntsman, Gatekeeper}, Eyvind) // room 1+2 = 3; a kill costs 4
	do(t, s, 0, KindRaid, h)
	if offered(s, 0, KindKill) {
		t.Error("a kill offered to a crew with room for 3 wounds (it costs 4)")
	}
	if !offered(s, 0, KindSubdue) {
		t.Fatalf("subdue refused (2 wounds, 2 silver): legal %v", s.Legal(0))
	}
	do(t, s, 0, KindSubdue)
	// 2 wounds, room 1 on the Huntsman and 2 on the Gatekeeper: a choice.
	for s.Step.Kind == StepWound {
		do(t, s, 0, KindWound, firstArgs(t, s, KindWound)...)
	}
	pl := &s.Seats[0]
	total, terms := s.strength(0, spaceOf(Outpost), []int{3}, 0)
	want := 3 + 1 + 2 + Kinds[Eyvind].Strength - 2
	if total != want || !slices.Contains(terms, [2]int{TermWounds, -2}) {
		t.Errorf("strength %d (terms %v), want %d with 2 wounds", total, terms, want)
	}
	for c, w := range pl.Wounds {
		if w > Kinds[KindOf(c)].Strength {
			t.Errorf("the %s has %d wounds", cardName(c), w)
		}
	}
}

// Raid 8, Subdue: "Take Wounds = Jarl Strength –1. Pay Silver cost. Add
// Jarl to Crew (not hand)"; Wounds: "Cannot wound or kill a Jarl on the
// same turn it was subdued." So the Valkyries after it pass it by.
func TestSubdueAJarl(t *testing.T) {
	s, h := harbourWithJarls(t, Pieces{0, 0, 0, 1, 1}, []int{Huntsman, Archer}, Bodvar) // 1 Valkyrie
	pl := &s.Seats[0]
	silver := pl.Silver
	do(t, s, 0, KindRaid, h)
	do(t, s, 0, KindSubdue)
	j := pl.Crew[len(pl.Crew)-1]
	if KindOf(j) != Bodvar || pl.Silver != silver-Kinds[Bodvar].Cost {
		t.Fatalf("crew %v, silver %d", pl.Crew, pl.Silver)
	}
	if s.Step.Kind != StepWound || offered(s, 0, KindWound, j) {
		t.Fatalf("the subdued Jarl may take its own wound: step %+v, legal %v", s.Step, s.Legal(0))
	}
	do(t, s, 0, KindWound, firstArgs(t, s, KindWound)...)
	if s.Step.Kind != StepLose || offered(s, 0, KindLose, j) {
		t.Fatalf("the Valkyrie may kill the Jarl subdued this turn: step %+v, legal %v", s.Step, s.Legal(0))
	}
	do(t, s, 0, KindLose, firstArgs(t, s, KindLose)...)
	if !slices.Contains(pl.Crew, j) || s.Step.Kind != StepTurn || len(s.Subdued) != 0 {
		t.Errorf("crew %v, step %+v, subdued %v", pl.Crew, s.Step, s.Subdued)
	}
	if sc := s.FinalScore(0); sc.Jarls != Jarls[Bodvar-FirstJarl].EndVP {
		t.Errorf("Jarl VP %d, want %d", sc.Jarls, Jarls[Bodvar-FirstJarl].EndVP)
	}
	// FAQ: "Can I hire a Jarl without subduing? No": a Gravedigger cannot
	// send one to the hand.
	if exhumable(j) {
		t.Error("a Gravedigger may take a Jarl back to the hand")
	}
}

// Raid 8, Subdue: "Pay Silver cost"; Kill: "Take Wounds = Jarl
// Strength"; Wounds: "Each Crew can take up to its printed Military
// Strength in Wounds." A choice the crew cannot pay for is refused with
// its reason (rules.Explainer), and is never legal.
func TestAJarlSaysWhyItCannotBeKilledOrSubdued(t *testing.T) {
	s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 1}, []int{Huntsman, Gatekeeper}, Eyvind) // room 1+2 = 3; a kill costs 4
	do(t, s, 0, KindRaid, h)
	s.Seats[0].Silver = 0
	why := map[string]string{}
	for _, r := range s.Refused(0) {
		why[r.Action.Kind] = r.Why
	}
	for kind, want := range map[string]string{
		KindKill:   "needs room for 4 wounds; your crew can take 3",
		KindSubdue: fmt.Sprintf("needs %d silver; you have 0", Kinds[Eyvind].Cost),
	} {
		if why[kind] != want {
			t.Errorf("%s refused with %q, want %q", kind, why[kind], want)
		}
		if offered(s, 0, kind) {
			t.Errorf("%s is legal and refused", kind)
		}
	}
	if r := s.Refused(1); r != nil {
		t.Errorf("a seat not at the Jarl is told %v", r)
	}
}

// Raid 8, Flee: "Discard Jarl. Lose 1 Fame or 1 VP."
func TestFleeFromAJarl(t *testing.T) {
	s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 1}, []int{Huntsman, Huntsman}, Thorkel)
	pl := &s.Seats[0]
	pl.Fame, pl.VP = 1, 5
	do(t, s, 0, KindRaid, h) // +1 VP for the harbour
	if !offered(s, 0, KindFlee, 0) || !offered(s, 0, KindFlee, 1) {
		t.Fatalf("flee choices: %v", s.Legal(0))
	}
	do(t, s, 0, KindFlee, 0)
	if pl.Fame != 0 || pl.VP != 6 || len(s.JarlDiscard) != 1 {
		t.Errorf("fame %d, VP %d, Jarl discards %v", pl.Fame, pl.VP, s.JarlDiscard)
	}
}

// Raid 8: "Resolve in order: All Kills → All Subdues → All Flees", and
// Raid 9: the Valkyries come after the Jarls.
func TestJarlsResolveKillsThenSubduesThenFlights(t *testing.T) {
	s, h := harbourWithJarls(t, Pieces{0, 0, 0, 1, 3}, []int{Berserker, Berserker, Mercenary}, Orm, Asgeir, Bodvar)
	pl := &s.Seats[0]
	pl.VP = 3
	do(t, s, 0, KindRaid, h)
	do(t, s, 0, KindFlee, 1)    // Orm: flee
	do(t, s, 0, KindSubdue)     // Asgeir: subdue
	ev := do(t, s, 0, KindKill) // Bodvar: kill
	var order []string
	for _, e := range ev {
		if e.Kind == "kill" || e.Kind == "subdue" || e.Kind == "flee" {
			order = append(order, e.Kind)
		}
	}
	for s.Step.Kind == StepWound {
		ev := do(t, s, 0, KindWound, firstArgs(t, s, KindWound)...)
		for _, e := range ev {
			if e.Kind == "kill" || e.Kind == "subdue" || e.Kind == "flee" {
				order = append(order, e.Kind)
			}
		}
	}
	if strings.Join(order, ",") != "kill,subdue,flee" {
		t.Errorf("resolved %v, want kill, subdue, flee", order)
	}
	if s.Step.Kind != StepLose {
		t.Errorf("the Valkyrie does not come after the Jarls: step %+v", s.Step)
	}
}

// Raid 8: "Resolve in order: All Kills → All Subdues → All Flees", and
// Flee: "Lose 1 Fame or 1 VP." The fame a flight loses is counted once
// every kill has resolved, whichever Jarl the kill is chosen at: fleeing
// for fame is open when the fame is there, or when a Jarl still to decide
// can be killed for it (its wounds fitting the crew).
func TestFleeForFameCountsEveryKillBeforeIt(t *testing.T) {
	for _, c := range []struct {
		name   string
		fame   int
		crew   []int
		jarls  []int
		before []string // choices made at the first Jarls: kill, fame (flee for fame), vp (flee for VP)
		want   bool     // fleeing for fame is offered at the next Jarl
	}{
		{"fame in hand", 1, []int{Huntsman, Huntsman}, []int{Thorkel, Asgeir}, nil, true},
		{"no fame and nothing to kill", 0, []int{Huntsman, Huntsman}, []int{Thorkel}, nil, false},
		{"a kill listed earlier", 0, []int{Mercenary, Mercenary}, []int{Asgeir, Thorkel}, []string{"kill"}, true},
		{"a kill listed later", 0, []int{Mercenary, Mercenary}, []int{Thorkel, Asgeir}, nil, true},
		{"a kill listed later pays for two flights", 0, []int{Mercenary, Mercenary}, []int{Thorkel, Orm, Asgeir}, []string{"fame"}, true},
		{"a later kill without room for its wounds", 0, []int{Huntsman, Huntsman}, []int{Thorkel, Asgeir}, nil, false},
		{"one later kill pays for two flights, not three", 0, []int{Mercenary, Mercenary}, []int{Thorkel, Orm, Asgeir}, []string{"fame", "fame"}, false},
		{"the earlier flight spent it", 1, []int{Huntsman, Huntsman}, []int{Thorkel, Orm}, []string{"fame"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, len(c.jarls)}, c.crew, c.jarls...)
			do(t, s, 0, KindRaid, h)
			s.Seats[0].Fame = c.fame
			for _, b := range c.before {
				switch b {
				case "kill":
					do(t, s, 0, KindKill)
				case "fame":
					do(t, s, 0, KindFlee, 0)
				default:
					do(t, s, 0, KindFlee, 1)
				}
			}
			if s.Step.Kind != StepJarl {
				t.Fatalf("step %+v, want the next Jarl", s.Step)
			}
			if got := offered(s, 0, KindFlee, 0); got != c.want {
				t.Errorf("flee for fame offered: %v, want %v (legal %v)", got, c.want, s.Legal(0))
			}
			if len(s.Legal(0)) == 0 {
				t.Error("no choice left at a Jarl")
			}
		})
	}
	// Played out: fleeing Thorkel for fame with none commits the raider to
	// killing Asgeir, listed after him; the kill resolves first and pays.
	s, h := harbourWithJarls(t, Pieces{0, 0, 0, 0, 2}, []int{Mercenary, Mercenary}, Thorkel, Asgeir)
	do(t, s, 0, KindRaid, h)
	pl := &s.Seats[0]
	vp := pl.VP
	do(t, s, 0, KindFlee, 0) // Thorkel: flee, losing 1 fame
	for _, a := range s.Legal(0) {
		if a.Kind != KindKill {
			t.Errorf("%v is open at Asgeir: only his kill pays for the flight", a)
		}
	}
	why := map[string]string{}
	for _, r := range s.Refused(0) {
		why[r.Action.Kind] = r.Why
	}
	for _, kind := range []string{KindSubdue, KindFlee} {
		if want := "your flights for fame need 1 more fame, from killing a Jarl"; why[kind] != want {
			t.Errorf("%s at Asgeir refused with %q, want %q", kind, why[kind], want)
		}
	}
	do(t, s, 0, KindKill)
	for s.Step.Kind == StepWound {
		do(t, s, 0, KindWound, firstArgs(t, s, KindWound)...)
	}
	if pl.Fame != KillFame-1 || pl.VP != vp || s.Encounter != nil {
		t.Errorf("fame %d, VP %+d, encounter %+v; want %d fame and the VP unchanged", pl.Fame, pl.VP-vp, s.Encounter, KillFame-1)
	}
}

// Final Scoring 1: "Fame Track: VP based on level (e.g., 6 = 12 VP)".
func TestFameTrack(t *testing.T) {
	s := tableWith(t, 2, fame)
	s.Seats[0].Fame = 6
	if sc := s.FinalScore(0); sc.Fame != 12 {
		t.Errorf("fame 6 scores %d, want 12", sc.Fame)
	}
	var ev events
	s.gainFame(0, 10, &ev)
	if s.Seats[0].Fame != len(FameVP)-1 {
		t.Errorf("fame %d past the track's end", s.Seats[0].Fame)
	}
}

// End Game Trigger: "Only 1 Fortress raid space remains unraided" (the
// base book's "5 fortresses are raided", with the same six fortresses).
func TestEndTriggerWithModules(t *testing.T) {
	s := tableWith(t, 2, Modules{Heroes: true, Fame: true})
	n := 0
	for i := range s.Plunder {
		if Spaces[i].Settlement == Fortress && n < 5 {
			loot(s, i, Pieces{})
			n++
		}
	}
	do(t, s, 0, KindPlace, Silversmith)
	do(t, s, 0, KindTake, GateHouse)
	if s.FinalLeft != 2 {
		t.Errorf("one fortress left unraided did not start the final round: %d left", s.FinalLeft)
	}
}
