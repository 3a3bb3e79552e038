package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// logItem is one entry of a drawn log: its tag's attributes (in any
// order) and its first line.
var (
	logItem = regexp.MustCompile(`<li ([^>]*data-n="[^>]*)>\s*(?:<span>([^<]*)</span>)?`)
	attr    = regexp.MustCompile(`([\w-]+)="([^"]*)"`)
)

// drawnLog lists the entries of a drawn log as "number/action class text",
// in the record's order.
func drawnLog(entries []rules.LogEntry) []string {
	var out []string
	for _, m := range logItem.FindAllStringSubmatch(app.HTMLString(GameLog(entries)), -1) {
		a := map[string]string{}
		for _, kv := range attr.FindAllStringSubmatch(m[1], -1) {
			a[kv[1]] = kv[2]
		}
		out = append(out, fmt.Sprintf("%s/%s %s %s", a["value"], a["data-n"], a["class"], m[2]))
	}
	return out
}

func entry(n int, line string) rules.LogEntry {
	return rules.LogEntry{N: n, Lines: []string{line}}
}

// The log as the record grows and shrinks (a move, then a take-back with
// its aside line): each entry numbered by its place among the actions
// (data-n keeps the action's own number), the newest marked last, the
// aside unnumbered.
func TestTheGameLogFollowsTheRecord(t *testing.T) {
	for _, s := range []struct {
		name    string
		entries []rules.LogEntry
		want    []string
	}{
		{"a move is added on top", []rules.LogEntry{entry(1, "Ada drafts"), entry(2, "Bo drafts"), entry(3, "Ada raids")},
			[]string{"1/1  Ada drafts", "2/2  Bo drafts", "3/3 last Ada raids"}},
		{"a take-back: the move goes, an aside says so", []rules.LogEntry{entry(1, "Ada drafts"), entry(2, "Bo drafts"), entry(0, "Ada took back a move")},
			[]string{"1/1  Ada drafts", "2/2  Bo drafts", "/0 aside last Ada took back a move"}},
		{"the next move is numbered after the last action", []rules.LogEntry{entry(1, "Ada drafts"), entry(2, "Bo drafts"), entry(0, "Ada took back a move"), entry(4, "Ada works")},
			[]string{"1/1  Ada drafts", "2/2  Bo drafts", "/0 aside Ada took back a move", "3/4 last Ada works"}},
		// Issue 23: actions the game tells with the next one have no entry.
		{"numbers that do not skip where actions have no entry", []rules.LogEntry{entry(7, "Ada deploys a card"), entry(10, "Bo reinforces"), entry(11, "Ada passes")},
			[]string{"1/7  Ada deploys a card", "2/10  Bo reinforces", "3/11 last Ada passes"}},
	} {
		if got := drawnLog(s.entries); strings.Join(got, "\n") != strings.Join(s.want, "\n") {
			t.Errorf("%s: the log reads\n%s\nwant\n%s", s.name, strings.Join(got, "\n"), strings.Join(s.want, "\n"))
		}
	}
}
