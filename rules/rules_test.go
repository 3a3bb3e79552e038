package rules_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"longhall/rules"
)

// nim is a tiny game used only by these tests (it is never registered in the
// app): players take 1 or 2 stones in turn from a pile set by a random roll;
// whoever takes the last stone wins.
type nim struct{}

func (nim) Info() rules.Info {
	return rules.Info{ID: "nim-test", Name: "Nim (test)", MinPlayers: 2, MaxPlayers: 3}
}

func (g nim) New(cfg rules.Config, seed uint64) (rules.State, error) {
	if err := rules.CheckPlayers(g.Info(), cfg.Players); err != nil {
		return nil, err
	}
	s := &nimState{RNG: rules.NewRNG(seed), Players: cfg.Players, Winner: -1}
	s.Stones = 5 + s.RNG.Intn(6)
	return s, nil
}

type nimState struct {
	RNG     *rules.RNG
	Players int
	Turn    rules.Seat
	Stones  int
	Winner  rules.Seat
}

func (s *nimState) Pending() []rules.Prompt {
	if s.Winner >= 0 {
		return nil
	}
	return []rules.Prompt{{Seat: s.Turn, Text: "take stones"}}
}

func (s *nimState) Legal(seat rules.Seat) []rules.Action {
	if s.Winner >= 0 || seat != s.Turn {
		return nil
	}
	var out []rules.Action
	for n := 1; n <= min(2, s.Stones); n++ {
		out = append(out, rules.Action{Kind: "take", Args: []int{n}, Label: fmt.Sprintf("take %d", n)})
	}
	return out
}

func (s *nimState) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	a, err := rules.FindLegal(s, seat, a)
	if err != nil {
		return nil, err
	}
	s.Stones -= a.Args[0]
	ev := []rules.Event{{Kind: "take", Seat: seat, Text: a.Label}}
	if s.Stones == 0 {
		s.Winner = seat
	}
	s.Turn = (s.Turn + 1) % rules.Seat(s.Players)
	return ev, nil
}

func (s *nimState) View(rules.Seat) any { return s.Stones }

func (s *nimState) Result() *rules.Result {
	if s.Winner < 0 {
		return nil
	}
	return &rules.Result{Winners: []rules.Seat{s.Winner}, Reason: "took the last stone"}
}

func (s *nimState) Clone() rules.State {
	c := *s
	rng := *s.RNG
	c.RNG = &rng
	return &c
}

func init() { rules.Register(nim{}) }

func playRandom(t testing.TB, seed uint64) (rules.State, *rules.Record) {
	t.Helper()
	s, rec, err := rules.Play("nim-test", rules.Config{}, seed, []rules.SeatInfo{{Name: "Gordon"}, {Name: "Rikki"}})
	if err != nil {
		t.Fatal(err)
	}
	bot := rules.RandomBot{RNG: rules.NewRNG(seed + 1)}
	for s.Result() == nil {
		seat := s.Pending()[0].Seat
		a, err := bot.Choose(s, seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec.Append(s, seat, a); err != nil {
			t.Fatalf("legal action refused: %v", err)
		}
	}
	return s, rec
}

func TestReplayReproducesTheState(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		s, rec := playRandom(t, seed)
		data, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := rules.ReadRecord(strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := rules.Replay(back)
		if err != nil {
			t.Fatal(err)
		}
		if same, err := rules.SameState(s, r); err != nil || !same {
			t.Fatalf("seed %d: replay differs (err %v)", seed, err)
		}
	}
}

func TestReplayNamesTheFirstIllegalAction(t *testing.T) {
	_, rec := playRandom(t, 7)
	rec.Actions[1].Seat = rec.Actions[0].Seat // the same seat twice: not its turn
	_, _, err := rules.Replay(*rec)
	re, ok := rules.IsReplayError(err)
	if !ok || re.Index != 1 || !errors.Is(err, rules.ErrNotPending) {
		t.Fatalf("want a replay error at action 1 (not your turn), got %v", err)
	}
}

func TestApplyRefusesWhatLegalDoesNotOffer(t *testing.T) {
	s, _ := rules.Lookup("nim-test")
	st, _ := s.New(rules.Config{Players: 2}, 1)
	before, _ := json.Marshal(st)
	for _, a := range []rules.Action{{Kind: "take", Args: []int{3}}, {Kind: "take"}, {Kind: "burn", Args: []int{1}}, {}} {
		if _, err := st.Apply(0, a); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("%v: want ErrIllegal, got %v", a, err)
		}
	}
	if _, err := st.Apply(1, rules.Action{Kind: "take", Args: []int{1}}); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("out of turn: want ErrNotPending, got %v", err)
	}
	after, _ := json.Marshal(st)
	if string(before) != string(after) {
		t.Error("a refused action changed the state")
	}
}

func TestReadRecordRefusesBadInput(t *testing.T) {
	for name, in := range map[string]string{
		"not json":       "{{",
		"unknown field":  `{"format":1,"game":"nim-test","bogus":1}`,
		"trailing data":  `{"format":1,"game":"nim-test"} {}`,
		"no format":      `{"game":"nim-test"}`,
		"too large":      `{"format":1,"game":"` + strings.Repeat("x", rules.MaxRecordBytes) + `"}`,
		"negative seed":  `{"format":1,"game":"nim-test","seed":-1}`,
		"args not array": `{"format":1,"game":"nim-test","actions":[{"seat":0,"action":{"kind":"take","args":3}}]}`,
	} {
		if _, err := rules.ReadRecord(strings.NewReader(in)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestRecordStartRefusesBadConfig(t *testing.T) {
	for name, rec := range map[string]rules.Record{
		"unknown game":   {Format: 1, Game: "chess", Config: rules.Config{Players: 2}, Seats: make([]rules.SeatInfo, 2)},
		"future format":  {Format: 99, Game: "nim-test", Config: rules.Config{Players: 2}, Seats: make([]rules.SeatInfo, 2)},
		"seat mismatch":  {Format: 1, Game: "nim-test", Config: rules.Config{Players: 3}, Seats: make([]rules.SeatInfo, 2)},
		"too many seats": {Format: 1, Game: "nim-test", Config: rules.Config{Players: 9}, Seats: make([]rules.SeatInfo, 9)},
	} {
		if _, _, err := rules.Replay(rec); !errors.Is(err, rules.ErrBadConfig) {
			t.Errorf("%s: want ErrBadConfig, got %v", name, err)
		}
	}
}

func TestEventSecretsReachOnlyTheirSeats(t *testing.T) {
	e := rules.Event{Kind: "draw", Seat: 1, Text: "Rikki draws a card", Secret: "Rikki draws the red Hero", SecretTo: []rules.Seat{1}}
	for seat, want := range map[rules.Seat]string{0: "Rikki draws a card", 1: "Rikki draws the red Hero", rules.Spectator: "Rikki draws a card",
		rules.Everyone: "Rikki draws the red Hero"} { // the replay of an ended game, everything shown
		got := e.For(seat)
		if got.Text != want || got.Secret != "" || got.SecretTo != nil {
			t.Errorf("seat %d sees %+v", seat, got)
		}
	}
}

func TestCloneIsIndependent(t *testing.T) {
	s, _ := rules.Lookup("nim-test")
	st, _ := s.New(rules.Config{Players: 2}, 3)
	c := st.Clone()
	c.Apply(0, c.Legal(0)[0])
	if same, _ := rules.SameState(st, c); same {
		t.Error("applying to a clone changed nothing or changed the original")
	}
	if !rules.IsPending(st, 0) {
		t.Error("the original moved on with its clone")
	}
}

// A seat that changes hands mid-game (a bot for a player who left) is
// recorded from that action on; the seats of the start stay as they were.
func TestSeatsAtFollowsChanges(t *testing.T) {
	_, rec := playRandom(t, 3)
	n := len(rec.Actions)
	rec.Actions = rec.Actions[:2]
	rec.ChangeSeat(1, rules.SeatInfo{Name: "Ragna (bot)", Bot: true})
	rec.Actions = append(rec.Actions, rules.SeatMove{})
	for _, c := range []struct {
		at      int
		want1   string
		wantBot bool
	}{{0, "Rikki", false}, {1, "Rikki", false}, {2, "Ragna (bot)", true}, {3, "Ragna (bot)", true}} {
		s := rec.SeatsAt(c.at)
		if s[1].Name != c.want1 || s[1].Bot != c.wantBot || s[0].Name != "Gordon" {
			t.Errorf("seats at action %d: %+v", c.at, s)
		}
	}
	if rec.Seats[1].Name != "Rikki" || n < 3 {
		t.Errorf("the starting seats changed: %+v (game of %d actions)", rec.Seats, n)
	}
}
