package rednorth

import (
	"encoding/json"
	"fmt"
	"testing"

	"longhall/app/ui"
	"longhall/rules"
	rn "longhall/rules/rednorth"
)

var names = []string{"Gordon", "Rikki", "Hakka", "Astrid"}

// position is one decision of a game: the state and a seat that must act.
type position struct {
	s    rules.State
	seat rules.Seat
}

// playPositions plays a game of the given size with random legal choices
// (they reach every God and power sooner than the bot) and calls visit for
// every pending seat at every step, then once more for each seat when the
// game is over.
func playPositions(t testing.TB, players int, seed uint64, visit func(position)) rules.State {
	t.Helper()
	seats := make([]rules.SeatInfo, players)
	for i := range seats {
		seats[i] = rules.SeatInfo{Name: names[i]}
	}
	s, _, err := rules.Play("rednorth", rules.Config{}, seed, seats)
	if err != nil {
		t.Fatal(err)
	}
	bot := rules.RandomBot{RNG: rules.NewRNG(seed)}
	for step := 0; s.Result() == nil; step++ {
		if step > 2000 {
			t.Fatal("the game did not end")
		}
		pending := s.Pending()
		if len(pending) == 0 {
			t.Fatal("nobody is pending in a game that is not over")
		}
		for _, p := range pending {
			visit(position{s, p.Seat})
		}
		seat := pending[step%len(pending)].Seat
		a, err := bot.Choose(s, seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	for p := range players {
		visit(position{s, rules.Seat(p)})
	}
	return s
}

// viewOf decodes a seat's View as the board does.
func viewOf(t testing.TB, s rules.State, seat rules.Seat) rn.View {
	t.Helper()
	var v rn.View
	if err := json.Unmarshal(propsOf(t, s, seat).View, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// propsOf builds the props the table page gives the board.
func propsOf(t testing.TB, s rules.State, seat rules.Seat) ui.BoardProps {
	t.Helper()
	view, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return ui.BoardProps{
		Game: "rednorth", Seat: seat, Names: names[:len(s.View(seat).(rn.View).Seats)],
		View: view, Legal: s.Legal(seat), Pending: s.Pending(), Result: s.Result(),
	}
}

func keys(legal []rules.Action) []string {
	out := make([]string, len(legal))
	for i, a := range legal {
		out[i] = ui.ActionKey(a)
	}
	return out
}

func describe(p position) string {
	v := p.s.View(p.seat).(rn.View)
	step := ""
	if v.Step != nil {
		step = " step " + v.Step.Kind
	}
	return fmt.Sprintf("seat %d, %s %s%s", p.seat, v.RoundName, v.Phase, step)
}
