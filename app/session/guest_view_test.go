package session

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/rules"
	_ "longhall/rules/rednorth"
)

// A guest holds its view once: the fields it patches are slices of the
// view it last built, so a view it has delivered must never change as
// later patches come. Through a whole game, every view delivered keeps the
// bytes it had, the last is the host's, and the fields held are the last
// view's own.
func TestDeliveredViewsNeverChange(t *testing.T) {
	leaktest.Check(t)
	h, err := NewHost(context.Background(), "rednorth", rules.Config{Players: 3}, 5, Options{
		OnSave: func(Save) {}, BotWait: func(string) time.Duration { return 0 },
		Limits: Limits{MsgBurst: 1 << 20, MsgRate: 1 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	g := join(t, h, "Ann", "")
	for s := rules.Seat(1); s < 3; s++ {
		if err := h.SetBot(s, true); err != nil {
			t.Fatal(err)
		}
	}
	g.Ready(true)
	waitLobby(t, g, "Ann ready", func(l *Lobby) bool { return l.Seats[0].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	type kept struct{ view, was []byte }
	var seen []kept
	rng := rules.NewRNG(9)
	acted := -1
	var last *StateMsg
	waitFor(t, g, "the end of the game", func(u Update) bool {
		if u.Error != nil {
			acted = -1
		}
		if s := u.State; s != nil {
			seen = append(seen, kept{s.View, bytes.Clone(s.View)})
			last = s
			if s.Result != nil {
				return true
			}
		}
		if st := g.Latest().State; st != nil && len(st.Legal) > 0 && st.Version > acted && len(g.Updates()) == 0 {
			acted = st.Version
			g.Intent(st.Legal[rng.Intn(len(st.Legal))])
		}
		return false
	})
	if len(seen) < 10 {
		t.Fatalf("only %d states in a whole game", len(seen))
	}
	for i, k := range seen {
		if !bytes.Equal(k.view, k.was) {
			t.Fatalf("state %d of %d changed after it was delivered:\nnow %s\nwas %s", i, len(seen), k.view, k.was)
		}
	}
	var want any
	inLoop(t, h, func() { want = h.state.View(0) })
	if got := sortedJSON(t, want); !bytes.Equal(last.View, got) {
		t.Fatalf("the last view delivered is\n%s\nthe host's is\n%s", last.View, got)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(last.View, &fields); err != nil {
		t.Fatal(err)
	}
	for k, v := range g.fields {
		if !bytes.Equal(v, fields[k]) {
			t.Errorf("field %q held as %s, the view has %s", k, v, fields[k])
		}
		if len(v) == 0 || cap(v) != len(v) || !within(v, last.View) {
			t.Errorf("field %q is not a capped slice of the view it was built into", k)
		}
	}
	if len(g.fields) != len(fields) {
		t.Errorf("%d fields held, the view has %d", len(g.fields), len(fields))
	}
}

// within says whether the bytes of part lie inside whole's.
func within(part, whole []byte) bool {
	for i := range whole {
		if &whole[i] == &part[0] {
			return i+len(part) <= len(whole)
		}
	}
	return false
}
