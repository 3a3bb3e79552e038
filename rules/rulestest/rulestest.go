// Package rulestest is the conformance suite every game runs in one call,
// in the spirit of testing/fstest: Run plays random legal games to the end
// at every player count and option set and checks, at every step, what the
// rules contract promises (see rules/doc.go), the words players read (every
// seat's log lines, prompts, labels, reasons and the result: counts agree
// with their nouns, "rolls 6: 6" never repeats itself, articles fit, and
// the lines everyone reads name players instead of saying "your"; no two
// choices a seat is offered at once read alike unless Suite.Copies says
// they are copies), and,
// given Suite.Private, that a hidden card that moves is named to the
// player it concerns and to no one else. Perft and FuzzApply are the
// drivers a game's own tests build on.
//
// How many games the tests play scales with one switch, the environment
// variable LONGHALL_LONG (LongEnv): unset, Run plays DefaultGames random
// games per config, enough to catch a broken rule on every commit (make
// test); set to 1, it plays DefaultLongGames, the thousands a nightly run
// can afford (make test-long); under -short, a tenth of the default. The
// games' other tests that play many random games size them with Size and
// Long, by the same switch.
package rulestest

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"longhall/rules"
)

// Suite describes the game under test.
type Suite struct {
	Game rules.Game
	// Configs are the set-ups to play. Nil means every player count with
	// the default options, and every choice of every option at the
	// smallest and largest counts.
	Configs []rules.Config
	// Games is the number of random games per config by default
	// (DefaultGames when zero; a tenth of it, at least one, under -short),
	// and LongGames under Long (DefaultLongGames when zero). Each config
	// plays the same seeds at every size, the long run's first games
	// being the default's.
	Games, LongGames int
	// Scramble returns a copy of s in which everything seat cannot see
	// has been dealt again at random. When set, the suite checks that the
	// seat's view, legal actions and bots' choices do not change. Nil
	// means the game's own rules.Redealer, when it has one.
	Scramble func(s rules.State, seat rules.Seat, rng *rules.RNG) rules.State
	// Hard, when set, makes the game's strong bot, whose choices the
	// scramble check compares too, now and then (a search with a small
	// budget will do).
	Hard func(seed uint64) rules.Bot
	// Check verifies the game's own invariants (no card created or lost);
	// it may be nil.
	Check func(rules.State) error
	// BadConfigs are set-ups New must refuse with rules.ErrBadConfig, on
	// top of those the suite makes up (player counts out of range,
	// unknown option values).
	BadConfigs []rules.Config
	// Private lists, as the log names them, the cards seat holds that
	// no other seat may see (a hand, face-down cards, a choice not yet
	// revealed); it may be nil. When set, the suite checks at every
	// action that each card joining or leaving such a holding is named in
	// that seat's own log lines (or in the label of the action it chose),
	// and that no seat's private wording names a card hidden from it.
	Private func(s rules.State, seat rules.Seat) []string
	// Copies reports whether a and b, offered in st under one label, do
	// the same to interchangeable things (two copies of a card, two dice
	// showing one face), and so may read alike; any other two actions a
	// seat is offered at once must read differently. Nil: none may.
	Copies func(st rules.State, a, b rules.Action) bool
	// Every is how often (in steps) the costlier checks run: the refused
	// action, Clone and, in one game of HiddenEvery, the scramble (5 and 5
	// when zero; the scramble asks the game's bot, which may think hard).
	// In few games the scramble runs more often than HiddenEvery says: in
	// at least two of each config's games (in its one game under -short).
	Every, HiddenEvery int

	undone *atomic.Int64 // undos checked, across the suite's games
}

// Run runs the whole suite as subtests of t.
func Run(t *testing.T, s Suite) {
	t.Helper()
	if s.Game == nil {
		t.Fatal("rulestest: no game")
	}
	t.Run("Options", func(t *testing.T) { checkOptions(t, s) })
	if s.Scramble == nil {
		s.Scramble = redeal
	}
	// A game that lets moves be taken back must have some taken back in
	// its games: a suite that never got to check an undo proved nothing.
	var undone atomic.Int64
	s.undone = &undone
	if st, err := s.Game.New(rules.Config{Players: s.Game.Info().MinPlayers}, 1); err == nil {
		if _, ok := st.(rules.Undoable); ok {
			t.Cleanup(func() {
				if !t.Failed() && undone.Load() == 0 {
					t.Errorf("the game's moves may be taken back (rules.Undoable), but none was in %d configs: every move checked was final", len(s.configs()))
				}
			})
		}
	}
	n := s.games()
	// The scramble is the check that finds a leak of what a seat cannot
	// see, and leaks often show only in some games: the fewer the games,
	// the more of them it runs in, so that the default's few still try it
	// twice a config. (The strong bot's part of it keeps to HiddenEvery.)
	scramble := min(hidden(s), max(1, n/2))
	for _, cfg := range s.configs() {
		t.Run(configName(cfg), func(t *testing.T) {
			t.Parallel()
			for i := range n {
				playOne(t, s, cfg, uint64(cfg.Players)<<32|uint64(i), i%scramble == 0)
			}
		})
	}
}

// games is the number of random games per config Run plays.
func (s Suite) games() int {
	def, long := s.Games, s.LongGames
	if def == 0 {
		def = DefaultGames
	}
	if long == 0 {
		long = DefaultLongGames
	}
	return Size(max(1, def/10), def, long)
}

// AllConfigs lists every player count with the default options, and
// every choice of every option at the smallest and largest counts: what
// Run plays when a Suite names no Configs.
func AllConfigs(g rules.Game) []rules.Config { return Suite{Game: g}.configs() }

// configs lists the set-ups Run plays.
func (s Suite) configs() []rules.Config {
	if s.Configs != nil {
		return s.Configs
	}
	info := s.Game.Info()
	var out []rules.Config
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		out = append(out, rules.Config{Players: n})
	}
	for _, o := range info.Options {
		for _, c := range o.Choices[min(1, len(o.Choices)):] {
			for _, n := range []int{info.MinPlayers, info.MaxPlayers} {
				out = append(out, rules.Config{Players: n, Options: map[string]string{o.Key: c}})
			}
		}
	}
	return out
}

func configName(cfg rules.Config) string {
	name := fmt.Sprintf("%dp", cfg.Players)
	keys := make([]string, 0, len(cfg.Options))
	for k := range cfg.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		name += "," + k + "=" + cfg.Options[k]
	}
	return name
}

// checkOptions: every option choice is playable, and New refuses what it
// cannot play with ErrBadConfig and a message in the game's words.
func checkOptions(t *testing.T, s Suite) {
	info := s.Game.Info()
	if info.ID == "" || info.Name == "" || info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers {
		t.Fatalf("Info is incomplete: %+v", info)
	}
	for _, o := range info.Options {
		if o.Key == "" || o.Label == "" || len(o.Choices) == 0 {
			t.Errorf("option %+v is incomplete", o)
		}
		// The book's set-up is the default: a balanced start is a choice
		// after it, whose set-up page says why it exists and what it
		// changes, in a sentence.
		for i, c := range o.Choices {
			if !strings.HasPrefix(c, "balanced") {
				continue
			}
			if i == 0 {
				t.Errorf("option %s: the balanced start %q is the default; the book's set-up must be", o.Key, c)
			}
			if o.About == "" || strings.Count(strings.TrimSuffix(o.About, "."), ". ") > 0 {
				t.Errorf("option %s: a balanced start needs one sentence (About) saying why it exists and what it changes; it has %q", o.Key, o.About)
			}
		}
		for _, c := range o.Choices {
			if _, err := s.Game.New(rules.Config{Players: info.MinPlayers, Options: map[string]string{o.Key: c}}, 1); err != nil {
				t.Errorf("option %s=%s is refused: %v", o.Key, c, err)
			}
		}
	}
	if st, err := s.Game.New(rules.Config{Players: info.MinPlayers}, 1); err == nil {
		if _, expiring := st.(rules.Expiring); expiring != (info.Timeout != "") {
			t.Errorf("Info.Timeout is %q but the state implements rules.Expiring: %v", info.Timeout, expiring)
		}
	}
	bad := append([]rules.Config{
		{Players: info.MinPlayers - 1},
		{Players: info.MaxPlayers + 1},
		{Players: info.MinPlayers, Options: map[string]string{"no-such-option": "x"}},
	}, s.BadConfigs...)
	for _, o := range info.Options {
		bad = append(bad, rules.Config{Players: info.MinPlayers, Options: map[string]string{o.Key: "no-such-choice"}})
	}
	for _, cfg := range bad {
		if _, err := s.Game.New(cfg, 1); err == nil {
			t.Errorf("New(%+v) accepted it: want a refusal", cfg)
			continue
		} else if !errors.Is(err, rules.ErrBadConfig) {
			t.Errorf("New(%+v) refused with %v, which is not a rules.ErrBadConfig", cfg, err)
		}
	}
}

// every is how often, in steps, the costlier checks run.
func every(s Suite) int {
	if s.Every > 0 {
		return s.Every
	}
	return 5
}

func hidden(s Suite) int {
	if s.HiddenEvery > 0 {
		return s.HiddenEvery
	}
	return 5
}

// names are the seats' names in the games the suite plays.
var names = []string{"Astrid", "Bjorn", "Gudrun", "Ivar", "Ragna", "Sigurd"}

func playOne(t testing.TB, s Suite, cfg rules.Config, seed uint64, scramble bool) {
	t.Helper()
	info := s.Game.Info()
	seats := make([]rules.SeatInfo, cfg.Players)
	bots := map[rules.Seat]rules.Bot{}
	rng := rules.NewRNG(seed ^ 0x5eed)
	for p := range seats {
		// Names without digits, so that "Player 1 turns" is not read as
		// a count by the wording check.
		seats[p].Name = names[p%len(names)]
		// A third of the games seat the game's bot among random players.
		if seed%3 == 0 && p%2 == 0 {
			seats[p].Bot = true
			bots[rules.Seat(p)] = rules.NewBot(s.Game, seed+uint64(p))
		}
	}
	st, rec, err := rules.Play(info.ID, cfg, seed, seats)
	if err != nil {
		t.Fatalf("%s seed %d: %v", configName(cfg), seed, err)
	}
	every := every(s)
	random := rules.RandomBot{RNG: rng}
	quiet := newTwin(st)
	var undo undoPoint // the last action that may be taken back
	where := func() string { return fmt.Sprintf("%s seed %d action %d", configName(cfg), seed, len(rec.Actions)) }
	words := newWords(t, where)
	for step := 0; ; step++ {
		checkStep(t, s, st, cfg.Players, where)
		words.step(st, cfg.Players)
		if st.Result() != nil {
			break
		}
		if step > 100000 {
			t.Fatalf("%s: the game did not end", where())
		}
		checkExplained(t, st, cfg.Players, where)
		checkTurns(t, st, cfg.Players, where)
		if step%every == 0 {
			checkExpiring(t, st, where)
			checkJudge(t, st, cfg.Players, where)
			checkRefusal(t, st, cfg.Players, rng, where)
			checkClone(t, st, where)
			if s.Scramble != nil && scramble {
				checkHidden(t, s, st, cfg.Players, rng, len(rec.Actions), where)
			}
			quiet.check(t, st, cfg.Players, rng, where)
		}
		pr := st.Pending()
		seat := pr[rng.Intn(len(pr))].Seat
		var b rules.Bot = random
		if bb, ok := bots[seat]; ok {
			b = bb
		}
		a, err := b.Choose(st, seat)
		if err != nil {
			t.Fatalf("%s: the bot for seat %d: %v", where(), seat, err)
		}
		label := a.Label
		if l, err := rules.FindLegal(st, seat, a); err == nil {
			label = l.Label
		}
		var before [][]string
		if s.Private != nil {
			before = privates(s, st, cfg.Players)
		}
		// Every few steps, the action is applied as a runtime that can
		// take it back does (rules.Reversibly), and checked.
		var (
			ev   []rules.Event
			back rules.State
		)
		if step%every == 0 {
			pre := encode(t, st)
			ev, back, err = rules.Reversibly(st, seat, a, func() ([]rules.Event, error) { return rec.Append(st, seat, a) })
			if err == nil && back != nil {
				if s.undone != nil {
					s.undone.Add(1)
				}
				undo = undoPoint{back, len(rec.Actions) - 1}
				checkUndo(t, s, back, pre, st, seat, a, cfg.Players, rng, scramble, where)
			}
		} else {
			ev, err = rec.Append(st, seat, a)
		}
		if err != nil {
			t.Fatalf("%s: legal action %v refused: %v", where(), a, err)
		}
		quiet.apply(t, st, seat, a, where)
		words.events(ev, cfg.Players)
		if s.Private != nil {
			private(t, before, privates(s, st, cfg.Players), ev, seat, label, func() string {
				return fmt.Sprintf("%s (%s by seat %d)", where(), label, seat)
			})
		}
	}
	// After the end nothing is pending and nothing is legal.
	for p := -1; p <= cfg.Players; p++ {
		if l := st.Legal(rules.Seat(p)); len(l) > 0 {
			t.Fatalf("%s: seat %d may still act after the end: %v", where(), p, l)
		}
	}
	checkReplay(t, st, rec, where)
	checkJudge(t, st, cfg.Players, where)
	quiet.check(t, st, cfg.Players, rng, where)
	if undo.before != nil {
		checkUndoReplay(t, undo, rec, where)
	}
}

// undoPoint is a state before an action that may be taken back, and how
// many actions the record held then.
type undoPoint struct {
	before rules.State
	n      int
}

// checkUndo: taking back seat's action a (restoring back, the state
// rules.Reversibly kept) gives exactly the state before it (pre, encoded),
// so every seat's view, legal list and prompts; and the action showed no
// seat anything hidden from it: with what that seat cannot see dealt
// again, the same action leaves its view as it is now (else the game must
// call it final, rules.Undoable's Reveals).
func checkUndo(t testing.TB, s Suite, back rules.State, pre string, after rules.State, seat rules.Seat, a rules.Action, players int, rng *rules.RNG, scramble bool, where func() string) {
	t.Helper()
	if got := encode(t, back); got != pre {
		t.Fatalf("%s: taking back %v by seat %d does not give the state before it", where(), a, seat)
	}
	if s.Scramble == nil || !scramble {
		return
	}
	for o := rules.Seat(-1); int(o) < players; o++ {
		other := s.Scramble(back, o, rng)
		if _, err := other.Apply(seat, a); err != nil {
			t.Fatalf("%s: seat %d's %v may be taken back, but it depends on what seat %d cannot see (refused once that is dealt again: %v); the game must call it final", where(), seat, a, o, err)
		}
		if x, y := encode(t, after.View(o)), encode(t, other.View(o)); x != y {
			t.Fatalf("%s: seat %d's %v may be taken back, but it showed seat %d something hidden from it; the game must call it final:\n%s\n%s", where(), seat, a, o, x, y)
		}
	}
}

// checkUndoReplay: the state kept to take an action back is the replay of
// the record up to it, so a taken-back game reads as if the action had
// never been played, in every seat's log too.
func checkUndoReplay(t testing.TB, u undoPoint, rec *rules.Record, where func() string) {
	t.Helper()
	prefix := *rec
	prefix.Actions = rec.Actions[:u.n]
	r, _, err := rules.Replay(prefix)
	if err != nil {
		t.Fatalf("%s: replay up to action %d: %v", where(), u.n, err)
	}
	if same, err := rules.SameState(u.before, r); err != nil || !same {
		t.Fatalf("%s: the state kept to take back action %d is not the replay up to it (err %v)", where(), u.n+1, err)
	}
}

// privates lists each seat's hidden cards (Suite.Private).
func privates(s Suite, st rules.State, players int) [][]string {
	out := make([][]string, players)
	for p := range out {
		out[p] = s.Private(st, rules.Seat(p))
	}
	return out
}

// checkStep: Pending and Legal agree; every action is labelled; a result
// exactly when nobody is pending; the game's own invariants; every view
// encodes.
func checkStep(t testing.TB, s Suite, st rules.State, players int, where func() string) {
	t.Helper()
	pending := map[rules.Seat]bool{}
	for _, p := range st.Pending() {
		pending[p.Seat] = true
		if p.Text == "" {
			t.Fatalf("%s: seat %d is prompted with no words", where(), p.Seat)
		}
		if p.Seat < 0 || int(p.Seat) >= players {
			t.Fatalf("%s: a prompt for seat %d, outside the table", where(), p.Seat)
		}
	}
	for p := rules.Seat(-1); int(p) <= players; p++ {
		legal := st.Legal(p)
		if pending[p] != (len(legal) > 0) {
			t.Fatalf("%s: seat %d pending %v with %d legal actions", where(), p, pending[p], len(legal))
		}
		// Two choices that read alike must be alike: a player cannot
		// tell them apart (two copies of a card whose winds differ, say,
		// each "Discard Seasickness").
		labels := make(map[string]rules.Action, len(legal))
		for _, a := range legal {
			if a.Label == "" || a.Kind == "" {
				t.Fatalf("%s: seat %d is offered an unlabelled action %+v", where(), p, a)
			}
			if b, twice := labels[a.Kind+"\x00"+a.Label]; twice && (s.Copies == nil || !s.Copies(st, b, a)) {
				t.Fatalf("%s: seat %d is offered two actions that read alike, %q: %s %v and %s %v (say what tells them apart, or Suite.Copies that they are copies)", where(), p, a.Label, b.Kind, b.Args, a.Kind, a.Args)
			}
			labels[a.Kind+"\x00"+a.Label] = a
		}
		if int(p) < players {
			viewer := p
			if p == rules.Spectator {
				viewer = rules.Everyone // the spectator's is checked elsewhere
			}
			if _, err := json.Marshal(st.View(viewer)); err != nil {
				t.Fatalf("%s: seat %d's view does not encode: %v", where(), viewer, err)
			}
		}
	}
	if (st.Result() == nil) != (len(pending) > 0) {
		t.Fatalf("%s: result %v with %d seats pending", where(), st.Result(), len(pending))
	}
	if r := st.Result(); r != nil && (len(r.Winners) == 0 || r.Reason == "") {
		t.Fatalf("%s: a result with no winner or no reason: %+v", where(), r)
	}
	if s.Check != nil {
		if err := s.Check(st); err != nil {
			t.Fatalf("%s: %v", where(), err)
		}
	}
}

// kinds of nonsense to offer Apply.
var junk = []rules.Action{
	{Kind: ""}, {Kind: "no-such-kind"}, {Kind: "pass", Args: []int{-1}},
	{Kind: "choose", Args: []int{1 << 40}}, {Kind: "deploy", Args: []int{0, 0, 0, 0, 0, 0}},
}

// checkRefusal: an action that is not legal is refused, with an error the
// rules name, and changes nothing.
func checkRefusal(t testing.TB, st rules.State, players int, rng *rules.RNG, where func() string) {
	t.Helper()
	before := encode(t, st)
	seat := rules.Seat(rng.Intn(players+2) - 1)
	legal := st.Legal(seat)
	var a rules.Action
	for try := 0; ; try++ {
		a = junk[rng.Intn(len(junk))]
		if try%2 == 1 && len(legal) > 0 {
			// A legal kind with arguments out of range.
			a = rules.Action{Kind: legal[0].Kind, Args: append(slices.Clone(legal[0].Args), 1<<30)}
		}
		if !slices.ContainsFunc(legal, a.Same) {
			break
		}
	}
	if _, err := st.Apply(seat, a); err == nil {
		t.Fatalf("%s: seat %d's illegal %v was accepted", where(), seat, a)
	} else if !errors.Is(err, rules.ErrIllegal) && !errors.Is(err, rules.ErrNotPending) && !errors.Is(err, rules.ErrGameOver) {
		t.Fatalf("%s: seat %d's illegal %v refused with %v, not a rules error", where(), seat, a, err)
	}
	if after := encode(t, st); after != before {
		t.Fatalf("%s: a refused action changed the state", where())
	}
}

// checkClone: a clone is independent of its original, both ways.
func checkClone(t testing.TB, st rules.State, where func() string) {
	t.Helper()
	before := encode(t, st)
	c := st.Clone()
	if encode(t, c) != before {
		t.Fatalf("%s: a clone differs from its original", where())
	}
	for _, p := range c.Pending() {
		if l := c.Legal(p.Seat); len(l) > 0 {
			if _, err := c.Apply(p.Seat, l[len(l)-1]); err != nil {
				t.Fatalf("%s: the clone refused a legal action: %v", where(), err)
			}
			break
		}
	}
	if encode(t, st) != before {
		t.Fatalf("%s: playing on a clone changed the original", where())
	}
}

// checkHidden: re-dealing what a seat cannot see changes neither its view,
// nor its legal actions, nor its bot's choice.
func checkHidden(t testing.TB, s Suite, st rules.State, players int, rng *rules.RNG, moves int, where func() string) {
	t.Helper()
	for me := rules.Seat(-1); int(me) < players; me++ {
		other := s.Scramble(st, me, rng)
		if a, b := encode(t, st.View(me)), encode(t, other.View(me)); a != b {
			t.Fatalf("%s: seat %d's view depends on what it cannot see:\n%s\n%s", where(), me, a, b)
		}
		// Every seat is sent who must decide what: the prompts are
		// public, so they too may not depend on what the seat cannot see.
		if a, b := encode(t, st.Pending()), encode(t, other.Pending()); a != b {
			t.Fatalf("%s: the prompts seat %d is sent depend on what it cannot see:\n%s\n%s", where(), me, a, b)
		}
		if me < 0 {
			checkEveryone(t, st, other, players, where)
			continue
		}
		if a, b := encode(t, st.Legal(me)), encode(t, other.Legal(me)); a != b {
			t.Fatalf("%s: seat %d's legal actions depend on what it cannot see", where(), me)
		}
		if rules.IsPending(st, me) {
			seed := uint64(moves)*31 + uint64(me)
			a1, err1 := rules.NewBot(s.Game, seed).Choose(st, me)
			a2, err2 := rules.NewBot(s.Game, seed).Choose(other, me)
			if err1 != nil || err2 != nil || !a1.Same(a2) {
				t.Fatalf("%s: seat %d's bot chose %v (%v) and %v (%v) on the same view", where(), me, a1, err1, a2, err2)
			}
			if s.Hard != nil && moves%(hidden(s)*every(s)) == 0 {
				a1, err1 := s.Hard(seed).Choose(st, me)
				a2, err2 := s.Hard(seed).Choose(other, me)
				if err1 != nil || err2 != nil || !a1.Same(a2) {
					t.Fatalf("%s: seat %d's strong bot chose %v (%v) and %v (%v) on the same view", where(), me, a1, err1, a2, err2)
				}
			}
		}
	}
	checkRedeal(t, st, players, rng, where)
}

// checkEveryone: the view of everything (rules.Everyone) shows what
// every seat sees. other is st with what a spectator cannot see dealt
// again; when any seat would see the difference, so must everyone's view.
func checkEveryone(t testing.TB, st, other rules.State, players int, where func() string) {
	t.Helper()
	if encode(t, st.View(rules.Everyone)) != encode(t, other.View(rules.Everyone)) {
		return
	}
	for p := rules.Seat(0); int(p) < players; p++ {
		if a, b := encode(t, st.View(p)), encode(t, other.View(p)); a != b {
			t.Fatalf("%s: seat %d sees a difference the view of everything (rules.Everyone) does not show:\n%s\n%s", where(), p, a, b)
		}
	}
}

// redeal is the scramble of a game that re-deals for itself, and a
// clone for one that hides nothing.
func redeal(st rules.State, seat rules.Seat, rng *rules.RNG) rules.State {
	return rules.Redealt(st, seat, rng)
}

// checkRedeal: a game's Redeal (rules.Redealer) depends on nothing the
// seat cannot see, so two states it cannot tell apart re-deal alike; it
// deals the generator's future draws again too; and it keeps a quiet
// state quiet.
func checkRedeal(t testing.TB, st rules.State, players int, rng *rules.RNG, where func() string) {
	t.Helper()
	r, ok := st.(rules.Redealer)
	if !ok {
		return
	}
	for me := rules.Seat(-1); int(me) < players; me++ {
		seed := rng.Uint64()
		other := r.Redeal(me, rng).(rules.Redealer)
		a, b := r.Redeal(me, rules.NewRNG(seed)), other.Redeal(me, rules.NewRNG(seed))
		if x, y := encode(t, a), encode(t, b); x != y {
			t.Fatalf("%s: re-dealing for seat %d depends on what it cannot see: two states it cannot tell apart re-deal to\n%s\n%s", where(), me, x, y)
		}
		if u, ok := a.(rules.Undoable); ok {
			if c := r.Redeal(me, rules.NewRNG(seed+1)).(rules.Undoable); c.Rand() == u.Rand() {
				t.Fatalf("%s: re-dealing for seat %d keeps the generator: a search would know the dice to come", where(), me)
			}
		}
		if q, ok := st.(rules.Quiet); ok {
			hushed := q.Hush().(rules.Redealer).Redeal(me, rules.NewRNG(seed))
			if l := firstLegal(hushed); l != nil && l.Label != "" {
				t.Fatalf("%s: a re-deal of a quiet state speaks: %q", where(), l.Label)
			}
		}
	}
}

// firstLegal is the first pending seat's first legal action, if any.
func firstLegal(st rules.State) *rules.Action {
	for _, p := range st.Pending() {
		if l := st.Legal(p.Seat); len(l) > 0 {
			return &l[0]
		}
	}
	return nil
}

// seats lists who the prompts wait for.
func seats(prompts []rules.Prompt) []rules.Seat {
	out := make([]rules.Seat, len(prompts))
	for i, p := range prompts {
		out[i] = p.Seat
	}
	return out
}

// twin is the quiet copy of a game the suite plays (rules.Quiet), every
// action applied to both; nil for a game without one.
type twin struct{ st rules.State }

func newTwin(st rules.State) *twin {
	if q, ok := st.(rules.Quiet); ok {
		return &twin{q.Hush()}
	}
	return nil
}

// apply plays on the quiet twin the action the loud game just took: it
// must be accepted without a word, and leave the two offering the same
// actions.
func (q *twin) apply(t testing.TB, loud rules.State, seat rules.Seat, a rules.Action, where func() string) {
	t.Helper()
	if q == nil {
		return
	}
	ev, err := q.st.Apply(seat, rules.Action{Kind: a.Kind, Args: a.Args})
	if err != nil {
		t.Fatalf("%s: the quiet twin refused seat %d's %v: %v", where(), seat, a, err)
	}
	if len(ev) > 0 {
		t.Fatalf("%s: the quiet twin told of seat %d's %v: %v", where(), seat, a, ev)
	}
	if (loud.Result() == nil) != (q.st.Result() == nil) {
		t.Fatalf("%s: after seat %d's %v the loud game's result is %v, the quiet twin's %v", where(), seat, a, loud.Result(), q.st.Result())
	}
	for _, p := range loud.Pending() {
		l, m := loud.Legal(p.Seat), q.st.Legal(p.Seat)
		if !slices.EqualFunc(l, m, rules.Action.Same) {
			t.Fatalf("%s: after seat %d's %v, seat %d may take %v in the loud game and %v in the quiet twin", where(), seat, a, p.Seat, l, m)
		}
		for _, x := range m {
			if x.Label != "" {
				t.Fatalf("%s: the quiet twin labels %q", where(), x.Label)
			}
		}
	}
}

// check: the quiet twin is the loud game, word for word in its state, and
// refuses what is illegal; its clones are independent.
func (q *twin) check(t testing.TB, loud rules.State, players int, rng *rules.RNG, where func() string) {
	t.Helper()
	if q == nil {
		return
	}
	if x, y := encode(t, loud), encode(t, q.st); x != y {
		t.Fatalf("%s: the quiet twin has parted from the game:\n%s\n%s", where(), x, y)
	}
	if x, y := seats(loud.Pending()), seats(q.st.Pending()); !slices.Equal(x, y) {
		t.Fatalf("%s: the quiet twin waits for seats %v, the game for %v", where(), y, x)
	}
	if x, y := encode(t, loud.Result()), encode(t, q.st.Result()); x != y {
		t.Fatalf("%s: the quiet twin ends otherwise:\n%s\n%s", where(), x, y)
	}
	checkRefusal(t, q.st, players, rng, where)
	checkClone(t, q.st, where)
}

// checkReplay: the record survives JSON and replays to the same state.
func checkReplay(t testing.TB, st rules.State, rec *rules.Record, where func() string) {
	t.Helper()
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := rules.ReadRecord(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("%s: the record does not read back: %v", where(), err)
	}
	r, _, err := rules.Replay(back)
	if err != nil {
		t.Fatalf("%s: replay: %v", where(), err)
	}
	if same, err := rules.SameState(st, r); err != nil || !same {
		t.Fatalf("%s: the replay differs (err %v)", where(), err)
	}
}

func encode(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Perft counts the action sequences of the given depth from s, every
// pending seat's actions in turn (seats that decide at once may each move
// next). Known counts from fixed positions catch a wrong rule at once.
func Perft(t testing.TB, s rules.State, depth int) int {
	t.Helper()
	if depth == 0 {
		return 1
	}
	total := 0
	for _, pr := range s.Pending() {
		for _, a := range s.Legal(pr.Seat) {
			c := s.Clone()
			if _, err := c.Apply(pr.Seat, a); err != nil {
				t.Fatalf("legal %v refused: %v", a, err)
			}
			total += Perft(t, c, depth-1)
		}
	}
	return total
}

// FuzzApply is the fuzz target every game runs: the bytes choose the
// player count, the seed, and a stream of actions, legal ones mixed with
// made-up ones of kinds. Apply must never panic, a refused action must
// change nothing, and the contract and Check must hold after every
// accepted one.
func FuzzApply(f *testing.F, s Suite, kinds []string) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 200, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{2, 7, 4, 9, 1, 255, 128, 3, 3, 3, 12, 0, 14, 1, 2})
	f.Add([]byte("a longer run of bytes to drive a game somewhere past its first round"))
	kinds = append(slices.Clone(kinds), "", "bogus", "PASS", "pass ")
	info := s.Game.Info()
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		players := info.MinPlayers + next()%(info.MaxPlayers-info.MinPlayers+1)
		seed := uint64(next())<<8 | uint64(next())
		// Every option's choice comes from the data too, so every
		// combination of options is fuzzed.
		cfg := rules.Config{Players: players, Options: map[string]string{}}
		for _, o := range info.Options {
			if len(o.Choices) > 0 {
				cfg.Options[o.Key] = o.Choices[next()%len(o.Choices)]
			}
		}
		st, err := s.Game.New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		where := func() string { return fmt.Sprintf("%d players, options %v, seed %d", players, cfg.Options, seed) }
		for len(data) > 0 && st.Result() == nil {
			op := next()
			seat := rules.Seat(next()%(players+3) - 1)
			var a rules.Action
			if op%3 == 0 {
				pr := st.Pending()
				seat = pr[next()%len(pr)].Seat
				legal := st.Legal(seat)
				a = legal[next()%len(legal)]
			} else {
				a.Kind = kinds[next()%len(kinds)]
				for range next() % 4 {
					v := int(int8(next()))
					if next()%7 == 0 {
						v *= 1 << 40
					}
					a.Args = append(a.Args, v)
				}
			}
			before := encode(t, st)
			if _, err := st.Apply(seat, a); err != nil {
				if after := encode(t, st); after != before {
					t.Fatalf("%s: refused %v by seat %d changed the state: %v", where(), a, seat, err)
				}
				continue
			}
			checkStep(t, s, st, players, where)
		}
	})
}

// checkExplained: an action the game says is refused, and why, is not
// legal, and its reason is in words (rules.Explainer).
func checkExplained(t testing.TB, st rules.State, players int, where func() string) {
	t.Helper()
	for p := range players {
		seat := rules.Seat(p)
		refused := rules.RefusedOf(st, seat)
		if len(refused) == 0 {
			continue
		}
		legal := st.Legal(seat)
		for _, r := range refused {
			if strings.TrimSpace(r.Why) == "" {
				t.Fatalf("%s: seat %d's refused %v gives no reason", where(), p, r.Action)
			}
			for _, a := range legal {
				if a.Kind == r.Action.Kind && slices.Equal(a.Args, r.Action.Args) {
					t.Fatalf("%s: seat %d's %v is both legal and refused (%s)", where(), p, a, r.Why)
				}
			}
		}
	}
}

// checkTurns: while the game goes on, the seat whose turn it is
// (rules.Turns) is a seat at the table.
func checkTurns(t testing.TB, st rules.State, players int, where func() string) {
	t.Helper()
	if tu, ok := st.(rules.Turns); ok {
		if a := tu.Active(); a < 0 || int(a) >= players {
			t.Fatalf("%s: the active seat (rules.Turns) is %d, not a seat at the table", where(), a)
		}
	}
}

// checkExpiring: a seat whose time runs out (rules.Expiring) is given an
// action it may take, and only a seat that is waited for is given one.
func checkExpiring(t testing.TB, st rules.State, where func() string) {
	t.Helper()
	exp, ok := st.(rules.Expiring)
	if !ok {
		return
	}
	for _, p := range st.Pending() {
		a, ok := exp.OnTimeout(p.Seat)
		if !ok {
			continue
		}
		if _, err := rules.FindLegal(st, p.Seat, a); err != nil {
			t.Fatalf("%s: seat %d's time out gives %v, which it may not take: %v", where(), p.Seat, a, err)
		}
	}
	if a, ok := exp.OnTimeout(rules.Spectator); ok {
		t.Fatalf("%s: a spectator's time out gives %v", where(), a)
	}
}

// checkJudge: each seat stands (rules.Judge) between 0 and 1, judging
// changes nothing, and at the end every winner stands above every loser.
func checkJudge(t testing.TB, st rules.State, players int, where func() string) {
	t.Helper()
	j, ok := st.(rules.Judge)
	if !ok {
		return
	}
	before := encode(t, st)
	stand := make([]float64, players)
	for p := range players {
		stand[p] = j.Standing(rules.Seat(p))
		if !(stand[p] >= 0 && stand[p] <= 1) {
			t.Fatalf("%s: seat %d stands at %v (rules.Judge), outside 0 to 1", where(), p, stand[p])
		}
	}
	if encode(t, st) != before {
		t.Fatalf("%s: judging the seats' standing (rules.Judge) changed the state", where())
	}
	r := st.Result()
	if r == nil {
		return
	}
	for _, w := range r.Winners {
		for p := range players {
			if !slices.Contains(r.Winners, rules.Seat(p)) && stand[w] <= stand[p] {
				t.Fatalf("%s: at the end, winner %d stands at %v and seat %d, who lost, at %v (rules.Judge)", where(), w, stand[w], p, stand[p])
			}
		}
	}
}
