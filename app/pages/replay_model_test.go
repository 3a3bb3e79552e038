package pages

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

// botRecord plays a whole game of id between the game's own bots (random
// ones when random is set) and returns its record.
func botRecord(tb testing.TB, id string, seed uint64, players int, random bool) rules.Record {
	tb.Helper()
	seats := make([]rules.SeatInfo, players)
	for i := range seats {
		seats[i] = rules.SeatInfo{Name: fmt.Sprintf("Player %d", i+1), Bot: i > 0}
	}
	g, err := rules.Lookup(id)
	if err != nil {
		tb.Fatal(err)
	}
	s, rec, err := rules.Play(id, rules.Config{}, seed, seats)
	if err != nil {
		tb.Fatal(err)
	}
	var bot rules.Bot = rules.NewBot(g, seed+1)
	if random {
		bot = rules.RandomBot{RNG: rules.NewRNG(seed + 2)}
	}
	for s.Result() == nil {
		if len(rec.Actions) > 5000 {
			tb.Fatalf("%s: no end after 5000 actions", id)
		}
		seat := s.Pending()[0].Seat
		a, err := bot.Choose(s, seat)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := rec.Append(s, seat, a); err != nil {
			tb.Fatal(err)
		}
	}
	return *rec
}

// freshState replays the first n actions of rec from its start.
func freshState(tb testing.TB, rec rules.Record, n int) rules.State {
	tb.Helper()
	rec.Actions = rec.Actions[:n:n]
	s, _, err := rules.Replay(rec)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func sameState(tb testing.TB, what string, a, b rules.State) {
	tb.Helper()
	same, err := rules.SameState(a, b)
	if err != nil {
		tb.Fatal(err)
	}
	if !same {
		tb.Fatalf("%s: the replay's state differs from a fresh replay's", what)
	}
}

var replayGames = []string{"rednorth", "raiders", "vikings", "northerners"}

// TestReplayerMatchesAFreshReplay: the full replay agrees with
// rules.ReplayByAction, and every state a replay shows, reached by any
// path (forward, back, jumps across snapshots, steps one by one), is the
// state a fresh replay of that many moves gives.
func TestReplayerMatchesAFreshReplay(t *testing.T) {
	for _, id := range replayGames {
		t.Run(id, func(t *testing.T) {
			rec := botRecord(t, id, 7, 3, false)
			r, err := newReplayer(rec)
			if err != nil {
				t.Fatal(err)
			}
			final, events, err := rules.ReplayByAction(rec)
			if err != nil {
				t.Fatal(err)
			}
			sameState(t, "the end", r.cur, final)
			if !reflect.DeepEqual(r.events, events) || !r.ended || r.n != r.Len() {
				t.Fatalf("the full replay: %d events, ended %v, at %d of %d", len(r.events), r.ended, r.n, r.Len())
			}
			L := r.Len()
			path := []int{0, 1, 2, snapEvery - 1, snapEvery, snapEvery + 1, snapEvery - 1, 3 * snapEvery, L, L - 1, L / 2, L/2 + 5, L/2 + snapEvery + 3, 0, L}
			rng := rand.New(rand.NewPCG(1, 2))
			for range 20 {
				path = append(path, rng.IntN(L+1))
			}
			for _, n := range path {
				n = min(n, L)
				if err := r.Seek(n); err != nil {
					t.Fatal(err)
				}
				sameState(t, fmt.Sprintf("move %d", n), r.cur, freshState(t, rec, n))
			}
			// Stepping forward one move at a time from the start, and
			// back again, never strays either.
			r.Seek(0)
			for n := 1; n <= min(L, 2*snapEvery+3); n++ {
				r.Seek(r.n + 1)
				sameState(t, fmt.Sprintf("step to %d", n), r.cur, freshState(t, rec, n))
			}
			for n := r.n - 1; n >= 0; n-- {
				r.Seek(r.n - 1)
				if r.n != n {
					t.Fatalf("back from %d reached %d", n+1, r.n)
				}
			}
			sameState(t, "back to the start", r.cur, freshState(t, rec, 0))
			// A snapshot every snapEvery moves, made on the way and
			// never touched after.
			if want := L/snapEvery + 1; len(r.snaps) != want {
				t.Fatalf("%d snapshots for %d moves, want %d", len(r.snaps), L, want)
			}
			for k, snap := range r.snaps {
				sameState(t, fmt.Sprintf("snapshot %d afterwards", k), snap, freshState(t, rec, k*snapEvery))
			}
		})
	}
}

// TestReplayerSteps: a seek clamps to the game, and the log holds the moves
// so far, numbered by their place in the game, filtered for the viewer.
func TestReplayerSteps(t *testing.T) {
	rec := botRecord(t, "rednorth", 11, 3, true)
	r, err := newReplayer(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ to, want int }{{-5, 0}, {r.Len() + 9, r.Len()}, {3, 3}} {
		r.Seek(c.to)
		if r.n != c.want {
			t.Errorf("Seek(%d) shows move %d, want %d", c.to, r.n, c.want)
		}
	}
	r.Seek(0)
	if len(r.Log(0)) != 0 {
		t.Fatalf("a log at the start: %v", r.Log(0))
	}
	r.Seek(r.Len())
	secrets := 0
	for _, viewer := range []rules.Seat{rules.Spectator, 0, 1, 2} {
		log := r.Log(viewer)
		prev := 0
		for _, e := range log {
			if e.N <= prev || e.N > r.Len() || e.Seat != rec.Actions[e.N-1].Seat {
				t.Fatalf("entry %+v after %d", e, prev)
			}
			prev = e.N
			want := rules.EntryFor(e.N, e.Seat, r.events[e.N-1], viewer)
			if !slices.Equal(e.Lines, want.Lines) {
				t.Fatalf("seat %d's entry %d: %q, want %q", viewer, e.N, e.Lines, want.Lines)
			}
			if viewer >= 0 && !slices.Equal(e.Lines, rules.EntryFor(e.N, e.Seat, r.events[e.N-1], rules.Spectator).Lines) {
				secrets++
			}
		}
	}
	if secrets == 0 {
		t.Error("no seat reads anything the spectator does not: the log is not filtered for the viewer")
	}
	r.Seek(10)
	if got := r.Log(rules.Spectator); len(got) == 0 || got[len(got)-1].N > 10 {
		t.Errorf("the log at move 10 ends at %v", got[len(got)-1].N)
	}
}

// TestReplaySeatChoices: the views a device may choose.
func TestReplaySeatChoices(t *testing.T) {
	S, E := rules.Spectator, rules.Everyone
	for _, c := range []struct {
		name    string
		players int
		ended   bool
		may     []rules.Seat
		want    []rules.Seat
		first   rules.Seat
	}{
		{"a local table's people while it is on", 3, false, []rules.Seat{0, 2}, []rules.Seat{S, 0, 2}, 0},
		{"a file someone sent, not ended", 3, false, nil, []rules.Seat{S}, S},
		{"a room player's own seat", 4, false, []rules.Seat{3}, []rules.Seat{S, 3}, 3},
		{"seats that are not at the table", 2, false, []rules.Seat{5, -1}, []rules.Seat{S}, S},
		{"a finished game, any source", 3, true, nil, []rules.Seat{S, 0, 1, 2, E}, E},
		{"a finished local game", 2, true, []rules.Seat{0}, []rules.Seat{S, 0, 1, E}, E},
	} {
		got := seatChoices(c.players, c.ended, c.may)
		if !slices.Equal(got, c.want) || firstChoice(got) != c.first {
			t.Errorf("%s: %v first %d, want %v first %d", c.name, got, firstChoice(got), c.want, c.first)
		}
	}
}

// TestReplayShowsEverythingOnlyOnceTheGameHasEnded: the view of
// everything (rules.Everyone) is every seat's own cards at once, and the log
// read with it holds every secret; a record whose game has not ended shows
// the spectator's view instead, whatever is asked.
func TestReplayShowsEverythingOnlyOnceTheGameHasEnded(t *testing.T) {
	rec := botRecord(t, "rednorth", 5, 3, false)
	r, err := newReplayer(rec)
	if err != nil {
		t.Fatal(err)
	}
	r.Seek(r.Len() / 2)
	if got := r.Viewer(rules.Everyone); got != rules.Everyone {
		t.Fatalf("an ended game's replay shows seat %d for everything", got)
	}
	all, _ := r.ViewJSON(rules.Everyone)
	pub, _ := r.ViewJSON(rules.Spectator)
	if !json.Valid(all) || string(all) == string(pub) {
		t.Fatalf("everything shown reads as the spectator's view: %s", all)
	}
	lines := func(seat rules.Seat) (n int) {
		for _, e := range r.Log(seat) {
			n += len(strings.Join(e.Lines, "\n"))
		}
		return n
	}
	for seat := rules.Seat(0); seat < 3; seat++ {
		if lines(rules.Everyone) < lines(seat) {
			t.Errorf("seat %d's log says more than the log of everything", seat)
		}
	}

	cut := rec
	cut.Actions = rec.Actions[:r.Len()/2]
	unfinished, err := newReplayer(cut)
	if err != nil {
		t.Fatal(err)
	}
	if got := unfinished.Viewer(rules.Everyone); got != rules.Spectator {
		t.Fatalf("a game not ended shows seat %d when everything is asked for; want the spectator's view", got)
	}
}

// BenchmarkReplayJump: a jump to any move of a long game (Raiders between
// random bots, about 800 moves), as the slider makes one, against a replay
// from the start as a page without snapshots would.
func BenchmarkReplayJump(b *testing.B) {
	rec := botRecord(b, "raiders", 7, 4, true)
	r, err := newReplayer(rec)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("raiders: %d moves, %d snapshots", r.Len(), len(r.snaps))
	b.Run("snapshots", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(3, 4))
		for b.Loop() {
			if err := r.Seek(rng.IntN(r.Len() + 1)); err != nil {
				b.Fatal(err)
			}
			r.ViewJSON(0)
		}
	})
	b.Run("back-one", func(b *testing.B) {
		for b.Loop() {
			if r.n == 0 {
				r.Seek(r.Len())
			}
			r.Seek(r.n - 1)
			r.ViewJSON(0)
		}
	})
	b.Run("from-the-start", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(3, 4))
		for b.Loop() {
			n := rng.IntN(r.Len() + 1)
			s, err := rec.Start()
			if err != nil {
				b.Fatal(err)
			}
			for _, m := range rec.Actions[:n] {
				if _, err := s.Apply(m.Seat, m.Action); err != nil {
					b.Fatal(err)
				}
			}
			json.Marshal(s.View(0))
		}
	})
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			if _, err := newReplayer(rec); err != nil {
				b.Fatal(err)
			}
		}
	})
}
