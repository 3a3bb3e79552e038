package rulestest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"longhall/rules"
)

// update rewrites the golden files instead of comparing with them:
// go test ./rules/<game> -run Golden -update.
var update = flag.Bool("update", false, "rewrite the golden games in testdata/golden")

// Updating reports whether the tests run with -update: golden files of
// other kinds (a room's log) are rewritten under the same flag, which a
// test binary may define only once.
func Updating() bool { return *update }

// Golden plays one whole game for each config with the game's own bots in
// every seat (seeded, so always the same game) and compares, byte for
// byte, with testdata/golden/<config>.txt: the record (the save file),
// then every seat's log as that seat reads it, then every seat's final
// view. The stored record is also replayed: a rules change that would
// break a player's saved game fails here, and one that changes how a game
// goes or reads shows as a diff. Run with -update to write the files
// again after a deliberate change, and read the diff.
func Golden(t *testing.T, game rules.Game, configs []rules.Config) {
	t.Helper()
	for _, cfg := range configs {
		name := configName(cfg)
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden", fileName(name)+".txt")
			if !*update {
				// A saved game from before still replays, to the end.
				if data, err := os.ReadFile(path); err == nil {
					replayStored(t, data)
				}
			}
			got := goldenGame(t, game, cfg)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("no golden game (%v): run go test -run Golden -update and check the file in", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("the game differs from %s at line %d:\n  got  %s\n  want %s\n(after a deliberate rules change: -update, and read the diff)",
					path, firstDiff(got, want), lineAt(got, firstDiff(got, want)), lineAt(want, firstDiff(got, want)))
			}
		})
	}
}

// goldenGame plays cfg's game and writes it out.
func goldenGame(t *testing.T, game rules.Game, cfg rules.Config) []byte {
	t.Helper()
	info := game.Info()
	names := []string{"Gordon", "Rikki", "Hakka", "Sigrid", "Ulf", "Thyra"}
	seats := make([]rules.SeatInfo, cfg.Players)
	bots := make([]rules.Bot, cfg.Players)
	for i := range seats {
		seats[i] = rules.SeatInfo{Name: names[i%len(names)], Bot: true}
		bots[i] = rules.NewBot(game, uint64(1000+i))
	}
	st, rec, err := rules.Play(info.ID, cfg, 20261124, seats)
	if err != nil {
		t.Fatal(err)
	}
	var events [][]rules.Event
	for step := 0; st.Result() == nil; step++ {
		if step > 100000 {
			t.Fatal("the game did not end")
		}
		seat := st.Pending()[0].Seat
		a, err := bots[seat].Choose(st, seat)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := rec.Append(st, seat, a)
		if err != nil {
			t.Fatalf("action %d: %v", len(rec.Actions), err)
		}
		events = append(events, ev)
	}
	var b bytes.Buffer
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "# %s, %s: a whole game by the game's bots\n\n## record\n%s\n", info.Name, configName(cfg), data)
	for seat := rules.Seat(-1); int(seat) < cfg.Players; seat++ {
		fmt.Fprintf(&b, "\n## log of %s\n", who(seat, seats))
		for i, ev := range events {
			if len(ev) == 0 {
				continue
			}
			e := rules.EntryFor(i+1, rec.Actions[i].Seat, ev, seat)
			fmt.Fprintf(&b, "%d. %s\n", e.N, strings.Join(e.Lines, " / "))
		}
	}
	for seat := rules.Seat(-1); int(seat) < cfg.Players; seat++ {
		view, err := json.Marshal(st.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "\n## final view of %s\n%s\n", who(seat, seats), view)
	}
	res, _ := json.Marshal(st.Result())
	fmt.Fprintf(&b, "\n## result\n%s\n", res)
	return b.Bytes()
}

// replayStored replays the record of a stored golden game to its end.
func replayStored(t *testing.T, data []byte) {
	t.Helper()
	_, rest, ok := bytes.Cut(data, []byte("## record\n"))
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	if !ok {
		t.Fatal("the golden file has no record")
	}
	rec, err := rules.ReadRecord(bytes.NewReader(line))
	if err != nil {
		t.Fatalf("the stored record no longer reads: %v", err)
	}
	st, _, err := rules.Replay(rec)
	if err != nil {
		t.Fatalf("a saved game of this config no longer replays: %v", err)
	}
	if st.Result() == nil {
		t.Fatal("a saved finished game no longer ends where it did")
	}
}

func who(seat rules.Seat, seats []rules.SeatInfo) string {
	if seat < 0 {
		return "a spectator"
	}
	return fmt.Sprintf("seat %d (%s)", seat, seats[seat].Name)
}

// firstDiff is the 1-based line where a and b first differ.
func firstDiff(a, b []byte) int {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// lineAt is line n of data, cut short.
func lineAt(data []byte, n int) string {
	lines := strings.Split(string(data), "\n")
	if n < 1 || n > len(lines) {
		return "(none)"
	}
	l := lines[n-1]
	if len(l) > 200 {
		l = l[:200] + "…"
	}
	return l
}

// fileName keeps a config's name to letters, digits, '=', ',' and '-'.
func fileName(name string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '=' || r == ',' || r == '-' {
			return r
		}
		return '-'
	}, name)
}

// PrintLog prints, one line each, the events of the game record in file
// as seat reads them: the body of a game's worked Example. It panics on a
// record that does not read or replay (an Example has no t).
func PrintLog(file string, seat rules.Seat) {
	data, err := os.ReadFile(file)
	if err != nil {
		panic(err)
	}
	rec, err := rules.ReadRecord(bytes.NewReader(data))
	if err != nil {
		panic(err)
	}
	_, events, err := rules.Replay(rec)
	if err != nil {
		panic(err)
	}
	for _, e := range rules.EventsFor(events, seat) {
		fmt.Println(e.Text)
	}
}
