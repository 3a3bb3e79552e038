package session

import (
	"encoding/json"
	"slices"
	"testing"

	"longhall/rules"
)

// What a peer holds, on its own (heldView): the first state is whole; the
// next of the same seat a patch of the fields that changed, those gone
// dropped, based on the version held; another seat's, or one after
// forget, whole again.
func TestAPeerIsSentTheFieldsThatChangedSinceWhatItHolds(t *testing.T) {
	state := func(version int, seat rules.Seat, view string) *seatState {
		st := &seatState{version: version, view: json.RawMessage(view), msg: StateMsg{Version: version, Seat: seat}}
		st.keys, st.fields, _ = splitObject(st.view)
		return st
	}
	read := func(t *testing.T, data []byte) StateMsg {
		t.Helper()
		env, e := decode(data)
		if e != nil {
			t.Fatal(e)
		}
		var m StateMsg
		if err := json.Unmarshal(env.Body, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	var v heldView
	steps := []struct {
		name  string
		st    *seatState
		then  func()
		whole bool
		patch []string // the fields the patch carries
		drop  []string
	}{
		{"the first state is whole", state(1, 0, `{"a":1,"b":[2],"c":"x"}`), nil, true, nil, nil},
		{"the next carries what changed, and drops what went", state(2, 0, `{"a":1,"b":[3],"d":4}`), nil, false, []string{"b", "d"}, []string{"c"}},
		{"nothing changed: an empty patch", state(3, 0, `{"a":1,"b":[3],"d":4}`), nil, false, []string{}, nil},
		{"another seat's is whole", state(3, 1, `{"a":1}`), nil, true, nil, nil},
		{"after forget, whole", state(4, 1, `{"a":2}`), v.forget, true, nil, nil},
	}
	base := 0
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if s.then != nil {
				s.then()
			}
			data, err := v.encode(s.st)
			if err != nil {
				t.Fatal(err)
			}
			m := read(t, data)
			if whole := m.View != nil; whole != s.whole {
				t.Fatalf("whole: %v, want %v (%s)", whole, s.whole, data)
			}
			if !s.whole {
				if m.Patch == nil {
					t.Fatalf("neither view nor patch: %s", data)
				}
				keys := []string{}
				for k := range m.Patch {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				if !slices.Equal(keys, s.patch) || !slices.Equal(m.Drop, s.drop) || m.Base != base {
					t.Errorf("patch of %v dropping %v from version %d, want %v dropping %v from %d", keys, m.Drop, m.Base, s.patch, s.drop, base)
				}
			}
			base = s.st.version
		})
	}
}
