package session

import (
	"encoding/json"
	"testing"

	"longhall/app/internal/leaktest"
	"longhall/rules"
)

// Issue 23: "a finished room offers Watch the replay to everyone". Once
// the game has ended every member is handed the whole record, the host's
// own, which replays to the result everyone saw; one who comes in after
// the end is handed it too. Before the end nobody is.
func TestEveryoneIsHandedTheRecordOnceTheGameHasEnded(t *testing.T) {
	leaktest.Check(t)
	h := newTestHost(t, 2, Options{})
	ann := local(t, h, "Ann", "")
	bob := join(t, h, "Bob", "")
	bob.Ready(true)
	waitLobby(t, bob, "Bob ready", func(l *Lobby) bool { return l.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	records := map[string]chan *RecordMsg{"Ann": make(chan *RecordMsg, 4), "Bob": make(chan *RecordMsg, 4)}
	var result *rules.Result
	done := make(chan *rules.Result, 2)
	for name, g := range map[string]*Guest{"Ann": ann, "Bob": bob} {
		go func() {
			rng := rules.NewRNG(uint64(len(name)))
			var res *rules.Result
			for u := range g.Updates() {
				switch {
				case u.Record != nil:
					if res == nil {
						t.Errorf("%s was handed the record before the end", name)
					}
					records[name] <- u.Record
					done <- res
					return
				case u.State != nil && u.State.Result != nil:
					res = u.State.Result
				case u.State != nil && len(u.State.Legal) > 0:
					g.Intent(u.State.Legal[rng.Intn(len(u.State.Legal))])
				}
			}
			done <- nil
		}()
	}
	for range 2 {
		if r := <-done; r != nil {
			result = r
		}
	}
	if result == nil {
		t.Fatal("the game did not end with a record for everyone")
	}
	save, err := h.Save()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(save.Record)
	for name, ch := range records {
		got, _ := json.Marshal((<-ch).Record)
		if string(got) != string(want) {
			t.Errorf("%s was handed %s, want the host's %s", name, got, want)
		}
	}
	s, _, err := rules.Replay(save.Record)
	if err != nil || s.Result() == nil || s.Result().Reason != result.Reason {
		t.Errorf("the record replays to %v (%v), want %v", s.Result(), err, result)
	}
	// Cat comes in after the end: she is handed it too.
	cat := join(t, h, "Cat", "")
	if u := waitKind(t, cat, KindRecord); len(u.Record.Record.Actions) != len(save.Record.Actions) {
		t.Errorf("the late comer was handed %d actions, want %d", len(u.Record.Record.Actions), len(save.Record.Actions))
	}
}
