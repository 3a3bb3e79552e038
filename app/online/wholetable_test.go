package online

import (
	"fmt"
	"slices"
	"testing"

	"longhall/app/session"
	"longhall/rules"
)

// The host sends a player the whole table again (a rematch deals a new
// game, a reconnect or a seat taken over sends it afresh) as a log and
// then the state it leads to, in messages that a page may draw between.
// Each view the page is given must show one table with its own log: the
// table it had until the new state comes, then the new one. A page that
// drew the rematch's empty log under the finished game (its result, the
// after-game buttons and the offer of a new version) showed the end of the
// last game as the new one began.
func TestAWholeLogGoesWithItsState(t *testing.T) {
	entries := func(from, to int) []rules.LogEntry {
		var out []rules.LogEntry
		for n := from; n <= to; n++ {
			out = append(out, rules.LogEntry{N: n, Lines: []string{fmt.Sprintf("move %d", n)}})
		}
		return out
	}
	state := func(version int, over bool) *session.StateMsg {
		s := &session.StateMsg{Version: version, Actor: 0}
		if over {
			s.Result = &rules.Result{}
		}
		return s
	}
	// shows is one view: the state's version, whether its game is over,
	// and how many log entries go with it.
	type shows struct {
		version int
		over    bool
		log     int
	}
	// Every case starts from a finished game of 40 moves, its whole log
	// held.
	for _, c := range []struct {
		name    string
		updates []session.Update
		want    []shows // after each update
	}{
		{"a rematch: lobby, empty log, the new game's state",
			[]session.Update{
				{Lobby: &Lobby{Started: true}, Snap: session.Snapshot{State: state(40, true)}},
				{Log: &session.LogMsg{First: true, Upto: 0, Entries: []rules.LogEntry{}}, Snap: session.Snapshot{State: state(40, true)}},
				{State: state(0, false), Snap: session.Snapshot{State: state(0, false)}},
			},
			[]shows{{40, true, 40}, {40, true, 40}, {0, false, 0}}},
		{"the table sent again in chunks after a reconnect",
			[]session.Update{
				{Log: &session.LogMsg{First: true, More: true, Upto: 40, Entries: entries(1, 25)}, Snap: session.Snapshot{State: state(40, true)}},
				{Log: &session.LogMsg{Upto: 40, Entries: entries(26, 40)}, Snap: session.Snapshot{State: state(40, true)}},
				{State: state(40, true), Snap: session.Snapshot{State: state(40, true)}},
			},
			[]shows{{40, true, 40}, {40, true, 40}, {40, true, 40}}},
		{"a whole log, then a state one move on (its events join the log)",
			[]session.Update{
				{Log: &session.LogMsg{First: true, Upto: 40, Entries: entries(1, 40)}, Snap: session.Snapshot{State: state(40, true)}},
				{State: &session.StateMsg{Version: 41, Events: []rules.Event{{}}}, Snap: session.Snapshot{State: state(41, false)}},
			},
			[]shows{{40, true, 40}, {41, false, 41}}},
		{"states without a whole log add to the log held",
			[]session.Update{
				{State: &session.StateMsg{Version: 41, Events: []rules.Event{{}}}, Snap: session.Snapshot{State: state(41, false)}},
				{State: &session.StateMsg{Version: 42, Events: []rules.Event{{}}}, Snap: session.Snapshot{State: state(42, false)}},
			},
			[]shows{{41, false, 41}, {42, false, 42}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cl := &client{version: 40}
			cl.view.Snap.State = state(40, true)
			cl.view.Log = entries(1, 40)
			for i, u := range c.updates {
				cl.apply(u)
				v := cl.View()
				got := shows{v.Snap.State.Version, v.Snap.State.Result != nil, len(v.Log)}
				if got != c.want[i] {
					t.Fatalf("after update %d the page is shown %+v, want %+v", i+1, got, c.want[i])
				}
				if got.log == 40 && !slices.EqualFunc(v.Log, entries(1, 40), func(a, b rules.LogEntry) bool { return a.N == b.N && slices.Equal(a.Lines, b.Lines) }) {
					t.Fatalf("after update %d the log is not the finished game's: %+v", i+1, v.Log)
				}
			}
		})
	}
}
