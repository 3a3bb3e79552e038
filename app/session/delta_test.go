package session

import (
	"encoding/json"
	"testing"

	"longhall/rules"
)

// A guest is sent the whole view once, then only the fields that change;
// a resync brings the whole view back.
func TestStatesCarryOnlyWhatChanged(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		r.start(t)
		var first StateMsg
		r.rob.until(KindState, &first)
		if first.View == nil || first.Patch != nil {
			t.Fatalf("the first state is not whole: %+v", first)
		}
		r.annPlays(t, false)
		var next StateMsg
		r.rob.until(KindState, &next)
		if next.View != nil || next.Patch == nil || next.Base != first.Version {
			t.Fatalf("the next state is not a patch on version %d: view %s, patch %v, base %d", first.Version, next.View, next.Patch, next.Base)
		}
		// Ann chose: her flag changed; Rob's hand, the scores and the deck
		// did not, so they do not travel.
		if _, ok := next.Patch["chosen"]; !ok {
			t.Errorf("the patch lacks the changed field: %v", keys(next.Patch))
		}
		for _, same := range []string{"hand", "scores", "deck"} {
			if _, ok := next.Patch[same]; ok {
				t.Errorf("the patch carries %q, which did not change", same)
			}
		}
		// Applied to the first view, the patch gives the host's view of now.
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(first.View, &fields); err != nil {
			t.Fatal(err)
		}
		for k, v := range next.Patch {
			fields[k] = v
		}
		var want any
		inLoop(t, r.h, func() { want = r.h.state.View(1) })
		if string(mustJSON(t, fields)) != string(sortedJSON(t, want)) {
			t.Fatalf("first view + patch = %s, want %s", mustJSON(t, fields), sortedJSON(t, want))
		}

		r.rob.msg(KindResync, nil)
		var whole StateMsg
		r.rob.until(KindState, &whole)
		if whole.View == nil || whole.Patch != nil || whole.Version != next.Version {
			t.Fatalf("resync answered with %+v", whole)
		}
		mustCheckHost(t, r.h)
	})
}

// A Guest that holds no view, or another version than a patch's base,
// does not draw a wrong table: it reports being out of step and asks for
// the whole view, which comes.
func TestAGuestOutOfStepResyncs(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		r := newRoom(t)
		r.start(t)
		g := r.ann
		// Tamper with what the guest holds, as a lost message would.
		g.mu.Lock()
		g.snap.State.Version += 7
		g.mu.Unlock()
		r.annPlays2(t)
		waitError(t, g, CodeOutOfStep)
		st := waitKind(t, g, KindState).State
		if st.View == nil || st.Patch != nil {
			t.Fatalf("after the resync the guest got %+v", st)
		}
		var want any
		inLoop(t, r.h, func() { want = r.h.state.View(0) })
		if string(st.View) != string(sortedJSON(t, want)) {
			t.Fatalf("the resynced view is %s, want %s", st.View, sortedJSON(t, want))
		}
	})
}

// annPlays2 makes Ann choose, without waiting to hear of it.
func (r *room) annPlays2(t testing.TB) {
	t.Helper()
	var legal []rules.Action
	inLoop(t, r.h, func() { legal = r.h.state.Legal(0) })
	if len(legal) == 0 {
		t.Fatal("Ann has nothing to play")
	}
	if _, err := r.ann.Intent(legal[0]); err != nil {
		t.Fatal(err)
	}
}

func keys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
