package raiders

import (
	"fmt"
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/mcts"
	"longhall/rules/rulestest"
)

// check verifies that nothing was created or lost: every card, offering,
// piece of plunder, Valkyrie, silver, provision and worker is in exactly
// one place, and the limits hold.
func check(st rules.State) error {
	s := st.(*State)
	cards := slices.Concat(s.Deck, s.Discard, s.hallCards(), s.JarlDeck, s.JarlDiscard)
	if s.Encounter != nil {
		for i, j := range s.Encounter.Jarls {
			// Killed and fled Jarls are discarded, subdued ones in a crew.
			if !slices.Contains(s.Encounter.order()[:s.Encounter.Done], i) {
				cards = append(cards, j)
			}
		}
	}
	offerings := slices.Concat(s.Offering)
	tiles := slices.Concat(s.QuestStack, s.RepRow)
	for _, q := range s.SpaceQuest {
		if q >= 0 {
			tiles = append(tiles, q)
		}
	}
	plunder := s.Supply
	silver, provisions, mead := s.Silver, s.Provisions, s.Mead
	var workers [3]int
	count := func(w int) error {
		if w < NoWorker || w > White {
			return fmt.Errorf("a worker of colour %d", w)
		}
		if w != NoWorker {
			workers[w]++
		}
		return nil
	}
	for _, o := range s.Row {
		if o >= 0 {
			offerings = append(offerings, o)
		}
	}
	for p := range s.Seats {
		pl := &s.Seats[p]
		cards = slices.Concat(cards, pl.Hand, pl.Crew, pl.Dealt, pl.Draft)
		offerings = append(offerings, pl.Offerings...)
		tiles = append(tiles, pl.Tiles...)
		plunder[Gold] += pl.Gold
		plunder[Iron] += pl.Iron
		plunder[Livestock] += pl.Livestock
		plunder[JarlToken] += pl.Jarls
		silver += pl.Silver
		provisions += pl.Provisions
		mead += pl.Mead
		if err := count(pl.Worker); err != nil {
			return err
		}
		if len(pl.Crew) > MaxCrew || pl.Armour > MaxArmour || pl.Valkyrie > s.maxValkyrie() || pl.Fame >= len(FameVP) {
			return fmt.Errorf("seat %d has %d crew, %d armour, Valkyrie track %d, fame %d", p, len(pl.Crew), pl.Armour, pl.Valkyrie, pl.Fame)
		}
		for _, n := range []int{pl.Silver, pl.Provisions, pl.Gold, pl.Iron, pl.Livestock, pl.Armour, pl.VP, pl.Mead, pl.Fame} {
			if n < 0 {
				return fmt.Errorf("seat %d has a negative count: %+v", p, *pl)
			}
		}
		for c, w := range pl.Wounds {
			if !slices.Contains(pl.Crew, c) || w <= 0 || w > Kinds[KindOf(c)].Strength {
				return fmt.Errorf("seat %d has %d wounds on card %d (crew %v)", p, w, c, pl.Crew)
			}
		}
		for _, c := range pl.Hand {
			if IsJarl(c) {
				return fmt.Errorf("seat %d holds a Jarl in hand", p)
			}
		}
		if p != s.Step.Seat && s.Step.Kind == StepTurn && (len(pl.Hand) > MaxHand || pl.Silver > MaxSilver || pl.Provisions > MaxProvisions || pl.Mead > MaxMead) {
			return fmt.Errorf("seat %d is over a limit between turns: %d cards, %d silver, %d provisions, %d mead", p, len(pl.Hand), pl.Silver, pl.Provisions, pl.Mead)
		}
	}
	if !s.Heroes && (s.Buildings[MeadHall] != NoWorker || mead != 0 || len(tiles) != 0) {
		return fmt.Errorf("Hall of Heroes pieces in a game without it")
	}
	for i := range s.Plunder {
		for k := range plunder {
			plunder[k] += s.Plunder[i][k]
		}
		if err := count(s.SpaceWorkers[i]); err != nil {
			return err
		}
	}
	if len(s.Plunder) != s.spacesInPlay() || len(s.SpaceWorkers) != len(s.Plunder) {
		return fmt.Errorf("%d raid spaces, want %d", len(s.Plunder), s.spacesInPlay())
	}
	for _, w := range s.Buildings {
		if err := count(w); err != nil {
			return err
		}
	}
	want := s.townsfolk()
	if s.Fame {
		r := cardsOf(FirstJarl, NumKinds)
		for c := r[0]; c < r[1]; c++ {
			want = append(want, c)
		}
	}
	slices.Sort(cards)
	if !slices.Equal(cards, want) {
		return fmt.Errorf("the cards are not all there once: %v, want %v", cards, want)
	}
	slices.Sort(offerings)
	for i, o := range offerings {
		if o != i {
			return fmt.Errorf("the offerings are not all there once: %v", offerings)
		}
	}
	if len(offerings) != len(Offerings) {
		return fmt.Errorf("%d offerings, want %d", len(offerings), len(Offerings))
	}
	slices.Sort(tiles)
	for i, t := range tiles {
		if t != i || !s.Heroes || len(tiles) != len(Quests)+len(Reputations) {
			return fmt.Errorf("the quest and reputation tiles are not all there once: %v", tiles)
		}
	}
	if plunder != s.bag() {
		return fmt.Errorf("plunder, Valkyries and Jarl tokens %v, want %v", plunder, s.bag())
	}
	if silver != SilverSupply || provisions != ProvisionsSupply {
		return fmt.Errorf("%d silver and %d provisions, want %d and %d", silver, provisions, SilverSupply, ProvisionsSupply)
	}
	if s.Heroes && mead != MeadSupply {
		return fmt.Errorf("%d mead, want %d", mead, MeadSupply)
	}
	wantWorkers := [3]int{3 + s.Players, 11, 12}
	for _, sp := range Spaces[BaseSpaces:len(s.Plunder)] {
		wantWorkers[sp.Worker]++
	}
	if workers != wantWorkers {
		return fmt.Errorf("workers by colour %v, want %v", workers, wantWorkers)
	}
	// Hidden things stay hidden: no view holds another seat's hand.
	for me := -1; me < s.Players; me++ {
		v := s.view(me)
		for p, pv := range v.Players {
			if pv.Hand != len(s.Seats[p].Hand) {
				return fmt.Errorf("seat %d's hand count is wrong in seat %d's view", p, me)
			}
		}
		if me < 0 && (len(v.Hand) > 0 || len(v.Dealt) > 0) {
			return fmt.Errorf("a spectator sees a hand")
		}
	}
	return nil
}

// suite is Raiders for the conformance suite.
func suite() rulestest.Suite {
	return rulestest.Suite{
		Game: game{},
		// Two dice showing one face are one choice twice.
		Copies: func(st rules.State, a, b rules.Action) bool {
			dice := st.(*State).Raid.Dice
			return a.Kind == KindReroll && b.Kind == KindReroll && len(a.Args) == 1 && len(b.Args) == 1 &&
				dice[a.Args[0]] == dice[b.Args[0]]
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
			{Players: 2, Options: map[string]string{"runesaga": "on"}},
			{Players: 2, Options: map[string]string{"heroes": "yes"}},
			{Players: 3, Setup: []byte(`{}`)},
		},
	}
}

// TestConformance plays whole games at 2, 3 and 4 players through the
// conformance suite (rulestest.DefaultGames a config, the thousands under
// make test-long): at every step Pending and Legal agree, refused actions
// change nothing, clones are independent, no seat's view, legal actions or
// bot choice depends on what it cannot see, nothing is created or lost,
// and the record replays to the same state.
func TestConformance(t *testing.T) {
	s := suite()
	s.Every, s.HiddenEvery = 9, 10
	s.Configs = configs()
	rulestest.Run(t, s)
}

// TestConformanceWithModules is the same suite with the modules: under
// make test-long, the three module combinations at 2, 3 and 4 players and
// both modules with the base book's start at 2 and 4; by default, each
// combination and the book's start once, and both modules at every count
// (moduleConfigs).
func TestConformanceWithModules(t *testing.T) {
	s := suite()
	s.Every, s.HiddenEvery = 9, 10
	s.Configs = moduleConfigs(rulestest.Long())
	rulestest.Run(t, s)
}

// configs lists the base game's set-ups the suite plays: every player
// count, and the balanced start at 2 and 4.
func configs() []rules.Config {
	var out []rules.Config
	for players := 2; players <= 4; players++ {
		out = append(out, rules.Config{Players: players})
		if players != 3 {
			out = append(out, rules.Config{Players: players, Options: map[string]string{StartOption.Key: StartBalanced}})
		}
	}
	return out
}

// moduleConfigs lists the set-ups with modules the suite plays: with all,
// every module combination at every player count and both modules with
// the keep-3-of-5 start at 2 and 4 (twelve); without, both modules at
// every count, Hall of Heroes alone at 3, Fields of Fame alone at 2 and
// the keep-3-of-5 start at 4 (six). The rules each module adds do not
// change with the count; what a count changes (the board's spaces, the
// supply) the base game and both modules already play at every count.
// The twelve took 44 s of a core at the default ten games each.
func moduleConfigs(all bool) []rules.Config {
	on := func(players int, heroes, fame string) rules.Config {
		return rules.Config{Players: players, Options: map[string]string{HeroesOption.Key: heroes, FameOption.Key: fame}}
	}
	keep := func(players int) rules.Config {
		// The base book's keep 3 of 5 instead of the draft (HandOption).
		return rules.Config{Players: players, Options: map[string]string{HeroesOption.Key: On, FameOption.Key: On, HandOption.Key: HandKeep}}
	}
	if !all {
		return []rules.Config{on(2, On, On), on(3, On, On), on(4, On, On), on(3, On, Off), on(2, Off, On), keep(4)}
	}
	var out []rules.Config
	for players := 2; players <= 4; players++ {
		for _, m := range [][2]string{{On, Off}, {Off, On}, {On, On}} {
			out = append(out, on(players, m[0], m[1]))
		}
		if players != 3 {
			out = append(out, keep(players))
		}
	}
	return out
}

var fuzzKinds = []string{
	KindReturn, KindPlace, KindTake, KindRaid, KindSkip, KindTown, KindSell, KindSell2, KindHire, KindDismiss, KindArm,
	KindMill, KindTrade, KindOffer, KindReroll, KindLose, KindAvenge, KindDiscard, KindSwap, KindSteal, KindStrip,
	KindBrawl, KindExhume, KindUse, KindGive, KindScout, KindTrade1, KindRob, "RAID",
	KindDraft, KindMead, KindCharm, KindQuest, KindClaim, KindSpend, KindKill, KindSubdue, KindFlee, KindWound,
}

// FuzzApply feeds Apply arbitrary actions mixed with legal ones: Apply
// never panics, a refused action leaves the state as it was, and the state
// stays valid after every accepted one.
func FuzzApply(f *testing.F) { rulestest.FuzzApply(f, suite(), fuzzKinds) }

// private names the townsfolk seat p holds hidden from the others: the
// hand, the cards dealt to keep and those chosen in the draft
// (rulestest.Suite.Private).
func private(s *State, p int) []string {
	pl := &s.Seats[p]
	var out []string
	for _, c := range slices.Concat(pl.Hand, pl.Dealt, pl.Draft) {
		out = append(out, cardName(c))
	}
	return out
}
