package raiders

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// The Hall of Heroes module, rule by rule, citing the comprehensive book: the
// published Raiders of the North Sea rules with the Hall of Heroes and
// Fields of Fame expansions (Shem Phillips, Garphill Games).

var heroes = Modules{Heroes: true}

// Setup 5, "Starting Hands (Draft Option)": "Deal 5 Townsfolk cards to
// each player. Choose 1 to hire for free (place face-down). Pass 1 card
// left, 1 card right. Reveal hired card; keep 4-card hand."
func TestDraftStart(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := newState(players, nil, 11, heroes)
		if s.Step.Kind != StepDraft || len(s.Pending()) != players {
			t.Fatalf("%d players: step %+v, pending %v", players, s.Step, s.Pending())
		}
		dealt := make([][]int, players)
		for p := range s.Seats {
			dealt[p] = slices.Clone(s.Seats[p].Dealt)
		}
		for round := range DraftPasses {
			for p := range s.Seats {
				c := s.Seats[p].Dealt[0]
				do(t, s, p, KindDraft, c)
				if round == 0 && p == 0 {
					// The hired card lies face down: no other seat sees it.
					if v := s.view(1); len(v.Draft) != 0 || len(v.Players[0].Crew) != 0 {
						t.Fatalf("seat 1 sees seat 0's draft: %+v", v.Players[0])
					}
				}
			}
		}
		if s.Step.Kind != StepTurn {
			t.Fatalf("after the draft: step %+v", s.Step)
		}
		for p := range s.Seats {
			pl := &s.Seats[p]
			left, right := (p+players-1)%players, (p+1)%players // who passes to p
			want := slices.Concat(dealt[p][3:], []int{dealt[left][1], dealt[right][2]})
			if len(pl.Crew) != 1 || pl.Crew[0] != dealt[p][0] || !sameCards(pl.Hand, want) {
				t.Errorf("%d players, seat %d: crew %v, hand %v; want crew [%d], hand %v", players, p, pl.Crew, pl.Hand, dealt[p][0], want)
			}
		}
	}
}

// Setup 5, "Starting Hands (Draft Option – Recommended for 4+ Players)":
// with a module on, the draft is an option, the default; the other choice
// is the base book's start, "Each player keeps 3 of their 5 townfolk cards
// and returns the other 2 facedown to the bottom of the deck"
// (HandOption). With no module the base game always keeps 3 of 5, so no
// combination of options is refused.
func TestStartingHandsWithAModule(t *testing.T) {
	if HandOption.Choices[0] != HandDraft {
		t.Errorf("the default starting hands are %q, want the draft", HandOption.Choices[0])
	}
	for _, c := range []struct {
		heroes, fame, hand string // "" leaves the option at its default
		want               string // StepDraft or StepKeep
	}{
		{"", "", "", StepKeep},
		{"", "", HandDraft, StepKeep},
		{"", "", HandKeep, StepKeep},
		{On, "", "", StepDraft},
		{"", On, "", StepDraft},
		{On, On, "", StepDraft},
		{On, On, HandDraft, StepDraft},
		{On, "", HandKeep, StepKeep},
		{"", On, HandKeep, StepKeep},
		{On, On, HandKeep, StepKeep},
	} {
		opts, name := map[string]string{}, []string{"no module"}
		if c.heroes != "" || c.fame != "" {
			name = nil
		}
		for _, o := range []struct{ key, value, name string }{
			{HeroesOption.Key, c.heroes, "heroes"}, {FameOption.Key, c.fame, "fame"},
			{HandOption.Key, c.hand, map[string]string{HandDraft: "draft", HandKeep: "keep 3 of 5"}[c.hand]},
		} {
			if o.value != "" {
				opts[o.key] = o.value
				name = append(name, o.name)
			}
		}
		t.Run(strings.Join(name, ", "), func(t *testing.T) {
			st, err := game{}.New(rules.Config{Players: 4, Options: opts}, 3)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			s := st.(*State)
			if s.Step.Kind != c.want || len(s.Pending()) != 4 {
				t.Fatalf("step %+v, pending %v; want %q for every seat", s.Step, s.Pending(), c.want)
			}
			// Every seat plays its first legal choice until the start.
			for p := range s.Seats {
				if len(s.Seats[p].Dealt) != Dealt {
					t.Errorf("seat %d was dealt %v", p, s.Seats[p].Dealt)
				}
				for (s.Step.Kind == StepKeep || s.Step.Kind == StepDraft) && len(s.Legal(rules.Seat(p))) > 0 {
					do(t, s, p, s.Legal(rules.Seat(p))[0].Kind, s.Legal(rules.Seat(p))[0].Args...)
				}
			}
			hand, crew := Kept, 0
			if c.want == StepDraft {
				hand, crew = Dealt-DraftPasses+2, 1
			}
			for p := range s.Seats {
				if pl := &s.Seats[p]; len(pl.Hand) != hand || len(pl.Crew) != crew {
					t.Errorf("seat %d starts with %d cards and %d crew, want %d and %d", p, len(pl.Hand), len(pl.Crew), hand, crew)
				}
			}
			if s.Step.Kind != StepTurn {
				t.Errorf("after the start: step %+v", s.Step)
			}
			if c.heroes == On && (len(s.hallCards()) != MeadRow || s.Mead != MeadSupply) {
				t.Errorf("the Mead Hall is not set up: hall %v, mead %d", s.Hall, s.Mead)
			}
		})
	}
	_, err := game{}.New(rules.Config{Players: 4, Options: map[string]string{HeroesOption.Key: On, HandOption.Key: "keep 4 of 5"}}, 1)
	if !errors.Is(err, rules.ErrBadConfig) {
		t.Errorf("an unknown starting hand: %v, want a rules.ErrBadConfig", err)
	}
}

func sameCards(a, b []int) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// Components and Setup 1 and 3: the Mead Hall, mead and quests belong to
// the module; with it "Place 5 Gold in Main Supply" and the tracks are the
// comprehensive book's ("7 = 15 VP", "10 = 15 VP").
func TestComprehensiveSetup(t *testing.T) {
	base := table(t, 2)
	baseSupply := 0
	for _, n := range base.Supply {
		baseSupply += n
	}
	if offered(base, 0, KindPlace, MeadHall) || base.Mead != 0 || len(base.Hall) != 0 || baseSupply != 10 {
		t.Errorf("the base game has Hall of Heroes pieces: mead %d, hall %v, supply %v (want the bag's 10 leftovers)", base.Mead, base.Hall, base.Supply)
	}
	s := tableWith(t, 2, heroes)
	if !offered(s, 0, KindPlace, MeadHall) {
		t.Error("the Mead Hall is not offered with Hall of Heroes")
	}
	if s.Mead != MeadSupply || len(s.hallCards()) != MeadRow || len(s.QuestStack) != len(Quests) || len(s.RepRow) != len(Reputations) {
		t.Errorf("mead %d, hall %v, quests %d, reputation %v", s.Mead, s.Hall, len(s.QuestStack), s.RepRow)
	}
	leftovers := 0
	for _, n := range s.Supply {
		leftovers += n
	}
	if s.Supply[Gold] < ExtraGold || leftovers != 10+ExtraGold {
		t.Errorf("supply %v: want the bag's 10 leftovers and 5 more gold", s.Supply)
	}
	pl := &s.Seats[0]
	pl.Valkyrie, pl.Armour = 7, 10
	if sc := s.FinalScore(0); sc.Valkyrie != 15 || sc.Armour != 15 {
		t.Errorf("Valkyrie 7 scores %d and armour 10 scores %d, want 15 and 15", sc.Valkyrie, sc.Armour)
	}
}

// Mead Hall, Charm the Crowd: "Take 1 face-up Townsfolk card + any
// Silver/Mead shown. Slide cards right, refill leftmost."
func TestCharmTheCrowd(t *testing.T) {
	s := tableWith(t, 2, heroes)
	s.Buildings[MeadHall] = NoWorker
	row := slices.Clone(s.Hall)
	top := s.Deck[0]
	pl := &s.Seats[0]
	silver, hand := pl.Silver, len(pl.Hand)
	do(t, s, 0, KindPlace, MeadHall)
	do(t, s, 0, KindCharm, 2) // the third slot: 1 mead
	if len(pl.Hand) != hand+1 || !slices.Contains(pl.Hand, row[2]) || pl.Mead != 1 || pl.Silver != silver {
		t.Errorf("hand %v, mead %d, silver %d: want the %s and 1 mead", pl.Hand, pl.Mead, pl.Silver, cardName(row[2]))
	}
	if want := []int{top, row[0], row[1], row[3]}; !slices.Equal(s.Hall, want) {
		t.Errorf("the row %v, want %v (slid right, refilled leftmost)", s.Hall, want)
	}
	if s.Step.Kind != StepTake {
		t.Errorf("Charm the Crowd is not the whole action: %+v", s.Step)
	}
	// The rightmost slot brings 1 silver and 1 mead.
	s = tableWith(t, 2, heroes)
	s.Buildings[MeadHall] = NoWorker
	silver = s.Seats[0].Silver
	do(t, s, 0, KindPlace, MeadHall)
	do(t, s, 0, KindCharm, MeadRow-1)
	if s.Seats[0].Silver != silver+1 || s.Seats[0].Mead != 1 {
		t.Errorf("the rightmost slot gave %d silver and %d mead, want 1 and 1", s.Seats[0].Silver-silver, s.Seats[0].Mead)
	}
}

// Raid 10: "Draw 1 Quest Tile and place it on the raided space (only once
// per space)"; and FAQ: "Do I get a new Worker when raiding a Quest
// space? Yes."
func TestQuestTilesOnRaidedSpaces(t *testing.T) {
	s := tableWith(t, 2, heroes)
	h := spaceOf(Harbour)
	noCrew(s, 0)
	enlist(t, s, 0, Huntsman, Huntsman)
	fund(s, 0, 0, 2, 0, 0, 0)
	loot(s, h, Pieces{1, 0, 0, 0})
	q := s.QuestStack[0]
	do(t, s, 0, KindRaid, h)
	if s.SpaceQuest[h] != q || len(s.QuestStack) != len(Quests)-1 {
		t.Errorf("space quest %d, want %d; stack %d", s.SpaceQuest[h], q, len(s.QuestStack))
	}
	if s.Seats[0].Worker != Grey {
		t.Errorf("the raider holds a %s worker, want the grey one from the space", ColourNames[s.Seats[0].Worker])
	}
	if offered(s, 1, KindRaid, h) {
		t.Error("a raided space with a quest is offered for a raid")
	}
	v := s.view(1)
	if len(v.Quests) != 1 || v.Quests[0] != [2]int{h, q} || v.QuestStack != len(Quests)-1 {
		t.Errorf("the view's quests %v, stack %d", v.Quests, v.QuestStack)
	}
}

// Mead Hall, Complete a Quest: "Discard cards from hand totaling ≥
// Military Strength on Quest. Gain reward, place Quest tile above player
// board." FAQ: only cards from hand count, and excess strength is allowed.
func TestCompleteAQuest(t *testing.T) {
	s := tableWith(t, 2, heroes)
	s.Buildings[MeadHall] = NoWorker
	h := spaceOf(Harbour)
	q := 9 // needs 6 strength, gives 2 VP, 2 VP a tile
	s.QuestStack = rules.Without(s.QuestStack, q)
	s.SpaceQuest[h] = q
	noCrew(s, 0)
	enlist(t, s, 0, Mercenary, Mercenary) // crew strength does not count
	onlyHand(t, s, 0, Jeweller, Archer)   // strength 0 + 3
	quest := func() bool {
		var l choices
		s.legalMeadHall(0, &l)
		return slices.ContainsFunc(l.list(), func(a rules.Action) bool { return a.Kind == KindQuest && a.Args[0] == h })
	}
	if quest() {
		t.Error("a quest needing 6 offered to a hand of strength 3 (and a crew of 8)")
	}
	berserker := give(t, s, 0, Berserker)[0] // strength 4: now 7
	if !quest() {
		t.Fatal("a quest needing 6 refused to a hand of strength 7")
	}
	pl := &s.Seats[0]
	vp := pl.VP
	do(t, s, 0, KindPlace, MeadHall)
	do(t, s, 0, KindQuest, h)
	if offered(s, 0, KindSpend, pl.Hand[slices.IndexFunc(pl.Hand, func(c int) bool { return KindOf(c) == Jeweller })]) {
		t.Error("a card of strength 0 offered for a quest")
	}
	do(t, s, 0, KindSpend, berserker)
	if s.Step.Kind != StepQuest || s.Step.Left != 2 {
		t.Fatalf("after 4 of 6: step %+v", s.Step)
	}
	do(t, s, 0, KindSpend, firstArgs(t, s, KindSpend)...) // the Archer's 3: one more than needed
	if !slices.Equal(pl.Tiles, []int{q}) || pl.VP != vp+2 || s.SpaceQuest[h] != -1 || len(pl.Hand) != 1 || s.Step.Kind != StepTake {
		t.Errorf("tiles %v, VP %d, space quest %d, hand %v, step %+v", pl.Tiles, pl.VP-vp, s.SpaceQuest[h], pl.Hand, s.Step)
	}
	if sc := s.FinalScore(0); sc.Quests != Quests[q].PerTile {
		t.Errorf("one tile scores %d, want %d", sc.Quests, Quests[q].PerTile)
	}
}

// Final Scoring 5: "Rightmost Quest/Reputation tile above player board
// determines VP (per tile)"; reputation tiles are claimed at the Mead Hall
// by a player who meets their demand.
func TestReputationTilesAndTileScoring(t *testing.T) {
	s := tableWith(t, 2, heroes)
	s.Buildings[MeadHall] = NoWorker
	pl := &s.Seats[0]
	claimable := func(r int) bool { return offered(s, 0, KindClaim, r) }
	do(t, s, 0, KindPlace, MeadHall)
	for r := range Reputations {
		if claimable(r) {
			t.Errorf("reputation tile %d (%s) offered to a new player", r, RepText[Reputations[r].Need])
		}
	}
	pl.Armour = 6
	pl.Fortresses = 1
	if !claimable(0) || !claimable(2) || claimable(1) || claimable(3) {
		t.Errorf("with a fortress raided and 6 armour: legal %v", s.Legal(0))
	}
	pl.Tiles = takeTiles(s, 0, 11) // a quest worth 1 a tile, then one worth 3
	do(t, s, 0, KindClaim, 2)
	if !slices.Equal(pl.Tiles, []int{0, 11, len(Quests) + 2}) || slices.Contains(s.RepRow, len(Quests)+2) {
		t.Errorf("tiles %v, row %v", pl.Tiles, s.RepRow)
	}
	if sc := s.FinalScore(0); sc.Quests != 3*Reputations[2].PerTile {
		t.Errorf("3 tiles, the rightmost worth %d a tile, score %d", Reputations[2].PerTile, sc.Quests)
	}
	pl.Tiles = []int{len(Quests) + 2, 0} // the same, a 1-VP quest rightmost
	if sc := s.FinalScore(0); sc.Quests != 2 {
		t.Errorf("2 tiles, the rightmost worth 1 a tile, score %d", sc.Quests)
	}
}

// Raid 4: "+ Mead (optional: spend 1 Mead = +1 Strength)", and FAQ: "Can
// I use Mead after rolling? No. Must declare before rolling."
func TestMeadIsDeclaredBeforeTheRoll(t *testing.T) {
	s := tableWith(t, 2, heroes)
	m := spaceOf(Monastery)
	pl := &s.Seats[0]
	noCrew(s, 0)
	enlist(t, s, 0, Huntsman, Reveller, Scout, Shieldmaiden)
	workerTo(t, s, -1, 0, White)
	fund(s, 0, 0, 3, 1, 0, 0)
	pl.Mead, s.Mead = 3, s.Mead-3
	do(t, s, 0, KindRaid, m)
	if s.Step.Kind != StepMead || s.Raid.Dice[0] != 0 {
		t.Fatalf("no mead step before the roll: step %+v, dice %v", s.Step, s.Raid.Dice)
	}
	if n := len(s.Legal(0)); n != 4 {
		t.Errorf("%d mead choices with 3 mead, want 4 (none to 3)", n)
	}
	do(t, s, 0, KindMead, 2)
	terms := map[int]int{}
	for _, tm := range s.Raid.Terms {
		terms[tm[0]] = tm[1]
	}
	if s.Raid.Dice[0] == 0 || terms[TermMead] != 2 || terms[TermReveller] != 2 || pl.Mead != 1 {
		t.Errorf("dice %v, terms %v, mead left %d: want 2 from mead and 2 from the Reveller", s.Raid.Dice, s.Raid.Terms, pl.Mead)
	}
	// A harbour rolls no dice: no mead to declare.
	s = tableWith(t, 2, heroes)
	h := spaceOf(Harbour)
	enlist(t, s, 0, Huntsman)
	fund(s, 0, 0, 2, 0, 0, 0)
	s.Seats[0].Mead, s.Mead = 2, s.Mead-2
	do(t, s, 0, KindRaid, h)
	if s.Step.Kind == StepMead {
		t.Error("mead offered at a harbour")
	}
}

// Raid 4: "+ Mead (optional: spend 1 Mead = +1 Strength)"; FAQ: "Can I use
// Mead after rolling? No. Must declare before rolling." The raider declares
// it knowing the strength before the dice and what each choice makes; a
// Reveller's +2 counts once any mead is drunk. The strength then rolled is
// the chosen one plus the dice.
func TestMeadPromptShowsStrength(t *testing.T) {
	for _, c := range []struct {
		name   string
		crew   []int
		armour int
		drink  int      // the mead drunk
		drunk  int      // the strength it makes before the dice
		before int      // strength before the dice, no mead
		labels []string // each choice, none to all 3 mead
	}{
		{"mead is declared before the roll: the prompt shows strength before the dice, and each option's strength",
			[]int{Huntsman, Scout, Shieldmaiden, Huntsman}, 2, 2, 11, 1 + 2 + 3 + 1 + 2, []string{
				"Drink no mead: strength 9 before the dice", "Drink 1 mead: strength 10 before the dice",
				"Drink 2 mead: strength 11 before the dice", "Drink 3 mead: strength 12 before the dice"}},
		{"a Reveller's bonus counts once mead is drunk", []int{Huntsman, Reveller, Scout, Shieldmaiden}, 0, 1, 11, 1 + 2 + 2 + 3, []string{
			"Drink no mead: strength 8 before the dice", "Drink 1 mead: strength 11 before the dice",
			"Drink 2 mead: strength 12 before the dice", "Drink 3 mead: strength 13 before the dice"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := tableWith(t, 2, heroes)
			m := spaceOf(Monastery)
			noCrew(s, 0)
			enlist(t, s, 0, c.crew...)
			s.Seats[0].Armour = c.armour
			workerTo(t, s, -1, 0, White)
			fund(s, 0, 0, 3, 1, 0, 0)
			s.Seats[0].Mead, s.Mead = 3, s.Mead-3
			loot(s, m, Pieces{1, 0, 0, 0})
			do(t, s, 0, KindRaid, m)
			if s.Step.Kind != StepMead {
				t.Fatalf("step %+v, want mead", s.Step)
			}
			for seat := range s.Seats {
				if r := s.view(seat).Raid; r == nil || r.Strength != c.before || r.Dice[0] != 0 || r.Dice[1] != 0 {
					t.Errorf("seat %d sees the raid %+v, want strength %d before the dice", seat, r, c.before)
				}
			}
			var labels []string
			for _, a := range s.Legal(0) {
				labels = append(labels, a.Label)
			}
			if !slices.Equal(labels, c.labels) {
				t.Errorf("mead choices %q, want %q", labels, c.labels)
			}
			do(t, s, 0, KindMead, c.drink)
			dice := 0
			for _, d := range s.Raid.Dice {
				dice += d
			}
			if s.Raid.Strength != c.drunk+dice {
				t.Errorf("strength %d with dice %v, want the %d promised and the dice", s.Raid.Strength, s.Raid.Dice, c.drunk)
			}
		})
	}
}

// Limits at End of Turn: "Max 8 Mead".
func TestMeadLimit(t *testing.T) {
	s := tableWith(t, 2, heroes)
	s.Seats[0].Mead, s.Mead = 10, s.Mead-10
	do(t, s, 0, KindPlace, Silversmith)
	do(t, s, 0, KindTake, GateHouse)
	if s.Seats[0].Mead != MaxMead || s.Mead != MeadSupply-MaxMead {
		t.Errorf("mead %d after the turn, supply %d", s.Seats[0].Mead, s.Mead)
	}
}

// The Hall of Heroes townsfolk (modules.go), as crew and at the Town Hall.
func TestHallOfHeroesTownsfolk(t *testing.T) {
	t.Run("Skald", func(t *testing.T) {
		s := tableWith(t, 3, heroes)
		townHall(t, s, Skald)
		if s.Seats[0].Mead != 2 {
			t.Errorf("mead %d, want 2", s.Seats[0].Mead)
		}
	})
	t.Run("Brewer", func(t *testing.T) {
		s := tableWith(t, 3, heroes)
		townHall(t, s, Brewer)
		if s.Seats[0].Mead != 1 || s.Seats[0].Provisions != 1 {
			t.Errorf("mead %d, provisions %d, want 1 and 1", s.Seats[0].Mead, s.Seats[0].Provisions)
		}
		// As crew: +1 mead at the Mead Hall.
		s = tableWith(t, 3, heroes)
		s.Buildings[MeadHall] = NoWorker
		enlist(t, s, 0, Brewer)
		do(t, s, 0, KindPlace, MeadHall)
		if s.Seats[0].Mead != 1 {
			t.Errorf("a Brewer's crew gave %d mead at the Mead Hall, want 1", s.Seats[0].Mead)
		}
	})
	t.Run("Reveller", func(t *testing.T) {
		s := tableWith(t, 3, heroes)
		s.Seats[0].Mead, s.Mead = 1, s.Mead-1
		silver := s.Seats[0].Silver
		townHall(t, s, Reveller)
		if s.Seats[0].Mead != 0 || s.Seats[0].Silver != silver+2 {
			t.Errorf("mead %d, silver +%d", s.Seats[0].Mead, s.Seats[0].Silver-silver)
		}
	})
	t.Run("Sigrun and Halfdan", func(t *testing.T) {
		s := tableWith(t, 3, heroes)
		noCrew(s, 0)
		enlist(t, s, 0, Sigrun, Halfdan)
		s.Seats[0].Tiles = takeTiles(s, 0, 1, 2)
		_, terms := s.strength(0, spaceOf(Outpost), []int{1}, 0)
		if !slices.Contains(terms, [2]int{TermSigrun, 3}) {
			t.Errorf("terms %v: want Sigrun +3 for 3 tiles", terms)
		}
		if sc := s.FinalScore(0); sc.Crew != 3 {
			t.Errorf("Halfdan scores %d with 3 tiles, want 3", sc.Crew)
		}
	})
}

// townHall plays card kind k at the Town Hall for seat 0, its only card.
func townHall(t *testing.T, s *State, k int) {
	t.Helper()
	s.Buildings[TownHall], s.Buildings[Armoury] = NoWorker, Black
	c := onlyHand(t, s, 0, k)[0]
	do(t, s, 0, KindPlace, TownHall)
	do(t, s, 0, KindTown, c)
}

// noCrew discards p's crew.
func noCrew(s *State, p int) {
	for _, c := range s.Seats[p].Crew {
		s.discardCard(c)
	}
	s.Seats[p].Crew, s.Seats[p].Wounds = nil, nil
}

// takeTiles takes quest tiles out of the stack, for a player's tiles.
func takeTiles(s *State, tiles ...int) []int {
	for _, q := range tiles {
		s.QuestStack = rules.Without(s.QuestStack, q)
	}
	return tiles
}
