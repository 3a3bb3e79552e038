package online

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"longhall/rules"
)

// Issue 39: a table on one device opened again shows each person the log
// it showed, a move taken back included (the record alone replays no
// take-back); a save from before the lines were kept opens with the
// record's log.
func TestATableOpenedAgainShowsTheLogItShowed(t *testing.T) {
	st := &MemStore{}
	logs := func(t *testing.T, tb *Table) [][]rules.LogEntry {
		return [][]rules.LogEntry{logShown(t, tb, 0), logShown(t, tb, 1)}
	}
	var before [][]rules.LogEntry
	synctest.Test(t, func(t *testing.T) {
		tb := handsForTwo(t, st)
		_, _, v := settled(t, tb)
		if err := tb.Act(v.Snap.State.Legal[0]); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the move is applied and may be taken back", func() bool { return tb.Undoer() == "Gordon" })
		if err := tb.Undo(); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the move is taken back", func() bool { s := tb.View().Snap.State; return s != nil && s.Step == 2 })
		_, _, v = settled(t, tb)
		if err := tb.Act(v.Snap.State.Legal[1]); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the other card is played", func() bool { rec, err := tb.Record(); return err == nil && len(rec.Actions) == 1 })
		settled(t, tb)
		before = logs(t, tb)
		if len(before[0]) != 2 || !strings.HasPrefix(before[0][0].Lines[0], "Gordon took back: ") ||
			len(before[1]) != 2 || !strings.HasPrefix(before[1][0].Lines[0], "Gordon took back a move") {
			t.Fatalf("the logs before the table closes: %+v", before)
		}
	})

	for _, c := range []struct {
		rule  string
		spoil func()
		want  [][]rules.LogEntry
	}{
		{"the lines kept beside the record are read again", func() {}, before},
		{"a save without lines (from before they were kept) reads as its record", func() {
			s := gameOn(t, st, "t1")
			s.Save.Log = nil
			StoreSaved(st, s)
		}, [][]rules.LogEntry{before[0][1:], before[1][1:]}},
	} {
		t.Run(c.rule, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c.spoil()
				again, err := OpenTable(context.Background(), st, "t1", TableOptions{}, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer again.Close()
				settled(t, again)
				if got := logs(t, again); !slices.EqualFunc(got, c.want, func(a, b []rules.LogEntry) bool {
					return slices.EqualFunc(a, b, func(x, y rules.LogEntry) bool {
						return x.N == y.N && x.Seat == y.Seat && slices.Equal(x.Lines, y.Lines)
					})
				}) {
					t.Errorf("the logs:\n%+v\nwant:\n%+v", got, c.want)
				}
			})
		})
	}
}
