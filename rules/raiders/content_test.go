package raiders

import (
	"encoding/csv"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readCSV reads one of the reference files in testdata/ (a public
// fan-made data set of the base game's content), header dropped.
func readCSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = ';'
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestTownsfolkMatchTheReferenceData: every base-game row of cards.csv is
// one kind with the same strength, cost, copies and hero mark, and the
// deck has the book's 71 cards (Setup: "Shuffle all 71 townfolk cards").
func TestTownsfolkMatchTheReferenceData(t *testing.T) {
	seen := 0
	for _, row := range readCSV(t, "cards.csv") {
		if row[5] != "Base" {
			continue
		}
		name := row[0]
		if name == "Beserker" {
			name = "Berserker" // the data's spelling
		}
		k := -1
		for i, kind := range Kinds {
			if kind.Name == name {
				k = i
			}
		}
		if k < 0 {
			t.Errorf("no kind %q", name)
			continue
		}
		seen++
		want := Kind{Name: name, Strength: atoi(t, row[1]), Cost: atoi(t, row[2]), Copies: atoi(t, row[4]), Hero: row[3] == "TRUE"}
		if Kinds[k] != want {
			t.Errorf("%s: %+v, want %+v", name, Kinds[k], want)
		}
		if (row[7] == "") != Kinds[k].Hero || (KindText[k][1] == "") != Kinds[k].Hero {
			t.Errorf("%s: a hero, and only a hero, has no Town Hall ability", name)
		}
	}
	if seen != NumBaseKinds {
		t.Errorf("%d base kinds in the data, %d in the game", seen, NumBaseKinds)
	}
	if BaseCards != 71 {
		t.Errorf("%d townsfolk, want 71", BaseCards)
	}
}

// TestRaidSpacesMatchTheReferenceData: the 23 raid spaces, in order, with
// their plunder, worker, costs, colours, crew, dice and thresholds.
func TestRaidSpacesMatchTheReferenceData(t *testing.T) {
	rows := readCSV(t, "raids.csv")
	if len(rows) != BaseSpaces {
		t.Fatalf("%d spaces in the data, %d in the game", len(rows), BaseSpaces)
	}
	plunder := 0
	for i, row := range rows {
		sp := Spaces[i]
		if SettlementNames[sp.Settlement] != strings.ToLower(row[0]) {
			t.Errorf("space %d is a %s, want %s", i, SettlementNames[sp.Settlement], row[0])
		}
		worker := map[string]int{"Black": Black, "Grey": Grey, "White": White}[row[2]]
		want := Space{Settlement: sp.Settlement, Plunder: atoi(t, row[1]), Worker: worker, Gold: atoi(t, row[3]), Provisions: atoi(t, row[4]),
			Colours: [3]bool{row[7] == "TRUE", row[6] == "TRUE", row[5] == "TRUE"}, Crew: atoi(t, row[8]), Dice: atoi(t, row[9])}
		for j := 10; j+1 < len(row); j += 2 {
			if row[j] != "" {
				want.Thresholds = append(want.Thresholds, [2]int{atoi(t, row[j]), atoi(t, row[j+1])})
			}
		}
		got := sp
		if got.Settlement != want.Settlement || got.Plunder != want.Plunder || got.Worker != want.Worker || got.Gold != want.Gold ||
			got.Provisions != want.Provisions || got.Colours != want.Colours || got.Crew != want.Crew || got.Dice != want.Dice ||
			len(got.Thresholds) != len(want.Thresholds) {
			t.Errorf("space %d: %+v, want %+v", i, got, want)
			continue
		}
		for j := range got.Thresholds {
			if got.Thresholds[j] != want.Thresholds[j] {
				t.Errorf("space %d threshold %d: %v, want %v", i, j, got.Thresholds[j], want.Thresholds[j])
			}
		}
		plunder += sp.Plunder
	}
	bag := 0
	for _, n := range Bag {
		bag += n
	}
	if plunder != 70 || bag != 80 {
		t.Errorf("the spaces take %d of the bag's %d pieces, want 70 of 80", plunder, bag)
	}
}

// TestOfferingsMatchTheReferenceData: the 16 offering tiles.
func TestOfferingsMatchTheReferenceData(t *testing.T) {
	rows := readCSV(t, "offerings.csv")
	if len(rows) != len(Offerings) || len(Offerings) != 16 {
		t.Fatalf("%d offerings in the data, %d in the game, want 16", len(rows), len(Offerings))
	}
	for i, row := range rows {
		want := Offering{Silver: atoi(t, row[0]), Livestock: atoi(t, row[1]), Iron: atoi(t, row[2]), Gold: atoi(t, row[3]), VP: atoi(t, row[4])}
		if Offerings[i] != want {
			t.Errorf("offering %d: %+v, want %+v", i, Offerings[i], want)
		}
	}
}

// Counted goods agree with their numbers; the others read as amounts.
func TestRewardWordsAgree(t *testing.T) {
	for _, c := range []struct {
		r    Reward
		want string
	}{
		{Reward{Provisions: 1}, "1 provision"},
		{Reward{Provisions: 2, Armour: 1}, "2 provisions and 1 armour"},
		{Reward{Silver: 1, Gold: 2, Mead: 1}, "1 silver, 2 gold and 1 mead"},
		{Reward{VP: 1}, "1 VP"},
		{Reward{}, "nothing"},
	} {
		if got := RewardWords(c.r); got != c.want {
			t.Errorf("RewardWords(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
	if got := PlunderWords(Valkyrie, 1) + ", " + PlunderWords(Valkyrie, 2) + ", " + PlunderWords(Livestock, 2); got != "1 Valkyrie, 2 Valkyries, 2 livestock" {
		t.Errorf("plunder reads %q", got)
	}
}
