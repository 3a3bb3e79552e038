package pages

import (
	"testing"
	"time"

	"longhall/app/online"
)

func TestAwayWordsSayWhoIsAwayAndTheHostsChoice(t *testing.T) {
	rikki := online.SeatStatus{Seat: 1, Kind: online.SeatHuman, Name: "Rikki"}
	for _, c := range []struct {
		name        string
		host, waits bool
		want        string
	}{
		{"the host, given the choice", true, true, "Rikki's seat is empty: wait, or let a bot play it."},
		{"a player, while the game waits for Rikki", false, true, "Rikki is away, and the game waits for them."},
		{"a player, while it does not", false, false, "Rikki is away."},
	} {
		if got := awayWords(rikki, c.host, c.waits); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if got := claimWords("Rikki", "Rikki"); got != "Rikki is back as a newcomer and asks for their seat." {
		t.Errorf("a claim by the same name: %q", got)
	}
	if got := claimWords("Sam", "Rikki"); got != "Sam asks for Rikki's seat." {
		t.Errorf("a claim by another name: %q", got)
	}
}

// An absence is told only once it has lasted awayAfter (a reload is none),
// a redraw is asked for when it will have, and the host's Wait hides it
// until the player is back.
func TestAnAbsenceIsToldOnceItHasLasted(t *testing.T) {
	var a absences
	t0 := time.Unix(1000, 0)
	lobby := func(connected bool) *online.Lobby {
		return &online.Lobby{Started: true, Seats: []online.SeatStatus{
			{Seat: 0, Kind: online.SeatHuman, Name: "Gordon", Host: true, Connected: true},
			{Seat: 1, Kind: online.SeatHuman, Name: "Rikki", Connected: connected},
			{Seat: 2, Kind: online.SeatBot, Name: "Ragna (bot)", Connected: true},
		}}
	}
	var asked []time.Duration
	after := func(d time.Duration) { asked = append(asked, d) }
	a.follow(lobby(false), true, t0, after)
	if len(asked) != 1 || asked[0] != awayAfter {
		t.Fatalf("redraws asked %v, want one after %v", asked, awayAfter)
	}
	if a.long(1, t0.Add(awayAfter-time.Millisecond), false) {
		t.Errorf("an absence told before it has lasted")
	}
	a.due = false
	a.follow(lobby(false), true, t0.Add(awayAfter), after)
	if !a.long(1, t0.Add(awayAfter), false) || !a.long(1, t0.Add(awayAfter), true) {
		t.Errorf("an absence that has lasted is not told")
	}
	if a.long(0, t0.Add(time.Hour), false) || a.long(2, t0.Add(time.Hour), false) {
		t.Errorf("the host or a bot told as away")
	}
	a.wait(1)
	if a.long(1, t0.Add(time.Minute), true) || !a.long(1, t0.Add(time.Minute), false) {
		t.Errorf("after the host's Wait: host told %v, others %v", a.long(1, t0.Add(time.Minute), true), a.long(1, t0.Add(time.Minute), false))
	}
	// Back, then away again: a new absence, told again after it lasts.
	a.follow(lobby(true), true, t0.Add(2*time.Minute), after)
	if a.long(1, t0.Add(2*time.Minute), false) {
		t.Errorf("a player who is back is told as away")
	}
	a.due = false
	a.follow(lobby(false), true, t0.Add(3*time.Minute), after)
	if a.long(1, t0.Add(3*time.Minute), true) || !a.long(1, t0.Add(3*time.Minute+awayAfter), true) {
		t.Errorf("a second absence is not told to the host in its time")
	}
	// Before the start, nobody is away from a game.
	var b absences
	b.follow(lobby(false), false, t0, after)
	if b.long(1, t0.Add(time.Hour), false) {
		t.Errorf("an absence told before the start")
	}
}
