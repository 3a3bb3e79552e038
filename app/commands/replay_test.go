//go:build !wasm

package commands

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"longhall/rules"
)

func playedRecord(t *testing.T) *rules.Record {
	t.Helper()
	s, rec, err := rules.Play("rednorth", rules.Config{}, 11, []rules.SeatInfo{{Name: "Gordon"}, {Name: "Rikki"}, {Name: "Hakka"}})
	if err != nil {
		t.Fatal(err)
	}
	bot := rules.RandomBot{RNG: rules.NewRNG(3)}
	for s.Result() == nil {
		seat := s.Pending()[0].Seat
		a, err := bot.Choose(s, seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec.Append(s, seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

func runReplay(t *testing.T, args []string, stdin string) (int, replayReport, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"replay"}, args...), strings.NewReader(stdin), &out, &errOut)
	var rep replayReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("replay printed no JSON (%v): %s %s", err, out.String(), errOut.String())
	}
	return code, rep, errOut.String()
}

func TestReplayPrintsTheLogAndTheResult(t *testing.T) {
	rec := playedRecord(t)
	data, _ := json.Marshal(rec)
	file := filepath.Join(t.TempDir(), "game.json")
	os.WriteFile(file, data, 0o644)
	for name, args := range map[string][]string{"file": {file}, "stdin": nil, "dash": {"-"}} {
		code, rep, _ := runReplay(t, args, string(data))
		if code != 0 || rep.Error != nil {
			t.Fatalf("%s: exit %d, error %+v", name, code, rep.Error)
		}
		if rep.Result == nil || len(rep.Result.Winners) != 1 || rep.Result.Reason == "" {
			t.Fatalf("%s: result %+v", name, rep.Result)
		}
		if rep.Actions != len(rec.Actions) || len(rep.Log) == 0 {
			t.Fatalf("%s: %d actions, %d log lines", name, rep.Actions, len(rep.Log))
		}
	}
}

func TestReplayNamesTheFirstIllegalAction(t *testing.T) {
	rec := playedRecord(t)
	rec.Actions[5].Action = rules.Action{Kind: "steal-the-crown"}
	data, _ := json.Marshal(rec)
	code, rep, _ := runReplay(t, nil, string(data))
	if code != 1 || rep.Error == nil || rep.Error.Index == nil || *rep.Error.Index != 5 {
		t.Fatalf("exit %d, error %+v", code, rep.Error)
	}
	if rep.Actions != 5 || rep.Error.Move.Action.Kind != "steal-the-crown" {
		t.Fatalf("report %+v", rep)
	}
}

func TestReplayRefusesCorruptInput(t *testing.T) {
	for name, in := range map[string]string{
		"empty":        "",
		"not json":     "hello",
		"unknown game": `{"format":1,"game":"chess","config":{"players":2},"seats":[{"name":"a"},{"name":"b"}]}`,
	} {
		code, rep, _ := runReplay(t, nil, in)
		if code != 1 || rep.Error == nil || rep.Error.Message == "" {
			t.Errorf("%s: exit %d, report %+v", name, code, rep)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"replay", "/no/such/file"}, nil, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "no such file") {
		t.Errorf("missing file: exit %d, %q", code, errOut.String())
	}
}

func TestUnknownVerbShowsUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"conquer"}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "Usage") {
		t.Errorf("exit %d, %q", code, errOut.String())
	}
}

// The README's example record must stay one that replays.
func TestReadmeRecordReplays(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	start := strings.Index(text, "```json\n{\"format\"")
	if start < 0 {
		t.Fatal("the README shows no record")
	}
	block := text[start+len("```json\n"):]
	block = block[:strings.Index(block, "```")]
	code, rep, _ := runReplay(t, nil, block)
	if code != 0 || rep.Actions != 1 || len(rep.Pending) == 0 {
		t.Fatalf("exit %d, report %+v", code, rep)
	}
}
