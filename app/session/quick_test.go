package session

import (
	"reflect"
	"testing"
)

// FuzzQuickReadsAsDecode checks the guest's quick read of a host's
// message against the full one: whatever quick reads, decode and body read
// the same (the same kind, an equal body), and whatever quick leaves,
// decode is left to refuse as it always has.
func FuzzQuickReadsAsDecode(f *testing.F) {
	for _, seed := range []string{
		raw(KindState, StateMsg{Version: 3, View: []byte(`{"a":1}`), Events: nil}),
		raw(KindResumed, nil),
		raw(KindLobby, Lobby{Game: "rednorth", Seats: []SeatStatus{{Kind: SeatHuman, Name: "Ann"}}}),
		raw(KindPong, Pong{N: 4}),
		`{"v":1,"kind":"pong","body":null}`,
		`{"v":1,"kind":"pong","body": }`,
		`{"v":1,"kind":"pong","body":{"n":1},"body":{"n":2}}`,
		`{"v":1,"kind":"pong","body":{"n":1},"v":2}`,
		`{"v":1,"kind":"pong","body":{"n":1} }`,
		`{"v":1,"kind":"pong","body":{"n":1}}  `,
		`{"v":1,"kind":"pong"}`,
		`{"v":1,"kind":"po\u006eg","body":{"n":1}}`,
		`{"v":1,"kind":"nope","body":{}}`,
		`{"v":1,"kind":"state","body":[1]}`,
		`{"v":1,"kind":"state","body":{"version":"x"}}`,
		`{"v":1,"kind":"chat","body":{"text":"\xff"}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		kind, _, m := quick(data)
		if m == nil {
			return
		}
		env, e := decode(data)
		if e != nil {
			t.Fatalf("quick read %s as %s, decode refuses it: %v", data, kind, e)
		}
		k, ok := fromHost[env.Kind]
		if env.Kind != kind || !ok {
			t.Fatalf("quick read %s as %s, decode as %s", data, kind, env.Kind)
		}
		full := k.body()
		if e := body(env, full); e != nil {
			t.Fatalf("quick read %s, body refuses it: %v", data, e)
		}
		if !reflect.DeepEqual(m, full) {
			t.Fatalf("quick read %s as %+v, decode as %+v", data, m, full)
		}
	})
}
