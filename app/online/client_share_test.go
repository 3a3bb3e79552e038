package online

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"longhall/app/session"
	"longhall/rules"
)

// A View the page keeps reads the same however the client's lists grow
// after it: the log, the chat and the samples are handed out without a
// copy, so the client must never write into what it handed out: not when
// it appends, not when a whole log replaces the one it had, not when the
// oldest chat lines or samples fall off.
func TestAKeptViewNeverChanges(t *testing.T) {
	c := &client{}
	type kept struct{ view, was View }
	var views []kept
	keep := func() {
		v := c.View()
		was := v
		was.Log = deepLog(v.Log)
		was.Chat = append([]session.Chat(nil), v.Chat...)
		was.Traffic.RTTs = append([]time.Duration(nil), v.Traffic.RTTs...)
		was.Traffic.Decodes = append([]time.Duration(nil), v.Traffic.Decodes...)
		views = append(views, kept{v, was})
	}
	state := func(version int) session.Update {
		ev := []rules.Event{{Text: fmt.Sprintf("move %d", version)}}
		return session.Update{State: &session.StateMsg{Version: version, Actor: 0, Events: ev}, Received: time.Now()}
	}
	for v := 1; v <= 40; v++ {
		c.sentAt = time.Now()
		c.apply(state(v))
		c.apply(session.Update{Chat: &session.Chat{Text: fmt.Sprint("line ", v)}})
		c.apply(session.Update{Chat: &session.Chat{Text: fmt.Sprint("more ", v)}})
		keep()
		if v == 20 {
			// A reconnect: the whole log again, in two parts, and the
			// state it leads to.
			c.apply(session.Update{Log: &session.LogMsg{First: true, More: true, Upto: 10, Entries: []rules.LogEntry{{N: 1, Lines: []string{"again 1"}}}}})
			keep()
			c.apply(session.Update{Log: &session.LogMsg{Upto: 20, Entries: []rules.LogEntry{{N: 2, Lines: []string{"again 2"}}}}})
			c.apply(state(20))
			keep()
		}
	}
	for i, k := range views {
		if !reflect.DeepEqual(k.view.Log, k.was.Log) || !reflect.DeepEqual(k.view.Chat, k.was.Chat) ||
			!reflect.DeepEqual(k.view.Traffic.RTTs, k.was.Traffic.RTTs) || !reflect.DeepEqual(k.view.Traffic.Decodes, k.was.Traffic.Decodes) {
			t.Fatalf("view %d changed after the page had it:\nlog %v\nwas %v\nchat %v\nwas %v", i, k.view.Log, k.was.Log, k.view.Chat, k.was.Chat)
		}
	}
	v := c.View()
	if len(v.Log) != 22 || v.Log[0].Lines[0] != "again 1" || v.Log[21].Lines[0] != "move 40" {
		t.Errorf("the log is %v", v.Log)
	}
	if len(v.Chat) != chatLines || v.Chat[chatLines-1].Text != "more 40" {
		t.Errorf("the chat is %d lines, ending %v", len(v.Chat), v.Chat[len(v.Chat)-1])
	}
	if len(v.Traffic.RTTs) != 40 {
		t.Errorf("%d round trips timed, want 40", len(v.Traffic.RTTs))
	}
}

// The samples keep the latest samplesKept, oldest first, and a list the
// page holds keeps its own.
func TestKeepLatestKeepsTheLatest(t *testing.T) {
	var list []time.Duration
	var held []time.Duration
	for i := range 3 * samplesKept {
		list = keepLatest(list, time.Duration(i))
		if i == samplesKept+7 {
			held = shared(list)
		}
	}
	if len(list) != samplesKept || list[0] != 2*samplesKept || list[samplesKept-1] != 3*samplesKept-1 {
		t.Errorf("kept %d samples, %v to %v", len(list), list[0], list[len(list)-1])
	}
	if len(held) != samplesKept || held[0] != 8 || held[samplesKept-1] != samplesKept+7 {
		t.Errorf("a held list became %v to %v", held[0], held[len(held)-1])
	}
}

func deepLog(log []rules.LogEntry) []rules.LogEntry {
	out := make([]rules.LogEntry, len(log))
	for i, e := range log {
		out[i] = rules.LogEntry{N: e.N, Seat: e.Seat, Lines: append([]string(nil), e.Lines...)}
	}
	return out
}
