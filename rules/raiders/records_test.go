package raiders

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"longhall/rules"
)

// Saved games outlive versions: base-game records made before the modules
// existed (testdata/base-records.json: a 4-player and a 2-player bot game)
// still replay to the same end, so adding options never changes a game
// that does not use them.
func TestBaseGameRecordsStillReplay(t *testing.T) {
	data, err := os.ReadFile("testdata/base-records.json")
	if err != nil {
		t.Fatal(err)
	}
	var recs []rules.Record
	if err := json.Unmarshal(data, &recs); err != nil {
		t.Fatal(err)
	}
	want := [][]int{{33, 43, 30, 34}, {65, 91}}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d", len(recs), len(want))
	}
	for i, r := range recs {
		st, _, err := rules.Replay(r)
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if res := st.Result(); res == nil || !slices.Equal(res.Scores, want[i]) {
			t.Errorf("record %d ends with %+v, want scores %v", i, res, want[i])
		}
	}
}
