package pages

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"longhall/app/online"
	"longhall/rules"
)

// TestReadingRecordFiles: a good record opens; each kind of damaged or
// foreign file is refused with its own sentence.
func TestReadingRecordFiles(t *testing.T) {
	rec := botRecord(t, "rednorth", 11, 3, true)
	good, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	// edit returns the record's JSON after a change to a copy of it.
	edit := func(change func(r *rules.Record)) []byte {
		var c rules.Record
		json.Unmarshal(good, &c)
		change(&c)
		data, _ := json.Marshal(c)
		return data
	}
	tampered := edit(func(r *rules.Record) { r.Actions[5].Action = rules.Action{Kind: "steal-the-crown", Args: []int{1}} })
	for _, c := range []struct {
		name  string
		data  []byte
		fault recordFault
		says  string // a part of the sentence
	}{
		{"larger than 2 MB", append(good[:len(good)-1:len(good)-1], []byte(`,"x":"`+strings.Repeat("x", maxOpenedBytes)+`"}`)...), faultTooBig, "larger than 2 MB"},
		// The picker hands over files up to a saves file's limit.
		{"larger than 2 MB, within a saves file's 8 MB", append(good[:len(good)-1:len(good)-1], []byte(`,"x":"`+strings.Repeat("x", online.MaxSavesFileBytes-len(good)-8)+`"}`)...), faultTooBig, "the most a game record can be"},
		{"empty", nil, faultEmpty, "empty"},
		{"blank", []byte(" \n\t"), faultEmpty, "empty"},
		{"plain text", []byte("Gordon won, I think"), faultNotJSON, "not JSON"},
		{"a picture", []byte("\x89PNG\r\n\x1a\n\x00\x00"), faultNotJSON, "not JSON"},
		{"cut short", good[:len(good)/2], faultCut, "cut short"},
		{"cut at the last brace", good[:len(good)-2], faultCut, "cut short"},
		{"another app's settings", []byte(`{"theme": "dark", "version": 3}`), faultOtherJSON, "not a Longhall game record"},
		{"a JSON list", []byte(`[1, 2, 3]`), faultOtherJSON, "not a Longhall game record"},
		{"a JSON string", []byte(`"rednorth"`), faultOtherJSON, "not a Longhall game record"},
		{"a field no record has", edit2(good, `"seed"`, `"colour": "red", "seed"`), faultDamaged, "damaged"},
		{"an action's arguments in words", edit2(good, `"args": [`, `"args": ["one", `), faultDamaged, "damaged"},
		{"text after the record", append(good[:len(good):len(good)], []byte(` {"more": 1}`)...), faultDamaged, "damaged"},
		{"a newer format", edit(func(r *rules.Record) { r.Format = 9 }), faultNewer, "newer version of Longhall (format 9)"},
		{"a game this version does not know", edit(func(r *rules.Record) { r.Game = "hnefatafl" }), faultUnknownGame, "“hnefatafl”"},
		{"seats that do not match the players", edit(func(r *rules.Record) { r.Config.Players = 2 }), faultSetup, "set-up is damaged"},
		{"an option the game does not have", edit(func(r *rules.Record) { r.Config.Options = map[string]string{"dragons": "on"} }), faultSetup, "set-up is damaged"},
		{"a tampered move", tampered, faultMove, "damaged at move 6 (" + rec.Seats[rec.Actions[5].Seat].Name + ": steal-the-crown[1])"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := readRecordFile(c.data)
			var re *recordError
			if !errors.As(err, &re) || re.Fault != c.fault {
				t.Fatalf("refused with %v, want fault %d", err, c.fault)
			}
			if !strings.Contains(err.Error(), c.says) || strings.Contains(err.Error(), "%") {
				t.Fatalf("says %q, want it to mention %q", err, c.says)
			}
			t.Log(err)
		})
	}
	r, err := readRecordFile(good)
	if err != nil {
		t.Fatalf("a good record is refused: %v", err)
	}
	if r.Len() != len(rec.Actions) || !r.ended {
		t.Fatalf("the good record opens at %d of %d, ended %v", r.n, r.Len(), r.ended)
	}
}

// TestTooBigFilesSayWhichLimitApplies: a file over a limit is refused
// with a sentence that names the limit, as the constants have it: a game
// record's, or a saves file's (the file picker's) with both.
func TestTooBigFilesSayWhichLimitApplies(t *testing.T) {
	mb := func(n int) string { return fmt.Sprintf("%d MB", n>>20) }
	for _, c := range []struct {
		name  string
		fault recordFault
		names []string
	}{
		{"a game record over its limit", faultTooBig, []string{mb(maxOpenedBytes), "game record"}},
		{"a file over every limit", faultHuge, []string{mb(online.MaxSavesFileBytes), "saves file", mb(maxOpenedBytes), "game record"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			said := refuse(c.fault, "").Error()
			for _, w := range c.names {
				if !strings.Contains(said, w) {
					t.Errorf("%q does not say %q", said, w)
				}
			}
		})
	}
	if maxOpenedBytes >= online.MaxSavesFileBytes {
		t.Errorf("a game record may be %d bytes and a saves file only %d: the file picker, which takes both, would refuse records within their limit", maxOpenedBytes, online.MaxSavesFileBytes)
	}
}

// edit2 replaces the first old in data with new.
func edit2(data []byte, old, new string) []byte {
	return []byte(strings.Replace(string(data), old, new, 1))
}

// TestSavedRecordsOpenAgain: what Save writes, Open reads: the same
// record, under a name that says the game and the day.
func TestSavedRecordsOpenAgain(t *testing.T) {
	rec := botRecord(t, "vikings", 3, 2, false)
	data, err := json.MarshalIndent(rec, "", " ") // as saveRecordFile writes it
	if err != nil {
		t.Fatal(err)
	}
	r, err := readRecordFile(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.rec.Actions) != len(rec.Actions) || r.rec.Seed != rec.Seed {
		t.Fatal("the record read back differs")
	}
	if got := recordFileName("vikings", time.Date(2026, 3, 9, 22, 0, 0, 0, time.UTC)); got != "longhall-vikings-2026-03-09.json" {
		t.Errorf("file name %q", got)
	}
}

// TestReplayHandoff: the replay page finds its record in a local save or
// in a slot, and says so in words when there is none or it is damaged. A
// game in progress on one device shows a lone person's own view, and no
// hand at all to people who share the screen (the table hands the device
// over before it shows one; a replay must not show Ann Cy's hand).
func TestReplayHandoff(t *testing.T) {
	st := &online.MemStore{}
	for _, c := range []struct {
		id    string
		seats []rules.SeatInfo
		see   []rules.Seat
	}{
		{"g1", []rules.SeatInfo{{Name: "Ann"}, {Name: "Bo", Bot: true}, {Name: "Cy"}}, nil},
		{"g2", []rules.SeatInfo{{Name: "Bo", Bot: true}, {Name: "Cy"}}, []rules.Seat{1}},
	} {
		g, err := online.NewGame(c.id, "rednorth", rules.Config{}, 5, c.seats, 0, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := online.StoreSaved(st, g); err != nil {
			t.Fatal(err)
		}
		h, err := loadHandoff(st, "", c.id)
		if err != nil || h.Record.Game != "rednorth" || !slices.Equal(h.See, c.see) {
			t.Fatalf("local save %s: the replay may show %v (%v), want %v", c.id, h.See, err, c.see)
		}
	}
	rec := botRecord(t, "rednorth", 2, 2, false)
	st.Set(replayKey("room"), replayHandoff{Record: rec, See: []rules.Seat{1}})
	h, err := loadHandoff(st, "room", "")
	if err != nil || len(h.Record.Actions) != len(rec.Actions) || len(h.See) != 1 {
		t.Fatalf("a slot: %v", err)
	}
	st.SetRaw(replayKey("broken"), []byte(`{"record": {"format": 1, "game": `))
	for _, c := range []struct {
		slot, save string
		fault      recordFault
	}{{"", "", faultMissing}, {"none", "", faultMissing}, {"", "nosuchsave", faultMissing}, {"broken", "", faultDamaged}, {"../x", "", faultMissing}} {
		_, err := loadHandoff(st, c.slot, c.save)
		var re *recordError
		if !errors.As(err, &re) || re.Fault != c.fault {
			t.Errorf("slot %q save %q: %v, want fault %d", c.slot, c.save, err, c.fault)
		}
	}
}
