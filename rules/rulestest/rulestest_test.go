package rulestest_test

import (
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
	"longhall/rules/testgame"
)

// The suite passes on a correct game: Hands, with hidden hands and an
// option.
func TestHandsConforms(t *testing.T) {
	rulestest.Run(t, rulestest.Suite{Game: testgame.Game{}, Check: testgame.Check, Private: testgame.Private})
}

// Broken versions of Hands, each breaking one promise of the contract.
type (
	leakyView    struct{ *testgame.State } // shows everyone's hands
	dirtyRefusal struct{ *testgame.State } // a refused action still scores
	eagerLegal   struct{ *testgame.State } // offers actions to seats not pending
	sharedClone  struct{ *testgame.State } // a clone shares the hands
	lostCard     struct{ *testgame.State } // a played card vanishes from the check
	badCount     struct{ *testgame.State } // "draws 1 cards"
	silentDraw   struct{ *testgame.State } // the drawer is not told the card
	wideSecret   struct{ *testgame.State } // everyone is told the card drawn
	rashUndo     struct{ *testgame.State } // the card that deals new ones may be taken back
	leakyPrompt  struct{ *testgame.State } // the prompts name the cards in hand
	partingTwin  struct{ *testgame.State } // the quiet copy scores a point of its own
	peekyRedeal  struct{ *testgame.State } // the re-deal keeps the hidden cards' order
	blurryLabel  struct{ *testgame.State } // two cards of a hand read alike
	stiffUndo    struct{ *testgame.State } // says moves may be taken back, calls every one final
	blindReplay  struct{ *testgame.State } // everyone's view shows no hand
)

// View gives everyone (rules.Everyone) the spectator's view: a replay of
// the ended game could not show the hands.
func (s blindReplay) View(seat rules.Seat) any {
	if seat == rules.Everyone {
		seat = rules.Spectator
	}
	return s.State.View(seat)
}
func (s blindReplay) Clone() rules.State { return blindReplay{s.State.Clone().(*testgame.State)} }

// Reveals calls every move final: the game claims undo (rules.Undoable)
// and never lets one be taken back, so the suite checks none.
func (s stiffUndo) Reveals(rules.Seat, rules.Action) bool { return true }
func (s stiffUndo) Clone() rules.State                    { return stiffUndo{s.State.Clone().(*testgame.State)} }

// Legal says only "play a card" for each card: a player cannot tell the
// choices apart.
func (s blurryLabel) Legal(seat rules.Seat) []rules.Action {
	out := s.State.Legal(seat)
	for i := range out {
		out[i].Label = "play a card"
	}
	return out
}
func (s blurryLabel) Clone() rules.State { return blurryLabel{s.State.Clone().(*testgame.State)} }

// Hush gives seat 0 a point the loud game does not have.
func (s partingTwin) Hush() rules.State {
	c := s.State.Hush().(*testgame.State)
	c.Scores[0]++
	return c
}
func (s partingTwin) Clone() rules.State { return partingTwin{s.State.Clone().(*testgame.State)} }

// Redeal shuffles the cards seat cannot see where they lie, so the deal
// it makes depends on the order they had: on what seat cannot see.
func (s peekyRedeal) Redeal(me rules.Seat, rng *rules.RNG) rules.State {
	c := s.State.Clone().(*testgame.State)
	hidden := slices.Clone(c.Deck)
	for p, h := range c.Hands {
		if rules.Seat(p) != me {
			hidden = append(hidden, h...)
		}
	}
	rules.Shuffle(rng, hidden)
	copy(c.Deck, hidden)
	hidden = hidden[len(c.Deck):]
	for p, h := range c.Hands {
		if rules.Seat(p) != me {
			hidden = hidden[copy(h, hidden):]
		}
	}
	c.RNG = rules.NewRNG(rng.Uint64())
	return peekyRedeal{c}
}
func (s peekyRedeal) Clone() rules.State { return peekyRedeal{s.State.Clone().(*testgame.State)} }

// Pending names each seat's best card in its prompt, which every seat is
// sent.
func (s leakyPrompt) Pending() []rules.Prompt {
	out := s.State.Pending()
	for i := range out {
		out[i].Text = "choose a card (best: " + testgame.Card(slices.Max(s.Hands[out[i].Seat])) + ")"
	}
	return out
}
func (s leakyPrompt) Legal(seat rules.Seat) []rules.Action {
	if !slices.ContainsFunc(s.Pending(), func(p rules.Prompt) bool { return p.Seat == seat }) {
		return nil
	}
	return s.State.Legal(seat)
}
func (s leakyPrompt) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if _, err := rules.FindLegal(s, seat, a); err != nil {
		return nil, err
	}
	return s.State.Apply(seat, a)
}
func (s leakyPrompt) Clone() rules.State { return leakyPrompt{s.State.Clone().(*testgame.State)} }

// Reveals lets every card be taken back, the last of a round too, whose
// reveal and new cards then go unnoticed by the generic checks: the deck
// was shuffled at the start, and only the actor is told in private.
func (s rashUndo) Reveals(rules.Seat, rules.Action) bool { return false }
func (s rashUndo) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	ev, err := s.State.Apply(seat, a)
	for i := range ev {
		if ev[i].Secret != "" && !slices.Contains(ev[i].SecretTo, seat) {
			ev[i].Secret, ev[i].SecretTo = "", nil
		}
	}
	return ev, err
}
func (s rashUndo) Clone() rules.State { return rashUndo{s.State.Clone().(*testgame.State)} }

func (s leakyView) View(seat rules.Seat) any { return s.State.Hands }
func (s leakyView) Clone() rules.State       { return leakyView{s.State.Clone().(*testgame.State)} }

func (s dirtyRefusal) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	s.Scores[0]++
	return s.State.Apply(seat, a)
}
func (s dirtyRefusal) Clone() rules.State { return dirtyRefusal{s.State.Clone().(*testgame.State)} }

func (s eagerLegal) Legal(seat rules.Seat) []rules.Action {
	if seat == 0 && !rules.IsPending(s.State, 0) && s.Result() == nil {
		return []rules.Action{{Kind: "choose", Args: []int{0}, Label: "play again"}}
	}
	return s.State.Legal(seat)
}
func (s eagerLegal) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if _, err := rules.FindLegal(s, seat, a); err != nil {
		return nil, err
	}
	return s.State.Apply(seat, a)
}
func (s eagerLegal) Clone() rules.State { return eagerLegal{s.State.Clone().(*testgame.State)} }

func (s sharedClone) Clone() rules.State {
	c := *s.State
	return sharedClone{&c}
}

func (s lostCard) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	ev, err := s.State.Apply(seat, a)
	if err == nil && len(s.Deck) > 0 {
		s.Deck = s.Deck[1:]
	}
	return ev, err
}
func (s lostCard) Clone() rules.State { return lostCard{s.State.Clone().(*testgame.State)} }

// draws rewrites the draw events of Hands with change.
func draws(ev []rules.Event, change func(e *rules.Event)) []rules.Event {
	for i := range ev {
		if ev[i].Kind == "draw" {
			change(&ev[i])
		}
	}
	return ev
}

func (s badCount) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	ev, err := s.State.Apply(seat, a)
	return draws(ev, func(e *rules.Event) { e.Text = strings.Replace(e.Text, "draws a card", "draws 1 cards", 1) }), err
}
func (s badCount) Clone() rules.State { return badCount{s.State.Clone().(*testgame.State)} }

func (s silentDraw) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	ev, err := s.State.Apply(seat, a)
	return draws(ev, func(e *rules.Event) { e.Secret, e.SecretTo = "", nil }), err
}
func (s silentDraw) Clone() rules.State { return silentDraw{s.State.Clone().(*testgame.State)} }

func (s wideSecret) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	ev, err := s.State.Apply(seat, a)
	return draws(ev, func(e *rules.Event) { e.SecretTo = []rules.Seat{0, 1, 2, 3} }), err
}
func (s wideSecret) Clone() rules.State { return wideSecret{s.State.Clone().(*testgame.State)} }

// broken wraps Hands' states in one of the broken types.
type broken struct {
	id   string
	wrap func(*testgame.State) rules.State
}

func (b broken) Info() rules.Info {
	i := testgame.Game{}.Info()
	i.ID = b.id
	return i
}

func (b broken) New(cfg rules.Config, seed uint64) (rules.State, error) {
	st, err := testgame.Game{}.New(cfg, seed)
	if err != nil {
		return nil, err
	}
	return b.wrap(st.(*testgame.State)), nil
}

var brokenGames = map[string]struct {
	game broken
	want string // what the suite must say
}{
	"leaky-view":    {broken{"rt-leaky", func(s *testgame.State) rules.State { return leakyView{s} }}, "view depends on what it cannot see"},
	"dirty-refusal": {broken{"rt-dirty", func(s *testgame.State) rules.State { return dirtyRefusal{s} }}, "a refused action changed the state"},
	"eager-legal":   {broken{"rt-eager", func(s *testgame.State) rules.State { return eagerLegal{s} }}, "pending false with 1 legal actions"},
	"shared-clone":  {broken{"rt-shared", func(s *testgame.State) rules.State { return sharedClone{s} }}, "playing on a clone changed the original"},
	"lost-card":     {broken{"rt-lost", func(s *testgame.State) rules.State { return lostCard{s} }}, "not 78"},
	"bad-count":     {broken{"rt-count", func(s *testgame.State) rules.State { return badCount{s} }}, `"1 cards" counts one with a plural`},
	"silent-draw":   {broken{"rt-silent", func(s *testgame.State) rules.State { return silentDraw{s} }}, "log does not name it"},
	"wide-secret":   {broken{"rt-wide", func(s *testgame.State) rules.State { return wideSecret{s} }}, "a card hidden from it"},
	"rash-undo":     {broken{"rt-rash", func(s *testgame.State) rules.State { return rashUndo{s} }}, "the game must call it final"},
	"leaky-prompt":  {broken{"rt-prompt", func(s *testgame.State) rules.State { return leakyPrompt{s} }}, "prompts seat"},
	"parting-twin":  {broken{"rt-twin", func(s *testgame.State) rules.State { return partingTwin{s} }}, "the quiet twin has parted from the game"},
	"stiff-undo":    {broken{"rt-stiff", func(s *testgame.State) rules.State { return stiffUndo{s} }}, "but none was in"},
	"blurry-label":  {broken{"rt-blurry", func(s *testgame.State) rules.State { return blurryLabel{s} }}, `two actions that read alike, "play a card"`},
	"blind-replay":  {broken{"rt-blind", func(s *testgame.State) rules.State { return blindReplay{s} }}, "the view of everything (rules.Everyone) does not show"},
	"peeky-redeal":  {broken{"rt-peeky", func(s *testgame.State) rules.State { return peekyRedeal{s} }}, "depends on what it cannot see: two states it cannot tell apart re-deal"},
}

func init() {
	for _, b := range brokenGames {
		rules.Register(b.game)
	}
}

// unwrap lets the scramble and the check reach Hands inside a wrapper.
func unwrap(st rules.State) *testgame.State {
	switch s := st.(type) {
	case *testgame.State:
		return s
	case leakyView:
		return s.State
	case dirtyRefusal:
		return s.State
	case eagerLegal:
		return s.State
	case sharedClone:
		return s.State
	case lostCard:
		return s.State
	case badCount:
		return s.State
	case silentDraw:
		return s.State
	case wideSecret:
		return s.State
	case rashUndo:
		return s.State
	case leakyPrompt:
		return s.State
	case blurryLabel:
		return s.State
	case stiffUndo:
		return s.State
	case blindReplay:
		return s.State
	case partingTwin:
		return s.State
	case peekyRedeal:
		return s.State
	}
	return nil
}

// The suite fails each broken game, naming what broke, at the size make
// test plays (DefaultGames: the suite names no Games) and at -short's: so
// the default is shown to be enough. Each runs in a child process, since
// a failing suite fails its test.
func TestSuiteCatchesBrokenGames(t *testing.T) {
	if name := os.Getenv("RULESTEST_BROKEN"); name != "" {
		b := brokenGames[name]
		rewrap := func(orig rules.State, s *testgame.State) rules.State {
			return b.game.wrap(s)
		}
		suite := rulestest.Suite{
			Game: b.game,
			Scramble: func(st rules.State, seat rules.Seat, rng *rules.RNG) rules.State {
				return rewrap(st, unwrap(st).Redeal(seat, rng).(*testgame.State))
			},
			Check:   func(st rules.State) error { return testgame.Check(unwrap(st)) },
			Private: func(st rules.State, seat rules.Seat) []string { return testgame.Private(unwrap(st), seat) },
		}
		if name == "rash-undo" {
			suite.Private = nil // its silent draws are the point
		}
		rulestest.Run(t, suite)
		return
	}
	names := make([]string, 0, len(brokenGames))
	for n := range brokenGames {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		for _, size := range []string{"default", "short"} {
			t.Run(name+"/"+size, func(t *testing.T) {
				t.Parallel()
				// The child runs at the size asked for, whatever this
				// run's: never long (LongEnv is emptied), short only
				// when asked.
				cmd := exec.Command(os.Args[0], "-test.run=^TestSuiteCatchesBrokenGames$", "-test.count=1", "-test.short="+strconv.FormatBool(size == "short"))
				cmd.Env = append(os.Environ(), "RULESTEST_BROKEN="+name, rulestest.LongEnv+"=")
				out, err := cmd.CombinedOutput()
				if err == nil {
					t.Fatalf("the suite passed a game with a %s at the %s size:\n%s", name, size, out)
				}
				if !strings.Contains(string(out), brokenGames[name].want) {
					t.Fatalf("the suite failed the %s game at the %s size without saying %q:\n%.3000s", name, size, brokenGames[name].want, out)
				}
			})
		}
	}
}

// Perft from a fixed position: 2 players, hand size 2, both choose at
// once: 2+2 actions, then the other's 2, then (after the reveal and
// draws) 2+2 again.
func TestPerftCountsBothSeats(t *testing.T) {
	st, err := testgame.Game{}.New(rules.Config{Players: 2, Options: map[string]string{"hand": "2"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for depth, want := range []int{1, 4, 8, 32} {
		if got := rulestest.Perft(t, st, depth); got != want {
			t.Errorf("Perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

func FuzzHands(f *testing.F) {
	rulestest.FuzzApply(f, rulestest.Suite{Game: testgame.Game{}, Check: testgame.Check}, []string{"choose"})
}

// Hands' golden games: whole games by its bots, byte for byte.
func TestHandsGolden(t *testing.T) {
	rulestest.Golden(t, testgame.Game{}, rulestest.AllConfigs(testgame.Game{}))
}
