package rules

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestRNGIsDeterministicAndSerialisable(t *testing.T) {
	a, b := NewRNG(42), NewRNG(42)
	for range 100 {
		a.Uint64()
		b.Uint64()
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var c RNG
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		if x != y || x != z {
			t.Fatalf("step %d: %d %d %d", i, x, y, z)
		}
	}
	if NewRNG(1).Uint64() == NewRNG(2).Uint64() {
		t.Error("different seeds gave the same first value")
	}
}

func TestIntnIsInRangeAndRoughlyUniform(t *testing.T) {
	r := NewRNG(9)
	const n, draws = 6, 60000
	var counts [n]int
	for range draws {
		v := r.Intn(n)
		if v < 0 || v >= n {
			t.Fatalf("Intn(%d) = %d", n, v)
		}
		counts[v]++
	}
	for face, c := range counts {
		if c < draws/n*9/10 || c > draws/n*11/10 {
			t.Errorf("face %d drawn %d times of %d", face, c, draws)
		}
	}
	for _, bad := range []int{0, -3} {
		if got := r.Intn(bad); got != 0 {
			t.Errorf("Intn(%d) = %d, want 0", bad, got)
		}
	}
}

func TestShuffleKeepsEveryCard(t *testing.T) {
	deck := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	Shuffle(NewRNG(5), deck)
	sorted := slices.Clone(deck)
	slices.Sort(sorted)
	if !slices.Equal(sorted, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) {
		t.Fatalf("shuffle lost or made cards: %v", deck)
	}
}

func TestDeckHelpersNeverPanic(t *testing.T) {
	drawn, rest := Draw([]int{1, 2, 3}, 5)
	if len(drawn) != 3 || len(rest) != 0 {
		t.Errorf("Draw past the end: %v %v", drawn, rest)
	}
	drawn, rest = Draw([]int{1, 2, 3}, -1)
	if len(drawn) != 0 || len(rest) != 3 {
		t.Errorf("Draw(-1): %v %v", drawn, rest)
	}
	pile := []int{1, 2, 3}
	drawn, _ = Draw(pile, 2)
	drawn[0] = 99
	if pile[0] != 1 {
		t.Error("Draw aliases the pile")
	}
	if _, _, ok := RemoveAt([]int{1}, 3); ok {
		t.Error("RemoveAt out of range succeeded")
	}
	if s, ok := Remove([]int{1, 2, 3}, 2); !ok || !slices.Equal(s, []int{1, 3}) {
		t.Errorf("Remove: %v %v", s, ok)
	}
	if s := InsertAt([]int{1, 2}, 9, 3); !slices.Equal(s, []int{1, 2, 3}) {
		t.Errorf("InsertAt clamps: %v", s)
	}
}

// TestRulesUseNoOtherRandomness keeps every package under rules/ on the
// state's RNG: a game that read the clock or another random source would no
// longer replay from its record.
func TestRulesUseNoOtherRandomness(t *testing.T) {
	forbidden := []string{"math/rand", "math/rand/v2", "crypto/rand", "time", "syscall/js"}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if slices.Contains(forbidden, p) {
				t.Errorf("%s imports %s", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
