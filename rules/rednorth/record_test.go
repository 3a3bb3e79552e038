package rednorth

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"longhall/rules"
)

func readExample(tb testing.TB) (rules.Record, []byte) {
	tb.Helper()
	data, err := os.ReadFile("testdata/example.json")
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := rules.ReadRecord(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	return rec, data
}

// The worked example of README.md: a fixed set-up and a whole Spring round.
func TestExampleRecordReplays(t *testing.T) {
	rec, _ := readExample(t)
	st, _, err := rules.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if err := s.check(); err != nil {
		t.Fatal(err)
	}
	// Gordon's [red, Jarl, red, blue+Glory] takes red (6) and blue (3 to 2);
	// Rikki's [green, Jarl, green, blue] takes green (6) and 1 Glory for blue.
	if s.Round != Summer || s.Phase != PhaseDeploy {
		t.Fatalf("round %d phase %s", s.Round, s.Phase)
	}
	if s.Owner[Green] != 1 || s.Owner[Red] != 0 || s.Owner[Blue] != 0 {
		t.Errorf("owners %v", s.Owner)
	}
	if s.Seats[0].VP != 2 || s.Seats[1].VP != 1 || s.Seats[0].Glory != 0 || s.Seats[1].Glory != 2 {
		t.Errorf("VP %d/%d Glory %d/%d", s.Seats[0].VP, s.Seats[1].VP, s.Seats[0].Glory, s.Seats[1].Glory)
	}
	if s.FirstPlayer != 0 || s.TieBreaker != 1 || s.Champion != 0 {
		t.Errorf("tokens %d %d %d", s.FirstPlayer, s.TieBreaker, s.Champion)
	}
	if !slices.Equal(s.SetAside, []int{heroID(Blue)}) || len(s.Discard) != 10 || len(s.Groups) != 3 || s.Groups[0].God != int(Odin) {
		t.Errorf("set aside %v, discard %d, groups %v", s.SetAside, len(s.Discard), s.Groups)
	}
	if got := specs(s.Seats[0].Hand); !slices.Equal(got, []string{"green", "green", "red", "blue", "green hero", "jarl"}) {
		t.Errorf("Gordon's hand %v", got)
	}
	// The Report shows the round the way the book's example does.
	if cr := s.Report.Colours[2]; cr.Colour != "blue" || !slices.Equal(cr.Points, []int{3, 2}) || !slices.Equal(cr.Glory, []int{1}) {
		t.Errorf("blue report %+v", cr)
	}
}

// README.md shows the same record as testdata/example.json.
func TestReadmeShowsTheExampleRecord(t *testing.T) {
	_, data := readExample(t)
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var block string
	for _, part := range strings.Split(string(readme), "```json\n")[1:] {
		body, _, _ := strings.Cut(part, "```")
		if strings.Contains(body, `"format": 1`) {
			block = body
		}
	}
	if block == "" {
		t.Fatal("README.md has no record example")
	}
	var a, b any
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(block), &b); err != nil {
		t.Fatalf("README's record is not JSON: %v", err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("README.md's record differs from testdata/example.json")
	}
}
